import type { FlightSegment, PassengerType, PricedItinerary, PTC_FareBreakdown } from '@skydesk/contract';
import { minorToAmount } from '@skydesk/contract';
import type { Config } from '../../src/config.js';
import type { Clock } from '../../src/platform/clock.js';
import { createDuffelHttp } from '../../src/supplier/duffel/http.js';
import { createDuffelOrders } from '../../src/supplier/duffel/orders.js';
import { signDuffelBody } from '../../src/supplier/duffel/webhooks.js';
import type { FlightSupplier, OfferBooking, PriceAnswer } from '../../src/supplier/port.js';
import type { RemoteOrders } from '../../src/supplier/remote-orders.js';
import { createTestApp, testConfig } from './app.js';
import { createDuffelTestServer, type DuffelTestServer } from './duffel/duffel-test-server.js';
import type { ListedOffer } from './duffel/duffel-types.js';
import { instantOfLocal } from './duffel/places.js';
import type { StoreKind } from './stores.js';

/**
 * Booking journeys on the local Duffel test server (duffel/README.md): an app whose flight supplier
 * sells the test server's offers — priced as a remote supplier's offer (`supplier: 'duffel'` with
 * its `remote` part), ordered, paid and cancelled through the real adapter (supplier/duffel/orders.ts
 * over the real HTTP client) — and helpers to find an offer, deliver the test server's webhooks
 * and compare the agency's ledger with what the test server was paid.
 *
 * The shopping side here is small and local to the tests (the shopping half of issue 29 maps
 * Duffel's offers for real): one offer id per Duffel offer, its total converted at `rate` plus a
 * fixed markup per passenger.
 */

export const DUFFEL_TOKEN = 'duffel_test_local';
export const WEBHOOK_SECRET = 'whsec_skydesk_test';

export type DuffelBookingOptions = {
  /** The test server's currency (USD by default: the platform's, rate 1). */
  currency?: string;
  /** Platform units per supplier unit. */
  rate?: number;
  /** Markup per passenger, platform minor units. */
  markupPerPassengerMinor?: number;
  /** The saga's window (SUPPLIER_SETTLE_SECONDS). */
  settleSeconds?: number;
  config?: Partial<Config>;
  /** Each Duffel call's deadline (short, so a hung call is an unknown outcome quickly). */
  deadlineMs?: number;
};

type OfferToken = { id: string; total: number; mix: Mix };
type Mix = { adults: number; children: number; infants: number };

const encode = (token: OfferToken) => `dfl_${Buffer.from(JSON.stringify(token)).toString('base64url')}`;
function decode(offerId: string): OfferToken | null {
  if (!offerId.startsWith('dfl_')) return null;
  try {
    return JSON.parse(Buffer.from(offerId.slice(4), 'base64url').toString('utf8')) as OfferToken;
  } catch {
    return null;
  }
}

const TYPE: Record<string, PassengerType> = { adult: 'adult', child: 'child', infant_without_seat: 'infant' };
const PTC: Record<PassengerType, PTC_FareBreakdown['PassengerTypeQuantity']['Code']> = {
  adult: 'ADT',
  child: 'CNN',
  infant: 'INF',
};

function utcOffset(local: string, timeZone: string): string {
  const minutes = Math.round((Date.parse(`${local}Z`) - instantOfLocal(local, timeZone).getTime()) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** A flight supplier selling the test server's offers, through the real Duffel adapter's orders. */
export function duffelTestSupplier(input: {
  duffel: DuffelTestServer;
  clock: Clock;
  orders: RemoteOrders;
  rate: number;
  markupPerPassengerMinor: number;
  currency: string;
}): FlightSupplier {
  const { duffel, rate } = input;
  const money = (minor: number) => ({ Amount: minorToAmount(minor), CurrencyCode: 'USD' });

  async function getOffer(id: string): Promise<ListedOffer | 'gone'> {
    const response = await fetch(`${duffel.url}/air/offers/${id}`, {
      headers: { Authorization: `Bearer ${DUFFEL_TOKEN}`, 'Duffel-Version': 'v2' },
    });
    if (response.status === 404 || response.status === 422) return 'gone';
    if (!response.ok) throw new Error(`GET /air/offers/${id}: ${response.status}`);
    return ((await response.json()) as { data: ListedOffer }).data;
  }

  function priced(
    offer: ListedOffer,
    token: OfferToken,
  ): { itinerary: PricedItinerary; booking: OfferBooking } {
    const party = offer.passengers.length;
    const netMinor = Math.round(Math.round(Number(offer.total_amount) * 100) * rate);
    const taxMinor = Math.round(Math.round(Number(offer.tax_amount ?? '0') * 100) * rate);
    const perPassenger = Math.ceil(netMinor / party) + input.markupPerPassengerMinor;
    const taxes = Math.min(perPassenger, Math.ceil(taxMinor / party));
    const fare = { base: perPassenger - taxes, taxes };
    const totalMinor = perPassenger * party;
    const segments = offer.slices.flatMap((slice, leg) =>
      slice.segments.map((segment) => ({ slice, leg, segment })),
    );
    const flightSegments: FlightSegment[] = segments.map(({ segment }) => ({
      DepartureAirport: { LocationCode: segment.origin.iata_code ?? '', Terminal: null },
      ArrivalAirport: { LocationCode: segment.destination.iata_code ?? '', Terminal: null },
      DepartureDateTime: segment.departing_at.slice(0, 19),
      ArrivalDateTime: segment.arriving_at.slice(0, 19),
      DepartureUTCOffset: utcOffset(segment.departing_at.slice(0, 19), segment.origin.time_zone ?? 'UTC'),
      ArrivalUTCOffset: utcOffset(segment.arriving_at.slice(0, 19), segment.destination.time_zone ?? 'UTC'),
      FlightNumber: segment.marketing_carrier_flight_number,
      MarketingAirline: {
        Code: segment.marketing_carrier.iata_code ?? 'ZZ',
        Name: segment.marketing_carrier.name,
      },
      OperatingAirline: {
        Code: segment.operating_carrier.iata_code ?? 'ZZ',
        Name: segment.operating_carrier.name,
      },
      Equipment: { AirEquipType: segment.aircraft?.iata_code ?? '789' },
      ResBookDesigCode: 'Y',
      CabinClass: 'Economy',
      ElapsedTime: 60,
      StopQuantity: 0,
      SeatsRemaining: 9,
    }));
    const types = (['adult', 'child', 'infant'] as const).filter(
      (type) => offer.passengers.filter((p) => TYPE[p.type ?? 'adult'] === type).length > 0,
    );
    const itinerary: PricedItinerary = {
      SequenceNumber: 1,
      offer_id: encode(token),
      offer_expires_at: offer.expires_at,
      ValidatingCarrier: offer.owner.iata_code ?? 'ZZ',
      FareFamilies: [],
      AirItinerary: {
        DirectionInd: 'OneWay',
        OriginDestinationOptions: {
          OriginDestinationOption: offer.slices.map((_, leg) => ({
            ElapsedTime: 60,
            FlightSegment: flightSegments.filter((__, index) => segments[index]!.leg === leg),
          })),
        },
      },
      AirItineraryPricingInfo: {
        ItinTotalFare: {
          BaseFare: money(fare.base * party),
          Taxes: { Total: money(fare.taxes * party) },
          TotalFare: money(totalMinor),
        },
        PTC_FareBreakdowns: {
          PTC_FareBreakdown: types.map((type) => ({
            PassengerTypeQuantity: {
              Code: PTC[type],
              Quantity: offer.passengers.filter((p) => TYPE[p.type ?? 'adult'] === type).length,
            },
            PassengerFare: {
              BaseFare: money(fare.base),
              Taxes: money(fare.taxes),
              TotalFare: money(perPassenger),
            },
          })),
        },
        FareInfos: [
          { FareBasisCode: 'Y', BrandName: 'Standard', Baggage: { Pieces: 1, WeightKg: 23 }, SegmentRef: 1 },
        ],
        Refundable: offer.conditions.refund_before_departure?.allowed ?? false,
        Penalties: { Cancel: money(0), Change: money(0) },
      },
    };
    const requirements = offer.payment_requirements;
    const limits = [requirements.payment_required_by, requirements.price_guarantee_expires_at]
      .filter((at): at is string => Boolean(at))
      .map((at) => Date.parse(at));
    const booking: OfferBooking = {
      tripType: 'OneWay',
      cabin: 'Economy',
      passengers: token.mix,
      fares: { adult: fare, child: fare, infant: fare },
      totalMinor,
      currency: 'USD',
      validatingCarrier: offer.owner.iata_code ?? 'ZZ',
      segments: segments.map(({ leg, segment }) => ({
        leg,
        flight: `${segment.marketing_carrier.iata_code}${segment.marketing_carrier_flight_number}`,
        date: segment.departing_at.slice(0, 10),
        cabin: 'Economy' as const,
        capacity: 180,
        departsAt: instantOfLocal(segment.departing_at.slice(0, 19), segment.origin.time_zone ?? 'UTC'),
      })),
      supplier: 'duffel',
      remote: {
        offerId: offer.id,
        passengers: offer.passengers.map((p) => ({ id: p.id, type: TYPE[p.type ?? 'adult']! })),
        price: { amount: offer.total_amount, currency: offer.total_currency },
        rate,
        netMinor,
        markupMinor: totalMinor - netMinor,
        instantPaymentOnly: requirements.requires_instant_payment,
        holdUntil: limits.length > 0 ? new Date(Math.min(...limits)) : null,
      },
    };
    return { itinerary, booking };
  }

  return {
    async routes() {
      return {
        Routes: [{ origin_location_code: 'LHR', destination_location_codes: ['JFK'] }],
        Airports: [
          { code: 'LHR', name: 'Heathrow', city: 'London', country_code: 'GB', time_zone: 'Europe/London' },
          {
            code: 'JFK',
            name: 'John F Kennedy',
            city: 'New York',
            country_code: 'US',
            time_zone: 'America/New_York',
          },
        ],
      };
    },
    async search() {
      return { itineraries: [] };
    },
    async price(offerId): Promise<PriceAnswer> {
      const token = decode(offerId);
      if (!token) return { status: 'invalid', message: 'This offer is not ours' };
      const offer = await getOffer(token.id);
      if (offer === 'gone') {
        return {
          status: 'expired',
          expiredAt: input.clock.now(),
          message: 'The airline no longer sells this fare',
        };
      }
      const answer = priced(offer, token);
      return {
        status: 'priced',
        ...answer,
        priceChanged: answer.booking.totalMinor !== token.total,
        previousTotal: money(token.total),
      };
    },
    bookings: {
      async hold() {
        throw new Error('A remote offer takes no sandbox seats');
      },
      async release() {
        throw new Error('A remote booking gives back no sandbox seats');
      },
      ticketNumber() {
        throw new Error('A remote booking is ticketed by its airline');
      },
    },
    orders: input.orders,
  };
}

/** A test app selling the Duffel test server's offers, with the test server and its clock. */
export async function duffelBookingApp(kind: StoreKind, options: DuffelBookingOptions = {}) {
  const currency = options.currency ?? 'USD';
  // The app's clock, which the test server shares: holds, quotes and signatures agree on "now".
  const holder: { clock?: Clock } = {};
  const duffel = await createDuffelTestServer({
    token: DUFFEL_TOKEN,
    currency,
    now: () => holder.clock?.now() ?? new Date('2026-11-22T12:00:00Z'),
  });
  const http = createDuffelHttp({ token: DUFFEL_TOKEN, baseUrl: duffel.url, maxRetryWaitMs: 2_000 });
  const orders = createDuffelOrders({
    http,
    webhookSecret: WEBHOOK_SECRET,
    deadlines: { readMs: options.deadlineMs ?? 3_000, writeMs: options.deadlineMs ?? 3_000 },
  });
  const clockRef = { now: () => holder.clock!.now() };
  const supplier = duffelTestSupplier({
    duffel,
    clock: clockRef,
    orders,
    rate: options.rate ?? 1,
    markupPerPassengerMinor: options.markupPerPassengerMinor ?? 0,
    currency,
  });
  const t = await createTestApp(kind, {
    supplier,
    config: testConfig({ supplierSettleSeconds: options.settleSeconds ?? 120, ...options.config }),
  });
  holder.clock = t.clock;
  return {
    ...t,
    duffel,
    orders,
    close: async () => {
      await t.close();
      await duffel.close();
    },
  };
}

export type DuffelBookingApp = Awaited<ReturnType<typeof duffelBookingApp>>;

/**
 * A Duffel offer for the mix, as an offer id the app books: Duffel Airways' (ZZ, holdable) or
 * Aurora's (Z1, instant payment only), on LHR → JFK.
 */
export async function duffelOffer(
  t: DuffelBookingApp,
  options: { carrier?: 'ZZ' | 'Z1'; mix?: Mix; date?: string; brand?: string } = {},
): Promise<{ offerId: string; duffelOfferId: string; offer: ListedOffer }> {
  const mix = options.mix ?? { adults: 1, children: 0, infants: 0 };
  const passengers = [
    ...Array.from({ length: mix.adults }, () => ({ type: 'adult' })),
    ...Array.from({ length: mix.children }, () => ({ age: 8 })),
    ...Array.from({ length: mix.infants }, () => ({ type: 'infant_without_seat' })),
  ];
  const response = await fetch(`${t.duffel.url}/air/offer_requests`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${DUFFEL_TOKEN}`,
      'Duffel-Version': 'v2',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      data: {
        slices: [{ origin: 'LHR', destination: 'JFK', departure_date: options.date ?? '2026-12-20' }],
        passengers,
        cabin_class: 'economy',
        max_connections: 0,
      },
    }),
  });
  if (!response.ok) throw new Error(`offer request: ${response.status} ${await response.text()}`);
  const offers = ((await response.json()) as { data: { offers: ListedOffer[] } }).data.offers;
  const carrier = options.carrier ?? 'ZZ';
  const offer = offers.find(
    (o) =>
      o.owner.iata_code === carrier && (!options.brand || o.slices[0]?.fare_brand_name === options.brand),
  );
  if (!offer) throw new Error(`No ${carrier} offer`);
  const priced = await t.app.flightSupplier.price(encode({ id: offer.id, total: 0, mix }));
  if (priced.status !== 'priced') throw new Error(`Offer ${offer.id} is not for sale`);
  return {
    offerId: encode({ id: offer.id, total: priced.booking.totalMinor, mix }),
    duffelOfferId: offer.id,
    offer,
  };
}

/** The test server's webhook events of a type (or all), signed and delivered to the app. */
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
        'x-duffel-signature': signDuffelBody(
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
 * The ledger against the supplier (issue 29's "ledger matches orders"): the agency's ticket debits
 * less its reversals and refunds, against what the test server was paid less what it refunded,
 * converted at `rate`, plus the markup of the bookings paid for (the platform keeps it on a refund).
 */
export async function ledgerAgainstSupplier(t: DuffelBookingApp, companyId: string, rate = 1) {
  const entries = await t.store.db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount_minor'])
    .where('company_id', '=', companyId)
    .where('kind', 'in', ['ticket', 'reversal', 'refund', 'void'])
    .execute();
  const charged = entries.reduce((sum, entry) => sum - entry.amount_minor, 0);
  const toMinor = (amount: string) => Math.round(Number(amount) * 100);
  const paid = t.duffel.state.payments().reduce((sum, payment) => sum + toMinor(payment.amount), 0);
  const refunded = t.duffel.state.refunds().reduce((sum, refund) => sum + toMinor(refund.amount), 0);
  const markup = await t.store.db
    .selectFrom('bookings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('markup_minor'), eb.lit(0)).as('markup'))
    .where('company_id', '=', companyId)
    .where('status', 'in', ['ticketed', 'refunded'])
    .executeTakeFirstOrThrow();
  return {
    charged,
    supplierNet: Math.round((paid - refunded) * rate),
    markupOfTicketed: Number(markup.markup),
  };
}
