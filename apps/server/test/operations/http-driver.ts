import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { DEMO } from '../../src/db/seed-demo.js';

/**
 * A client of a real server process over HTTP, for the operations tests (crash safety, backup
 * and restore): the demo's principals signed in as the SPA does, JSON and multipart calls that
 * answer `{ status, body }` whatever happens (a refused call is data here, not an exception), and
 * the bodies of the calls that change money and seats.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read field by field by the tests
export type Answer = { status: number; body: { status: boolean; message: string; data?: any } };

/** A call's answer, or the connection's error when the server died before answering. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: FormData; key?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: Answer['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = { status: false, message: text };
  }
  return { status: response.status, body };
}

/** The answer's data, or an error naming the call and its answer. */
// biome-ignore lint/suspicious/noExplicitAny: as Answer's data
export async function data<T = any>(
  base: string,
  method: string,
  path: string,
  options: Parameters<typeof call>[3] = {},
): Promise<T> {
  const answer = await call(base, method, path, options);
  if (answer.status >= 300) {
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`);
  }
  return answer.body.data as T;
}

const TOTP_STEP_MS = 30_000;
/** The last authenticator step each demo principal signed in with on each store, in this process. */
const stepsUsed = new Map<string, number>();

/**
 * The demo's code for a step this principal has not signed in with: the server takes each step
 * once (a replay is refused, and a restored store remembers its backup's), and takes the step
 * before the current one too (a code typed as it rolled over). So a second sign-in within one
 * step needs no wait when the first used the step before; a third waits for the next step.
 */
async function unusedCode(who: string): Promise<string> {
  const current = () => Math.floor(Date.now() / TOTP_STEP_MS);
  // The step before only while the current one has seconds left: it must still be the step before
  // when the server checks it.
  const roomy = TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS) > 5_000;
  const step = Math.max((stepsUsed.get(who) ?? -1) + 1, current() - (roomy ? 1 : 0));
  while (current() < step) await new Promise((resolve) => setTimeout(resolve, 250));
  stepsUsed.set(who, step);
  return new TOTP({ secret: Secret.fromBase32(DEMO.totpSecret), digits: 6, period: 30 }).generate({
    timestamp: step * TOTP_STEP_MS,
  });
}

/** Signs a demo principal in by password and authenticator code; its token outlives restarts. */
export async function signInDemo(
  base: string,
  who: 'agency' | 'operator',
  /** Whose sign-ins the store remembers: its server's by default; a restored store's its backup's. */
  store: string = base,
): Promise<string> {
  const prefix = who === 'agency' ? '/api' : '/api/admin';
  const email = who === 'agency' ? DEMO.ownerEmail : DEMO.operatorEmail;
  const step = await data<{ challenge_token: string }>(base, 'POST', `${prefix}/login`, {
    body: { email, password: DEMO.password },
  });
  const code = await unusedCode(`${who} on ${store}`);
  const session = await data<{ token: string }>(
    base,
    'POST',
    `${prefix === '/api' ? '/api/user' : prefix}/verify-google-authenticator`,
    {
      token: step.challenge_token,
      body: { code },
    },
  );
  return session.token;
}

/** The first offers of a one-way economy search for one adult, `daysAhead` from today. */
export async function searchOffers(
  base: string,
  token: string,
  route: { origin: string; destination: string; daysAhead: number },
): Promise<string[]> {
  const date = new Date(Date.now() + route.daysAhead * 86_400_000).toISOString().slice(0, 10);
  const found = await data<{ PricedItineraries: { PricedItinerary: { offer_id: string }[] } }>(
    base,
    'POST',
    '/api/search',
    {
      token,
      body: {
        trip_type: 'OneWay',
        origin_destinations: [
          {
            departure_date_time: date,
            origin_location_code: route.origin,
            destination_location_code: route.destination,
          },
        ],
        adult_quantity: 1,
        child_quantity: 0,
        infant_quantity: 0,
        cabin: 'Economy',
        max_stops: 0,
      },
    },
  );
  return found.PricedItineraries.PricedItinerary.slice(0, 4).map((offer) => offer.offer_id);
}

/** A `POST /api/booking` body for one adult on an offer (passport numbers from `random`). */
export function bookingBody(offerId: string, random: () => number) {
  const passport = `P${Math.floor(random() * 1e8)
    .toString()
    .padStart(8, '0')}`;
  return {
    offer_id: offerId,
    passengers: [
      {
        passenger_type: 'adult',
        title: 'MRS',
        first_name: 'AMIRA',
        last_name: 'HADDAD',
        gender: 'F',
        date_of_birth: '1990-03-14',
        nationality: 'GB',
        passport_number: passport,
        passport_expiry: '2034-01-01',
      },
    ],
    contact: { email: 'desk@agency.test', phone: '+971 4 555 0100' },
    save_travellers: false,
  };
}

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A deposit's fields; `depositForm` makes the multipart body anew for each attempt. */
export type DepositFields = { bankId: string; amount: string; reference: string };

export const depositFields = (bankId: string, amount: string): DepositFields => ({
  bankId,
  amount,
  reference: `CRASH-${randomBytes(5).toString('hex')}`,
});

export function depositForm(fields: DepositFields): FormData {
  const form = new FormData();
  form.set('bank_id', fields.bankId);
  form.set('amount', fields.amount);
  form.set('deposit_date', new Date().toISOString().slice(0, 10));
  form.set('reference_no', fields.reference);
  form.set('note', 'Crash test deposit');
  form.set('receipt', new Blob([TINY_PNG], { type: 'image/png' }), 'receipt.png');
  return form;
}

/** A small seeded generator (mulberry32), so a failing run can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
