import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export type Secrets = {
  /** HS256 key for access, challenge and refresh tokens. */
  jwtSecret: string;
  /** 32-byte AES-256-GCM key for secrets at rest (TOTP seeds). */
  dataEncryptionKey: Buffer;
};

const SecretsFile = z.object({ jwt_secret: z.string().min(32), data_encryption_key: z.string() });

/**
 * Secrets come from the environment. When they are not set (the embedded default), they are
 * generated once and kept in `DATA_DIR/secrets.json` (mode 0600), so restarts keep sessions and
 * encrypted data readable. Several processes against one PostgreSQL server must share them
 * through the environment (docs/architecture.md §1).
 */
export function loadSecrets(options: {
  dataDir: string;
  jwtSecret?: string | undefined;
  dataEncryptionKey?: string | undefined;
}): Secrets {
  if (options.jwtSecret && options.dataEncryptionKey) {
    return { jwtSecret: options.jwtSecret, dataEncryptionKey: decodeKey(options.dataEncryptionKey) };
  }
  const file = join(options.dataDir, 'secrets.json');
  let stored: z.infer<typeof SecretsFile>;
  if (existsSync(file)) {
    stored = SecretsFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    stored = {
      jwt_secret: randomBytes(48).toString('base64url'),
      data_encryption_key: randomBytes(32).toString('base64'),
    };
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  }
  return {
    jwtSecret: options.jwtSecret ?? stored.jwt_secret,
    dataEncryptionKey: decodeKey(options.dataEncryptionKey ?? stored.data_encryption_key),
  };
}

function decodeKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('DATA_ENCRYPTION_KEY must decode to 32 bytes');
  return key;
}
