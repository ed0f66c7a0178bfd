import { timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238, 30-second steps, 6 digits, SHA-1: what every authenticator app speaks. */
export const TOTP_PERIOD_SECONDS = 30;

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export function totpFor(secretBase32: string, label: string) {
  return new TOTP({
    issuer: 'SkyDesk',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/**
 * The time step the code belongs to, if it is the current step or the one before (a code typed
 * just as it rolled over); never a future step (docs/architecture.md §6).
 */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpFor(secretBase32, 'check');
  const currentStep = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
  for (const step of [currentStep, currentStep - 1]) {
    const expected = totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
    if (expected.length === code.length && timingSafeEqual(Buffer.from(expected), Buffer.from(code)))
      return step;
  }
  return null;
}
