import { describe, expect, it } from 'vitest';
import { adminAuthEndpoints, OperatorSetupPasswordBody } from './admin-auth.js';
import { authEndpoints } from './auth.js';

describe('operator sign-in in the contract', () => {
  it('mirrors the agency steps under /api/admin, with the same access kinds', () => {
    const pairs = [
      ['login', 'login'],
      ['generateQrCode', 'generateQrCode'],
      ['verifyAuthenticator', 'verifyAuthenticator'],
      ['refresh', 'refresh'],
      ['endSession', 'endSession'],
    ] as const;
    for (const [operator, agency] of pairs) {
      expect(adminAuthEndpoints[operator].access).toBe(authEndpoints[agency].access);
      expect(adminAuthEndpoints[operator].path.startsWith('/api/admin/')).toBe(true);
    }
    // The refresh cookie of operators lives on its own path, which the agency's does not cover.
    expect(adminAuthEndpoints.refresh.path.startsWith('/api/admin/auth/')).toBe(true);
    expect(adminAuthEndpoints.logout.access).toBe('operator');
    expect(adminAuthEndpoints.me.access).toBe('operator');
    expect(adminAuthEndpoints.setupPassword.access).toBe('public');
  });

  it("takes the set-up link's token and a confirmed password of the agency rules", () => {
    const token = 'x'.repeat(43);
    const good = {
      token,
      password: 'Blue-Harbour-Lantern-42',
      password_confirmation: 'Blue-Harbour-Lantern-42',
    };
    expect(OperatorSetupPasswordBody.safeParse(good).success).toBe(true);
    const mismatch = OperatorSetupPasswordBody.safeParse({ ...good, password_confirmation: 'other' });
    expect(mismatch.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['password_confirmation']);
    const weak = { token, password: 'qwertyuiop', password_confirmation: 'qwertyuiop' };
    expect(OperatorSetupPasswordBody.safeParse(weak).success).toBe(false);
    expect(OperatorSetupPasswordBody.safeParse({ ...good, token: 'short' }).success).toBe(false);
    expect(OperatorSetupPasswordBody.safeParse({ ...good, extra: 1 }).success).toBe(false);
  });
});
