import { createHash } from 'node:crypto';
import {
  AppError,
  type FareBrand,
  type GroupedSearchResult,
  type Money,
  minorToAmount,
} from '@skydesk/contract';
import type { Clock } from '../../platform/clock.js';
import type {
  FlightSearchAnswer,
  FlightSearchRequest,
  FlightShopping,
  GroupedAnswer,
  OfferBooking,
  PriceAnswer,
  PriceSelection,
  RoutesAnswer,
  SelectionAnswer,
} from '../port.js';
import { SupplierCallError, type SupplierCode } from '../remote-orders.js';
import { priceRemoteOffer } from '../remote-pricing.js';
import type { SupplierHealth } from '../supplier-health.js';
import type { SupplierPolicy } from '../supplier-settings.js';
import type { DuffelHttp } from './http.js';
import type { DuffelIds } from './offer-ids.js';
import {
  assignBrands,
  brandLabel,
  cabinOf,
  DUFFEL_CABIN,
  designatorOf,
  journeyKey,
  journeyLegOption,
  offerSegments,
  type PricedOffer,
  partyOf,
  passengersInOrder,
  presentable,
  presentItinerary,
  remoteTripOf,
  ticketingOf,
  tripTypeOf,
} from './offers.js';
import type { Offer, OfferRequest } from './types.js';

/**
 * Duffel's shopping through the port (issue 29): a search is one offer request with its offers
 * (`POST /air/offer_requests?return_offers=true`), within the supplier search deadline; an offer
 * is re-priced with `GET /air/offers/{id}`. Prices are the operator's: Duffel's total converted
 * at the rate in force and marked up (remote-pricing.ts); an offer in a currency without a rate
 * is left out and counted in the supplier's health. Ids are sealed (offer-ids.ts).
 *
 * Duffel has no route list and no low-fare calendar: `routes()` answers none (the portal keeps
 * the sandbox's) and there is no `lowestFare` (the fare strip stays the sandbox's).
 */

const CODE: SupplierCode = 'duffel';
/** A re-price waits this long at most: a booking request is waiting on it. */
const PRICE_DEADLINE_MS = 10_000;
/** The age a child is searched at (Duffel wants an age under 18 instead of a type). */
const CHILD_AGE = 10;
const INFANT_AGE = 1;

export type DuffelShoppingOptions = {
  http: DuffelHttp;
  ids: DuffelIds;
  policy: SupplierPolicy;
  health: SupplierHealth;
  clock: Clock;
  /** The platform currency (CURRENCY). */
  currency: string;
  /** SUPPLIER_SEARCH_DEADLINE_MS. */
  searchDeadlineMs: number;
};

export type DuffelShopping = FlightShopping & {
  priceSelection(selection: PriceSelection): Promise<SelectionAnswer>;
};

/** The search's shopping fields, bound into its option ids (another search's do not open). */
export function duffelSearchKey(request: FlightSearchRequest): string {
  return JSON.stringify([
    request.tripType,
    request.legs.map((leg) => [leg.origin, leg.destination, leg.departureDate]),
    request.passengers.adults,
    request.passengers.children,
    request.passengers.infants,
    request.cabin,
  ]);
}

type Journey = { key: string; brands: { priced: PricedOffer; brand: FareBrand }[] };

export function createDuffelShopping(options: DuffelShoppingOptions): DuffelShopping {
  const { http, ids, policy, health, clock, currency } = options;
  const money = (minor: number): Money => ({ Amount: minorToAmount(minor), CurrencyCode: currency });

  /** Each offer priced for the agency; those without a rate left out and counted by currency. */
  async function priceOffers(offers: readonly Offer[]): Promise<PricedOffer[]> {
    const platform = await policy.platformRules();
    const today = clock.now().toISOString().slice(0, 10);
    const rates = new Map<string, number | null>();
    const withoutRate = new Map<string, number>();
    const priced: PricedOffer[] = [];
    for (const offer of offers) {
      if (!rates.has(offer.total_currency))
        rates.set(offer.total_currency, await policy.rate(offer.total_currency));
      const rate = rates.get(offer.total_currency) ?? null;
      if (rate === null) {
        withoutRate.set(offer.total_currency, (withoutRate.get(offer.total_currency) ?? 0) + 1);
        continue;
      }
      const party = partyOf(offer);
      const price = priceRemoteOffer({
        total: { amount: offer.total_amount, currency: offer.total_currency },
        tax:
          offer.tax_amount && offer.tax_currency
            ? { amount: offer.tax_amount, currency: offer.tax_currency }
            : null,
        rate,
        party,
        trip: remoteTripOf(offer, today, currency),
        platform,
      });
      if (price) priced.push({ offer, price, rate, party });
    }
    for (const [missing, count] of withoutRate) health.recordOffersWithoutRate(missing, count);
    return priced;
  }

  /** Offers of the same flights by the same airline, each journey's brands cheapest first. */
  function journeysOf(priced: readonly PricedOffer[]): Journey[] {
    const byKey = new Map<string, PricedOffer[]>();
    for (const entry of priced) {
      const key = `${entry.offer.owner.iata_code}/${journeyKey(entry.offer)}`;
      const list = byKey.get(key) ?? [];
      list.push(entry);
      byKey.set(key, list);
    }
    const journeys: Journey[] = [];
    for (const [key, list] of byKey) {
      list.sort((a, b) => a.price.totalMinor - b.price.totalMinor);
      const brands = assignBrands(list.map((entry) => entry.offer));
      journeys.push({
        key,
        brands: list.flatMap((priced, i) => (brands[i] ? [{ priced, brand: brands[i]! }] : [])),
      });
    }
    return journeys.sort(
      (a, b) => a.brands[0]!.priced.price.totalMinor - b.brands[0]!.priced.price.totalMinor,
    );
  }

  const sealOffer = (priced: PricedOffer, brand: FareBrand) => {
    const label = brandLabel(priced.offer, brand);
    return ids.offerId({
      duffelOfferId: priced.offer.id,
      totalMinor: priced.price.totalMinor,
      expiresAt: new Date(priced.offer.expires_at),
      brand,
      ticketing: ticketingOf(priced.offer),
      ...(label ? { brandLabel: label } : {}),
    });
  };

  function flatAnswer(request: FlightSearchRequest, journeys: readonly Journey[]) {
    return journeys.map((journey, index) => {
      const [main, ...others] = journey.brands;
      return presentItinerary({
        main: { ...main!, offerId: sealOffer(main!.priced, main!.brand) },
        families: others.map((other) => ({ ...other, offerId: sealOffer(other.priced, other.brand) })),
        tripType: request.tripType,
        cabin: request.cabin,
        currency,
        sequenceNumber: index + 1,
      });
    });
  }

  function groupedAnswer(request: FlightSearchRequest, journeys: readonly Journey[]): GroupedAnswer {
    const searchKey = duffelSearchKey(request);
    const legs: GroupedSearchResult['legs'] = request.legs.map((leg) => ({
      origin: leg.origin,
      destination: leg.destination,
      date: leg.departureDate,
      options: [],
    }));
    const combinations: GroupedSearchResult['combinations'] = request.legs.slice(1).map(() => ({}));
    const reference: GroupedSearchResult['reference'] = { airports: {}, airlines: {}, equipment: {} };
    for (const journey of journeys) {
      const cheapest = journey.brands[0]!.priced.price.totalMinor;
      const first = journey.brands[0]!.priced.offer;
      const expiresAt = new Date(
        Math.min(...journey.brands.map(({ priced }) => Date.parse(priced.offer.expires_at))),
      );
      const journeyId = createHash('sha256').update(journey.key).digest('base64url').slice(0, 12);
      const offers = Object.fromEntries(
        journey.brands.map(({ priced, brand }) => [
          brand,
          { duffelOfferId: priced.offer.id, totalMinor: priced.price.totalMinor },
        ]),
      );
      const optionIds = first.slices.map((slice, leg) =>
        ids.optionId(
          { leg, legs: first.slices.length, journey: journeyId, expiresAt, offers },
          slice.segments.map(designatorOf).join('_'),
          searchKey,
        ),
      );
      first.slices.forEach((slice, leg) => {
        legs[leg]!.options.push(
          journeyLegOption({
            id: optionIds[leg]!,
            leg,
            brands: journey.brands,
            cabinTotal: cheapest,
            currency,
          }),
        );
        if (leg + 1 < first.slices.length) {
          combinations[leg]![optionIds[leg]!] = [[optionIds[leg + 1]!, minorToAmount(cheapest)]];
        }
        for (const segment of slice.segments) {
          for (const airport of [segment.origin, segment.destination]) {
            reference.airports[airport.iata_code!] ??= {
              name: airport.name,
              city: airport.city_name ?? airport.city?.name ?? airport.name,
              country_code: airport.iata_country_code,
              time_zone: airport.time_zone,
            };
          }
          for (const airline of [segment.marketing_carrier, segment.operating_carrier]) {
            if (airline?.iata_code) reference.airlines[airline.iata_code] ??= { name: airline.name };
          }
          if (segment.aircraft?.iata_code) {
            reference.equipment[segment.aircraft.iata_code] ??= { name: segment.aircraft.name };
          }
        }
      });
    }
    for (const leg of legs) leg.options.sort((a, b) => a.cheapest_total - b.cheapest_total);
    return {
      view: 'itineraries',
      currency,
      trip_type: request.tripType,
      cabin: request.cabin,
      passengers: { ...request.passengers },
      reference,
      legs,
      combinations,
    };
  }

  /** Re-prices a Duffel offer now, as the agency would pay for it. */
  async function priceOffer(
    duffelOfferId: string,
    quoted: { totalMinor: number; brand: FareBrand },
  ): Promise<PriceAnswer> {
    const now = clock.now();
    // Switched off by an operator: nothing more is sold (an answer cached before still shows it).
    if (!(await policy.setting(CODE)).enabled) {
      return {
        status: 'unavailable',
        message: 'This airline is not sold right now. Search again for current fares.',
      };
    }
    let offer: Offer;
    try {
      offer = (
        await http.request<Offer>({
          method: 'GET',
          path: `/air/offers/${duffelOfferId}`,
          deadlineMs: PRICE_DEADLINE_MS,
        })
      ).data;
    } catch (error) {
      if (error instanceof SupplierCallError && error.kind === 'gone') {
        return {
          status: 'expired',
          expiredAt: now,
          message: 'The airline no longer sells this fare. Search again for current fares.',
        };
      }
      if (error instanceof SupplierCallError) return { status: 'unavailable', message: error.message };
      throw error;
    }
    if (!presentable(offer, offer.slices.length)) {
      return {
        status: 'unavailable',
        message: 'The airline changed this fare in a way SkyDesk cannot sell. Search again.',
      };
    }
    const [priced] = await priceOffers([offer]);
    if (!priced) {
      return {
        status: 'unavailable',
        message: `SkyDesk has no exchange rate for ${offer.total_currency} today, so this fare cannot be sold. Your operator has been told.`,
      };
    }
    const cabin = cabinOf(offer, 'Economy');
    const tripType = tripTypeOf(offer);
    const itinerary = presentItinerary({
      main: { priced, brand: quoted.brand, offerId: sealOffer(priced, quoted.brand) },
      families: [],
      tripType,
      cabin,
      currency,
      sequenceNumber: 1,
    });
    const requirements = offer.payment_requirements;
    const deadlines = [requirements.payment_required_by, requirements.price_guarantee_expires_at]
      .filter((at): at is string => typeof at === 'string')
      .map((at) => Date.parse(at));
    const booking: OfferBooking = {
      tripType,
      cabin,
      passengers: priced.party,
      fares: priced.price.fares,
      totalMinor: priced.price.totalMinor,
      currency,
      validatingCarrier: offer.owner.iata_code!,
      segments: offerSegments(offer, cabin),
      supplier: CODE,
      remote: {
        offerId: offer.id,
        passengers: passengersInOrder(offer),
        segmentIds: offer.slices.flatMap((slice) => slice.segments.map((segment) => segment.id)),
        price: { amount: offer.total_amount, currency: offer.total_currency },
        rate: priced.rate,
        netMinor: priced.price.netMinor,
        markupMinor: priced.price.markupMinor,
        instantPaymentOnly: requirements.requires_instant_payment,
        holdUntil:
          requirements.requires_instant_payment || deadlines.length === 0
            ? null
            : new Date(Math.min(...deadlines)),
      },
    };
    return {
      status: 'priced',
      itinerary,
      booking,
      priceChanged: priced.price.totalMinor !== quoted.totalMinor,
      previousTotal: money(quoted.totalMinor),
    };
  }

  return {
    async routes(): Promise<RoutesAnswer> {
      return { Routes: [], Airports: [] };
    },

    async search(request: FlightSearchRequest): Promise<FlightSearchAnswer> {
      const passengers = [
        ...Array.from({ length: request.passengers.adults }, () => ({ type: 'adult' as const })),
        ...Array.from({ length: request.passengers.children }, () => ({ age: CHILD_AGE })),
        ...Array.from({ length: request.passengers.infants }, () => ({ age: INFANT_AGE })),
      ];
      const answer = await http.request<OfferRequest>({
        method: 'POST',
        path: '/air/offer_requests',
        // Duffel asks its airlines with this timeout: they answer within the portal's deadline.
        params: {
          return_offers: true,
          supplier_timeout: Math.max(2_000, Math.min(60_000, options.searchDeadlineMs - 500)),
        },
        data: {
          slices: request.legs.map((leg) => ({
            origin: leg.origin,
            destination: leg.destination,
            departure_date: leg.departureDate,
          })),
          passengers,
          cabin_class: DUFFEL_CABIN[request.cabin],
          max_connections: request.maxStops,
        },
        // An offer request is a question: a lost answer changes nothing at Duffel.
        write: false,
        deadlineMs: options.searchDeadlineMs,
      });
      const preferred = new Set(request.preferredAirlines);
      const offers = (answer.data.offers ?? []).filter(
        (offer) =>
          presentable(offer as Offer, request.legs.length) &&
          (preferred.size === 0 || preferred.has(offer.owner.iata_code!)),
      ) as Offer[];
      const journeys = journeysOf(await priceOffers(offers));
      const expiresAt =
        journeys.length === 0
          ? undefined
          : Math.min(
              ...journeys.flatMap((j) => j.brands.map(({ priced }) => Date.parse(priced.offer.expires_at))),
            );
      const timing = expiresAt === undefined ? {} : { expiresAt };
      if (request.view === 'itineraries') {
        return {
          itineraries: [],
          grouped: { answer: groupedAnswer(request, journeys), trips: journeys.length },
          ...timing,
        };
      }
      return { itineraries: flatAnswer(request, journeys), ...timing };
    },

    async price(offerId: string): Promise<PriceAnswer> {
      const sealed = ids.readOfferId(offerId);
      if (!sealed) return { status: 'invalid', message: 'This offer id is not one of ours' };
      if (clock.now().getTime() > sealed.expiresAt.getTime()) {
        return {
          status: 'expired',
          expiredAt: sealed.expiresAt,
          message: 'This fare has expired. Search again for current fares.',
        };
      }
      return priceOffer(sealed.duffelOfferId, sealed);
    },

    async priceSelection({ request, optionIds, brand }: PriceSelection): Promise<SelectionAnswer> {
      const searchKey = duffelSearchKey(request);
      if (optionIds.length !== request.legs.length) {
        return {
          status: 'invalid',
          field: 'option_ids',
          message: `Choose one option for each of the ${request.legs.length} legs`,
        };
      }
      const sealed = optionIds.map((id) => ids.readOptionId(id, searchKey));
      for (const [index, option] of sealed.entries()) {
        if (!option || option.leg !== index || option.legs !== request.legs.length) {
          return {
            status: 'invalid',
            field: `option_ids.${index}`,
            message: 'Not an option of this search; search again.',
          };
        }
        if (option.journey !== sealed[0]!.journey) {
          return {
            status: 'invalid',
            field: `option_ids.${index}`,
            message: 'The airline sells these flights only with the options listed with them.',
          };
        }
      }
      const first = sealed[0]!;
      if (clock.now().getTime() > first.expiresAt.getTime()) {
        return {
          status: 'expired',
          expiredAt: first.expiresAt,
          message: 'These prices have expired; search again.',
        };
      }
      const offer = first.offers[brand];
      if (!offer) {
        const sold = Object.keys(first.offers).join(', ');
        return { status: 'invalid', field: 'brand', message: `The airline sells these flights in ${sold}` };
      }
      const answer = await priceOffer(offer.duffelOfferId, { totalMinor: offer.totalMinor, brand });
      switch (answer.status) {
        case 'priced':
          return { status: 'priced', itinerary: answer.itinerary };
        case 'expired':
          return answer;
        case 'invalid':
          return { status: 'invalid', field: 'option_ids', message: answer.message };
        case 'soldOut':
          return answer;
        case 'unavailable':
          // The airline did not answer: worth trying again, unlike a refusal.
          throw new AppError('unavailable', answer.message, { retryAfter: 30 });
      }
    },
  };
}
