import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../support/app.js';
import { get, registerCompany, type TestApp } from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free local port that keeps what it receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type MimePart = { type: string; body: string };

/** The leaf parts of a MIME message, decoded (quoted-printable, base64 or 7/8-bit). */
function mimeParts(raw: string): MimePart[] {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const type = /^content-type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.trim().toLowerCase() ?? 'text/plain';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => mimeParts(part.replace(/^\r?\n/, '')));
  }
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  let decoded = body;
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    decoded = Buffer.from(bytes, 'latin1').toString('utf8');
  } else if (encoding === 'base64') {
    decoded = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return [{ type, body: decoded }];
}

describe.each(storeKinds())('mail over SMTP on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    t = await createTestApp(kind, {
      config: testConfig({ smtpUrl, mailTransport: 'smtp', mailFrom: 'SkyDesk <no-reply@skydesk.test>' }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the registration code: text and HTML, SkyDesk, the 6-digit code and its 10 minutes', async () => {
    const { email } = await registerCompany(t);
    // The answer comes after the SMTP server accepted the message.
    const message = smtp.received.find((m) => m.to.includes(email));
    expect(message).toBeDefined();
    expect(message!.from).toBe('no-reply@skydesk.test');
    expect(message!.raw).toMatch(/^Subject: Verify your SkyDesk account/m);

    const parts = mimeParts(message!.raw);
    const text = parts.find((p) => p.type === 'text/plain')?.body ?? '';
    const html = parts.find((p) => p.type === 'text/html')?.body ?? '';
    expect(text).not.toBe('');
    expect(html).toMatch(/^<!doctype html>/i);
    const code = /Your code: (\d{6})\b/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    for (const body of [text, html]) {
      expect(body).toContain('SkyDesk');
      expect(body).toContain(code);
      expect(body).toContain('expires in 10 minutes');
    }

    // The code is the one the server checks.
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify-verification-code',
      payload: { email, code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('writes nothing to the outbox and has no GET /api/dev/outbox', async () => {
    const { email } = await registerCompany(t);
    const res = await get(t, `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(res.statusCode).toBe(404);
    expect(await t.store.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(0);
  });
});
