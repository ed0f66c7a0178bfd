import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_CLOSE, LIVE_PATH, type LiveServerFrame } from '@skydesk/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO } from '../../src/db/seed-demo.js';
import { LiveTestClient } from '../support/live-client.js';
import { startServer } from '../support/server-process.js';
import { createEmptyPostgresDatabase, storeKinds } from '../support/stores.js';

/**
 * docs/architecture.md §1 and issue 14: two server processes on one PostgreSQL deliver each live event to the
 * sockets open on either — a deposit approved on one server reaches the agency's sockets on both,
 * a ticket message written through one reaches the operator connected to the other, and a
 * session ended through one closes its sockets on both. PostgreSQL's LISTEN/NOTIFY carries it.
 */

type Server = ReturnType<typeof startServer>;

/** The demo's authenticator code for the current 30-second step. */
const totp = () => new TOTP({ secret: Secret.fromBase32(DEMO.totpSecret), digits: 6, period: 30 }).generate();

async function call<T>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: FormData } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const envelope = (await response.json()) as { status: boolean; message: string; data: T };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/** Signs a demo principal in by password and authenticator code, as the SPA does. */
async function signIn(base: string, who: 'agency' | 'operator'): Promise<string> {
  const prefix = who === 'agency' ? '/api' : '/api/admin';
  const email = who === 'agency' ? DEMO.ownerEmail : DEMO.operatorEmail;
  const step = await call<{ challenge_token: string }>(base, 'POST', `${prefix}/login`, {
    body: { email, password: DEMO.password },
  });
  const verify =
    who === 'agency' ? '/api/user/verify-google-authenticator' : '/api/admin/verify-google-authenticator';
  const session = await call<{ token: string }>(base, 'POST', verify, {
    token: step.challenge_token,
    body: { code: totp() },
  });
  return session.token;
}

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.runIf(storeKinds().includes('postgres'))('two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  const servers: Server[] = [];
  const sockets: LiveTestClient[] = [];
  let a = '';
  let b = '';

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      // One uploads folder, as one object store would serve both.
      DATA_DIR: mkdtempSync(join(tmpdir(), 'skydesk-two-servers-')),
      JWT_SECRET: randomBytes(48).toString('base64url'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SEARCH_WORKERS: '0',
      LOG_LEVEL: 'warn',
    };
    // One after the other: the first migrates and seeds the empty store, the second finds it ready.
    servers.push(startServer(env));
    a = await servers[0]!.url;
    servers.push(startServer(env));
    b = await servers[1]!.url;
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.socket.terminate();
    for (const server of servers) {
      if (server.child.exitCode === null) server.child.kill('SIGTERM');
      await server.exited;
    }
    await database?.drop();
  }, 60_000);

  const socketOn = async (base: string, token: string) => {
    const socket = await LiveTestClient.connect(`${base.replace(/^http/, 'ws')}${LIVE_PATH}`, base);
    sockets.push(socket);
    return socket.signIn(token);
  };

  it('delivers each event to the sockets of both servers, and closes both when the session ends', async () => {
    const agencyToken = await signIn(a, 'agency');
    // The operator's code is of the same step as the agency's: separate principals, both accepted.
    const operatorToken = await signIn(b, 'operator');
    const agencyOnA = await socketOn(a, agencyToken);
    const agencyOnB = await socketOn(b, agencyToken);
    const operatorOnA = await socketOn(a, operatorToken);

    // A deposit recorded through A, approved through B: the notification reaches both sockets.
    const [banks] = await call<[{ id: string }[]]>(a, 'GET', '/api/bank', { token: agencyToken });
    const form = new FormData();
    form.set('bank_id', banks[0]!.id);
    form.set('amount', '250.00');
    form.set('deposit_date', new Date().toISOString().slice(0, 10));
    form.set('reference_no', `TWO-${randomBytes(3).toString('hex')}`);
    form.set('note', 'Two servers');
    form.set('receipt', new Blob([TINY_PNG], { type: 'image/png' }), 'receipt.png');
    const deposit = await call<{ id: string }>(a, 'POST', '/api/company/create-transaction', {
      token: agencyToken,
      form,
    });
    await call(b, 'POST', `/api/admin/transactions/${deposit.id}/approve`, { token: operatorToken });
    const approved = (frame: LiveServerFrame) =>
      frame.type === 'notification' && frame.notification.kind === 'deposit_approved';
    await agencyOnA.next(approved);
    await agencyOnB.next(approved);

    // A support message written through B reaches the operator's socket on A, and the reply written
    // through A reaches the agency's socket on B.
    const ticket = await call<{ id: string }>(b, 'POST', '/api/ticket', {
      token: agencyToken,
      body: { subject: 'Two servers', category: 'technical', message: 'Hello from B' },
    });
    const message = await call<{ id: string }>(b, 'POST', `/api/ticket/${ticket.id}/messages`, {
      token: agencyToken,
      body: { body: 'A second line' },
    });
    await operatorOnA.next((frame) => frame.type === 'ticket_message' && frame.message.id === message.id);
    const reply = await call<{ id: string }>(a, 'POST', `/api/admin/tickets/${ticket.id}/messages`, {
      token: operatorToken,
      body: { body: 'Answered from A' },
    });
    await agencyOnB.next((frame) => frame.type === 'ticket_message' && frame.message.id === reply.id);
    await agencyOnA.next((frame) => frame.type === 'ticket_message' && frame.message.id === reply.id);

    // Signed out through A: the session's sockets close on both servers.
    await call(a, 'POST', '/api/logout', { token: agencyToken });
    expect(await agencyOnA.closed).toEqual(LIVE_CLOSE.unauthorized);
    expect(await agencyOnB.closed).toEqual(LIVE_CLOSE.unauthorized);
    expect(operatorOnA.socket.readyState).toBe(WebSocket.OPEN);
  }, 120_000);
});
