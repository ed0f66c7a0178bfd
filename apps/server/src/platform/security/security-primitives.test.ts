import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './encryption.js';
import { createPasswordHasher, DEFAULT_SCRYPT_LOG_N } from './password.js';
import { loadSecrets } from './secrets.js';

describe('password hashing', () => {
  it('uses scrypt with N=2^17, r=8, p=1 by default and a per-hash salt', async () => {
    const hasher = createPasswordHasher();
    const first = await hasher.hash('correct horse battery');
    const second = await hasher.hash('correct horse battery');
    expect(DEFAULT_SCRYPT_LOG_N).toBe(17);
    expect(first).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
  });

  it('verifies the right password and refuses a wrong or tampered one', async () => {
    const hasher = createPasswordHasher(10);
    const stored = await hasher.hash('correct horse battery');
    expect(await hasher.verify('correct horse battery', stored)).toBe(true);
    expect(await hasher.verify('correct horse battery!', stored)).toBe(false);
    // Change the key's first character: its last one carries base64 padding bits.
    const parts = stored.split('$');
    const key = parts[5]!;
    parts[5] = (key[0] === 'A' ? 'B' : 'A') + key.slice(1);
    const tampered = parts.join('$');
    expect(await hasher.verify('correct horse battery', tampered)).toBe(false);
    expect(await hasher.verify('correct horse battery', 'plain-text')).toBe(false);
  });

  it('verifies hashes made at another cost', async () => {
    const stored = await createPasswordHasher(11).hash('a long passphrase');
    expect(await createPasswordHasher(12).verify('a long passphrase', stored)).toBe(true);
  });
});

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips and never repeats a ciphertext', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other!').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });
});

describe('secrets', () => {
  it('generates secrets once under the data folder, readable only by the owner, and keeps them', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-secrets-'));
    const first = loadSecrets({ dataDir });
    const second = loadSecrets({ dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.dataEncryptionKey).toHaveLength(32);
    expect(second).toEqual(first);
    const file = join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(first.jwtSecret);
  });

  it('prefers the environment', () => {
    const key = randomBytes(32).toString('base64');
    const secrets = loadSecrets({
      dataDir: '/nonexistent',
      jwtSecret: 'x'.repeat(40),
      dataEncryptionKey: key,
    });
    expect(secrets.jwtSecret).toBe('x'.repeat(40));
    expect(secrets.dataEncryptionKey.toString('base64')).toBe(key);
  });
});
