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
  /** Company users only: the role's permissions at sign-in (docs/api.md: changes apply at next login). */
  permissions: Permission[];
  companyId?: string;
};

export type ChallengeClaims = { audience: 'user' | 'operator'; subjectId: string; challengeId: string };

export class InvalidTokenError extends Error {}

/** Access tokens whose signature was checked already (a session's token comes with every call). */
const VERIFIED_ACCESS_LIMIT = 10_000;

/** HS256 JWTs with the algorithm pinned and `iss`, `aud` and `exp` checked (docs/architecture.md §6). */
export function createTokenService(options: { secret: string; now: () => Date }) {
  const key = new TextEncoder().encode(options.secret);
  const nowSeconds = () => Math.floor(options.now().getTime() / 1000);
  /**
   * token → its claims and expiry. A token is the exact bytes that were verified, signature
   * included, so nothing but the same token can hit; expiry is still checked on every use, as
   * jose would. Whether its session still lives is the access guard's check, on every call.
   */
  const verifiedAccess = new Map<string, { claims: AccessClaims; expiresAt: number }>();

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

  async function verifyAccessToken(token: string, kind: 'company' | 'operator') {
    const payload = await verify(token, AUDIENCE[kind]);
    if (typeof payload.sid !== 'string' || typeof payload.sv !== 'number') {
      throw new InvalidTokenError('malformed access token');
    }
    const claims: AccessClaims = {
      kind,
      subjectId: payload.sub!,
      sessionId: payload.sid,
      sessionVersion: payload.sv,
      permissions: Array.isArray(payload.perms) ? (payload.perms as Permission[]) : [],
      ...(typeof payload.cid === 'string' ? { companyId: payload.cid } : {}),
    };
    return { claims, expiresAt: payload.exp! };
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
      const known = verifiedAccess.get(token);
      if (known && known.claims.kind === kind && known.expiresAt > nowSeconds()) return known.claims;
      const verified = await verifyAccessToken(token, kind);
      if (verifiedAccess.size >= VERIFIED_ACCESS_LIMIT) verifiedAccess.clear();
      verifiedAccess.set(token, verified);
      return verified.claims;
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
