import { SIGN_IN_THROTTLED } from '@skydesk/contract';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import {
  login,
  onboardedOwner,
  post,
  randomIp,
  registerCompany,
  type SignedIn,
  signIn,
  type TestApp,
  totpCode,
  uniqueEmail,
  verifyEmailFromOutbox,
} from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

/**
 * Sign-in throttling (docs/decisions/008-sign-in-throttling.md): failures slow the source that
 * makes them, not the account's owner elsewhere; correct sign-ins never count; an account or a
 * source under attack from many sides slows down for sources it doesn't know, never for long.
 */

const retryAfterOf = (res: Response) => Number(res.headers['retry-after']);

/** What a client can compare between two answers: status, body and wait. */
const visible = (res: Response) => ({
  status: res.statusCode,
  body: res.json(),
  retryAfter: res.headers['retry-after'],
});

const verifyTotp = (t: TestApp, challenge: string, code: string, ip: string) =>
  post(t, '/api/user/verify-google-authenticator', { code }, { token: challenge, ip });

/** A wrong password that still passes the request schema. */
const wrongPassword = (i: number) => `Wrong-Password-${i}-x`;

/**
 * Fails `count` times from `ip`, waiting out every delay on the way, as a patient attacker does.
 * Answers the Retry-After seen before each failure (0 when there was none).
 */
async function failPatiently(t: TestApp, email: string, ip: string, count: number): Promise<number[]> {
  const waits: number[] = [];
  for (let i = 0; i < count; i++) {
    let res = await login(t, email, wrongPassword(i), { ip });
    let waited = 0;
    if (res.statusCode === 429) {
      waited = retryAfterOf(res);
      t.clock.advance(waited * 1000);
      res = await login(t, email, wrongPassword(i), { ip });
    }
    expect(res.statusCode, res.body).toBe(401);
    waits.push(waited);
  }
  return waits;
}

describe.each(storeKinds())('sign-in throttling on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  describe('one account from one source', () => {
    it("slows the attacker's source with growing waits while the owner signs in from another at once", async () => {
      const owner = await onboardedOwner(t);
      const attacker = randomIp();
      for (let i = 1; i <= 5; i++) {
        expect((await login(t, owner.email, wrongPassword(i), { ip: attacker })).statusCode).toBe(401);
      }
      // The fifth failure started a wait: the next attempt, even with the right password, is refused.
      const waiting = await login(t, owner.email, owner.password, { ip: attacker });
      expect(waiting.statusCode).toBe(429);
      expect(waiting.headers['retry-after']).toBe('1');
      expect(waiting.json()).toEqual({ status: false, message: SIGN_IN_THROTTLED.password(1) });
      expect(waiting.json().message).toBe(
        'Too many failed sign-in attempts. Try again in 1 second or reset your password.',
      );

      // Each further failure doubles the wait.
      const waits = await failPatiently(t, owner.email, attacker, 6);
      expect(waits).toEqual([1, 2, 4, 8, 16, 32]);
      const next = await login(t, owner.email, wrongPassword(99), { ip: attacker });
      expect(next.statusCode).toBe(429);
      expect(retryAfterOf(next)).toBe(64);
      expect(next.json().message).toBe(SIGN_IN_THROTTLED.password(64));

      // The owner, from a source with no failures, is not held up at all.
      const home = randomIp();
      const session = await signIn(t, owner, { ip: home });
      expect(session.token).toBeTruthy();
    });

    it('never waits more than 15 minutes, and one source alone never slows the account', async () => {
      const owner = await onboardedOwner(t);
      const attacker = randomIp();
      const waits = await failPatiently(t, owner.email, attacker, 30);
      expect(Math.max(...waits)).toBe(900);
      expect(waits.slice(-10)).toEqual(Array(10).fill(900));
      // 30 failures on the account, all from one source: a new source still goes straight in.
      expect((await login(t, owner.email, owner.password, { ip: randomIp() })).statusCode).toBe(200);
      expect((await login(t, owner.email, wrongPassword(1), { ip: randomIp() })).statusCode).toBe(401);
    });

    it('starts over after a correct sign-in from that source', async () => {
      const { email, password } = await registerCompany(t);
      await verifyEmailFromOutbox(t, email);
      const office = randomIp();
      expect(await failPatiently(t, email, office, 7)).toEqual([0, 0, 0, 0, 0, 1, 2]);
      const waiting = await login(t, email, password, { ip: office });
      expect(retryAfterOf(waiting)).toBe(4);
      t.clock.advance(4000);
      expect((await login(t, email, password, { ip: office })).statusCode).toBe(200);
      // A fresh count: five failures without a wait again, then 1 s.
      expect(await failPatiently(t, email, office, 6)).toEqual([0, 0, 0, 0, 0, 1]);
    });

    it('counts failures for an unknown e-mail exactly as for an account, in the same answers', async () => {
      const { email } = await registerCompany(t);
      const stranger = uniqueEmail();
      const [mine, theirs] = [randomIp(), randomIp()];
      const statuses: number[] = [];
      for (let i = 1; i <= 10; i++) {
        const known = await login(t, email, wrongPassword(i), { ip: mine });
        const unknown = await login(t, stranger, wrongPassword(i), { ip: theirs });
        expect(visible(unknown)).toEqual(visible(known));
        statuses.push(known.statusCode);
        if (known.statusCode === 429) t.clock.advance(retryAfterOf(known) * 1000);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 401, 429, 401, 429]);
    });

    it('keeps a burst of parallel guesses to the free failures', async () => {
      const { email } = await registerCompany(t);
      const attacker = randomIp();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(t, email, wrongPassword(i), { ip: attacker })),
      );
      const checked = answers.filter((res) => res.statusCode === 401);
      expect(checked.length).toBeLessThanOrEqual(5);
      expect(answers.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
    });
  });

  describe('one source, many accounts', () => {
    it('never slows 50 agents signing in correctly from one office address, however often', async () => {
      const office = randomIp();
      const agents = [];
      for (let i = 0; i < 50; i++) agents.push(await registerCompany(t));
      // Three rounds (morning, after lunch, after a reload): 150 sign-ins, past the address's
      // ceiling of 100 failures, none of them slowed.
      for (let round = 0; round < 3; round++) {
        for (const agent of agents) {
          const res = await login(t, agent.email, agent.password, { ip: office });
          expect(res.statusCode, res.body).toBe(200);
        }
      }
      const counted = await t.store.db
        .selectFrom('sign_in_throttle')
        .select('failures')
        .where('scope', '=', 'source')
        .where('source', '=', office)
        .executeTakeFirstOrThrow();
      expect(counted.failures).toBe(0);
    });

    it("slows credential stuffing from one address after 100 failures, but not the office's own agents", async () => {
      const office = randomIp();
      const agent = await onboardedOwner(t);
      await signIn(t, agent, { ip: office });
      const newcomer = await registerCompany(t);

      for (let i = 0; i < 100; i++) {
        expect((await login(t, uniqueEmail(), wrongPassword(i), { ip: office })).statusCode).toBe(401);
      }
      const stuffed = await login(t, uniqueEmail(), wrongPassword(0), { ip: office });
      expect(stuffed.statusCode).toBe(429);
      expect(retryAfterOf(stuffed)).toBe(1);

      // An agent who signed in from here before goes straight in; one who never did waits too.
      expect((await login(t, agent.email, agent.password, { ip: office })).statusCode).toBe(200);
      const waiting = await login(t, newcomer.email, newcomer.password, { ip: office });
      expect(waiting.statusCode).toBe(429);
      t.clock.advance(1000);
      expect((await login(t, newcomer.email, newcomer.password, { ip: office })).statusCode).toBe(200);
      // Further failures keep doubling the address's wait.
      expect((await login(t, uniqueEmail(), wrongPassword(0), { ip: office })).statusCode).toBe(401);
      expect(retryAfterOf(await login(t, uniqueEmail(), wrongPassword(0), { ip: office }))).toBe(2);
    });
  });

  describe('one account, many sources', () => {
    it('slows the account for sources it does not know once 20 failures come from several', async () => {
      const owner = await onboardedOwner(t);
      const home = randomIp();
      await signIn(t, owner, { ip: home });

      // Four sources, five failures each: the account's ceiling is reached.
      const botnet = Array.from({ length: 4 }, () => randomIp());
      for (const bot of botnet) {
        for (let i = 1; i <= 5; i++) {
          expect((await login(t, owner.email, wrongPassword(i), { ip: bot })).statusCode).toBe(401);
        }
      }
      const fresh = await login(t, owner.email, wrongPassword(0), { ip: randomIp() });
      expect(fresh.statusCode).toBe(429);
      expect(retryAfterOf(fresh)).toBe(1);
      expect(fresh.json().message).toBe(SIGN_IN_THROTTLED.password(1));

      // The owner from a source the account knows is let through; from a new one, waits too.
      expect((await login(t, owner.email, owner.password, { ip: home })).statusCode).toBe(200);
      expect((await login(t, owner.email, owner.password, { ip: randomIp() })).statusCode).toBe(429);

      // Every further failure from anywhere doubles the wait, up to 15 minutes, never a lock.
      const waits: number[] = [];
      for (let i = 0; i < 14; i++) {
        const blocked = await login(t, owner.email, wrongPassword(i), { ip: randomIp() });
        expect(blocked.statusCode).toBe(429);
        waits.push(retryAfterOf(blocked));
        t.clock.advance(retryAfterOf(blocked) * 1000);
        expect((await login(t, owner.email, wrongPassword(i), { ip: randomIp() })).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
      expect((await login(t, owner.email, owner.password, { ip: home })).statusCode).toBe(200);
      t.clock.advance(900_000);
      expect((await login(t, owner.email, owner.password, { ip: randomIp() })).statusCode).toBe(200);
    });
  });

  describe('the code steps', () => {
    /** A fresh challenge for the owner from `ip`, at the authenticator step. */
    async function challengeFrom(owner: SignedIn, ip: string) {
      const res = await login(t, owner.email, owner.password, { ip });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.challenge_token as string;
    }

    it('slows wrong authenticator codes across challenges from one source, not from another', async () => {
      const owner = await onboardedOwner(t);
      t.clock.advance(60_000);
      const right = () => totpCode(owner.secret, t.clock.now());
      const wrong = () => (right() === '000000' ? '000001' : '000000');
      const attacker = randomIp();
      // Two challenges' worth of wrong codes (5 each ends a challenge) are free.
      for (let round = 0; round < 2; round++) {
        const challenge = await challengeFrom(owner, attacker);
        for (let i = 1; i <= 4; i++) {
          expect((await verifyTotp(t, challenge, wrong(), attacker)).statusCode).toBe(422);
        }
        expect((await verifyTotp(t, challenge, wrong(), attacker)).statusCode).toBe(401);
      }
      const third = await challengeFrom(owner, attacker);
      const waiting = await verifyTotp(t, third, right(), attacker);
      expect(waiting.statusCode).toBe(429);
      expect(retryAfterOf(waiting)).toBe(1);
      expect(waiting.json().message).toBe('Too many wrong codes. Try again in 1 second.');

      // The owner elsewhere signs in at once.
      const home = randomIp();
      const mine = await challengeFrom(owner, home);
      expect((await verifyTotp(t, mine, right(), home)).statusCode).toBe(200);
    });

    it('slows wrong e-mailed login codes the same way', async () => {
      const { email, password } = await registerCompany(t);
      const attacker = randomIp();
      const codeAnswers: number[] = [];
      for (let round = 0; round < 3; round++) {
        const res = await login(t, email, password, { ip: attacker });
        expect(res.json().data.next).toBe('verify_email');
        const challenge = res.json().data.challenge_token;
        for (let i = 0; i < 4; i++) {
          const answer = await post(
            t,
            '/api/verify-verification-code-login',
            { email, code: String(100_000 + round * 10 + i), challenge_token: challenge },
            { ip: attacker },
          );
          codeAnswers.push(answer.statusCode);
        }
      }
      // Ten wrong codes answered as such (422), then a wait (429).
      expect(codeAnswers.slice(0, 10)).toEqual(Array(10).fill(422));
      expect(codeAnswers.slice(10)).toEqual([429, 429]);
    });
  });
});
