import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { LIVE_CLOSE, LIVE_MAX_FRAME_BYTES, LIVE_PATH } from '@skydesk/contract';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type NewNotification, notify } from '../../src/modules/notices/notify.js';
import { asOperator, ok } from '../support/admin.js';
import { createTestApp, testConfig } from '../support/app.js';
import {
  post,
  type SignedIn,
  STRONG_PASSWORD,
  signIn,
  type TestApp,
  uniqueEmail,
} from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { pendingDeposit } from '../support/deposit-desk.js';
import { LiveTestClient } from '../support/live-client.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * The live channel (docs/api.md: WebSocket /api/ws) against a real listening server: the handshake's
 * Origin, the auth frame and its deadline, bad frames, and notifications pushed after commit to
 * their audience only — the agency, or one of its users — never a rolled-back one.
 */

const AUTH_TIMEOUT_MS = 300;
const HEARTBEAT_MS = 250;
/** Long enough for a push that is coming to arrive (they take milliseconds). */
const QUIET_MS = 400;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(storeKinds())('the live channel on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let ownOrigin: string;
  let operator: Operator;
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {
      config: testConfig({ liveAuthTimeoutMs: AUTH_TIMEOUT_MS, liveHeartbeatMs: HEARTBEAT_MS }),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    base = `ws://127.0.0.1:${port}${LIVE_PATH}`;
    ownOrigin = `http://127.0.0.1:${port}`;
    operator = await signedInOperator(t);
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.socket.terminate();
  });
  afterAll(async () => t?.close());

  const connect = async (origin: string | null = ownOrigin, options: WebSocket.ClientOptions = {}) => {
    const client = await LiveTestClient.connect(base, origin, options);
    clients.push(client);
    return client;
  };
  /** A socket that sent its auth frame and was answered `ready`. */
  const signedInSocket = async (user: Pick<SignedIn, 'token'>) => {
    return (await connect()).signIn(user.token);
  };
  /** The HTTP status a handshake is refused with. */
  const refusedHandshake = (headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(base, { headers });
      socket.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('open', () => {
        socket.terminate();
        reject(new Error('the handshake was accepted'));
      });
      socket.once('error', () => {});
    });
  const tell = (
    db: Parameters<typeof notify>[0],
    audience: Pick<NewNotification, 'companyId' | 'userId'>,
    title: string,
  ) =>
    notify(db, {
      ...audience,
      kind: 'credits_adjusted',
      title,
      body: `${title}, in detail`,
      link: null,
      at: t.clock.now(),
    });
  const admin = async (method: 'POST', url: string, payload?: unknown) => {
    operator = await signInAgainAsOperator(t, operator);
    return asOperator(t, operator, method, url, payload);
  };
  /** Another user of the agency, signed in. */
  const colleagueOf = async (owner: Agent): Promise<SignedIn> => {
    const email = uniqueEmail('colleague');
    const { role_id } = await t.store.db
      .selectFrom('users')
      .select('role_id')
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    await t.store.db
      .insertInto('users')
      .values({
        company_id: owner.companyId,
        role_id,
        name: 'Colleague',
        email,
        password_hash: await t.app.skydesk.platform.passwords.hash(STRONG_PASSWORD),
        email_verified_at: t.clock.now(),
      })
      .execute();
    return signIn(t, { email, password: STRONG_PASSWORD });
  };

  it('closes a socket that sends no auth frame in time', async () => {
    const client = await connect();
    const openedAt = Date.now();
    expect(await client.closed).toEqual(LIVE_CLOSE.authTimeout);
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(AUTH_TIMEOUT_MS - 50);
  });

  it("refuses a page of another origin, or none, before the upgrade; the portal's own pages connect", async () => {
    expect(await refusedHandshake({ origin: 'https://evil.example' })).toBe(403);
    expect(await refusedHandshake({ origin: 'http://127.0.0.1.evil.example' })).toBe(403);
    expect(await refusedHandshake({ origin: 'null' })).toBe(403);
    expect(await refusedHandshake({})).toBe(403);
    // The request's own host, and PUBLIC_URL (http://localhost:3000 in the tests' configuration).
    await connect(ownOrigin);
    await connect('http://localhost:3000');
  });

  it('closes a socket whose token is refused: wrong, tampered, a challenge token', async () => {
    const owner = await bookingAgent(t);
    const tampered = `${owner.token.slice(0, -2)}${owner.token.endsWith('A') ? 'BB' : 'AA'}`;
    for (const token of ['not-a-token', tampered, 'a.b.c']) {
      const client = await connect();
      client.send({ type: 'auth', token });
      expect(await client.closed, token).toEqual(LIVE_CLOSE.unauthorized);
      expect(client.frames).toEqual([]);
    }
    // An operator's token opens an operator's socket (the support queue), which hears no agency news.
    const asOperatorSocket = await connect();
    asOperatorSocket.send({ type: 'auth', token: operator.token });
    await asOperatorSocket.frame('ready');
    await tell(t.store.db, { companyId: owner.companyId, userId: null }, 'Agency news');
    await pause(QUIET_MS);
    expect(asOperatorSocket.notifications()).toEqual([]);
  });

  it('closes a socket that sends anything invalid, before or after its auth', async () => {
    const owner = await bookingAgent(t);
    const invalid: unknown[] = [
      'not json',
      { type: 'hello' },
      { type: 'auth' },
      { type: 'auth', token: owner.token, extra: 1 },
      { type: 'ticket_message', ticket_id: randomUUID(), body: 'later' },
      '[]',
    ];
    for (const frame of invalid) {
      const client = await connect();
      client.send(frame);
      expect(await client.closed, JSON.stringify(frame)).toEqual(LIVE_CLOSE.badFrame);
    }
    const binary = await connect();
    binary.socket.send(Buffer.from(JSON.stringify({ type: 'auth', token: owner.token })));
    expect(await binary.closed).toEqual(LIVE_CLOSE.badFrame);

    const authed = await signedInSocket(owner);
    authed.send({ type: 'hello' });
    expect(await authed.closed).toEqual(LIVE_CLOSE.badFrame);

    // Over the frame limit: ws closes it as too big (1009) before anything reads it.
    const oversized = await signedInSocket(owner);
    oversized.send({ type: 'auth', token: 'x'.repeat(LIVE_MAX_FRAME_BYTES) });
    expect((await oversized.closed).code).toBe(1009);
  });

  // How soon it arrives is the live fan-out benchmark's (npm run bench:live, docs/benchmarks.md).
  it("pushes a deposit's approval to its agency's open sockets, and to no other agency", async () => {
    const agency = await bookingAgent(t);
    const other = await bookingAgent(t);
    const [first, second] = [await signedInSocket(agency), await signedInSocket(agency)];
    const stranger = await signedInSocket(other);
    const deposit = await pendingDeposit(t, agency.companyId, { amountMinor: 50_000 });

    await ok(admin('POST', `/api/admin/transactions/${deposit.id}/approve`));
    const pushed = await first.frame('notification');
    expect(pushed.notification).toMatchObject({ kind: 'deposit_approved', read_at: null });
    expect((await second.frame('notification')).notification).toEqual(pushed.notification);
    // What the list answers is what was pushed.
    const listed = await ok(
      t.app.inject({
        method: 'GET',
        url: '/api/notification',
        headers: { authorization: `Bearer ${agency.token}` },
      }),
    );
    expect(listed[0]).toEqual(pushed.notification);
    await pause(QUIET_MS);
    expect(stranger.notifications()).toEqual([]);
  });

  it('never pushes a notification whose transaction rolled back', async () => {
    const agency = await bookingAgent(t);
    const client = await signedInSocket(agency);
    const undone = new Error('the decision failed');
    await expect(
      t.store.db.transaction().execute(async (trx) => {
        await tell(trx, { companyId: agency.companyId, userId: null }, 'Rolled back');
        await pause(50);
        throw undone;
      }),
    ).rejects.toBe(undone);
    await tell(t.store.db, { companyId: agency.companyId, userId: null }, 'Committed');
    await client.frame('notification');
    await pause(QUIET_MS);
    expect(client.notifications().map((notice) => notice.title)).toEqual(['Committed']);
  });

  it("pushes a user's own notification to that user alone, the agency's to every user", async () => {
    const owner = await bookingAgent(t);
    const colleague = await colleagueOf(owner);
    const ownerSocket = await signedInSocket(owner);
    const colleagueSocket = await signedInSocket(colleague);

    await tell(t.store.db, { companyId: owner.companyId, userId: colleague.user.id }, 'For the colleague');
    await tell(t.store.db, { companyId: owner.companyId, userId: null }, 'For everyone');
    await colleagueSocket.frame('notification', 2);
    await ownerSocket.frame('notification');
    await pause(QUIET_MS);
    expect(colleagueSocket.notifications().map((notice) => notice.title)).toEqual([
      'For the colleague',
      'For everyone',
    ]);
    expect(ownerSocket.notifications().map((notice) => notice.title)).toEqual(['For everyone']);
  });

  it('closes, rather than pushes to, a session that ended: signed out, or the agency suspended', async () => {
    const agency = await bookingAgent(t);
    const signedOut = await signIn(t, agency);
    const leaving = await signedInSocket(signedOut);
    const staying = await signedInSocket(agency);
    expect((await post(t, '/api/auth/logout', undefined, { cookie: signedOut.cookie })).statusCode).toBe(200);

    await tell(t.store.db, { companyId: agency.companyId, userId: null }, 'After the sign-out');
    expect(await leaving.closed).toEqual(LIVE_CLOSE.unauthorized);
    expect(leaving.notifications()).toEqual([]);
    await staying.frame('notification');

    // Suspension ends every session of the agency: its own notice is not pushed, the socket closes.
    await ok(admin('POST', `/api/admin/companies/${agency.companyId}/suspend`, { reason: 'Chargebacks' }));
    expect(await staying.closed).toEqual(LIVE_CLOSE.unauthorized);
    expect(staying.notifications().map((notice) => notice.kind)).toEqual(['credits_adjusted']);
  });

  it('closes a socket when its token expires, unless a renewed token of the same user came first', async () => {
    const owner = await bookingAgent(t);
    const claims = decodeJwt(owner.token);
    // The same session, in a token that lives one second (the manual clock stands still).
    const shortLived = await t.app.skydesk.platform.tokens.signAccess(
      {
        kind: 'company',
        subjectId: owner.user.id,
        sessionId: claims.sid as string,
        sessionVersion: claims.sv as number,
        permissions: claims.perms as never,
        companyId: owner.companyId,
      },
      1,
    );
    const expiring = await signedInSocket({ token: shortLived });
    expect(await expiring.closed).toEqual(LIVE_CLOSE.unauthorized);

    const renewed = await signedInSocket({ token: shortLived });
    renewed.send({ type: 'auth', token: owner.token });
    await renewed.frame('ready', 2);
    await pause(1_200);
    expect(renewed.socket.readyState).toBe(WebSocket.OPEN);

    // A token of someone else on an open socket: never a switch of user.
    const other = await bookingAgent(t);
    renewed.send({ type: 'auth', token: other.token });
    expect(await renewed.closed).toEqual(LIVE_CLOSE.forbidden);
  });

  it('closes the sockets of a session the moment it ends, with nothing pushed: sign-out, deactivation, an operator’s sign-out', async () => {
    const owner = await bookingAgent(t);
    const colleague = await colleagueOf(owner);
    const otherDevice = await signIn(t, owner);
    const [ownerSocket, otherDeviceSocket, colleagueSocket] = [
      await signedInSocket(owner),
      await signedInSocket(otherDevice),
      await signedInSocket(colleague),
    ];
    // Closed because the session ended: the sockets answer pings, so nothing else would close them.
    const closedAsUnauthorized = async (client: LiveTestClient) =>
      expect(await client.closed).toEqual(LIVE_CLOSE.unauthorized);

    // Signed out on one device: that device's socket only.
    expect((await post(t, '/api/auth/logout', undefined, { cookie: otherDevice.cookie })).statusCode).toBe(
      200,
    );
    await closedAsUnauthorized(otherDeviceSocket);

    // Deactivated by the owner: the colleague's sockets close; the owner's stays.
    const deactivated = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${colleague.user.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { is_active: false },
    });
    expect(deactivated.statusCode).toBe(200);
    await closedAsUnauthorized(colleagueSocket);
    await pause(QUIET_MS);
    expect(ownerSocket.socket.readyState).toBe(WebSocket.OPEN);

    // An operator signed out: the operator's socket.
    const operatorSocket = await signedInSocket(operator);
    const signedOut = await asOperator(t, operator, 'POST', '/api/admin/logout');
    expect(signedOut.statusCode).toBe(200);
    await closedAsUnauthorized(operatorSocket);
    operator = await signInAgainAsOperator(t, operator);
  });

  it('drops a socket that stops answering pings; keeps one that answers', async () => {
    const owner = await bookingAgent(t);
    const answering = await signedInSocket(owner);
    const silent = await connect(ownOrigin, { autoPong: false });
    silent.send({ type: 'auth', token: owner.token });
    await silent.frame('ready');
    const closed = await silent.closed;
    // Terminated, not closed politely: a dead peer reads no close frame.
    expect(closed.code).toBe(1006);
    expect(answering.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('drops a reader that falls a megabyte behind instead of buffering for it', async () => {
    const owner = await bookingAgent(t);
    const slow = await signedInSocket(owner);
    const healthy = await signedInSocket(owner);
    // The client stops reading: what the server sends piles up in the kernel's buffers, then in
    // the server's own.
    const tcp = (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    tcp.pause();
    const sockets = t.app.live.size();
    const body = 'x'.repeat(60_000);
    let pushed = 0;
    while (t.app.live.size() === sockets && pushed < 2_000) {
      await t.app.live.push(
        { companyId: owner.companyId, userId: owner.user.id },
        {
          type: 'notification',
          notification: {
            id: randomUUID(),
            kind: 'credits_adjusted',
            title: `Flood ${pushed}`,
            body,
            link: null,
            read_at: null,
            created_at: new Date().toISOString(),
          },
        },
      );
      pushed++;
      // The socket's buffer grows when the event loop lets it write.
      await pause(1);
    }
    // Dropped on the server (out of the hub) well before the flood ended, while a reader that
    // keeps up is still there.
    expect(t.app.live.size()).toBe(sockets - 1);
    expect(pushed).toBeLessThan(2_000);
    tcp.resume();
    expect((await slow.closed).code).toBe(1006);
    expect(healthy.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('allows a user a few sockets at once, not more', async () => {
    const owner = await bookingAgent(t);
    for (let index = 0; index < 8; index++) await signedInSocket(owner);
    const extra = await connect();
    extra.send({ type: 'auth', token: owner.token });
    expect(await extra.closed).toEqual(LIVE_CLOSE.tooManySockets);
  });
});

describe('the live channel at shutdown', () => {
  it('tells every socket to come back when the server closes', async () => {
    const t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const owner = await bookingAgent(t);
    const client = await LiveTestClient.connect(
      `ws://127.0.0.1:${port}${LIVE_PATH}`,
      `http://127.0.0.1:${port}`,
    );
    await client.signIn(owner.token);
    await t.close();
    expect(await client.closed).toEqual(LIVE_CLOSE.goingAway);
  });
});
