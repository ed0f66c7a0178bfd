import type { BagOffer, PassengerType } from '@skydesk/contract';
import { MAX_EXTRA_BAGS, minorToAmount } from '@skydesk/contract';
import type {
  BagFlight,
  BagOfferRequest,
  BagQuote,
  BagQuotes,
  BagRequest,
  BagsBought,
  SupplierBagOffers,
} from '../../services.js';
import { bagPriceMinor, extraBagWeightKg } from './prices.js';

/**
 * The sandbox's extra bags (issue 31): per passenger who may check a bag (adults and children; an
 * infant on a lap has none) and per flight, the allowance the fare includes, each extra bag's weight
 * and price (prices.ts), and how many more may be added: MAX_EXTRA_BAGS less those already bought.
 */

/** Whether a passenger of this type may buy extra bags: an infant travels on a lap, without any. */
export const checksBags = (type: PassengerType): boolean => type !== 'infant';

/** The bags already bought per passenger and flight, summed. */
function boughtCount(bought: readonly BagsBought[] | undefined) {
  const counts = new Map<string, number>();
  for (const entry of bought ?? []) {
    const key = `${entry.passengerIndex}/${entry.segmentIndex}`;
    counts.set(key, (counts.get(key) ?? 0) + entry.quantity);
  }
  return (passengerIndex: number, segmentIndex: number) =>
    counts.get(`${passengerIndex}/${segmentIndex}`) ?? 0;
}

/** What one bag costs on a flight, and weighs (both in whole units). */
export function bagTerms(flight: BagFlight): { weightKg: number; unitMinor: number } {
  return {
    weightKg: extraBagWeightKg(flight.cabin),
    unitMinor: bagPriceMinor({
      cabin: flight.cabin,
      brand: flight.brand,
      blockMinutes: flight.blockMinutes,
      flight: flight.flight,
    }),
  };
}

/** Passenger by passenger, then flight by flight; none for an infant. */
export function bagOffers(request: BagOfferRequest, currency: string): BagOffer[] {
  const already = boughtCount(request.bought);
  const terms = request.flights.map(bagTerms);
  const offers: BagOffer[] = [];
  request.passengers.forEach((type, passengerIndex) => {
    if (!checksBags(type)) return;
    request.flights.forEach((flight, index) => {
      const { weightKg, unitMinor } = terms[index]!;
      offers.push({
        passenger_index: passengerIndex,
        segment_index: flight.segmentIndex,
        included: { pieces: flight.included.pieces, weight_kg: flight.included.weightKg },
        weight_kg: weightKg,
        price: { Amount: minorToAmount(unitMinor), CurrencyCode: currency },
        max_quantity: Math.max(0, MAX_EXTRA_BAGS - already(passengerIndex, flight.segmentIndex)),
      });
    });
  });
  return offers;
}

/**
 * Prices bag requests for a party on its flights, all or none: each request's amount is quantity
 * × the flight's bag price. Refused, naming the request (its index in `requests`) and the field at
 * fault: a passenger or flight that is not the trip's, an infant, or more than MAX_EXTRA_BAGS on one
 * flight for one passenger counting those already bought and the other requests of the same call.
 * The booking service calls it at booking (bags held with the hold) and after issue.
 */
export function quoteBagRequests(input: {
  flights: readonly BagFlight[];
  passengers: readonly PassengerType[];
  requests: readonly BagRequest[];
  bought?: readonly BagsBought[];
}): BagQuotes {
  const already = boughtCount(input.bought);
  const asked = new Map<string, number>();
  const quotes: BagQuote[] = [];
  let totalMinor = 0;
  for (const [index, request] of input.requests.entries()) {
    const type = input.passengers[request.passenger_index];
    if (!type)
      return { ok: false, index, field: 'passenger_index', message: 'No such passenger on this booking' };
    if (!checksBags(type)) {
      return { ok: false, index, field: 'passenger_index', message: 'An infant travels without extra bags' };
    }
    const flight = input.flights.find((entry) => entry.segmentIndex === request.segment_index);
    if (!flight) return { ok: false, index, field: 'segment_index', message: 'No such flight on this trip' };
    if (!Number.isInteger(request.quantity) || request.quantity < 1) {
      return { ok: false, index, field: 'quantity', message: 'Say how many bags' };
    }
    const key = `${request.passenger_index}/${request.segment_index}`;
    const total = (asked.get(key) ?? 0) + request.quantity;
    asked.set(key, total);
    if (already(request.passenger_index, request.segment_index) + total > MAX_EXTRA_BAGS) {
      return {
        ok: false,
        index,
        field: 'quantity',
        message: `At most ${MAX_EXTRA_BAGS} extra bags per passenger and flight`,
      };
    }
    const { weightKg, unitMinor } = bagTerms(flight);
    const amountMinor = unitMinor * request.quantity;
    totalMinor += amountMinor;
    quotes.push({ ...request, weightKg, unitMinor, amountMinor });
  }
  return { ok: true, quotes, totalMinor };
}

export function createSandboxBagOffers(deps: { currency: string }): SupplierBagOffers {
  return {
    bagOffers: async (request) => bagOffers(request, deps.currency),
    quoteBags: async (request) => quoteBagRequests(request),
  };
}
