import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDuffelTestServer, type DuffelTestServer } from '../support/duffel/duffel-test-server.js';
import { startServer } from '../support/server-process.js';
import { call, data, signInDemo } from './http-driver.js';

/**
 * Issue 29, crash safety across two systems (docs/decisions/020-supplier-order-saga.md): a real
 * server process selling the local Duffel test server's offers is killed with SIGKILL at each of
 * the saga's crash points (SKYDESK_CRASH_AT, honoured with SKYDESK_TEST_HOOKS=1): after the airline
 * answered and before SkyDesk committed what it answered (a hold made, a payment taken, an instant
 * order made, a cancellation confirmed), and after a debit committed before the airline was asked
 * (a payment, an order). Each time it is started again on the same data, and the reconciler —
 * which runs as the server starts — settles the step: an order the airline made is found by its
 * metadata and recorded, a hold still unpaid is paid once, a payment it took is found and the
 * tickets issued, a cancellation it confirmed is credited, a debit whose order was never asked for
 * is reversed once its window passes. At the end the airline holds exactly one order per booking
 * that asked for one, each paid once, no other; and the agency's ledger is, booking by booking,
 * what the airline was paid plus the operator's markup, less what the airline refunded.
 *
 * The server is started once per crash point on the same data folder: each start settles the last
 * crash (checked over HTTP with the booking list, which settles nothing itself) and then runs into
 * the next.
 */

const TOKEN = 'duffel_test_crash';
const SECRET = 'whsec_crash_test';
const CONTACT = { email: 'desk@agency.test', phone: '+44 20 7946 0000' };
/** The operator's markup on Duffel for these bookings (5 % and 3.00 per passenger). */
const MARKUP = { percent: 5, fixed: 3 };
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Listed = {
  id: string;
  pnr: string;
  status: string;
  total: { Amount: number; CurrencyCode: string };
  supplier: { code: string; state: string | null; reference: string | null };
};

describe('a server killed between the airline’s answer and its commit', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('settles every saga step at the next start: no order lost, none made twice, the ledger matching', async () => {
    const duffel: DuffelTestServer = await createDuffelTestServer({ token: TOKEN, currency: 'USD' });
    cleanups.push(() => duffel.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-duffel-crash-'));
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
      DUFFEL_WEBHOOK_SECRET: SECRET,
      SUPPLIER_SETTLE_SECONDS: '3',
      SUPPLIER_RECONCILE_SECONDS: '1',
      SKYDESK_TEST_HOOKS: '1',
      ...(crashAt ? { SKYDESK_CRASH_AT: crashAt } : {}),
    });

    let server = startServer(env('duffel.after-hold'));
    cleanups.push(() => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    });
    let base = await server.url;
    const token = await signInDemo(base, 'agency');
    const me = await data<{ company: { id: string } }>(base, 'GET', '/api/me', { token });
    // The operator's markup on Duffel: what the agency pays is the airline's price and more.
    await data(base, 'PUT', '/api/admin/suppliers/duffel', {
      token: await signInDemo(base, 'operator'),
      body: { markup_percent: MARKUP.percent, markup_fixed_per_passenger: MARKUP.fixed },
    });

    /** Sends a call that the process dies in; its answer never comes. */
    const dying = async (path: string, body: unknown) => {
      const answer = await call(base, 'POST', path, { token, body }).catch((error: Error) => error);
      expect(answer, 'the process was to die before answering').toBeInstanceOf(Error);
      await server.exited;
      expect(server.child.signalCode).toBe('SIGKILL');
    };
    const restart = async (crashAt?: string) => {
      server = startServer(env(crashAt));
      base = await server.url;
    };
    const listed = async (): Promise<Listed[]> =>
      data(base, 'GET', `/api/booking/company/${me.company.id}?limit=100`, { token });
    /** Waits for the reconciler to bring the booking to a state (it runs at start, then each second). */
    const settled = async (id: string, want: { status: string; state: string }) => {
      const deadline = Date.now() + 30_000;
      let booking: Listed | undefined;
      while (Date.now() < deadline) {
        booking = (await listed()).find((b) => b.id === id);
        if (booking?.status === want.status && booking.supplier.state === want.state) return booking;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(
        `booking ${id} is ${booking?.status}/${booking?.supplier.state}, not ${want.status}/${want.state}\n${server.output()}`,
      );
    };
    /** A Duffel offer of the carrier's, in the brand when one is named (Flex refunds some of its fare). */
    const offer = async (carrier: 'ZZ' | 'Z1', days: number, brand?: string) => {
      const found = await data<{
        PricedItineraries: {
          PricedItinerary: {
            offer_id: string;
            ValidatingCarrier: string;
            FareFamilies: { BrandName: string; offer_id: string | null }[];
          }[];
        };
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
          max_stops: 1,
        },
      });
      const itinerary = found.PricedItineraries.PricedItinerary.find((i) => i.ValidatingCarrier === carrier);
      if (!itinerary) throw new Error(`no ${carrier} offer`);
      if (!brand) return itinerary.offer_id;
      const family = itinerary.FareFamilies.find((f) => f.BrandName === brand);
      if (!family?.offer_id) throw new Error(`no ${brand} brand of ${carrier} on sale`);
      return family.offer_id;
    };
    const bookingBody = (offerId: string, passport: string) => ({
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
      contact: CONTACT,
      save_travellers: false,
    });
    const book = (carrier: 'ZZ' | 'Z1', days: number, passport: string) =>
      offer(carrier, days).then((id) =>
        data<Listed>(base, 'POST', '/api/booking', { token, body: bookingBody(id, passport) }),
      );
    const ordersOf = (id: string) => duffel.state.ordersWithMetadata('skydesk_booking_id', id);
    const paymentsOf = (id: string) => {
      const orders = new Set(ordersOf(id).map((order) => order.id));
      return duffel.state.payments().filter((payment) => orders.has(payment.order_id));
    };
    const before = new Set((await listed()).map((b) => b.id));

    // 1. Killed after Duffel made the hold: the booking was committed `confirming`, its answer lost.
    await dying('/api/booking', bookingBody(await offer('ZZ', 30, 'Flex'), 'P00000001'));
    const [heldOrder] = duffel.state.orders();
    expect(duffel.state.orders()).toHaveLength(1);

    // 2. The next start finds the hold by its metadata and records it (the booking is the one the
    //    hold names); then a second hold is issued, killed after its debit, before Duffel is paid.
    await restart('duffel.before-payment');
    const fresh = (await listed()).filter((b) => !before.has(b.id));
    expect(fresh).toHaveLength(1);
    const held = fresh[0]!;
    expect(heldOrder!.metadata).toEqual({ skydesk_booking_id: held.id });
    expect(await settled(held.id, { status: 'booked', state: 'confirmed' })).toMatchObject({
      supplier: { code: 'duffel', reference: heldOrder!.booking_reference },
    });
    const unpaid = await book('ZZ', 33, 'P00000004');
    expect(unpaid.supplier.state).toBe('confirmed');
    await dying('/api/booking-issue', { pnr: unpaid.pnr });
    expect(paymentsOf(unpaid.id)).toHaveLength(0);

    // 3. The next start finds that order unpaid and still payable, pays it once its window passed
    //    and issues its tickets; then the first hold is issued, killed after Duffel took the payment.
    await restart('duffel.after-payment');
    await settled(unpaid.id, { status: 'ticketed', state: 'confirmed' });
    expect(paymentsOf(unpaid.id)).toHaveLength(1);
    await dying('/api/booking-issue', { pnr: held.pnr });
    expect(paymentsOf(held.id)).toHaveLength(1);

    // 4. The next start finds the order paid and issues its tickets; then an instant order, killed
    //    after Duffel made and paid it.
    await restart('duffel.after-order');
    await settled(held.id, { status: 'ticketed', state: 'confirmed' });
    const instant = await book('Z1', 31, 'P00000002');
    expect(instant.supplier.state).toBe('local');
    await dying('/api/booking-issue', { pnr: instant.pnr });
    expect(ordersOf(instant.id)).toHaveLength(1);

    // 5. The next start finds that order and tickets it; then killed after the debit committed and
    //    before Duffel was asked for anything.
    await restart('duffel.before-order');
    await settled(instant.id, { status: 'ticketed', state: 'confirmed' });
    const never = await book('Z1', 32, 'P00000003');
    await dying('/api/booking-issue', { pnr: never.pnr });
    expect(ordersOf(never.id)).toHaveLength(0);

    // 6. The next start reverses that debit once its window passed (no order was made); then the
    //    first booking refunded at the airline, killed after Duffel confirmed the cancellation.
    await restart('duffel.after-cancel');
    await settled(never.id, { status: 'cancelled', state: 'failed' });
    const quote = await data<{ refund_amount: { Amount: number } }>(base, 'POST', '/api/getPenalty', {
      token,
      body: { booking_id: held.id },
    });
    await dying('/api/request-ticket-refund', { booking_id: held.id, reason: 'Crash test refund' });
    expect(ordersOf(held.id)[0]!.cancelled_at).not.toBeNull();

    // 7. The last start credits the refund the airline made.
    await restart();
    await settled(held.id, { status: 'refunded', state: 'cancelled' });

    // No order lost, none made twice, no order at the airline that no booking pays for: every
    // order Duffel holds is one booking's, paid once; the one never asked for is nowhere.
    const ours = [held, unpaid, instant, never];
    const byId = new Set(ours.map((b) => b.id));
    for (const order of duffel.state.orders()) {
      expect(byId.has(String(order.metadata?.skydesk_booking_id))).toBe(true);
    }
    for (const booking of [held, unpaid, instant]) {
      expect(ordersOf(booking.id)).toHaveLength(1);
      expect(paymentsOf(booking.id)).toHaveLength(1);
    }
    expect(ordersOf(never.id)).toHaveLength(0);
    expect(duffel.state.orders()).toHaveLength(3);

    // The ledger matches the orders: one debit per booking of what the agency was quoted, which is
    // what Duffel was paid plus the operator's markup; the debit of the order never made reversed;
    // the refund what Duffel refunded (the markup is kept).
    const statement = await data<{
      entries: { kind: string; amount: number; booking_id: string | null }[];
    }>(base, 'GET', '/api/company/statement?limit=500', { token });
    const cents = (amount: number | string) => Math.round(Number(amount) * 100);
    const linesOf = (id: string) =>
      statement.entries
        .filter((entry) => entry.booking_id === id)
        .map((entry) => `${entry.kind} ${cents(entry.amount)}`)
        .sort();
    const final = new Map((await listed()).map((b) => [b.id, b]));
    const totalOf = (id: string) => cents(final.get(id)!.total.Amount);
    const markupOn = (paidMinor: number) =>
      Math.round((paidMinor * MARKUP.percent * 100) / 10_000) + cents(MARKUP.fixed);
    const refunded = duffel.state.refunds().reduce((sum, refund) => sum + cents(refund.amount), 0);
    for (const booking of [held, unpaid, instant]) {
      const paid = cents(paymentsOf(booking.id)[0]!.amount);
      expect(totalOf(booking.id), `${booking.pnr}: the airline's price and the markup`).toBe(
        paid + markupOn(paid),
      );
    }
    expect(linesOf(held.id)).toEqual([`refund ${refunded}`, `ticket ${-totalOf(held.id)}`]);
    expect(cents(quote.refund_amount.Amount)).toBe(refunded);
    expect(refunded).toBeGreaterThan(0);
    expect(linesOf(unpaid.id)).toEqual([`ticket ${-totalOf(unpaid.id)}`]);
    expect(linesOf(instant.id)).toEqual([`ticket ${-totalOf(instant.id)}`]);
    expect(linesOf(never.id)).toEqual([`reversal ${totalOf(never.id)}`, `ticket ${-totalOf(never.id)}`]);

    // The recovery is in each booking's history, done by nobody (the reconciler).
    const history = async (id: string) =>
      (
        await data<{ history: { action: string; actor: unknown }[] }>(base, 'GET', `/api/booking/${id}`, {
          token,
        })
      ).history;
    expect(await history(held.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'airline_confirmed', actor: null }),
        expect.objectContaining({ action: 'airline_payment' }),
        expect.objectContaining({ action: 'ticketed', actor: null }),
        expect.objectContaining({ action: 'airline_cancellation' }),
        expect.objectContaining({ action: 'refund_approved', actor: null }),
      ]),
    );
    expect((await history(never.id)).map((event) => event.action)).toEqual(
      expect.arrayContaining(['airline_order', 'cancelled']),
    );
  }, 420_000);
});
