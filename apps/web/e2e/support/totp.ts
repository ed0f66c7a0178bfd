import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as the server uses it: SHA-1, 6 digits, 30-second steps. */
export const STEP_MS = 30_000;

const lastStepUsed = new Map<string, number>();

/**
 * A TOTP code the server will accept for this secret: it refuses a step already used by the same
 * user (docs/architecture.md §6), so a second sign-in within the same 30 s waits for the next step.
 */
export async function freshTotp(
  base32Secret: string,
  /** Whose code it is, where: steps are used per user and server (the demo and its operator share a secret). */
  user: string = base32Secret,
): Promise<string> {
  const secret = base32Secret.replace(/\s+/g, '');
  let step = Math.floor(Date.now() / STEP_MS);
  const last = lastStepUsed.get(user);
  if (last !== undefined && step <= last) {
    const wait = (last + 1) * STEP_MS - Date.now() + 250;
    await new Promise((resolve) => setTimeout(resolve, wait));
    step = last + 1;
  }
  lastStepUsed.set(user, step);
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: step * STEP_MS });
}
