import type { CabinClass, ListedOffer, Offer, OfferRequest, PassengerType, SeatMap } from './duffel-types.js';
import { duffelError } from './errors.js';
import { formatAmount, parseStoredAmount } from './money.js';
import { generateOffers, type Search, type SearchPassenger } from './offer-generation.js';
import { type Page, paginate } from './pagination.js';
import { placeForSearch } from './places.js';
import { createOfferRequestBody, parseData } from './requests.js';
import { seatMapsForOffer } from './seat-maps.js';
import type { DuffelStore, OfferRecord, OfferRequestRecord } from './store.js';

/** Offer Requests, Offers and Seat Maps: searching and re-pricing, nothing booked. */

/** An age on the last slice's date becomes the type airlines would price (Offer Requests › passengers). */
function typeOfAge(age: number): PassengerType {
  if (age < 2) return 'infant_without_seat';
  return age < 12 ? 'child' : 'adult';
}

export function createOfferRequest(
  store: DuffelStore,
  data: unknown,
  returnOffers: boolean,
): OfferRequest | Omit<OfferRequest, 'offers'> {
  const body = parseData(createOfferRequestBody, data);
  const now = store.now();
  const today = now.toISOString().slice(0, 10);
  const pastSlice = body.slices.findIndex((slice) => slice.departure_date < today);
  if (pastSlice >= 0) {
    throw duffelError.invalidFields([
      { field: `slices.${pastSlice}.departure_date`, message: 'must not be in the past' },
    ]);
  }
  const passengers: SearchPassenger[] = body.passengers.map((passenger) => ({
    id: store.ids.next('pas'),
    type: passenger.type ?? typeOfAge(passenger.age ?? 30),
    age: passenger.age ?? null,
  }));
  const adults = passengers.filter((p) => p.type === 'adult').length;
  const infants = passengers.filter((p) => p.type === 'infant_without_seat').length;
  if (adults === 0 || infants > adults) {
    throw duffelError.invalidFields([
      {
        field: 'passengers',
        message: 'needs at least one adult, and no more infants without a seat than adults',
      },
    ]);
  }
  const cabinClass: CabinClass = body.cabin_class ?? 'economy';
  const search: Search = {
    slices: body.slices.map((slice) => {
      const origin = placeForSearch(slice.origin);
      const destination = placeForSearch(slice.destination);
      return {
        origin: origin.place,
        from: origin.airport,
        destination: destination.place,
        to: destination.airport,
        date: slice.departure_date,
      };
    }),
    passengers,
    cabinClass,
    maxConnections: body.max_connections ?? 1,
  };
  const generated = generateOffers(search, {
    seed: store.seed,
    now,
    currency: store.config.currency,
    ids: store.ids,
    offerLifetimeMs: store.config.offerLifetimeMs,
    holdLifetimeMs: store.config.holdLifetimeMs,
  });
  const request: OfferRequestRecord = {
    id: store.ids.next('orq'),
    live_mode: false,
    created_at: now.toISOString(),
    cabin_class: cabinClass,
    slices: search.slices.map((slice) => ({
      origin: slice.origin,
      origin_type: slice.origin.type,
      destination: slice.destination,
      destination_type: slice.destination.type,
      departure_date: slice.date,
    })),
    passengers: passengers.map((passenger) => ({
      id: passenger.id,
      ...(passenger.age === null ? { type: passenger.type } : { age: passenger.age }),
    })),
    offerIds: generated.map((g) => g.offer.id),
  };
  store.offerRequests.set(request.id, request);
  for (const offer of generated) {
    store.offers.set(offer.offer.id, {
      ...offer,
      requestId: request.id,
      orderId: null,
      originalTotalMinor: parseStoredAmount(offer.offer.total_amount),
      seatMaps: null,
    });
    for (const service of offer.services) {
      store.services.set(service.id, {
        id: service.id,
        kind: 'baggage',
        offerId: offer.offer.id,
        orderId: null,
        passengerIds: service.passenger_ids,
        segmentIds: service.segment_ids,
        amountMinor: parseStoredAmount(service.total_amount),
        currency: service.total_currency,
        maximumQuantity: service.maximum_quantity,
        metadata: service.metadata,
      });
    }
  }
  return presentOfferRequest(store, request, returnOffers);
}

export function presentOfferRequest(
  store: DuffelStore,
  request: OfferRequestRecord,
  withOffers = true,
): OfferRequest | Omit<OfferRequest, 'offers'> {
  const { offerIds, ...shown } = request;
  if (!withOffers) return shown;
  return { ...shown, offers: offerIds.map((id) => store.offers.get(id)!.offer) };
}

export function findOfferRequest(store: DuffelStore, id: string): OfferRequestRecord {
  const request = store.offerRequests.get(id);
  if (!request) throw duffelError.notFound();
  return request;
}

function findOffer(store: DuffelStore, id: string): OfferRecord {
  const record = store.offers.get(id);
  if (!record) throw duffelError.notFound();
  return record;
}

/** An offer that can still be ordered: not past `expires_at`, not booked already. */
export function sellableOffer(store: DuffelStore, id: string): OfferRecord {
  const record = findOffer(store, id);
  if (record.orderId !== null || store.now().getTime() >= Date.parse(record.offer.expires_at)) {
    throw duffelError.offerNoLongerAvailable();
  }
  return record;
}

/** Offers › Get a single offer: the latest price, and the extra bags with `return_available_services`. */
export function getOffer(store: DuffelStore, id: string, withServices: boolean): Offer {
  const record = sellableOffer(store, id);
  return { ...record.offer, available_services: withServices ? record.services : [] };
}

const durationMinutes = (offer: ListedOffer) =>
  offer.slices.reduce((sum, slice) => {
    const match = /PT(\d+)H(\d+)M/.exec(slice.duration ?? '');
    return sum + (match ? Number(match[1]) * 60 + Number(match[2]) : 0);
  }, 0);

/** Offers › List offers: by id unless sorted by `total_amount` or `total_duration` (a leading - reverses). */
export function listOffers(store: DuffelStore, query: URLSearchParams): Page<ListedOffer> {
  const requestId = query.get('offer_request_id');
  if (!requestId) throw duffelError.invalidFields([{ field: 'offer_request_id', message: 'is required' }]);
  const request = findOfferRequest(store, requestId);
  let offers = request.offerIds.map((id) => store.offers.get(id)!.offer);
  const maxConnections = query.get('max_connections');
  if (maxConnections !== null) {
    offers = offers.filter((offer) =>
      offer.slices.every((slice) => slice.segments.length - 1 <= Number(maxConnections)),
    );
  }
  const sort = query.get('sort');
  if (sort) {
    const key = sort.replace(/^-/, '');
    const value =
      key === 'total_amount'
        ? (offer: ListedOffer) => parseStoredAmount(offer.total_amount)
        : key === 'total_duration'
          ? durationMinutes
          : null;
    if (!value)
      throw duffelError.invalidFields([{ field: 'sort', message: 'must be total_amount or total_duration' }]);
    const direction = sort.startsWith('-') ? -1 : 1;
    offers = [...offers].sort((a, b) => direction * (value(a) - value(b)));
  }
  return paginate(offers, query);
}

/** Seat Maps › Get seat maps: one per segment of the offer. */
export function getSeatMaps(store: DuffelStore, query: URLSearchParams): SeatMap[] {
  const offerId = query.get('offer_id');
  if (!offerId) throw duffelError.invalidFields([{ field: 'offer_id', message: 'is required' }]);
  return seatMapsForOffer(store, sellableOffer(store, offerId));
}

/** A test's switch: the airline now asks more for this offer (re-pricing shows the new total). */
export function raiseOfferPrice(store: DuffelStore, offerId: string, byMinor: number): void {
  const record = findOffer(store, offerId);
  const offer = record.offer;
  offer.base_amount = formatAmount(parseStoredAmount(offer.base_amount) + byMinor);
  offer.total_amount = formatAmount(parseStoredAmount(offer.total_amount) + byMinor);
  offer.updated_at = store.now().toISOString();
}

/** A test's switch: the offer expires now. */
export function expireOffer(store: DuffelStore, offerId: string): void {
  const record = findOffer(store, offerId);
  record.offer.expires_at = new Date(store.now().getTime() - 1_000).toISOString();
}
