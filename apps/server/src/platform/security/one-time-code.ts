import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';

/** A 6-digit code from the CSPRNG, leading zeros kept. */
export const generateSixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Codes and tokens are kept only as keyed hashes: a stolen table does not reveal them, and a
 * 6-digit code cannot be brute-forced offline without the server's key.
 */
export function createTokenHasher(key: Buffer) {
  const hash = (value: string) => createHmac('sha256', key).update(value).digest('base64url');
  return {
    hash,
    matches(value: string, stored: string) {
      const a = Buffer.from(hash(value));
      const b = Buffer.from(stored);
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}
export type TokenHasher = ReturnType<typeof createTokenHasher>;

/**
 * The server's hasher of codes and tokens: its own key, derived from the data key (never the key
 * itself). Every process that writes or checks a token (the server, the operator CLI) uses it.
 */
export const tokenHasherForDataKey = (dataEncryptionKey: Buffer) =>
  createTokenHasher(Buffer.from(hkdfSync('sha256', dataEncryptionKey, 'skydesk', 'one-time codes', 32)));
