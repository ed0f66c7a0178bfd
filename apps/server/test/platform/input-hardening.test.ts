import { Writable } from 'node:stream';
import { CALENDAR_DATE_MESSAGES, SEARCH_DAYS_AHEAD, TEXT_MESSAGES } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_MESSAGES } from '../../src/platform/http/errors.js';
import { createTestApp } from '../support/app.js';
import {
  companyBody,
  get,
  post,
  postForm,
  randomIp,
  sampleFiles,
  type TestApp,
} from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  searchBody,
  searchOffer,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Input that must never be a 5xx (the hardening issue), one regression per class: keys named
 * after Object.prototype, control characters bound for the database, impossible dates, malformed
 * multipart bodies, repeated and unknown query keys. test/platform/fuzz-openapi.test.ts covers
 * every operation with generated input.
 */

/** The log lines of an app, parsed. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

const json = (t: TestApp, url: string, text: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: text,
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

const fieldErrors = (res: { json(): { data?: { errors?: Record<string, string[]> } } }) =>
  res.json().data?.errors ?? {};

describe.each(storeKinds())('input hardening on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  const log = logSink();
  beforeAll(async () => {
    t = await createTestApp(kind, { logger: log.logger });
    // A route that fails as a bug would: registered before the app is ready.
    t.app.get('/api/test-failure', async () => {
      throw new Error('the handler broke');
    });
    agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
  });
  afterAll(async () => t?.close());

  describe('keys named after Object.prototype', () => {
    const PROTO_KEYS = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

    it('are unknown fields of sign-in, at the top and nested: 422', async () => {
      for (const key of PROTO_KEYS) {
        const res = await json(t, '/api/login', `{"${key}":1}`);
        expect(res.statusCode, `${key}: ${res.body}`).toBe(422);
        expect(fieldErrors(res)[key]).toEqual(['Unknown field']);
        expect(fieldErrors(res).email).toEqual(['This field is required']);
      }
      const nested = await json(
        t,
        '/api/login',
        '{"email":"a@agency.test","password":"x","__proto__":{"toString":1},"constructor":{"prototype":1}}',
      );
      expect(nested.statusCode, nested.body).toBe(422);
      expect(Object.keys(fieldErrors(nested)).sort()).toEqual(['__proto__', 'constructor']);
    });

    it('are unknown fields of the registration: 422, and no company is made', async () => {
      const body = JSON.stringify(companyBody()).replace(
        /^\{/,
        '{"__proto__":{"admin":true},"toString":"x",',
      );
      const res = await json(t, '/api/register-company', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.entries(fieldErrors(res))).toEqual([
        ['__proto__', ['Unknown field']],
        ['toString', ['Unknown field']],
      ]);
    });

    it('are unknown fields deep in a booking: 422 on their paths', async () => {
      const offer = await searchOffer(t, agent);
      const body = bookingBody(offer);
      const text = JSON.stringify(body)
        .replace('"passenger_type"', '"__proto__":{"x":1},"constructor":1,"passenger_type"')
        .replace('"email"', '"hasOwnProperty":true,"email"');
      const res = await json(t, '/api/booking', text, agent.token);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(fieldErrors(res)).sort()).toEqual([
        'contact.hasOwnProperty',
        'passengers.0.__proto__',
        'passengers.0.constructor',
      ]);
    });

    it('are refused as form field names by the multipart parser: 400 with a clear message', async () => {
      for (const [name, value] of [
        ['toString', 'x'],
        ['hasOwnProperty', new Blob([new Uint8Array(sampleFiles.pdf())])],
      ] as const) {
        const form = new FormData();
        form.append('tax_number', '100234567800003');
        if (typeof value === 'string') form.append(name, value);
        else form.append(name, value, 'a.pdf');
        const res = await postForm(t, '/api/vendor-form', form, { token: agent.token });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ status: false, message: MULTIPART_MESSAGES.prototypeKey });
      }
    });
  });

  describe('control characters', () => {
    it('are refused in a company name at registration: 422 on the field', async () => {
      for (const name of ['Blue\u0000Sky Travels', 'Blue\u001bSky', 'Blue\u0085Sky', 'Blue \ud800Sky']) {
        const res = await post(t, '/api/register-company', companyBody({ company_name: name }));
        expect(res.statusCode, res.body).toBe(422);
        expect(fieldErrors(res)).toEqual({ company_name: [TEXT_MESSAGES.controlCharacters] });
      }
    });

    it('are refused in a cancel reason, line breaks kept', async () => {
      const booking = await bookOk(t, agent, bookingBody(await searchOffer(t, agent)));
      const refused = await post(
        t,
        '/api/request-cancel-booking',
        { booking_id: booking.id, reason: 'Client\u0000changed plans' },
        { token: agent.token },
      );
      expect(refused.statusCode, refused.body).toBe(422);
      expect(fieldErrors(refused)).toEqual({ reason: [TEXT_MESSAGES.controlCharacters] });

      const taken = await post(
        t,
        '/api/request-cancel-booking',
        { booking_id: booking.id, reason: 'Client changed plans\r\n\tsee mail' },
        { token: agent.token },
      );
      expect(taken.statusCode, taken.body).toBe(200);
      const details = await get(t, `/api/booking/${booking.id}`, { token: agent.token });
      const notes = details.json().data.history.map((event: { note: string | null }) => event.note);
      expect(notes.some((note: string | null) => note?.endsWith('Client changed plans\n\tsee mail'))).toBe(
        true,
      );
    });

    it('are refused in a list search', async () => {
      const res = await get(t, `/api/booking/company/${agent.companyId}?q=AB%00CD`, { token: agent.token });
      expect(res.statusCode, res.body).toBe(422);
      expect(fieldErrors(res)).toEqual({ q: [TEXT_MESSAGES.controlCharacters] });
    });
  });

  describe('dates', () => {
    const list = (query: string) =>
      get(t, `/api/booking/company/${agent.companyId}?${query}`, { token: agent.token });
    const searchOn = (date: string) => post(t, '/api/search', searchBody({ date }), { token: agent.token });
    const dateField = 'origin_destinations.0.departure_date_time';
    /** The test clock's today (2026-11-22, noon in London) plus days. */
    const daysAhead = (days: number) =>
      new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

    it('of list filters are real days within 2000–2100', async () => {
      for (const [query, message] of [
        ['from=0000-00-00', CALENDAR_DATE_MESSAGES.notADay],
        ['to=2027-02-30', CALENDAR_DATE_MESSAGES.notADay],
        ['from=9999-12-31', 'Enter a date from 2000-01-01 to 2100-12-31'],
        ['from=2026-1-1', CALENDAR_DATE_MESSAGES.format],
      ] as const) {
        const res = await list(query);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
        expect(Object.values(fieldErrors(res))).toEqual([[message]]);
      }
      expect((await list('from=2026-01-01&to=2026-12-31')).statusCode).toBe(200);
    });

    it('of a search are real days from today to 361 days ahead', async () => {
      for (const [date, message] of [
        ['0000-00-00', CALENDAR_DATE_MESSAGES.notADay],
        ['2027-02-30', CALENDAR_DATE_MESSAGES.notADay],
        ['9999-12-31', 'Enter a date from 2000-01-01 to 2100-12-31'],
        [daysAhead(-1), 'Choose a date from today on'],
        [daysAhead(SEARCH_DAYS_AHEAD + 1), `Choose a date at most ${SEARCH_DAYS_AHEAD} days ahead`],
      ] as const) {
        const res = await searchOn(date);
        expect(res.statusCode, `${date}: ${res.body}`).toBe(422);
        expect(fieldErrors(res)).toEqual({ [dateField]: [message] });
      }
      for (const date of [daysAhead(0), daysAhead(SEARCH_DAYS_AHEAD)]) {
        const res = await searchOn(date);
        expect([200, 404], `${date}: ${res.body}`).toContain(res.statusCode);
      }
    });

    it('of birth are not before 1900', async () => {
      const offer = await searchOffer(t, agent);
      const body = bookingBody(offer);
      body.passengers[0]!.date_of_birth = '1899-12-31';
      const res = await post(t, '/api/booking', body, { token: agent.token });
      expect(res.statusCode, res.body).toBe(422);
      expect(fieldErrors(res)).toEqual({
        'passengers.0.date_of_birth': ['Enter a date of birth from 1900 on'],
      });
    });
  });

  describe('query strings', () => {
    it('refuse a repeated key and an absurd page: 422, not 500', async () => {
      const res = await get(t, `/api/booking/company/${agent.companyId}?q=a&q=b&page=1e308`, {
        token: agent.token,
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(fieldErrors(res).q).toEqual(['Give this parameter once']);
      expect(fieldErrors(res).page?.length).toBeGreaterThan(0);
    });

    it('refuse unknown keys, also on calls that take no query', async () => {
      const res = await get(t, '/api/booking-credits?debug=1&toString=2&__proto__=3', { token: agent.token });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.entries(fieldErrors(res))).toEqual([
        ['debug', ['Unknown field']],
        ['toString', ['Unknown field']],
        ['__proto__', ['Unknown field']],
      ]);
    });
  });

  describe('multipart bodies', () => {
    const upload = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/vendor-form',
        payload,
        remoteAddress: randomIp(),
        headers: { 'content-type': contentType, authorization: `Bearer ${agent.token}` },
      });

    it('without a boundary, with one too long or cut short, answer 400 with a clear message', async () => {
      for (const [contentType, payload] of [
        ['multipart/form-data', 'field=1'],
        ['multipart/form-data; boundary=', '--\r\n'],
        [`multipart/form-data; boundary=${'x'.repeat(300)}`, 'whatever'],
        [
          'multipart/form-data; boundary=xyz',
          '--xyz\r\nContent-Disposition: form-data; name="tax_number"\r\n\r\n12',
        ],
      ] as const) {
        const res = await upload(contentType, payload);
        expect(res.statusCode, `${contentType}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ status: false, message: MULTIPART_MESSAGES.malformed });
      }
    });

    it('with another boundary than the body uses: the form is missing its fields (422)', async () => {
      const res = await upload('multipart/form-data; boundary=abc', '--xyz\r\nfoo\r\n--xyz--\r\n');
      expect([400, 422]).toContain(res.statusCode);
    });
  });

  describe('the log', () => {
    it('records a refused request as a warning without a stack, and a failure as an error with one', async () => {
      const before = log.lines.length;
      const refused = await get(t, '/api/booking-credits?debug=1', { token: agent.token });
      expect(refused.statusCode).toBe(422);
      const warning = log.lines.slice(before).find((line) => line.msg === 'request refused');
      expect(warning).toMatchObject({ level: 40, status: 422, code: 'validation', fields: ['debug'] });
      expect(JSON.stringify(warning)).not.toContain('stack');

      const middle = log.lines.length;
      const failed = await get(t, '/api/test-failure');
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain('the handler broke');
      const error = log.lines.slice(middle).find((line) => line.msg === 'request failed');
      expect(error).toMatchObject({ level: 50 });
      expect((error?.err as { stack?: string } | undefined)?.stack).toContain('the handler broke');
    });
  });
});
