import { networkInterfaces } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../support/app.js';
import { post, type TestApp, uniqueEmail } from '../support/auth-flow.js';

/**
 * Issue 27, "the development outbox is private": with no SMTP_URL every mail — sign-in codes,
 * invitation and reset links — is readable at `GET /api/dev/outbox`. It answers only requests
 * whose socket comes from the server's own machine (never a forwarding header's say), and it does
 * not exist on a server listening on a public address unless DEV_OUTBOX_PUBLIC names the risk.
 */

type Options = { host?: string; trustProxy?: boolean; consent?: boolean };

describe('the development outbox', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  const appWith = async ({ host = '127.0.0.1', trustProxy = false, consent = false }: Options = {}) => {
    const config = {
      ...testConfig(),
      host,
      trustProxy,
      devOutboxPublic: consent,
    };
    const t = await createTestApp('pglite', { config });
    apps.push(t);
    return t;
  };

  /** A mail in the outbox, sent by asking for a password reset. */
  const mailed = async (t: TestApp) => {
    const email = uniqueEmail('outbox');
    await t.store.db
      .insertInto('mail_outbox')
      .values({
        recipient: email,
        subject: 'Your code',
        text_body: 'Your code: 123456',
        html_body: '<p>123456</p>',
      })
      .execute();
    return email;
  };
  const read = (t: TestApp, email: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(email)}`,
      remoteAddress,
      headers,
    });

  it('answers requests from this machine: IPv4 and IPv6 loopback, IPv4 mapped into IPv6', async () => {
    const t = await appWith();
    const email = await mailed(t);
    for (const address of ['127.0.0.1', '127.45.0.9', '::1', '::ffff:127.0.0.1']) {
      const res = await read(t, email, address);
      expect(res.statusCode, `${address}: ${res.body}`).toBe(200);
      expect(res.json().data).toHaveLength(1);
    }
  });

  it('refuses any other address, and a loopback socket relaying for someone else (403, no mail)', async () => {
    const t = await appWith();
    const email = await mailed(t);
    for (const [address, headers] of [
      ['10.1.2.3', {}],
      ['192.168.0.7', {}],
      ['::ffff:10.0.0.1', {}],
      ['2001:db8::1', {}],
      // A proxy on this machine forwarding a stranger's request.
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.9' }],
    ] as const) {
      const res = await read(t, email, address, headers);
      expect(res.statusCode, `${address} ${JSON.stringify(headers)}: ${res.body}`).toBe(403);
      expect(res.json().status).toBe(false);
      expect(res.body).not.toContain('123456');
    }
  });

  it('decides from the socket, not from X-Forwarded-For, when a proxy is trusted', async () => {
    const t = await appWith({ trustProxy: true });
    const email = await mailed(t);
    const res = await read(t, email, '10.1.2.3', { 'x-forwarded-for': '127.0.0.1' });
    expect(res.statusCode, res.body).toBe(403);
  });

  it('does not exist on a server listening on a public address', async () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'skydesk.example']) {
      const t = await appWith({ host });
      const email = await mailed(t);
      const res = await read(t, email, '127.0.0.1');
      expect(res.statusCode, `${host}: ${res.body}`).toBe(404);
      expect(res.body).not.toContain('123456');
      // Mail still goes to the outbox table: sign-ups keep working.
      const sent = await post(t, '/api/forgot-password', { email });
      expect(sent.statusCode).toBe(200);
    }
  });

  it('answers anyone on a public address only when DEV_OUTBOX_PUBLIC names the risk', async () => {
    const t = await appWith({ host: '0.0.0.0', consent: true });
    const email = await mailed(t);
    for (const address of ['127.0.0.1', '10.1.2.3']) {
      expect((await read(t, email, address)).statusCode, address).toBe(200);
    }
  });

  it('refuses a real connection from another address of this machine', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (!external) return; // a machine with loopback only has no other address to come from
    const t = await appWith({ host: '0.0.0.0', consent: false });
    // Listening on every address, but the outbox is off: 404 from anywhere.
    await t.app.listen({ port: 0, host: '0.0.0.0' });
    const { port } = t.app.server.address() as { port: number };
    const email = await mailed(t);
    const answer = await fetch(
      `http://${external.address}:${port}/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    expect(answer.status).toBe(404);

    const local = await appWith({ host: '127.0.0.1' });
    await local.app.listen({ port: 0, host: '0.0.0.0' });
    const localPort = (local.app.server.address() as { port: number }).port;
    const localMail = await mailed(local);
    const fromOutside = await fetch(
      `http://${external.address}:${localPort}/api/dev/outbox?to=${encodeURIComponent(localMail)}`,
    );
    expect(fromOutside.status).toBe(403);
    const fromHere = await fetch(
      `http://127.0.0.1:${localPort}/api/dev/outbox?to=${encodeURIComponent(localMail)}`,
    );
    expect(fromHere.status).toBe(200);
  });
});
