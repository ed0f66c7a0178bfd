// Restores the lockfile entries of other platforms' optional binaries (e.g. @rollup/rollup-darwin-arm64).
//
// The registry these machines reach serves only this platform's binaries; `npm install` quietly
// leaves the others out of package-lock.json, and `npm ci` then refuses the lockfile as out of
// sync. An entry with the version and the platform fields (os, cpu, libc) is all `npm ci` needs:
// it skips a foreign-platform optional package without fetching it.
//
// Run after any `npm install` that changes dependencies: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCKFILE = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCKFILE, 'utf8'));
const OSES = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
  'aix',
  'netbsd',
];
const CPUS = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el'];

/** os/cpu/libc from names like cli-linux-arm64-musl, rollup-win32-ia32-msvc, rollup-linux-arm-gnueabihf. */
function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((token) => OSES.includes(token));
  const cpu = tokens.find((token) => CPUS.includes(token));
  if (!os || !cpu) return null;
  const libc = os !== 'linux' ? undefined : tokens.some((t) => t.startsWith('musl')) ? 'musl' : 'glibc';
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`;
    if (lock.packages[target] || lock.packages[`${path}/${target}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[target] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCKFILE, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} foreign-platform entries`);
