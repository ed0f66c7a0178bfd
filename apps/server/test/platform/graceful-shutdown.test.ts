import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_CLOSE, LIVE_PATH } from '@skydesk/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/db/seed-demo.js';
import { LiveTestClient } from '../support/live-client.js';
import { startServer } from '../support/server-process.js';

/**
 * Issue 17: SIGTERM to a real server process while a request is in flight and a live socket is
 * open. The port stops taking connections at once, the request in flight is answered in full, the
 * socket is closed with 1001 (the client's cue to reconnect, to another server), and the process
 * exits 0 well within SHUTDOWN_GRACE_MS (10 s).
 */

const totp = () => new TOTP({ secret: Secret.fromBase32(DEMO.totpSecret), digits: 6, period: 30 }).generate();

async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { message: string; data: T };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/** Whether a new TCP connection to the port is refused (true) or accepted (false). */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graceful shutdown of the server process', () => {
  let server: ReturnType<typeof startServer> | undefined;
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('on SIGTERM refuses new connections, finishes the request in flight, closes sockets with 1001 and exits 0', async () => {
    server = startServer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'skydesk-shutdown-')),
      DEMO_HISTORY: 'false',
      SEARCH_WORKERS: '1',
    });
    const base = await server.url;
    const port = Number(new URL(base).port);

    const step = await post<{ challenge_token: string }>(base, '/api/login', {
      email: DEMO.ownerEmail,
      password: DEMO.password,
    });
    const { token } = await post<{ token: string }>(
      base,
      '/api/user/verify-google-authenticator',
      { code: totp() },
      step.challenge_token,
    );
    const live = await LiveTestClient.connect(`${base.replace(/^http/, 'ws')}${LIVE_PATH}`, base);
    await live.signIn(token);

    // A slow client: the search's body arrives in two parts, the second after SIGTERM.
    const departure = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const body = JSON.stringify({
      trip_type: 'OneWay',
      origin_destinations: [
        { departure_date_time: departure, origin_location_code: 'LHR', destination_location_code: 'JFK' },
      ],
      adult_quantity: 1,
      child_quantity: 0,
      infant_quantity: 0,
      cabin: 'Economy',
      max_stops: 0,
    });
    const inFlight = httpRequest(`${base}/api/search`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        authorization: `Bearer ${token}`,
      },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      inFlight.once('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      inFlight.once('error', reject);
    });
    inFlight.write(body.slice(0, 40));
    // The request has reached the server and is waiting for the rest of its body.
    await pause(300);

    server.child.kill('SIGTERM');

    // The live socket is told to reconnect elsewhere.
    const closed = await Promise.race([live.closed, pause(5_000).then(() => undefined)]);
    expect(closed).toEqual({ code: LIVE_CLOSE.goingAway.code, reason: LIVE_CLOSE.goingAway.reason });

    // The listening port is closed: a new connection is refused while the request is still open.
    let isRefused = false;
    for (let tries = 0; tries < 40 && !isRefused; tries += 1) {
      isRefused = await refused(port);
      if (!isRefused) await pause(50);
    }
    expect(isRefused).toBe(true);
    expect(server.child.exitCode).toBeNull();

    // The slow client finishes its body: the search is answered in full.
    inFlight.end(body.slice(40));
    const answer = await answered;
    expect(answer.status, answer.text).toBe(200);
    const envelope = JSON.parse(answer.text) as { status: boolean; data: { PricedItineraries: unknown } };
    expect(envelope.status).toBe(true);
    expect(envelope.data.PricedItineraries).toBeDefined();

    // Drained within its grace period: it says so when it is not (and the test's timeout catches a hang).
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    expect(server.output()).not.toContain('did not finish in time');
  }, 120_000);
});
