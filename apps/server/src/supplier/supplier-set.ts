import type { OriginDestinationOption, PricedItinerary } from '@skydesk/contract';
import type { CircuitBreaker, CircuitSnapshot } from './circuit-breaker.js';
import type {
  FlightSearchAnswer,
  FlightSearchRequest,
  FlightShopping,
  FlightSupplier,
  GroupedAnswer,
  PriceAnswer,
  PriceSelection,
  SelectionAnswer,
} from './port.js';
import { SupplierRequestError } from './port.js';
import type { RemoteChanges } from './remote-changes.js';
import {
  type RemoteOrders,
  type RemoteServices,
  SupplierCallError,
  type SupplierCode,
} from './remote-orders.js';
import { decodeOutcome, outcomeOf, type SearchOutcome } from './search-outcome.js';
import type { SearchRunner } from './search-runner.js';
import type { SupplierSeatMaps } from './seat-maps.js';
import type { SupplierBagOffers } from './services.js';
import type { SupplierHealth, SupplierHealthSnapshot } from './supplier-health.js';
import type { SupplierPolicy } from './supplier-settings.js';

/**
 * Every flight supplier the platform sells, as one (issue 29): the embedded sandbox and the
 * remote suppliers configured (Duffel). The composition root (app.ts) makes it; the modules see
 * one FlightSupplier and one SearchRunner, as before.
 *
 * - **Search**: every enabled supplier is asked at once. A remote one gets the supplier search
 *   deadline (its HTTP call is cut there; the composition waits a little longer for its answer to
 *   be shaped, never more); one that fails, misses the deadline or is paused by its circuit
 *   breaker is left out and named in `missing_suppliers` — it never fails the search. A remote
 *   supplier that refuses the request itself (an airport it does not know) answered: nothing.
 * - **Merging**: the same flights offered by two suppliers (same carrier, flight numbers and
 *   departure times on every leg) appear once, at the better total; cheapest first, then shortest.
 *   The grouped answer is merged leg by leg (a remote journey's options are its own); the same
 *   trip is compared for one- and two-leg searches (a multi-city trip of three or more legs from
 *   two suppliers may show twice).
 * - **Speed**: with no remote supplier enabled the sandbox's runner answers as it always did
 *   (workers, encoded once, the shopping cache, gzip fragments). With one, the sandbox's answer
 *   is read back from its worker's JSON, merged, and encoded once more.
 * - **Offers and options** go to the supplier whose id they are; bookings, seats and the fare
 *   calendar are the sandbox's (a remote supplier has no low-fare call); the remote's orders are
 *   the port's `orders`.
 */

export type RemoteSupplier = {
  code: SupplierCode;
  shopping: FlightShopping;
  orders?: RemoteOrders;
  /** Issue 32: changes after ticketing (supplier/remote-changes.ts), the port's `changes`. */
  changes?: RemoteChanges;
  /** Issue 31: the maps of the supplier's offers (SeatMapRequest's `remote`). */
  seatMaps?: SupplierSeatMaps;
  /** Issue 31: the extra bags of the supplier's offers (BagOfferRequest's `remote`). */
  bagOffers?: SupplierBagOffers;
  /** Issue 31: seats and bags priced to go with the supplier's order. */
  services?: RemoteServices;
  health: SupplierHealth;
  breaker: CircuitBreaker;
  ownsOfferId(offerId: string): boolean;
  ownsOptionId(optionId: string): boolean;
};

export type SupplierStatus = {
  code: SupplierCode;
  /** Configured in this process (the sandbox always; Duffel with its access token). */
  connected: boolean;
  health: SupplierHealthSnapshot | null;
  circuit: CircuitSnapshot | null;
};

/** What the operators' console reads and changes (modules/admin/suppliers). */
export type SupplierConsole = {
  statuses(): SupplierStatus[];
  /**
   * Settings or rates were changed: read them again now on this process; a supplier turned on is
   * asked at once, its circuit closed.
   */
  changed(change: { turnedOn?: SupplierCode }): void;
};

/** The composition waits this much past the deadline for a remote answer to be shaped. */
const SHAPING_GRACE_MS = 250;

export function composeSuppliers(deps: {
  local: { supplier: FlightSupplier; runner: SearchRunner };
  remotes: readonly RemoteSupplier[];
  policy: SupplierPolicy;
  deadlineMs: number;
  onRemoteFailure?: (code: SupplierCode, error: unknown) => void;
}): { supplier: FlightSupplier; runner: SearchRunner; console: SupplierConsole } {
  const { local, remotes, policy } = deps;
  const console: SupplierConsole = {
    statuses: () => [
      { code: 'sandbox', connected: true, health: null, circuit: null },
      ...remotes.map((remote) => ({
        code: remote.code,
        connected: true,
        health: remote.health.snapshot(),
        circuit: remote.breaker.snapshot(),
      })),
    ],
    changed({ turnedOn }) {
      policy.invalidate();
      // An operator turning a supplier back on wants it asked now, not after the pause.
      if (turnedOn) remotes.find((remote) => remote.code === turnedOn)?.breaker.reset();
    },
  };
  // npm start without a remote supplier: exactly the sandbox, as before.
  if (remotes.length === 0) return { ...local, console };

  const enabled = async (code: SupplierCode) => {
    try {
      return (await policy.setting(code)).enabled;
    } catch {
      return true; // settings unreadable (storage trouble): ask every supplier rather than none
    }
  };

  /** A remote supplier's answer within its deadline, or why it is missing. */
  async function askRemote(
    remote: RemoteSupplier,
    request: FlightSearchRequest,
  ): Promise<{ answer: FlightSearchAnswer } | { missing: true } | { none: true }> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), deps.deadlineMs + SHAPING_GRACE_MS);
    });
    const asked = remote.shopping.search(request);
    try {
      const answer = await Promise.race([asked, late]);
      if (answer === 'late') {
        asked.catch(() => {}); // its own deadline ends it; nobody waits for it now
        deps.onRemoteFailure?.(remote.code, new Error('no answer within the search deadline'));
        return { missing: true };
      }
      return { answer };
    } catch (error) {
      if (error instanceof SupplierRequestError) return { none: true };
      if (error instanceof SupplierCallError && (error.kind === 'refused' || error.kind === 'gone')) {
        return { none: true };
      }
      deps.onRemoteFailure?.(remote.code, error);
      return { missing: true };
    } finally {
      clearTimeout(timer);
    }
  }

  async function searchAll(request: FlightSearchRequest, gzip: boolean): Promise<SearchOutcome> {
    const [localOn, ...remoteOn] = await Promise.all([
      enabled('sandbox'),
      ...remotes.map((remote) => enabled(remote.code)),
    ]);
    const asked = remotes.filter((_, i) => remoteOn[i]);
    // No remote supplier on: the sandbox's own answer, untouched (and the only one there is).
    if (asked.length === 0) return local.runner.search(request, { gzip });

    const localAnswer: Promise<FlightSearchAnswer | Error | null> = localOn
      ? local.runner.search(request, { gzip: false }).then(decodeOutcome, (error: Error) => error)
      : Promise.resolve(null);
    const [fromLocal, ...fromRemotes] = await Promise.all([
      localAnswer,
      ...asked.map((remote) => askRemote(remote, request)),
    ]);
    const answers: FlightSearchAnswer[] = [];
    const missing: string[] = [];
    fromRemotes.forEach((result, i) => {
      if ('answer' in result) answers.push(result.answer);
      else if ('missing' in result) missing.push(asked[i]!.code);
    });
    if (fromLocal instanceof Error) {
      // The sandbox refusing the request (an airport it does not know) is no failure when a
      // remote supplier found flights there; anything else fails as it did before.
      const found = answers.some(
        (answer) => answer.itineraries.length > 0 || (answer.grouped?.trips ?? 0) > 0,
      );
      if (!(fromLocal instanceof SupplierRequestError) || !found) throw fromLocal;
    }
    const localPart = fromLocal instanceof Error ? null : fromLocal;
    const merged = mergeAnswers(request, localPart, answers);
    return outcomeOf({ ...merged, missingSuppliers: missing }, { gzip });
  }

  const ownerOfOffer = (offerId: string) => remotes.find((remote) => remote.ownsOfferId(offerId));

  const supplier: FlightSupplier = {
    routes: () => local.supplier.routes(),
    search: async (request) => decodeOutcome(await searchAll(request, false)),
    ...(local.supplier.lowestFare ? { lowestFare: local.supplier.lowestFare.bind(local.supplier) } : {}),
    price(offerId): Promise<PriceAnswer> {
      const owner = ownerOfOffer(offerId);
      return owner ? owner.shopping.price(offerId) : local.supplier.price(offerId);
    },
    pricesRemotely: (offerId) => ownerOfOffer(offerId) !== undefined,
    async priceSelection(selection: PriceSelection): Promise<SelectionAnswer> {
      const owners = selection.optionIds.map((id) => remotes.find((remote) => remote.ownsOptionId(id)));
      const owner = owners[0];
      const index = owners.findIndex((other) => other !== owner);
      if (index >= 0) {
        return {
          status: 'invalid',
          field: `option_ids.${index}`,
          message: 'These flights are sold by different airlines systems and cannot be combined.',
        };
      }
      if (owner) {
        if (!owner.shopping.priceSelection) {
          return {
            status: 'invalid',
            field: 'option_ids',
            message: 'This supplier answers the flat search only',
          };
        }
        return owner.shopping.priceSelection(selection);
      }
      if (!local.supplier.priceSelection) {
        return {
          status: 'invalid',
          field: 'option_ids',
          message: 'This flight content answers the flat search only',
        };
      }
      return local.supplier.priceSelection(selection);
    },
    ...(local.supplier.airlineName ? { airlineName: local.supplier.airlineName.bind(local.supplier) } : {}),
    bookings: local.supplier.bookings,
    ...(local.supplier.inventory ? { inventory: local.supplier.inventory } : {}),
    // Issue 31: a remote offer's maps are its supplier's (none when it draws none), others the sandbox's.
    seatMaps: {
      async seatMaps(request) {
        if (request.remote) {
          const owner = remotes.find((remote) => remote.code === request.remote!.supplier);
          return owner?.seatMaps ? owner.seatMaps.seatMaps(request) : [];
        }
        return local.supplier.seatMaps ? local.supplier.seatMaps.seatMaps(request) : [];
      },
      // Seats chosen at booking are the sandbox's alone for now (a remote offer's are refused).
      ...(local.supplier.seatMaps?.quoteSeats
        ? { quoteSeats: local.supplier.seatMaps.quoteSeats.bind(local.supplier.seatMaps) }
        : {}),
    },
    // Issue 31: a remote offer's extra bags are its supplier's (BagOfferRequest's `remote`), others the sandbox's.
    bagOffers: {
      async bagOffers(request) {
        if (request.remote) {
          const owner = remotes.find((remote) => remote.code === request.remote!.supplier);
          return owner?.bagOffers ? owner.bagOffers.bagOffers(request) : [];
        }
        return local.supplier.bagOffers ? local.supplier.bagOffers.bagOffers(request) : [];
      },
      // Bags added after booking are the sandbox's alone for now (Duffel sells them with the order).
      ...(local.supplier.bagOffers?.quoteBags
        ? { quoteBags: local.supplier.bagOffers.quoteBags.bind(local.supplier.bagOffers) }
        : {}),
    },
    // Issue 31: seats and bags ordered with a remote offer, priced by its supplier.
    remoteServices: {
      async quote(input) {
        const owner = remotes.find((remote) => remote.code === input.supplier);
        if (!owner?.services) {
          return {
            status: 'invalid',
            field: 'services',
            message: 'This airline sells no seats or bags here',
          };
        }
        return owner.services.quote(input);
      },
    },
    ...(remotes.find((remote) => remote.orders)?.orders
      ? { orders: remotes.find((remote) => remote.orders)!.orders! }
      : {}),
    ...(remotes.find((remote) => remote.changes)?.changes
      ? { changes: remotes.find((remote) => remote.changes)!.changes! }
      : {}),
  };

  const runner: SearchRunner = {
    search: (request, { gzip }) => searchAll(request, gzip),
    lowestFare: (request) => local.runner.lowestFare(request),
    warm: () => local.runner.warm(),
    close: () => local.runner.close(),
  };
  return { supplier, runner, console };
}

// ── merging ─────────────────────────────────────────────────────────────────────────────────

const optionKey = (option: OriginDestinationOption) =>
  option.FlightSegment.map(
    (s) => `${s.MarketingAirline.Code}${s.FlightNumber}@${s.DepartureDateTime.slice(0, 16)}`,
  ).join('_');

const itineraryKey = (itinerary: PricedItinerary) =>
  itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.map(optionKey).join('|');

const totalOf = (itinerary: PricedItinerary) =>
  itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount;
const durationOf = (itinerary: PricedItinerary) =>
  itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.reduce(
    (sum, o) => sum + o.ElapsedTime,
    0,
  );

/** The flat answers as one: the same flights once at the better total, cheapest then shortest. */
export function mergeItineraries(lists: readonly (readonly PricedItinerary[])[]): PricedItinerary[] {
  const best = new Map<string, PricedItinerary>();
  for (const list of lists) {
    for (const itinerary of list) {
      const key = itineraryKey(itinerary);
      const kept = best.get(key);
      // Equal totals keep the first (the sandbox's: booked in the portal's own transaction).
      if (!kept || totalOf(itinerary) < totalOf(kept)) best.set(key, itinerary);
    }
  }
  const merged = [...best.values()].sort((a, b) => totalOf(a) - totalOf(b) || durationOf(a) - durationOf(b));
  return merged.map((itinerary, index) =>
    itinerary.SequenceNumber === index + 1 ? itinerary : { ...itinerary, SequenceNumber: index + 1 },
  );
}

type GroupedOption = GroupedAnswer['legs'][number]['options'][number];
const groupedOptionKey = (option: GroupedOption) =>
  option.segments.map((s) => `${s.marketing}${s.flight_number}@${s.departure.at.slice(0, 16)}`).join('_');

/**
 * The grouped answers as one. Each supplier's options stay its own (ids go back to it); the same
 * trip from two suppliers is kept once at the better total for one- and two-leg searches.
 */
export function mergeGrouped(parts: readonly { answer: GroupedAnswer; trips: number }[]): {
  answer: GroupedAnswer;
  trips: number;
} {
  const [first, ...rest] = parts;
  if (!first) throw new Error('nothing to merge');
  if (rest.length === 0) return first;
  const answer: GroupedAnswer = structuredClone(first.answer);
  let trips = first.trips;
  for (const part of rest) {
    const other = structuredClone(part.answer);
    trips += part.trips - dropSameTrips(answer, other);
    // The first supplier's names stand; the other adds the codes it alone has.
    for (const map of ['airports', 'airlines', 'equipment'] as const) {
      const into = answer.reference[map] as Record<string, unknown>;
      for (const [code, entry] of Object.entries(other.reference[map])) into[code] ??= entry;
    }
    other.legs.forEach((leg, i) => {
      answer.legs[i]!.options.push(...leg.options);
    });
    other.combinations.forEach((pairs, i) => {
      Object.assign(answer.combinations[i]!, pairs);
    });
  }
  for (const leg of answer.legs) leg.options.sort((a, b) => a.cheapest_total - b.cheapest_total);
  return { answer, trips };
}

/**
 * Removes from `kept` or `other` the trips both sell (same flights on every leg), keeping the
 * cheaper; answers how many trips were dropped. Only one- and two-leg answers are compared.
 */
function dropSameTrips(kept: GroupedAnswer, other: GroupedAnswer): number {
  const legs = kept.legs.length;
  if (legs > 2 || other.legs.length !== legs) return 0;
  let dropped = 0;
  if (legs === 1) {
    const byKey = new Map(kept.legs[0]!.options.map((option) => [groupedOptionKey(option), option]));
    other.legs[0]!.options = other.legs[0]!.options.filter((option) => {
      const same = byKey.get(groupedOptionKey(option));
      if (!same) return true;
      dropped += 1;
      if (same.cheapest_total <= option.cheapest_total) return false;
      kept.legs[0]!.options = kept.legs[0]!.options.filter((o) => o !== same);
      return true;
    });
    return dropped;
  }
  // Two legs: a trip is a pair in combinations[0].
  const outbound = new Map(kept.legs[0]!.options.map((o) => [groupedOptionKey(o), o]));
  const inbound = new Map(kept.legs[1]!.options.map((o) => [groupedOptionKey(o), o]));
  const otherInbound = new Map(other.legs[1]!.options.map((o) => [o.id, o]));
  for (const option of [...other.legs[0]!.options]) {
    const keptOut = outbound.get(groupedOptionKey(option));
    if (!keptOut) continue;
    for (const [inboundId, total] of [...(other.combinations[0]![option.id] ?? [])]) {
      const otherIn = otherInbound.get(inboundId);
      const keptIn = otherIn && inbound.get(groupedOptionKey(otherIn));
      if (!otherIn || !keptIn) continue;
      const keptPairs = kept.combinations[0]![keptOut.id] ?? [];
      const keptPair = keptPairs.find(([id]) => id === keptIn.id);
      if (!keptPair) continue;
      dropped += 1;
      if (keptPair[1] <= total) removePair(other, option.id, inboundId);
      else removePair(kept, keptOut.id, keptIn.id);
    }
  }
  return dropped;
}

/** Takes one pair out of a two-leg answer, and the options no pair flies any more. */
function removePair(answer: GroupedAnswer, outboundId: string, inboundId: string) {
  const pairs = (answer.combinations[0]![outboundId] ?? []).filter(([id]) => id !== inboundId);
  if (pairs.length > 0) answer.combinations[0]![outboundId] = pairs;
  else delete answer.combinations[0]![outboundId];
  const flownIn = new Map<string, number>();
  for (const list of Object.values(answer.combinations[0]!)) {
    for (const [id, total] of list)
      flownIn.set(id, Math.min(total, flownIn.get(id) ?? Number.POSITIVE_INFINITY));
  }
  const [out, back] = answer.legs;
  out!.options = out!.options.flatMap((option) => {
    const list = answer.combinations[0]![option.id];
    if (!list) return [];
    return [{ ...option, cheapest_total: Math.min(...list.map(([, total]) => total)) }];
  });
  back!.options = back!.options.flatMap((option) => {
    const total = flownIn.get(option.id);
    return total === undefined ? [] : [{ ...option, cheapest_total: total }];
  });
}

/** The answers of every supplier that answered, as one. */
export function mergeAnswers(
  request: FlightSearchRequest,
  local: FlightSearchAnswer | null,
  remote: readonly FlightSearchAnswer[],
): FlightSearchAnswer {
  const all = local ? [local, ...remote] : [...remote];
  const expiries = remote.map((answer) => answer.expiresAt).filter((at): at is number => at !== undefined);
  const timing = expiries.length > 0 ? { expiresAt: Math.min(...expiries) } : {};
  const seats = local?.seatsRead ? { seatsRead: local.seatsRead } : {};
  if (request.view === 'itineraries') {
    const grouped = all.flatMap((answer) => (answer.grouped ? [answer.grouped] : []));
    if (grouped.length === 0) return { itineraries: [], grouped: emptyGrouped(request), ...timing, ...seats };
    return { itineraries: [], grouped: mergeGrouped(grouped), ...timing, ...seats };
  }
  return { itineraries: mergeItineraries(all.map((answer) => answer.itineraries)), ...timing, ...seats };
}

/** No supplier had a trip: the service answers 404 (no flights) for it, as for the sandbox alone. */
function emptyGrouped(request: FlightSearchRequest): { answer: GroupedAnswer; trips: number } {
  return {
    trips: 0,
    answer: {
      view: 'itineraries',
      currency: 'XXX',
      trip_type: request.tripType,
      cabin: request.cabin,
      passengers: { ...request.passengers },
      reference: { airports: {}, airlines: {}, equipment: {} },
      legs: request.legs.map((leg) => ({
        origin: leg.origin,
        destination: leg.destination,
        date: leg.departureDate,
        options: [],
      })),
      combinations: request.legs.slice(1).map(() => ({})),
    },
  };
}
