import { AppError, defineEndpoint, SERVER } from '@skydesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, testSecrets } from '../../../test/support/app.js';
import {
  makeApprovedCompany,
  onboardedOwner,
  post,
  type SignedIn,
  signIn,
  type TestApp,
} from '../../../test/support/auth-flow.js';
import { storeKinds } from '../../../test/support/stores.js';
import { createAccessGuard } from '../../modules/auth/guard.js';
import { pruneSpentAuthState } from '../../modules/auth/housekeeping.js';
import { createTokenService } from '../security/tokens.js';
import { createEndpointRegistrar } from './endpoint-route.js';
import { IDEMPOTENCY_MESSAGES, IN_FLIGHT_RETRY_AFTER_SECONDS } from './idempotency.js';

/**
 * A write that honours Idempotency-Key, declared only here: it counts its runs per company, so a
 * test sees whether a retry ran the handler again. `amount` steers it: negative → a 409 refusal,
 * 500 → an unexpected failure while `explode` is set, 7 → waits for the test to open `gate`.
 */
const charge = defineEndpoint({
  method: 'POST',
  path: '/api/test/charge/{account}',
  summary: 'test only',
  access: 'company',
  permission: 'any',
  params: z.object({ account: z.string().min(1) }),
  body: z.strictObject({ amount: z.number().int(), note: z.string().optional() }),
  response: z.object({ run: z.number(), account: z.string(), amount: z.number() }),
  successStatus: 201,
  idempotent: true,
});

/** The same shape without `idempotent`: the header means nothing there. */
const plainCharge = defineEndpoint({
  ...charge,
  path: '/api/test/plain-charge/{account}',
  idempotent: false,
});

describe.each(storeKinds())('Idempotency-Key on %s', (kind) => {
  const secrets = testSecrets();
  let t: TestApp;
  let owner: SignedIn;
  const runs = new Map<string, number>();
  let explode = false;
  let gate: { opened: Promise<void>; open: () => void; entered: Promise<void>; enter: () => void };

  const newGate = () => {
    let open!: () => void;
    let enter!: () => void;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    const entered = new Promise<void>((resolve) => {
      enter = resolve;
    });
    gate = { opened, open, entered, enter };
  };

  /**
   * Two requests that take the same two locks in opposite orders, each waiting until the other
   * holds its first: a real deadlock, which PostgreSQL breaks after deadlock_timeout (1 s) by
   * aborting one. Only the first two runs wait for each other; a run again takes its locks at once.
   */
  let lockPair = 0;
  let crossing: { arrived: number; both: Promise<void>; arrive: () => void } | undefined;
  const crossLocks = (forward: boolean) =>
    t.store.db.transaction().execute(async (trx) => {
      const [first, second] = forward ? [lockPair, lockPair + 1] : [lockPair + 1, lockPair];
      await sql`select pg_advisory_xact_lock(${first})`.execute(trx);
      const meeting = crossing;
      if (meeting && meeting.arrived < 2) {
        meeting.arrived++;
        if (meeting.arrived === 2) meeting.arrive();
        await meeting.both;
      }
      await sql`select pg_advisory_xact_lock(${second})`.execute(trx);
    });
  const meetAtTheLocks = () => {
    lockPair = 1_000_000 + Math.floor(Math.random() * 1_000_000) * 2;
    let arrive!: () => void;
    const both = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    crossing = { arrived: 0, both, arrive };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { secrets });
    // The app's real guard over the app's own key, as the app's registrar gets it.
    const tokens = createTokenService({ secret: secrets.jwtSecret, now: () => t.clock.now() });
    const guard = createAccessGuard({ store: t.store, tokens, clock: t.clock });
    const route = createEndpointRegistrar(t.app, {
      guard,
      validateResponses: true,
      db: t.store.db,
      clock: t.clock,
    });
    const handler = async ({
      principal,
      params,
      body,
    }: {
      principal: { companyId: string };
      params: { account: string };
      body: { amount: number };
    }) => {
      if (body.amount === 7) {
        gate.enter();
        await gate.opened;
      }
      if (body.amount === 500 && explode) throw new Error('the supplier connection dropped');
      if (body.amount === 40 || body.amount === 41) await crossLocks(body.amount === 40);
      const run = (runs.get(principal.companyId) ?? 0) + 1;
      runs.set(principal.companyId, run);
      if (body.amount < 0) {
        throw new AppError('conflict', 'Seats are no longer available on BA117 on 2026-12-01', {
          data: { run },
        });
      }
      return { message: 'Charged', data: { run, account: params.account, amount: body.amount } };
    };
    route(charge, handler);
    route(plainCharge, handler);
    owner = await onboardedOwner(t);
    await makeApprovedCompany(t.store.db, owner.user.company_id);
  });
  afterAll(async () => t?.close());

  const runsOf = (who: SignedIn) => runs.get(who.user.company_id) ?? 0;
  let keyNo = 0;
  const newKey = () => `order-${kind}-${keyNo++}-${Date.now()}`;
  const send = (who: SignedIn, key: string | undefined, body: unknown, account = 'main', path = 'charge') =>
    post(t, `/api/test/${path}/${account}`, body, {
      token: who.token,
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    });
  const storedKeys = (key: string) =>
    t.store.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();

  it('replays the first answer to a retry, with the same status and body, running the handler once', async () => {
    const key = newKey();
    const before = runsOf(owner);
    const first = await send(owner, key, { amount: 120, note: 'first' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.json()).toEqual({
      status: true,
      message: 'Charged',
      data: { run: before + 1, account: 'main', amount: 120 },
    });
    // The same request with its JSON keys in another order is the same request.
    const retry = await send(owner, key, { note: 'first', amount: 120 });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(Object.keys(retry.json())).toEqual(['status', 'message', 'data']);
    expect(runsOf(owner)).toBe(before + 1);
    expect(await storedKeys(key)).toMatchObject([
      { company_id: owner.user.company_id, endpoint: 'POST /api/test/charge/:account', response_status: 201 },
    ]);
  });

  it('runs every request without a key, and ignores the key on endpoints that do not honour it', async () => {
    const before = runsOf(owner);
    expect((await send(owner, undefined, { amount: 1 })).statusCode).toBe(201);
    expect((await send(owner, undefined, { amount: 1 })).statusCode).toBe(201);
    const key = newKey();
    const plain = [await send(owner, key, { amount: 1 }, 'main', 'plain-charge')];
    plain.push(await send(owner, key, { amount: 1 }, 'main', 'plain-charge'));
    expect(plain.map((res) => res.headers['idempotent-replayed'])).toEqual([undefined, undefined]);
    expect(runsOf(owner)).toBe(before + 4);
    expect(await storedKeys(key)).toEqual([]);
  });

  it('answers 422 when the key comes back with another body or another endpoint, running nothing', async () => {
    const key = newKey();
    expect((await send(owner, key, { amount: 10 })).statusCode).toBe(201);
    const before = runsOf(owner);
    for (const res of [
      await send(owner, key, { amount: 11 }),
      await send(owner, key, { amount: 10 }, 'savings'),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        status: false,
        message: 'This Idempotency-Key was used with another request',
        data: { errors: { 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.otherRequest] } },
      });
    }
    expect(runsOf(owner)).toBe(before);
    // The first answer is still the key's answer.
    expect((await send(owner, key, { amount: 10 })).headers['idempotent-replayed']).toBe('true');
  });

  it('answers 409 to a retry while the first request still runs, then replays its answer', async () => {
    const key = newKey();
    const before = runsOf(owner);
    newGate();
    const first = send(owner, key, { amount: 7 });
    await gate.entered;
    const whileRunning = await send(owner, key, { amount: 7 });
    expect(whileRunning.statusCode).toBe(409);
    expect(whileRunning.headers['retry-after']).toBe(String(IN_FLIGHT_RETRY_AFTER_SECONDS));
    expect(whileRunning.json()).toEqual({ status: false, message: IDEMPOTENCY_MESSAGES.stillRunning });
    gate.open();
    const answered = await first;
    expect(answered.statusCode).toBe(201);
    const after = await send(owner, key, { amount: 7 });
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.json()).toEqual(answered.json());
    expect(runsOf(owner)).toBe(before + 1);
  });

  it('runs one of many simultaneous duplicates; the others get 409 or the replay', async () => {
    const key = newKey();
    const before = runsOf(owner);
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(owner, key, { amount: 33 })));
    expect(runsOf(owner)).toBe(before + 1);
    const ran = answers.filter((res) => res.statusCode === 201 && !res.headers['idempotent-replayed']);
    expect(ran).toHaveLength(1);
    for (const res of answers) {
      if (res.statusCode === 201) expect(res.json()).toEqual(ran[0]!.json());
      else {
        expect(res.statusCode).toBe(409);
        expect(res.headers['retry-after']).toBe(String(IN_FLIGHT_RETRY_AFTER_SECONDS));
      }
    }
  });

  it('of two requests sent together with one key, runs exactly one; the other waits for nothing and gets 409 with Retry-After', async () => {
    const key = newKey();
    const before = runsOf(owner);
    newGate();
    // Both are in flight at once: each tries to claim the key on its own connection.
    const pair = [send(owner, key, { amount: 7 }), send(owner, key, { amount: 7 })];
    await gate.entered;
    // The one that lost the claim answers while the winner is still held at the gate.
    const loser = await Promise.race(pair);
    expect(loser.statusCode).toBe(409);
    expect(loser.headers['retry-after']).toBe(String(IN_FLIGHT_RETRY_AFTER_SECONDS));
    expect(loser.headers['idempotent-replayed']).toBeUndefined();
    expect(runsOf(owner)).toBe(before);
    gate.open();
    const answers = await Promise.all(pair);
    const winner = answers.find((res) => res !== loser)!;
    expect(winner.statusCode).toBe(201);
    expect(runsOf(owner)).toBe(before + 1);
    // Retrying after Retry-After gets the winner's answer, replayed.
    const retry = await send(owner, key, { amount: 7 });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(winner.json());
    expect(runsOf(owner)).toBe(before + 1);
  });

  it("answers a refusal's 409 without Retry-After, so a client can tell it from a request still running", async () => {
    const res = await send(owner, newKey(), { amount: -1 });
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('replays a refusal (4xx) without running the handler again', async () => {
    const key = newKey();
    const before = runsOf(owner);
    const first = await send(owner, key, { amount: -5 });
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({
      status: false,
      message: 'Seats are no longer available on BA117 on 2026-12-01',
      data: { run: before + 1 },
    });
    const retry = await send(owner, key, { amount: -5 });
    expect(retry.statusCode).toBe(409);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(runsOf(owner)).toBe(before + 1);
  });

  it('keeps nothing of an unexpected failure (5xx): the retry runs', async () => {
    const key = newKey();
    const before = runsOf(owner);
    explode = true;
    const failed = await send(owner, key, { amount: 500 });
    explode = false;
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ status: false, message: SERVER.internal });
    expect(await storedKeys(key)).toEqual([]);
    const retry = await send(owner, key, { amount: 500 });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(runsOf(owner)).toBe(before + 1);
  });

  it.runIf(kind === 'postgres')(
    'runs a keyed request again when a deadlock rolled it back: both of two crossing requests succeed',
    async () => {
      meetAtTheLocks();
      const before = runsOf(owner);
      const answers = await Promise.all([
        send(owner, newKey(), { amount: 40 }),
        send(owner, newKey(), { amount: 41 }),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([201, 201]);
      expect(runsOf(owner)).toBe(before + 2);
    },
  );

  it.runIf(kind === 'postgres')(
    'answers the loser of a deadlock without a key 503 with Retry-After, never 500',
    async () => {
      meetAtTheLocks();
      const answers = await Promise.all([
        send(owner, undefined, { amount: 40 }),
        send(owner, undefined, { amount: 41 }),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 503]);
      const lost = answers.find((res) => res.statusCode === 503)!;
      expect(lost.json()).toEqual({ status: false, message: SERVER.storeConflict });
      expect(lost.headers['retry-after']).toBe('1');
    },
  );

  it('stores nothing for a request its schemas refuse: a corrected request with the key runs', async () => {
    const key = newKey();
    const before = runsOf(owner);
    const invalid = await send(owner, key, { amount: 'lots' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().data.errors).toHaveProperty('amount');
    expect(await storedKeys(key)).toEqual([]);
    const corrected = await send(owner, key, { amount: 3 });
    expect(corrected.statusCode).toBe(201);
    expect(runsOf(owner)).toBe(before + 1);
  });

  it('scopes keys to the company: another agency with the same key and body runs its own request', async () => {
    const other = await onboardedOwner(t);
    await makeApprovedCompany(t.store.db, other.user.company_id);
    const key = newKey();
    const mine = await send(owner, key, { amount: 42 });
    const theirs = await send(other, key, { amount: 42 });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.run).toBe(1);
    expect(runsOf(other)).toBe(1);
    expect((await storedKeys(key)).map((row) => row.company_id).sort()).toEqual(
      [owner.user.company_id, other.user.company_id].sort(),
    );
  });

  it('answers 422 with a field error on Idempotency-Key for a key that is empty, too long or not ASCII', async () => {
    const before = runsOf(owner);
    for (const key of ['', 'k'.repeat(256), 'clé-\u00e9t\u00e9']) {
      const res = await send(owner, key, { amount: 1 });
      expect(res.statusCode, key).toBe(422);
      expect(res.json()).toEqual({
        status: false,
        message: SERVER.validationFailed,
        data: { errors: { 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.invalidKey] } },
      });
    }
    // Reported with the body's errors in one answer.
    const both = await send(owner, '', { amount: 'lots' });
    expect(Object.keys(both.json().data.errors).sort()).toEqual(['Idempotency-Key', 'amount']);
    // 255 printable characters, spaces and punctuation included, are a key.
    const longest = `${'k'.repeat(250)} ~!{}`;
    expect((await send(owner, longest, { amount: 1 })).statusCode).toBe(201);
    expect(runsOf(owner)).toBe(before + 1);
  });

  it('runs a retry at once over a claim without an answer that a process left when it died', async () => {
    // What the version before issue 17 left when killed mid-request: a claim committed before the
    // work, never answered. Work and answer now commit together, so such a row means nothing ran.
    const key = newKey();
    const before = runsOf(owner);
    const first = await send(owner, key, { amount: 9 });
    expect(first.statusCode).toBe(201);
    await t.store.db
      .updateTable('idempotency_keys')
      .set({ response_status: null, response_body: null })
      .where('key', '=', key)
      .execute();
    const retry = await send(owner, key, { amount: 9 });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const replay = await send(owner, key, { amount: 9 });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(retry.json());
    expect(runsOf(owner)).toBe(before + 2);
  });

  it('forgets keys after 24 hours: housekeeping prunes them and the request runs again', async () => {
    const key = newKey();
    const before = runsOf(owner);
    expect((await send(owner, key, { amount: 24 })).statusCode).toBe(201);
    t.clock.advance(23 * 3_600_000);
    await pruneSpentAuthState(t.store.db, t.clock.now());
    expect(await storedKeys(key)).toHaveLength(1);
    t.clock.advance(3_600_000 + 1);
    await pruneSpentAuthState(t.store.db, t.clock.now());
    expect(await storedKeys(key)).toEqual([]);
    // Sessions end after 12 hours: sign in again for the retry.
    owner = await signIn(t, owner);
    const again = await send(owner, key, { amount: 24 });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(runsOf(owner)).toBe(before + 2);
  });

  it('does not replay a key older than 24 hours even before housekeeping ran', async () => {
    const key = newKey();
    const before = runsOf(owner);
    expect((await send(owner, key, { amount: 25 })).statusCode).toBe(201);
    t.clock.advance(24 * 3_600_000);
    owner = await signIn(t, owner);
    // Another body is fine too: the old request is forgotten.
    const again = await send(owner, key, { amount: 26 });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(runsOf(owner)).toBe(before + 2);
    expect(await storedKeys(key)).toMatchObject([{ response_status: 201 }]);
  });
});
