import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDuffelTestServer, type DuffelTestServer } from '../support/duffel/duffel-test-server.js';
import { startServer } from '../support/server-process.js';
import { call, data, signInDemo } from './http-driver.js';

/**
 * Issue 31, bags added to a paid Duffel order after issue (docs/booking-and-money.md, "Bags after
 * issue"): a real server process is killed with SIGKILL at the step's two crash points
 * (SKYDESK_CRASH_AT, honoured with SKYDESK_TEST_HOOKS=1) — after the airline added the bags and
 * before SkyDesk recorded them (`duffel.after-services`), and after the debit committed and before
 * the airline was asked (`duffel.before-services`) — and started again on the same data. The
 * reconciler, which runs as the server starts, settles each from the order as the airline has it:
 * the bags it added are issued under its EMDs, a debit for bags it never got is reversed once the
 * step's window has passed. The airline is paid for bags once, the agency debited once, and given
 * back exactly what it was debited when nothing was added.
 */

const TOKEN = 'duffel_test_services_crash';
const CONTACT = { email: 'desk@agency.test', phone: '+44 20 7946 0000' };
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const cents = (amount: number | string) => Math.round(Number(amount) * 100);

type Listed = { id: string; pnr: string; status: string; supplier: { state: string | null } };
type Services = {
  services: { status: string; amount: { Amount: number }; emd_number?: string }[];
  bags: { passenger_index: number; segment_index: number; max_quantity: number; price: { Amount: number } }[];
};

describe('a server killed while the airline adds bags to a paid order', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('settles both crash points at the next start: bags paid once, debited once, or given back', async () => {
    const duffel: DuffelTestServer = await createDuffelTestServer({ token: TOKEN, currency: 'USD' });
    cleanups.push(() => duffel.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'skydesk-duffel-services-crash-'));
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

    let server = startServer(env('duffel.after-services'));
    cleanups.push(() => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    });
    let base = await server.url;
    const token = await signInDemo(base, 'agency');
    const me = await data<{ company: { id: string } }>(base, 'GET', '/api/me', { token });

    const restart = async (crashAt?: string) => {
      server = startServer(env(crashAt));
      base = await server.url;
    };
    const listed = async (): Promise<Listed[]> =>
      data(base, 'GET', `/api/booking/company/${me.company.id}?limit=100`, { token });
    const servicesOf = (id: string) => data<Services>(base, 'GET', `/api/booking/${id}/services`, { token });
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
    /** Asks for one extra bag; the process dies in the call, its answer never comes. */
    const dyingAdd = async (id: string) => {
      const catalog = await servicesOf(id);
      const bag = catalog.bags.find((offer) => offer.max_quantity > 0);
      expect(bag).toBeDefined();
      const answer = await call(base, 'POST', `/api/booking/${id}/services`, {
        token,
        body: {
          services: [
            {
              type: 'bag',
              passenger_index: bag!.passenger_index,
              segment_index: bag!.segment_index,
              quantity: 1,
            },
          ],
        },
      }).catch((error: Error) => error);
      expect(answer, 'the process was to die before answering').toBeInstanceOf(Error);
      await server.exited;
      expect(server.child.signalCode).toBe('SIGKILL');
      return bag!;
    };
    /** Waits for the reconciler to end the booking's step with its bags in `status`. */
    const settled = async (id: string, status: 'issued' | 'released') => {
      const deadline = Date.now() + 30_000;
      let last: unknown;
      while (Date.now() < deadline) {
        const booking = (await listed()).find((b) => b.id === id);
        const { services } = await servicesOf(id);
        last = { state: booking?.supplier.state, services };
        if (
          booking?.supplier.state === 'confirmed' &&
          services.length > 0 &&
          services.every((s) => s.status === status)
        ) {
          return services;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`booking ${id} did not settle: ${JSON.stringify(last)}\n${server.output()}`);
    };
    const ordersOf = (id: string) => duffel.state.ordersWithMetadata('skydesk_booking_id', id);
    const bagPaymentsOf = (id: string) => {
      const orders = new Set(ordersOf(id).map((order) => order.id));
      return duffel.state.payments().filter((p) => orders.has(p.order_id) && p.purpose === 'services');
    };

    // 1. Killed after the airline added the bag and took its payment: nothing recorded here.
    const added = await ticketed(30, 'P10000001');
    const bag = await dyingAdd(added.id);
    expect(bagPaymentsOf(added.id)).toHaveLength(1);

    // 2. The next start finds the new service on the order and issues the bag under the airline's
    //    EMD; then a second booking's bag, killed after its debit and before the airline is asked.
    await restart('duffel.before-services');
    const [issued] = await settled(added.id, 'issued');
    expect(ordersOf(added.id)[0]!.documents?.map((d) => d.unique_identifier)).toContain(issued!.emd_number);
    const never = await ticketed(31, 'P10000002');
    await dyingAdd(never.id);
    expect(bagPaymentsOf(never.id)).toHaveLength(0);

    // 3. The last start finds nothing new on that order once the window passed: the debit reversed.
    await restart();
    await settled(never.id, 'released');
    expect(bagPaymentsOf(never.id)).toHaveLength(0);
    expect(bagPaymentsOf(added.id)).toHaveLength(1);

    // The ledger: the bag debited once and kept where the airline added it; debited and given back
    // exactly where it did not. The airline was paid for the one bag it added, once.
    const statement = await data<{ entries: { kind: string; amount: number; booking_id: string | null }[] }>(
      base,
      'GET',
      '/api/company/statement?limit=500',
      { token },
    );
    const linesOf = (id: string) =>
      statement.entries.filter((entry) => entry.booking_id === id).map((e) => `${e.kind} ${cents(e.amount)}`);
    const bagMinor = cents(bag.price.Amount);
    expect(cents(bagPaymentsOf(added.id)[0]!.amount)).toBe(bagMinor);
    expect(linesOf(added.id).filter((line) => line === `ticket ${-bagMinor}`)).toHaveLength(1);
    expect(linesOf(added.id).some((line) => line.startsWith('reversal'))).toBe(false);
    const neverLines = linesOf(never.id);
    const neverBag = (await servicesOf(never.id)).services[0]!;
    expect(neverLines).toEqual(
      expect.arrayContaining([
        `ticket ${-cents(neverBag.amount.Amount)}`,
        `reversal ${cents(neverBag.amount.Amount)}`,
      ]),
    );
    expect(neverLines.filter((line) => line.startsWith('reversal'))).toHaveLength(1);
  }, 300_000);
});
