import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDuffelTestServer, type DuffelTestServer } from '../support/duffel/duffel-test-server.js';
import { startServer } from '../support/server-process.js';
import { call, data, signInDemo } from './http-driver.js';

/**
 * Issue 32, a Duffel booking's change of flights (docs/booking-and-money.md, "Remote suppliers"):
 * a real server process is killed with SIGKILL at the `changing` step's two crash points
 * (SKYDESK_CRASH_AT, honoured with SKYDESK_TEST_HOOKS=1) — after the airline confirmed the order
 * change and before SkyDesk recorded it (`duffel.after-change`), and after the change debit
 * committed and before the airline was asked to confirm (`duffel.before-change`) — and started
 * again on the same data. The reconciler, which runs as the server starts, settles each from the
 * airline's change: one confirmed is recorded (the airline's new ticket exchanged for the old); one
 * still pending once the step's window has passed is confirmed then — a confirmed change refuses a
 * second confirmation — and recorded. The airline is paid once per change, the agency debited once.
 */

const TOKEN = 'duffel_test_changes_crash';
const CONTACT = { email: 'desk@agency.test', phone: '+44 20 7946 0000' };
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const cents = (amount: number | string) => Math.round(Number(amount) * 100);

type Listed = { id: string; pnr: string; status: string; supplier: { state: string | null } };
type Offer = { id: string; change_total: { Amount: number } };
type Details = Listed & { tickets: { ticket_number: string; status: string; replaces?: string | null }[] };

describe('a server killed while the airline changes a paid order', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('settles both crash points at the next start: each change paid once, debited once, recorded', async () => {
    const duffel: DuffelTestServer = await createDuffelTestServer({ token: TOKEN, currency: 'USD' });
    cleanups.push(() => duffel.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-duffel-changes-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = (crashAt?: string): Record<string, string> => ({
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      DEMO_HISTORY: 'false',
      SEARCH_WORKERS: '0',
      SEARCH_CACHE_SECONDS: '0',
      LOG_LEVEL: 'info',
      DUFFEL_ACCESS_TOKEN: TOKEN,
      DUFFEL_API_URL: duffel.url,
      SUPPLIER_SETTLE_SECONDS: '3',
      SUPPLIER_RECONCILE_SECONDS: '1',
      SKYDESK_TEST_HOOKS: '1',
      ...(crashAt ? { SKYDESK_CRASH_AT: crashAt } : {}),
    });

    let server = startServer(env('duffel.after-change'));
    cleanups.push(() => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    });
    let base = await server.url;
    const token = await signInDemo(base, 'agency');

    const restart = async (crashAt?: string) => {
      server = startServer(env(crashAt));
      base = await server.url;
    };
    /** A Duffel Airways booking for one adult, held at the airline and paid: ticketed. */
    const ticketed = async (days: number, passport: string): Promise<Listed> => {
      const found = await data<{
        PricedItineraries: { PricedItinerary: { offer_id: string; ValidatingCarrier: string }[] };
      }>(base, 'POST', '/api/search', {
        token,
        body: {
          trip_type: 'OneWay',
          origin_destinations: [
            {
              departure_date_time: daysAhead(days),
              origin_location_code: 'LHR',
              destination_location_code: 'JFK',
            },
          ],
          adult_quantity: 1,
          child_quantity: 0,
          infant_quantity: 0,
          cabin: 'Economy',
          max_stops: 0,
        },
      });
      const offer = found.PricedItineraries.PricedItinerary.find((i) => i.ValidatingCarrier === 'ZZ');
      if (!offer) throw new Error('no ZZ offer');
      const booking = await data<Listed>(base, 'POST', '/api/booking', {
        token,
        body: {
          offer_id: offer.offer_id,
          passengers: [
            {
              passenger_type: 'adult',
              title: 'MR',
              first_name: 'YUSUF',
              last_name: 'OKAFOR',
              gender: 'M',
              date_of_birth: '1985-07-02',
              nationality: 'GB',
              passport_number: passport,
              passport_expiry: '2034-01-01',
            },
          ],
          contact: CONTACT,
          save_travellers: false,
        },
      });
      expect(booking.supplier.state).toBe('confirmed');
      return data<Listed>(base, 'POST', '/api/booking-issue', { token, body: { pnr: booking.pnr } });
    };
    const detailsOf = (id: string) => data<Details>(base, 'GET', `/api/booking/${id}`, { token });
    /** Asks for change offers three days later and confirms a costly one; the process dies in the call. */
    const dyingChange = async (id: string, days: number): Promise<Offer> => {
      const offers = await data<Offer[]>(base, 'POST', `/api/booking/${id}/change-offers`, {
        token,
        body: { legs: [{ leg_index: 0, departure_date: daysAhead(days + 3) }] },
      });
      const offer = offers.find((candidate) => candidate.change_total.Amount > 0);
      expect(offer).toBeDefined();
      const answer = await call(base, 'POST', `/api/booking/${id}/change`, {
        token,
        body: { change_offer_id: offer!.id },
      }).catch((error: Error) => error);
      expect(answer, 'the process was to die before answering').toBeInstanceOf(Error);
      await server.exited;
      expect(server.child.signalCode).toBe('SIGKILL');
      return offer!;
    };
    /** Waits for the reconciler to end the booking's step with its ticket exchanged. */
    const settled = async (id: string) => {
      const deadline = Date.now() + 30_000;
      let last: unknown;
      while (Date.now() < deadline) {
        const booking = await detailsOf(id);
        last = { state: booking.supplier.state, tickets: booking.tickets };
        if (
          booking.supplier.state === 'confirmed' &&
          booking.tickets.some((ticket) => ticket.status === 'exchanged')
        ) {
          return booking;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`booking ${id} did not settle: ${JSON.stringify(last)}\n${server.output()}`);
    };
    const ordersOf = (id: string) => duffel.state.ordersWithMetadata('skydesk_booking_id', id);
    const changePaymentsOf = (id: string) => {
      const orders = new Set(ordersOf(id).map((order) => order.id));
      return duffel.state.payments().filter((p) => orders.has(p.order_id) && p.purpose === 'order_change');
    };

    // 1. Killed after the airline confirmed the change and took its payment: nothing recorded here.
    const first = await ticketed(30, 'P20000001');
    const firstOffer = await dyingChange(first.id, 30);
    expect(changePaymentsOf(first.id)).toHaveLength(1);

    // 2. The next start reads the change confirmed and records the airline's new ticket; then a
    //    second booking's change, killed after its debit and before the airline is asked.
    await restart('duffel.before-change');
    const changed = await settled(first.id);
    const fresh = changed.tickets.find((ticket) => ticket.status === 'issued')!;
    expect(ordersOf(first.id)[0]!.documents?.map((d) => d.unique_identifier)).toContain(fresh.ticket_number);
    const second = await ticketed(31, 'P20000002');
    const secondOffer = await dyingChange(second.id, 31);
    expect(changePaymentsOf(second.id)).toHaveLength(0);

    // 3. The last start finds that change still pending once the window passed: confirmed then,
    //    once, and recorded.
    await restart();
    await settled(second.id);
    expect(changePaymentsOf(second.id)).toHaveLength(1);
    expect(changePaymentsOf(first.id)).toHaveLength(1);

    // The ledger: each change debited once, at the airline's positive change total, never reversed.
    const statement = await data<{ entries: { kind: string; amount: number; booking_id: string | null }[] }>(
      base,
      'GET',
      '/api/company/statement?limit=500',
      { token },
    );
    const linesOf = (id: string) =>
      statement.entries.filter((entry) => entry.booking_id === id).map((e) => `${e.kind} ${cents(e.amount)}`);
    for (const [booking, offer] of [
      [first, firstOffer],
      [second, secondOffer],
    ] as const) {
      expect(linesOf(booking.id).filter((line) => line.startsWith('change'))).toEqual([
        `change ${-cents(offer.change_total.Amount)}`,
      ]);
      expect(linesOf(booking.id).some((line) => line.startsWith('reversal'))).toBe(false);
      expect(cents(changePaymentsOf(booking.id)[0]!.amount)).toBe(cents(offer.change_total.Amount));
    }
  }, 300_000);
});
