import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (docs/architecture.md §6: N=2^17, r=8, p=1, per-user salt). The hash string
 * carries its own parameters, `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, so the cost can be raised
 * later without breaking stored hashes.
 */
export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
};

export const DEFAULT_SCRYPT_LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    // maxmem must exceed 128·N·r bytes (128 MiB at the default cost).
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export function createPasswordHasher(logN = DEFAULT_SCRYPT_LOG_N): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(password, salt, logN, R, P);
      return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
    async verify(password, stored) {
      const [scheme, logNText, rText, pText, saltText, keyText] = stored.split('$');
      if (scheme !== 'scrypt' || !saltText || !keyText) return false;
      const expected = Buffer.from(keyText, 'base64url');
      const actual = await derive(
        password,
        Buffer.from(saltText, 'base64url'),
        Number(logNText),
        Number(rText),
        Number(pText),
      );
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
