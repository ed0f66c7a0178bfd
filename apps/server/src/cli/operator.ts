import { parseArgs } from 'node:util';
import { AppError } from '@skydesk/contract';
import { ZodError } from 'zod';
import { ConfigError, loadConfig } from '../config.js';
import { createOperator, reissueSetupLink, type SetupLink } from '../modules/auth/index.js';
import { systemClock } from '../platform/clock.js';
import { openConfiguredStore } from '../platform/configured-store.js';
import { DataDirError } from '../platform/data-dir.js';
import { tokenHasherForDataKey } from '../platform/security/one-time-code.js';
import { createPasswordHasher } from '../platform/security/password.js';

/**
 * The operator CLI (issue 11), so a deployment has a way into the back office without demo data:
 *
 *   npm run operator -- create <email> [--name "Full Name"]   a new operator and their set-up link
 *   npm run operator -- link <email>                          a new link (lost or expired; old ones end)
 *
 * It opens the store the way the server does (openConfiguredStore: DATABASE_URL, or PGlite in
 * DATA_DIR, migrated first), so run it with the server's environment, from where the server runs
 * (a relative DATA_DIR is read from the current folder). The link, PUBLIC_URL/admin/setup?token=…,
 * works once for 72 hours and chooses the password; the first sign-in enrols the authenticator.
 * Runs from the sources with tsx, or built as dist/operator.js.
 */

const USAGE = `Usage:
  npm run operator -- create <email> [--name "Full Name"]
  npm run operator -- link <email>`;

class UsageError extends Error {}

type Command =
  | { command: 'help' }
  | { command: 'create'; email: string; name: string | undefined }
  | { command: 'link'; email: string };

function parse(argv: string[]): Command {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  const [command, email, ...extra] = positionals;
  if (values.help) return { command: 'help' as const };
  if ((command !== 'create' && command !== 'link') || !email || extra.length > 0) {
    throw new UsageError(command ? `Not understood: ${positionals.join(' ')}` : 'Say what to do.');
  }
  if (command === 'create') return { command, email, name: values.name };
  if (values.name !== undefined) throw new UsageError('--name goes with create only.');
  return { command, email };
}

function printLink(created: boolean, { operator, link, expiresAt }: SetupLink) {
  console.log(
    [
      created
        ? `Operator created: ${operator.name} <${operator.email}>`
        : `New set-up link for ${operator.name} <${operator.email}> (earlier links no longer work)`,
      '',
      `Set-up link (works once, until ${expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC):`,
      `  ${link}`,
      '',
      'Send it to the operator privately. It chooses their password; their first sign-in at /admin',
      'then sets up their authenticator app.',
    ].join('\n'),
  );
}

async function main(argv: string[]): Promise<number> {
  let args: Command;
  try {
    args = parse(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  if (args.command === 'help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const { store, secrets } = await openConfiguredStore(config);
  try {
    const deps = {
      db: store.db,
      clock: systemClock,
      publicUrl: config.publicUrl,
      passwords: createPasswordHasher(),
      tokenHasher: tokenHasherForDataKey(secrets.dataEncryptionKey),
    };
    if (args.command === 'create') {
      const name = args.name ?? args.email.split('@')[0]!;
      printLink(true, await createOperator(deps, { email: args.email, name }));
    } else {
      printLink(false, await reissueSetupLink(deps, args.email));
    }
    return 0;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof ZodError) {
      const problems = error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`);
      console.error(problems.join('\n'));
    } else if (error instanceof AppError || error instanceof ConfigError || error instanceof DataDirError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
