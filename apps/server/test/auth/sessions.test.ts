import { randomBytes } from 'node:crypto';
import { PERMISSIONS, SERVER } from '@skydesk/contract';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOST_ANSWER_GRACE_MS } from '../../src/modules/auth/session-tokens.js';
import { createTestApp, testConfig, testSecrets } from '../support/app.js';
import {
  expectNoSecrets,
  get,
  login,
  onboardedOwner,
  post,
  refreshCookieOf,
  signIn,
  type TestApp,
} from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

const me = (t: TestApp, token: string) => get(t, '/api/me', { token });
const refresh = (t: TestApp, cookie: string) => post(t, '/api/auth/refresh', undefined, { cookie });

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(storeKinds())('sessions and tokens on %s', (kind) => {
  const secrets = testSecrets();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { secrets });
  });
  afterAll(async () => t?.close());

  /** The claims of a real access token, signed again as told. */
  async function forge(
    token: string,
    options: { key?: string; issuer?: string; audience?: string; alg?: string } = {},
  ) {
    const { iss, aud, ...claims } = decodeJwt(token);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
      .setIssuer(options.issuer ?? String(iss))
      .setAudience(options.audience ?? String(aud))
      .sign(new TextEncoder().encode(options.key ?? secrets.jwtSecret));
  }

  describe('GET /api/me', () => {
    it('answers the user, the company and the permissions, and no secrets', async () => {
      const owner = await onboardedOwner(t, { company_name: 'Falcon Trips', country: 'OM' });
      const res = await me(t, owner.token);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(Object.keys(data).sort()).toEqual(['company', 'permissions', 'user']);
      expect(data.user).toEqual(owner.user);
      expect(data.user).toMatchObject({ email: owner.email, is_owner: true, role: { name: 'Owner' } });
      expect(data.company).toEqual({
        id: owner.user.company_id,
        name: 'Falcon Trips',
        verification_status: 'email_verified',
        rejection_reason: null,
        currency: 'USD',
        country: 'OM',
      });
      expect([...data.permissions].sort()).toEqual([...PERMISSIONS].sort());
      expectNoSecrets(res, [owner.secret, owner.password]);
    });

    it('accepts the bare token without "Bearer " (docs/api.md), and refuses garbage', async () => {
      const owner = await onboardedOwner(t);
      expect((await get(t, '/api/me', { authorization: owner.token })).statusCode).toBe(200);
      expect((await get(t, '/api/me', { authorization: `bearer ${owner.token}` })).statusCode).toBe(200);
      for (const authorization of [
        'Bearer',
        'Bearer not-a-token',
        `Basic ${owner.token}`,
        `${owner.token}x.y`,
      ]) {
        const res = await get(t, '/api/me', { authorization });
        expect(res.statusCode, authorization).toBe(401);
        expect(res.json()).toEqual({ status: false, message: SERVER.unauthorized });
      }
    });
  });

  describe('access tokens', () => {
    it('pins HS256 with its key, issuer and audience', async () => {
      const owner = await onboardedOwner(t);
      // The forging itself is sound: the same claims signed with the server's key pass.
      expect((await me(t, await forge(owner.token))).statusCode).toBe(200);

      const otherKey = await forge(owner.token, { key: randomBytes(48).toString('base64url') });
      expect((await me(t, otherKey)).statusCode).toBe(401);
      const wrongIssuer = await forge(owner.token, { issuer: 'someone-else' });
      expect((await me(t, wrongIssuer)).statusCode).toBe(401);
      // Signed with the server's key for operators: an operator's token, refused on an agency call.
      const wrongAudience = await forge(owner.token, { audience: 'skydesk:operator' });
      expect((await me(t, wrongAudience)).statusCode).toBe(403);
      const challengeAudience = await forge(owner.token, { audience: 'skydesk:challenge' });
      expect((await me(t, challengeAudience)).statusCode).toBe(401);
      const hs512 = await forge(owner.token, { alg: 'HS512' });
      expect((await me(t, hs512)).statusCode).toBe(401);

      const [, payload] = owner.token.split('.');
      const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      expect((await me(t, unsigned)).statusCode).toBe(401);
      const tampered = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({
        ...decodeJwt(owner.token),
        perms: [...PERMISSIONS],
        cid: '00000000-0000-4000-8000-000000000000',
      })}.${owner.token.split('.')[2]}`;
      expect((await me(t, tampered)).statusCode).toBe(401);
    });

    it('expires after ACCESS_TOKEN_TTL; the refresh cookie renews it', async () => {
      const owner = await onboardedOwner(t);
      const { exp, iat } = decodeJwt(owner.token);
      const ttl = testConfig().accessTokenTtlSeconds;
      expect(ttl).toBe(1800);
      expect(exp! - iat!).toBe(ttl);
      t.clock.advance(ttl * 1000 - 1000);
      expect((await me(t, owner.token)).statusCode).toBe(200);
      t.clock.advance(1000);
      const expired = await me(t, owner.token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe(SERVER.unauthorized);

      const renewed = await refresh(t, owner.cookie);
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json().data.user).toEqual(owner.user);
      expectNoSecrets(renewed);
      expect((await me(t, renewed.json().data.token)).statusCode).toBe(200);
    });

    it('dies at logout, with its refresh token', async () => {
      const owner = await onboardedOwner(t);
      const out = await post(t, '/api/logout', undefined, { token: owner.token });
      expect(out.statusCode).toBe(200);
      expect(out.json().data).toEqual({});
      expect(String(out.headers['set-cookie'])).toMatch(/skydesk_refresh=;.*Path=\/api\/auth/);
      expect((await me(t, owner.token)).statusCode).toBe(401);
      expect((await refresh(t, owner.cookie)).statusCode).toBe(401);
      expect((await post(t, '/api/logout', undefined, { token: owner.token })).statusCode).toBe(401);
    });

    it('ends only the session that logs out', async () => {
      const owner = await onboardedOwner(t);
      const laptop = await signIn(t, owner);
      await post(t, '/api/logout', undefined, { token: owner.token });
      expect((await me(t, laptop.token)).statusCode).toBe(200);
      expect((await refresh(t, laptop.cookie)).statusCode).toBe(200);
    });
  });

  describe('challenge tokens', () => {
    it('open only the sign-in steps; access tokens do not open them', async () => {
      const owner = await onboardedOwner(t);
      const step = await login(t, owner.email, owner.password);
      const challenge = step.json().data.challenge_token;
      expect((await me(t, challenge)).statusCode).toBe(401);
      expect((await post(t, '/api/logout', undefined, { token: challenge })).statusCode).toBe(401);
      expect((await get(t, '/api/vendor-form', { token: challenge })).statusCode).toBe(401);

      expect((await post(t, '/api/user/generate-qrcode', undefined, { token: owner.token })).statusCode).toBe(
        401,
      );
      const totp = await post(
        t,
        '/api/user/verify-google-authenticator',
        { code: '123456' },
        { token: owner.token },
      );
      expect(totp.statusCode).toBe(401);
      const asBody = await post(t, '/api/verify-verification-code-login', {
        email: owner.email,
        code: '123456',
        challenge_token: owner.token,
      });
      expect(asBody.statusCode).toBe(401);
    });
  });

  describe('refresh tokens', () => {
    it('rotate on every use: the new cookie works, with the same attributes', async () => {
      const owner = await onboardedOwner(t);
      const first = await refresh(t, owner.cookie);
      expect(first.statusCode).toBe(200);
      const rotated = refreshCookieOf(first);
      expect(rotated.header).not.toBe(owner.cookie);
      expect(rotated.cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      const second = await refresh(t, rotated.header);
      expect(second.statusCode).toBe(200);
    });

    it('revoke every session of the user when an old one is presented again', async () => {
      const owner = await onboardedOwner(t);
      const phone = await signIn(t, owner);
      const rotated = await refresh(t, owner.cookie);
      const rotatedCookie = refreshCookieOf(rotated).header;
      const rotatedToken = rotated.json().data.token;
      expect((await me(t, rotatedToken)).statusCode).toBe(200);

      // Presented again after its grace (a lost answer would have come back at once).
      t.clock.advance(LOST_ANSWER_GRACE_MS + 1_000);
      const replay = await refresh(t, owner.cookie);
      expect(replay.statusCode).toBe(401);
      // Everything the user held dies: the rotated-to cookie, the other session, every access token.
      expect((await refresh(t, rotatedCookie)).statusCode).toBe(401);
      expect((await refresh(t, phone.cookie)).statusCode).toBe(401);
      for (const token of [owner.token, rotatedToken, phone.token]) {
        expect((await me(t, token)).statusCode).toBe(401);
      }
      // A fresh sign-in works again.
      const again = await signIn(t, owner);
      expect((await me(t, again.token)).statusCode).toBe(200);
    });

    it('rotate again for a browser that lost the answer (a reload mid-refresh), but still catch a thief', async () => {
      const owner = await onboardedOwner(t);
      // The refresh reached the server, but the page reloaded before its answer set the cookie.
      const lost = refreshCookieOf(await refresh(t, owner.cookie)).header;
      t.clock.advance(2_000);
      const retried = await refresh(t, owner.cookie);
      expect(retried.statusCode).toBe(200);
      const current = refreshCookieOf(retried).header;
      expect((await me(t, retried.json().data.token)).statusCode).toBe(200);
      // The cookie of the lost answer died with it: whoever presents it now is caught.
      expect((await refresh(t, lost)).statusCode).toBe(401);
      expect((await refresh(t, current)).statusCode).toBe(401);
      expect((await me(t, owner.token)).statusCode).toBe(401);
    });

    it('revoke every session when a replaced token comes back after its successor was used', async () => {
      const owner = await onboardedOwner(t);
      const next = refreshCookieOf(await refresh(t, owner.cookie)).header;
      expect((await refresh(t, next)).statusCode).toBe(200);
      // Within the grace, but the chain moved on: a copy, not a lost answer.
      expect((await refresh(t, owner.cookie)).statusCode).toBe(401);
      expect((await me(t, owner.token)).statusCode).toBe(401);
    });

    it('are Secure cookies when the portal is served over https (and not over http)', async () => {
      const plain = await refresh(t, (await onboardedOwner(t)).cookie);
      expect(refreshCookieOf(plain).cookie.secure).toBeFalsy();
      const https = await createTestApp(kind, {
        config: testConfig({ publicUrl: 'https://skydesk.example' }),
      });
      try {
        const owner = await onboardedOwner(https);
        const res = await refresh(https, owner.cookie);
        expect(res.statusCode).toBe(200);
        expect(refreshCookieOf(res).cookie).toMatchObject({
          secure: true,
          httpOnly: true,
          sameSite: 'Strict',
          path: '/api/auth',
        });
      } finally {
        await https.close();
      }
    });

    it('refuse a missing, forged or unknown cookie (401)', async () => {
      expect((await post(t, '/api/auth/refresh')).statusCode).toBe(401);
      for (const value of ['nonsense', `${crypto.randomUUID()}.${randomBytes(32).toString('base64url')}`]) {
        expect((await refresh(t, `skydesk_refresh=${value}`)).statusCode).toBe(401);
      }
      const owner = await onboardedOwner(t);
      const [id] = owner.cookie.slice('skydesk_refresh='.length).split('.');
      expect(
        (await refresh(t, `skydesk_refresh=${id}.${randomBytes(32).toString('base64url')}`)).statusCode,
      ).toBe(401);
      // A wrong guess does not burn the real token.
      expect((await refresh(t, owner.cookie)).statusCode).toBe(200);
    });

    it('stop working 12 hours after sign-in, whatever the activity', async () => {
      const owner = await onboardedOwner(t);
      let cookie = owner.cookie;
      for (let hour = 1; hour <= 11; hour++) {
        t.clock.advance(3_600_000);
        const res = await refresh(t, cookie);
        expect(res.statusCode, `hour ${hour}`).toBe(200);
        cookie = refreshCookieOf(res).header;
      }
      // 15 minutes before the end: the access token lives only until the session ends.
      t.clock.advance(45 * 60_000);
      const last = await refresh(t, cookie);
      expect(last.statusCode).toBe(200);
      cookie = refreshCookieOf(last).header;
      const { exp } = decodeJwt(last.json().data.token);
      expect(exp! * 1000 - t.clock.now().getTime()).toBe(15 * 60_000);
      t.clock.advance(15 * 60_000);
      expect((await refresh(t, cookie)).statusCode).toBe(401);
    });
  });
});
