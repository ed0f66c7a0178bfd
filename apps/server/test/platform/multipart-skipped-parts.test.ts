import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_MESSAGES } from '../../src/platform/http/errors.js';
import { createTestApp } from '../support/app.js';
import { randomIp, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { rawRequest } from './raw-http.js';

/**
 * Parts busboy will not deliver — a name or file name that decodes to a line break, a disposition
 * other than form-data, none at all — of any size, anywhere in a form, sent whole (inject) or in
 * pieces over a socket. Its parser stopped for good on one that arrived whole with more than its
 * buffer's worth behind it, and the request was never answered (the fuzzed announcement upload
 * hung ten minutes in CI). However such a part comes, the form gets an answer in the envelope, a
 * 4xx, and the server goes on serving.
 */

const BOUNDARY = 'skydeskSkippedPartBoundary';

const skippedHeader = fc.constantFrom(
  `Content-Disposition: form-data; name="trade_license"; filename*=UTF-8''%0D%0A`,
  `Content-Disposition: form-data; name="trade_license"; filename*=UTF-8''scan%0A.pdf`,
  `Content-Disposition: form-data; name*=UTF-8''tax%0D%0Anumber`,
  'Content-Disposition: attachment; name="trade_license"; filename="a.pdf"',
  'Content-Type: application/pdf',
);

const form = fc.record({
  header: skippedHeader,
  // From nothing to many times the parser's 16 KB buffer.
  size: fc.oneof(fc.integer({ min: 0, max: 64 }), fc.integer({ min: 16_000, max: 400_000 })),
  fieldsBefore: fc.boolean(),
  fieldsAfter: fc.boolean(),
});

type FormShape = { header: string; size: number; fieldsBefore: boolean; fieldsAfter: boolean };

function body({ header, size, fieldsBefore, fieldsAfter }: FormShape): Buffer {
  const field = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="tax_number"\r\n\r\n100234567800003\r\n`,
  );
  return Buffer.concat([
    fieldsBefore ? field : Buffer.alloc(0),
    Buffer.from(`--${BOUNDARY}\r\n${header}\r\n\r\n`),
    Buffer.alloc(size, 0x41),
    Buffer.from('\r\n'),
    fieldsAfter ? field : Buffer.alloc(0),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

function expectRefusal(status: number, text: string, label: string) {
  expect(status, `${label}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(status, `${label}: ${text.slice(0, 200)}`).toBeLessThan(500);
  const envelope = JSON.parse(text) as { status: unknown; message: unknown };
  expect(envelope.status, label).toBe(false);
  expect(typeof envelope.message, label).toBe('string');
}

describe('a form with a part the multipart parser skips', () => {
  let t: TestApp;
  let agent: Agent;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    agent = await bookingAgent(t, { creditsMinor: 1_000_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t?.close());

  const headers = () => ({
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    authorization: `Bearer ${agent.token}`,
  });

  it('sent whole, is answered: a 4xx in the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(form, async (shape) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/vendor-form',
          headers: headers(),
          payload: body(shape),
          remoteAddress: randomIp(),
        });
        expectRefusal(res.statusCode, res.body, JSON.stringify(shape));
      }),
      { numRuns: Number(process.env.FUZZ_RUNS) || 25 },
    );
  }, 120_000);

  it('sent in pieces over a socket, is answered, and the next request is served', async () => {
    const pieces = fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(form, pieces, async (shape, cuts) => {
        const payload = body(shape);
        const head =
          'POST /api/vendor-form HTTP/1.1\r\nHost: skydesk.test\r\nConnection: close\r\n' +
          Object.entries(headers())
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('') +
          `Content-Length: ${payload.length}\r\n\r\n`;
        const parts: (string | Buffer | number)[] = [head];
        let at = 0;
        for (const cut of cuts) {
          if (at >= payload.length) break;
          parts.push(payload.subarray(at, at + cut), 5);
          at += cut;
        }
        if (at < payload.length) parts.push(payload.subarray(at));
        const answer = await rawRequest(port, parts, { timeoutMs: 15_000 });
        expect(answer.status, `no answer to ${JSON.stringify(shape)}`).not.toBe(0);
        expectRefusal(answer.status, answer.body, JSON.stringify(shape));
        const next = await rawRequest(port, [
          'GET /api/health HTTP/1.1\r\nHost: skydesk.test\r\nConnection: close\r\n\r\n',
        ]);
        expect(next.status).toBeLessThan(500);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS) || 15 },
    );
  }, 300_000);

  it('that stalls the parser is refused with a message that says what to send', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor-form',
      headers: headers(),
      payload: body({
        header: `Content-Disposition: form-data; name="trade_license"; filename*=UTF-8''%0D%0A`,
        size: 70_000,
        fieldsBefore: false,
        fieldsAfter: false,
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message: MULTIPART_MESSAGES.unreadablePart });
  });
});
