/**
 * Reads a JWT's `exp` claim (seconds since the epoch; docs/api.md), or null when the token is not a
 * JWT or carries no expiry. No signature check: the server verifies every token it receives; the
 * client only needs to know when to warn (docs/product-spec.md §4).
 */
export function readTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const claims: unknown = JSON.parse(atob(padded));
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp : null;
  } catch {
    return null;
  }
}
