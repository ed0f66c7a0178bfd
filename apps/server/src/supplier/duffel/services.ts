import {
  AppError,
  type BagOffer,
  MAX_EXTRA_BAGS,
  minorToAmount,
  type ServiceRequest,
} from '@skydesk/contract';
import {
  type RemoteOffer,
  type RemoteServicesQuote,
  SupplierCallError,
  type SupplierMoney,
} from '../remote-orders.js';
import { convertToPlatformMinor, decimalToMinor, minorDigits } from '../remote-pricing.js';
import type { BagOfferRequest } from '../services.js';
import type { DuffelHttp } from './http.js';
import { evenShares } from './offers.js';
import type { DuffelSeatMaps } from './seat-maps.js';
import type { SeatMap as DuffelSeatMap, Offer, OfferAvailableServiceBaggage } from './types.js';

/**
 * Duffel's extra bags and seats, sold with the order (issue 31):
 *
 * - **Bags** are the offer's `available_services` of type `baggage` (`GET /air/offers/{id}?
 *   return_available_services=true`), one per passenger, each on the segments it lists (a slice's
 *   or all). The portal shows a bag per passenger and flight: a service over several flights shows
 *   on each, its price shared between them (the shares add up to the price), and is bought once for
 *   all of them — the same number of bags on each, as Duffel sells it. Its weight is the service's
 *   `metadata.maximum_weight_kg`; a service that states none is left out (the portal names a weight
 *   for every bag). Duffel states no weight for the fare's own allowance: `included.weight_kg` 0.
 * - **Seats** are the seat map's `available_services` of the seat chosen, for that passenger.
 * - **Prices** are Duffel's converted at the offer's rate, without markup (the operator's markup is
 *   per ticket). The services travel with the order as `services: [{ id, quantity }]`, and the order
 *   is paid for the offer's total plus theirs.
 * - Duffel takes no services with a hold order (its guide: "omit the services key"), so an offer
 *   booked with services is not held at the airline: it is ordered and paid at once on issue, as a
 *   fare that must be paid at once (`instantPaymentOnly`); the seats are the airline's until then.
 */

type DuffelBag = OfferAvailableServiceBaggage;

export type DuffelServices = {
  bagOffers(request: BagOfferRequest): Promise<BagOffer[]>;
  quote(offer: RemoteOffer, requests: readonly ServiceRequest[]): Promise<RemoteServicesQuote>;
};

const SERVICES_DEADLINE_MS = 10_000;

/** The checked-bag services of an offer that state their weight. */
function checkedBags(offer: Pick<Offer, 'available_services'>): DuffelBag[] {
  return ((offer.available_services ?? []) as DuffelBag[]).filter(
    (service) =>
      service.type === 'baggage' &&
      service.metadata?.type === 'checked' &&
      typeof service.metadata.maximum_weight_kg === 'number' &&
      service.metadata.maximum_weight_kg >= 1,
  );
}

/** The bag service sold to this passenger on this segment, if any (the first the airline lists). */
const bagFor = (bags: readonly DuffelBag[], passengerId: string, segmentId: string) =>
  bags.find((bag) => bag.passenger_ids.includes(passengerId) && bag.segment_ids.includes(segmentId));

/** Checked bags the fare includes for a passenger on a segment. */
function includedPieces(offer: Offer, passengerId: string, segmentId: string): number {
  for (const slice of offer.slices) {
    for (const segment of slice.segments) {
      if (segment.id !== segmentId) continue;
      const passenger = segment.passengers.find((p) => p.passenger_id === passengerId);
      return (passenger?.baggages ?? [])
        .filter((bag) => bag.type === 'checked')
        .reduce((sum, bag) => sum + bag.quantity, 0);
    }
  }
  return 0;
}

const segmentIdsOf = (offer: Offer) => offer.slices.flatMap((slice) => slice.segments.map((s) => s.id));

/**
 * The offer's bags per passenger and flight, as the portal shows them (pure: `offer` read with its
 * available services). `bought` lowers what is left of the airline's maximum.
 */
export function bagOffersOf(
  offer: Offer,
  remote: Pick<RemoteOffer, 'passengers' | 'rate'>,
  flights: BagOfferRequest['flights'],
  currency: string,
  bought: BagOfferRequest['bought'] = [],
): BagOffer[] {
  const bags = checkedBags(offer);
  const segmentIds = segmentIdsOf(offer);
  const offers: BagOffer[] = [];
  remote.passengers.forEach((passenger, passengerIndex) => {
    if (passenger.type === 'infant') return;
    for (const flight of flights) {
      const segmentId = segmentIds[flight.segmentIndex];
      const bag = segmentId && bagFor(bags, passenger.id, segmentId);
      if (!segmentId || !bag) continue;
      const priceMinor = convertToPlatformMinor(bag.total_amount, bag.total_currency, remote.rate);
      if (!Number.isFinite(priceMinor) || priceMinor <= 0) continue;
      const flown = bag.segment_ids.filter((id) => segmentIds.includes(id));
      const share = evenShares(priceMinor, Math.max(1, flown.length))[Math.max(0, flown.indexOf(segmentId))]!;
      const already = bought
        .filter((b) => b.passengerIndex === passengerIndex && b.segmentIndex === flight.segmentIndex)
        .reduce((sum, b) => sum + b.quantity, 0);
      offers.push({
        passenger_index: passengerIndex,
        segment_index: flight.segmentIndex,
        included: { pieces: includedPieces(offer, passenger.id, segmentId), weight_kg: 0 },
        weight_kg: Math.round(bag.metadata.maximum_weight_kg!),
        price: { Amount: minorToAmount(share), CurrencyCode: currency },
        max_quantity: Math.max(0, Math.min(bag.maximum_quantity, MAX_EXTRA_BAGS) - already),
      });
    }
  });
  return offers;
}

type Invalid = Extract<RemoteServicesQuote, { status: 'invalid' }>;
const invalid = (field: string, message: string): Invalid => ({ status: 'invalid', field, message });

/**
 * Seats and bags asked for with a Duffel offer as Duffel's services (pure: the offer read with its
 * available services, the seat maps when a seat is asked for). Each request's amount is in platform
 * minor units; a bag bought for several flights at once is one service (one EMD): its amount is on
 * the first request that names it, 0 on the others. Refusals name the request field at fault, as a
 * 422 does.
 */
export function quoteOf(
  offer: Offer,
  maps: readonly DuffelSeatMap[],
  remote: RemoteOffer,
  requests: readonly ServiceRequest[],
): RemoteServicesQuote {
  const bags = checkedBags(offer);
  const segmentIds = segmentIdsOf(offer);
  const currency = remote.price.currency;
  const chosen: { id: string; quantity: number; amount: string; currency: string; requests: number[] }[] = [];
  const seatTaken = new Set<string>();
  const seatOf = new Set<string>();

  for (const [i, request] of requests.entries()) {
    const field = `services.${i}`;
    const passenger = remote.passengers[request.passenger_index];
    if (!passenger) return invalid(`${field}.passenger_index`, 'No such passenger in this booking');
    const segmentId = segmentIds[request.segment_index];
    if (!segmentId) return invalid(`${field}.segment_index`, 'No such flight in this trip');
    if (passenger.type === 'infant') {
      return invalid(
        `${field}.passenger_index`,
        "An infant travels on an adult's lap and has no seat or bag of its own",
      );
    }
    if (request.type === 'seat') {
      const designator = request.designator!;
      const map = maps.find((m) => m.segment_id === segmentId);
      const element = map?.cabins
        .flatMap((cabin) => cabin.rows)
        .flatMap((row) => row.sections)
        .flatMap((section) => section.elements)
        .find(
          (e) => (e.type === 'seat' || e.type === 'restricted_seat_general') && e.designator === designator,
        );
      if (element?.type !== 'seat') {
        return invalid(`${field}.designator`, `Seat ${designator} is not for sale on this flight`);
      }
      const service = element.available_services.find((s) => s.passenger_id === passenger.id);
      if (!service) {
        return invalid(
          `${field}.designator`,
          element.available_services.length === 0
            ? `Seat ${designator} is taken`
            : `The airline does not sell seat ${designator} to this passenger${element.disclosures[0] ? `: ${element.disclosures[0]}` : ''}`,
        );
      }
      if (seatTaken.has(`${segmentId} ${designator}`)) {
        return invalid(`${field}.designator`, 'Two passengers cannot have the same seat');
      }
      if (seatOf.has(`${segmentId} ${passenger.id}`)) {
        return invalid(`${field}.designator`, 'A passenger has one seat per flight');
      }
      seatTaken.add(`${segmentId} ${designator}`);
      seatOf.add(`${segmentId} ${passenger.id}`);
      chosen.push({
        id: service.id,
        quantity: 1,
        amount: service.total_amount,
        currency: service.total_currency,
        requests: [i],
      });
      continue;
    }
    const quantity = request.quantity!;
    const bag = bagFor(bags, passenger.id, segmentId);
    if (!bag) return invalid(`${field}.segment_index`, 'The airline sells no extra bag on this flight');
    const most = Math.min(bag.maximum_quantity, MAX_EXTRA_BAGS);
    if (quantity > most) {
      return invalid(`${field}.quantity`, `At most ${most} extra bag${most === 1 ? '' : 's'} on this flight`);
    }
    const same = chosen.find((c) => c.id === bag.id);
    if (same) {
      // One service over several flights: bought once, with the same number of bags on each.
      if (same.quantity !== quantity) {
        return invalid(
          `${field}.quantity`,
          'The airline sells these flights’ bags together: choose the same number of bags on each',
        );
      }
      same.requests.push(i);
      continue;
    }
    chosen.push({
      id: bag.id,
      quantity,
      amount: bag.total_amount,
      currency: bag.total_currency,
      requests: [i],
    });
  }

  if (chosen.some((c) => c.currency !== currency)) {
    return invalid('services', 'The airline prices these extras in another currency than the fare');
  }
  const amountsMinor = requests.map(() => 0);
  const weightsKg = requests.map((request) => {
    if (request.type !== 'bag') return null;
    const passenger = remote.passengers[request.passenger_index]!;
    const weight = bagFor(bags, passenger.id, segmentIds[request.segment_index]!)?.metadata.maximum_weight_kg;
    return weight ? Math.round(weight) : null;
  });
  let supplierMinor = 0;
  for (const item of chosen) {
    const unit = decimalToMinor(item.amount, item.currency);
    if (!Number.isFinite(unit) || unit < 0)
      return invalid('services', 'The airline sent a price SkyDesk cannot read');
    supplierMinor += unit * item.quantity;
    // A bag bought once for several flights is one service (one EMD at the airline): its whole
    // amount on the first request naming it, nothing on the others.
    amountsMinor[item.requests[0]!] =
      convertToPlatformMinor(item.amount, item.currency, remote.rate) * item.quantity;
  }
  const totalMinor = amountsMinor.reduce((sum, amount) => sum + amount, 0);
  const price: SupplierMoney = { amount: formatMinor(supplierMinor, currency), currency };
  return {
    status: 'quoted',
    services: {
      items: chosen.map(({ id, quantity }) => ({ id, quantity })),
      price,
      netMinor: totalMinor,
    },
    amountsMinor,
    weightsKg,
    totalMinor,
  };
}

/** Supplier minor units as the decimal string Duffel reads ('12.50'). */
function formatMinor(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

export function createDuffelServices(options: {
  http: DuffelHttp;
  seatMaps: DuffelSeatMaps;
  currency: string;
}): DuffelServices {
  async function offerWithServices(duffelOfferId: string): Promise<Offer> {
    try {
      const answer = await options.http.request<Offer>({
        method: 'GET',
        path: `/air/offers/${encodeURIComponent(duffelOfferId)}`,
        params: { return_available_services: true },
        deadlineMs: SERVICES_DEADLINE_MS,
      });
      return answer.data;
    } catch (error) {
      if (!(error instanceof SupplierCallError)) throw error;
      if (error.kind === 'gone') {
        throw new AppError('gone', 'The airline no longer sells this fare. Search again for current fares.');
      }
      if (error.kind === 'refused') throw new AppError('conflict', error.message);
      throw new AppError('unavailable', 'The airline did not say what extras it sells. Try again shortly.', {
        retryAfter: 30,
      });
    }
  }

  return {
    async bagOffers(request) {
      const remote = request.remote?.offer;
      if (!remote) return [];
      const offer = await offerWithServices(remote.offerId);
      return bagOffersOf(offer, remote, request.flights, options.currency, request.bought);
    },

    async quote(remote, requests) {
      const offer = await offerWithServices(remote.offerId);
      const maps = requests.some((r) => r.type === 'seat')
        ? await options.seatMaps.rawSeatMaps(remote.offerId)
        : [];
      return quoteOf(offer, maps, remote, requests);
    },
  };
}
