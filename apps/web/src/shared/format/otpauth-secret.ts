/**
 * The base32 secret of an `otpauth://totp/...?secret=...` URL (the key format of Google's
 * authenticator), or null when there is none.
 */
export function otpauthSecret(otpauthUrl: string): string | null {
  const query = otpauthUrl.split('?')[1];
  if (!query) return null;
  const secret = new URLSearchParams(query).get('secret');
  return secret ? secret.replace(/\s+/g, '').toUpperCase() : null;
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to read out and type by hand. */
export const groupInFours = (key: string): string => key.match(/.{1,4}/g)?.join(' ') ?? key;
