import type { Permission } from '@skydesk/contract';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'skydesk';
/** Each kind of token has its own audience, so none is accepted where another belongs. */
export const AUDIENCE = {
  company: 'skydesk:company',
  operator: 'skydesk:operator',
  challenge: 'skydesk:challenge',
} as const;

export type AccessClaims = {
  kind: 'company' | 'operator';
  subjectId: string;
  sessionId: string;
  sessionVersion: number;
  /** Company users only: the role's permissions at sign-in (API.md: changes apply at next login). */
  permissions: Permission[];
  companyId?: string;
};

export type ChallengeClaims = { audience: 'user' | 'operator'; subjectId: string; challengeId: string };

export class InvalidTokenError extends Error {}

/** HS256 JWTs with the algorithm pinned and `iss`, `aud` and `exp` checked (DESIGN.md §6). */
export function createTokenService(options: { secret: string; now: () => Date }) {
  const key = new TextEncoder().encode(options.secret);
  const nowSeconds = () => Math.floor(options.now().getTime() / 1000);

  async function sign(
    payload: Record<string, unknown>,
    audience: string,
    subject: string,
    ttlSeconds: number,
  ) {
    const issuedAt = nowSeconds();
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(key);
  }

  async function verify(token: string, audience: string) {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
        currentDate: options.now(),
        requiredClaims: ['exp', 'sub', 'iat'],
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError)
        throw new InvalidTokenError(error.message);
      throw error;
    }
  }

  return {
    async signAccess(claims: AccessClaims, ttlSeconds: number) {
      const payload = {
        sid: claims.sessionId,
        sv: claims.sessionVersion,
        ...(claims.kind === 'company' ? { cid: claims.companyId, perms: claims.permissions } : {}),
      };
      return sign(payload, AUDIENCE[claims.kind], claims.subjectId, ttlSeconds);
    },
    async verifyAccess(token: string, kind: 'company' | 'operator'): Promise<AccessClaims> {
      const payload = await verify(token, AUDIENCE[kind]);
      if (typeof payload.sid !== 'string' || typeof payload.sv !== 'number') {
        throw new InvalidTokenError('malformed access token');
      }
      return {
        kind,
        subjectId: payload.sub!,
        sessionId: payload.sid,
        sessionVersion: payload.sv,
        permissions: Array.isArray(payload.perms) ? (payload.perms as Permission[]) : [],
        ...(typeof payload.cid === 'string' ? { companyId: payload.cid } : {}),
      };
    },
    async signChallenge(claims: ChallengeClaims, ttlSeconds: number) {
      return sign(
        { chid: claims.challengeId, pr: claims.audience },
        AUDIENCE.challenge,
        claims.subjectId,
        ttlSeconds,
      );
    },
    async verifyChallenge(token: string): Promise<ChallengeClaims> {
      const payload = await verify(token, AUDIENCE.challenge);
      if (typeof payload.chid !== 'string' || (payload.pr !== 'user' && payload.pr !== 'operator')) {
        throw new InvalidTokenError('malformed challenge token');
      }
      return { audience: payload.pr, subjectId: payload.sub!, challengeId: payload.chid };
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
