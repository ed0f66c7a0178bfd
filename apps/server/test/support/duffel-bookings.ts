import { type PricedItinerary, SearchResult } from '@skydesk/contract';
import type { Config } from '../../src/config.js';
import { createTestApp, testConfig } from './app.js';
import { post } from './auth-flow.js';
import { type Agent, type Mix, ONE_ADULT, searchBody } from './bookings.js';
import { createDuffelTestServer } from './duffel/duffel-test-server.js';
import { signWebhookBody } from './duffel/webhooks.js';
import { setSupplierMarkup } from './platform-rules.js';
import type { StoreKind } from './stores.js';

/**
 * Booking journeys on the local Duffel test server (duffel/README.md), through the app as it runs
 * with DUFFEL_ACCESS_TOKEN and DUFFEL_API_URL set: the real adapter searched, priced, ordered, paid
 * and cancelled, the order saga (decision 020) around it. Helpers find a Duffel offer by searching,
 * deliver the test server's webhooks signed as Duffel signs them, and compare the agency's ledger
 * with what the test server was paid and refunded.
 *
 * The test server and the app share the app's manual clock, so holds, offers, cancellation quotes
 * and webhook signatures agree on "now". Its currency is the platform's (USD) unless a test asks
 * for another, with the operator's rate for it.
 */

export const DUFFEL_TOKEN = 'duffel_test_local';
export const WEBHOOK_SECRET = 'whsec_skydesk_test';

export type DuffelBookingOptions = {
  /** The test server's currency (USD by default: the platform's). */
  currency?: string;
  /** The operator's rate for `currency` (platform units per unit). */
  rate?: number;
  /** The operator's Duffel markup. */
  markup?: { bps: number; fixedMinor: number };
  /** The saga's window (SUPPLIER_SETTLE_SECONDS). */
  settleSeconds?: number;
  config?: Partial<Config>;
};

export async function duffelBookingApp(kind: StoreKind, options: DuffelBookingOptions = {}) {
  const currency = options.currency ?? 'USD';
  let now = () => new Date('2026-11-22T12:00:00Z');
  const duffel = await createDuffelTestServer({ token: DUFFEL_TOKEN, currency, now: () => now() });
  const t = await createTestApp(kind, {
    config: testConfig({
      duffel: { accessToken: DUFFEL_TOKEN, apiUrl: duffel.url, webhookSecret: WEBHOOK_SECRET },
      supplierSettleSeconds: options.settleSeconds ?? 120,
      // A Duffel offer books once: every search asks Duffel afresh for offers nobody booked yet.
      searchCacheSeconds: 0,
      ...options.config,
    }),
  });
  now = () => t.clock.now();
  if (currency !== 'USD') {
    await t.store.db
      .insertInto('currency_rates')
      .values({ currency, rate: options.rate ?? 1, effective_on: '2026-11-01' })
      .execute();
  }
  if (options.markup) await setSupplierMarkup(t.store.db, 'duffel', options.markup);
  return {
    ...t,
    duffel,
    close: async () => {
      await t.close();
      await duffel.close();
    },
  };
}

export type DuffelBookingApp = Awaited<ReturnType<typeof duffelBookingApp>>;

/**
 * A Duffel offer the agent found by searching London → New York: Duffel Airways' (ZZ, held at the
 * airline) or Aurora's (Z1, instant payment only), in a brand when asked.
 */
export async function duffelOffer(
  t: DuffelBookingApp,
  agent: Agent,
  options: { carrier?: 'ZZ' | 'Z1'; mix?: Mix; date?: string; brand?: string } = {},
): Promise<{ offerId: string; itinerary: PricedItinerary }> {
  const found = await post(
    t,
    '/api/search',
    searchBody({
      maxStops: 1,
      mix: options.mix ?? ONE_ADULT,
      ...(options.date ? { date: options.date } : {}),
    }),
    { token: agent.token },
  );
  if (found.statusCode !== 200) throw new Error(`search: ${found.statusCode} ${found.body}`);
  const carrier = options.carrier ?? 'ZZ';
  const itinerary = SearchResult.parse(found.json().data).PricedItineraries.PricedItinerary.find(
    (i) => i.ValidatingCarrier === carrier,
  );
  if (!itinerary) throw new Error(`No ${carrier} offer`);
  if (!options.brand) return { offerId: itinerary.offer_id, itinerary };
  const family = itinerary.FareFamilies.find((f) => f.BrandName === options.brand);
  if (!family?.offer_id) throw new Error(`No ${options.brand} brand of ${carrier} on sale`);
  return { offerId: family.offer_id, itinerary };
}

/** The test server's webhook events of a type (or all), signed as Duffel signs them and delivered. */
export async function deliverWebhooks(t: DuffelBookingApp, type?: string) {
  await t.duffel.idle();
  const answers: number[] = [];
  for (const event of t.duffel.webhooks.events.filter((e) => !type || e.type === type)) {
    const body = JSON.stringify(event);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/duffel',
      headers: {
        'content-type': 'application/json',
        'x-duffel-signature': signWebhookBody(
          body,
          WEBHOOK_SECRET,
          Math.floor(t.clock.now().getTime() / 1000),
        ),
      },
      payload: body,
    });
    answers.push(response.statusCode);
  }
  return answers;
}

/**
 * The ledger against the supplier (issue 29's "ledger matches orders"), per agency: its ticket
 * and change debits less its reversals, refunds and change credits (issue 32), against what the test server was paid less what it
 * refunded for the agency's bookings, converted at each booking's rate, plus the markup of the
 * bookings paid for (the platform keeps it on a refund). Supplier amounts are in its minor units.
 */
export async function ledgerAgainstSupplier(t: DuffelBookingApp, companyId: string) {
  const entries = await t.store.db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount_minor'])
    .where('company_id', '=', companyId)
    .where('kind', 'in', ['ticket', 'reversal', 'refund', 'void', 'change'])
    .execute();
  const charged = entries.reduce((sum, entry) => sum - entry.amount_minor, 0);
  const bookings = await t.store.db
    .selectFrom('bookings')
    .select(['id', 'status', 'markup_minor', 'supplier_offer'])
    .where('company_id', '=', companyId)
    .where('supplier', '=', 'duffel')
    .execute();
  const toMinor = (amount: string) => Math.round(Number(amount) * 100);
  let supplierNet = 0;
  let markup = 0;
  for (const booking of bookings) {
    const orders = new Set(
      t.duffel.state.ordersWithMetadata('skydesk_booking_id', booking.id).map((o) => o.id),
    );
    const paid = t.duffel.state
      .payments()
      .filter((payment) => orders.has(payment.order_id))
      .reduce((sum, payment) => sum + toMinor(payment.amount), 0);
    const refunded = t.duffel.state
      .refunds()
      .filter((refund) => orders.has(refund.order_id))
      .reduce((sum, refund) => sum + toMinor(refund.amount), 0);
    const rate = booking.supplier_offer?.rate ?? 1;
    supplierNet += Math.round(paid * rate) - Math.min(Math.round(refunded * rate), Math.round(paid * rate));
    if (paid > 0) markup += booking.markup_minor;
  }
  return { charged, supplierNet, markupOfPaid: markup };
}
