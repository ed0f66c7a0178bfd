import {
  AppError,
  type Cabin,
  type CabinFacility,
  type CabinFacilityKind,
  equipmentName,
  minorToAmount,
  type PassengerType,
  type Seat,
  type SeatCharacteristic,
  SeatDesignator,
  type SeatMap,
  type SeatMapCabin,
  type SeatMapRow,
  type SeatParty,
} from '@skydesk/contract';
import { type RemoteOffer, SupplierCallError } from '../remote-orders.js';
import { convertToPlatformMinor } from '../remote-pricing.js';
import type { SeatMapFlight, SeatMapRequest } from '../seat-maps.js';
import type { DuffelHttp } from './http.js';
import { CABIN_OF } from './offers.js';
import type {
  SeatMap as DuffelSeatMap,
  SeatMapCabin as DuffelSeatMapCabin,
  SeatMapCabinRowSectionElement,
  SeatMapCabinRowSectionElementSeat,
} from './types.js';

/**
 * Duffel's seat maps as the portal's (issue 31): `GET /air/seat_maps?offer_id=` answers one map per
 * segment, cabins → rows → sections (split by the aisles) → elements, as Duffel sends them. Duffel
 * sells seats when the order is made, so maps are asked for an offer before booking only.
 *
 * - **Rows** are numbered from their seats' designators; a row with no seat is a row of facilities
 *   (`lavatory`, `galley`, `closet`: `row: null`), or Duffel's `exit_row` row, which marks the seat row
 *   behind it as the exit row (Duffel's exit elements sit in their own row, in front of the seats).
 * - **Columns** are the seat letters found in each section across the cabin's rows; a seat's window,
 *   aisle or middle is its place in its section.
 * - **Sale**: a seat is for sale to a passenger when it carries an `available_services` entry for
 *   that passenger (Duffel: none means unavailable). The map is one for the party: a seat is
 *   available when some passenger of the party may buy it, priced at the dearest of its services
 *   (converted at the offer's rate; services carry no markup: the operator's is per ticket), and a
 *   seat in an exit row that some of the party may not buy carries the exit-row restriction for
 *   them. `restricted_seat_general` is a seat nobody may choose (shown, not sold). A price of 0 is
 *   a seat the fare includes (no `price`).
 * - **Wings** are the cabin's `wings` row indices (over all its rows, not only seat rows).
 * - A seat whose designator the portal cannot print (a letter beyond K, I) is left out.
 */

export type DuffelSeatMaps = {
  /** The maps of a priced Duffel offer's flights, in the request's order. */
  seatMaps(request: SeatMapRequest): Promise<SeatMap[]>;
  /** Duffel's maps as they are, for the services sold with an order (services.ts). */
  rawSeatMaps(duffelOfferId: string): Promise<DuffelSeatMap[]>;
};

const FACILITIES: Partial<Record<SeatMapCabinRowSectionElement['type'], CabinFacilityKind>> = {
  lavatory: 'lavatory',
  galley: 'galley',
  closet: 'closet',
};

const EXIT_ROW_RULE = 'Exit rows are not for children or passengers travelling with an infant';

const isSeatElement = (
  element: SeatMapCabinRowSectionElement,
): element is SeatMapCabinRowSectionElementSeat =>
  element.type === 'seat' || element.type === 'restricted_seat_general';

const rowNumberOf = (designator: string): number | null => {
  const match = /^(\d{1,3})[A-Z]$/.exec(designator);
  return match ? Number(match[1]) : null;
};
const letterOf = (designator: string) => designator.slice(-1);

/**
 * Each passenger of the party as the seat rules tell them apart (null: an infant, who has no seat):
 * infants ride on the first adults' laps, as the order names them (orders.ts).
 */
export function partiesOf(passengers: readonly PassengerType[]): (SeatParty | null)[] {
  let infants = passengers.filter((type) => type === 'infant').length;
  return passengers.map((type) => {
    if (type === 'infant') return null;
    if (type === 'child') return 'child';
    if (infants > 0) {
      infants -= 1;
      return 'adult_with_infant';
    }
    return 'adult';
  });
}

/** The context a map is drawn in: the flight, the party and its Duffel ids, and the rate. */
export type SeatMapContext = {
  flight: SeatMapFlight;
  /** The offer's passengers (Duffel ids), in the portal's order: adults, children, infants. */
  passengers: readonly { id: string; type: PassengerType }[];
  /** Platform units per unit of the supplier's currency. */
  rate: number;
  /** The platform currency. */
  currency: string;
};

/** One Duffel cabin as the portal's, or null when it has no seat the portal can print. */
function toCabin(cabin: DuffelSeatMapCabin, ctx: SeatMapContext): SeatMapCabin | null {
  const cabinOf: Cabin = CABIN_OF[cabin.cabin_class as keyof typeof CABIN_OF] ?? ctx.flight.cabin;
  const bookable = cabinOf === ctx.flight.cabin;
  const printable = (element: SeatMapCabinRowSectionElement): element is SeatMapCabinRowSectionElementSeat =>
    isSeatElement(element) && SeatDesignator.safeParse(element.designator).success;

  // The letters of each section, across the rows.
  const letters: Set<string>[] = [];
  for (const row of cabin.rows) {
    row.sections.forEach((section, index) => {
      letters[index] ??= new Set();
      for (const element of section.elements) {
        if (printable(element)) letters[index]!.add(letterOf(element.designator));
      }
    });
  }
  const columns = letters.map((set) => [...(set ?? [])].sort());
  const blocks = columns.filter((block) => block.length > 0);
  if (blocks.length === 0) return null;
  const lastBlock = columns.length - 1;
  const placeOf = (section: number, letter: string): SeatCharacteristic => {
    const block = columns[section]!;
    const at = block.indexOf(letter);
    if ((section === 0 && at === 0) || (section === lastBlock && at === block.length - 1)) return 'window';
    if ((at === 0 && section > 0) || (at === block.length - 1 && section < lastBlock)) return 'aisle';
    return 'middle';
  };

  const parties = partiesOf(ctx.passengers.map((passenger) => passenger.type));
  const partyOfId = new Map(ctx.passengers.map((passenger, index) => [passenger.id, parties[index]]));
  const buyers = ctx.passengers.filter((_, index) => parties[index] !== null);

  const hasLavatory = cabin.rows.map((row) =>
    row.sections.some((section) => section.elements.some((element) => element.type === 'lavatory')),
  );
  const hasSeat = cabin.rows.map((row) => row.sections.some((section) => section.elements.some(printable)));
  const firstSeatRow = hasSeat.indexOf(true);
  /** The nearest row with seats before or after `index`, looking past rows of nothing. */
  const nextToLavatory = (index: number) =>
    hasLavatory[index - 1] === true ||
    hasLavatory[index + 1] === true ||
    (hasLavatory[index - 2] === true && !hasSeat[index - 1]) ||
    (hasLavatory[index + 2] === true && !hasSeat[index + 1]);

  const rows: SeatMapRow[] = [];
  let exitAhead = false;
  let bassinetsAhead = new Set<number>();
  cabin.rows.forEach((row, index) => {
    const wing = cabin.wings
      ? index >= cabin.wings.first_row_index && index <= cabin.wings.last_row_index
      : false;
    const flags = wing ? { wing: true } : {};
    if (!hasSeat[index]) {
      if (row.sections.some((section) => section.elements.some((element) => element.type === 'exit_row'))) {
        exitAhead = true;
      }
      bassinetsAhead = new Set(
        row.sections.flatMap((section, at) =>
          section.elements.some((element) => element.type === 'bassinet') ? [at] : [],
        ),
      );
      const facilities: CabinFacility[] = row.sections.flatMap((section, at) => {
        const kinds = [...new Set(section.elements.flatMap((element) => FACILITIES[element.type] ?? []))];
        const block = columns[at] ?? [];
        return block.length === 0 ? [] : kinds.map((facility) => ({ facility, columns: block }));
      });
      if (facilities.length > 0) rows.push({ row: null, seats: facilities, ...flags });
      return;
    }
    const exit = exitAhead;
    exitAhead = false;
    const bassinets = bassinetsAhead;
    bassinetsAhead = new Set();
    let number: number | null = null;
    const seats: Seat[] = [];
    row.sections.forEach((section, at) => {
      for (const element of section.elements) {
        if (!printable(element)) continue;
        number ??= rowNumberOf(element.designator);
        seats.push(
          toSeat(element, {
            place: placeOf(at, letterOf(element.designator)),
            exit,
            front: index === firstSeatRow,
            nearLavatory: nextToLavatory(index),
            bassinet: bassinets.has(at),
            bookable,
            buyers,
            partyOfId,
            ctx,
          }),
        );
      }
    });
    rows.push({ row: number, seats, ...flags, ...(exit ? { exit: true } : {}) });
  });
  return { cabin: cabinOf, columns: blocks, bookable, rows };
}

function toSeat(
  element: SeatMapCabinRowSectionElementSeat,
  at: {
    place: SeatCharacteristic;
    exit: boolean;
    front: boolean;
    nearLavatory: boolean;
    bassinet: boolean;
    bookable: boolean;
    buyers: readonly { id: string; type: PassengerType }[];
    partyOfId: Map<string, SeatParty | null | undefined>;
    ctx: SeatMapContext;
  },
): Seat {
  const words = `${element.name ?? ''} ${element.disclosures.join(' ')}`.toLowerCase();
  const characteristics: SeatCharacteristic[] = [at.place];
  if (at.exit || /legroom/.test(words)) characteristics.push('extra_legroom');
  if (at.exit) characteristics.push('exit_row');
  if (at.front) characteristics.push('front_of_cabin');
  if (at.nearLavatory) characteristics.push('near_lavatory');
  if (/recline/.test(words)) characteristics.push('no_recline');
  if (at.bassinet) characteristics.push('bassinet');

  const seat: Seat = { designator: element.designator, available: false, characteristics };
  if (element.type !== 'seat' || !at.bookable) return seat;
  const buyerIds = new Set(at.buyers.map((buyer) => buyer.id));
  const services = element.available_services.filter((service) => buyerIds.has(service.passenger_id));
  if (services.length === 0) return seat;
  seat.available = true;
  const priceMinor = Math.max(
    ...services.map((service) =>
      convertToPlatformMinor(service.total_amount, service.total_currency, at.ctx.rate),
    ),
  );
  if (Number.isFinite(priceMinor) && priceMinor > 0) {
    seat.price = { Amount: minorToAmount(priceMinor), CurrencyCode: at.ctx.currency };
  }
  const selling = new Set(services.map((service) => service.passenger_id));
  const kept = [
    ...new Set(
      at.buyers
        .filter((buyer) => !selling.has(buyer.id))
        .map((buyer) => at.partyOfId.get(buyer.id))
        .filter((party): party is SeatParty => party !== null && party !== undefined),
    ),
  ];
  // Only an exit row's refusal has a name in the contract; other refusals show at booking (422).
  if (kept.length > 0 && characteristics.includes('exit_row')) {
    seat.restriction = {
      code: 'exit_row',
      message: element.disclosures[0] ?? EXIT_ROW_RULE,
      applies_to: kept,
    };
  }
  return seat;
}

/** One Duffel map as the portal's, or null when no cabin has a seat it can print. */
export function toSeatMap(map: DuffelSeatMap, ctx: SeatMapContext): SeatMap | null {
  const cabins = map.cabins.flatMap((cabin) => toCabin(cabin, ctx) ?? []);
  if (cabins.length === 0) return null;
  return {
    segment_index: ctx.flight.segmentIndex,
    flight: ctx.flight.flight,
    departure_date: ctx.flight.date,
    aircraft: { code: ctx.flight.equipment, name: equipmentName(ctx.flight.equipment) },
    cabins,
  };
}

/**
 * The map of each flight: Duffel's map for the offer's segment id at the flight's position (the
 * offer's segments in order), else the map at that position when the offer's ids are unknown.
 */
export function mapsForFlights(
  maps: readonly DuffelSeatMap[],
  flights: readonly SeatMapFlight[],
  offer: Pick<RemoteOffer, 'passengers' | 'rate' | 'segmentIds'>,
  currency: string,
): SeatMap[] {
  return flights.flatMap((flight) => {
    const segmentId = offer.segmentIds?.[flight.segmentIndex];
    const map = segmentId ? maps.find((m) => m.segment_id === segmentId) : maps[flight.segmentIndex];
    if (!map) return [];
    return toSeatMap(map, { flight, passengers: offer.passengers, rate: offer.rate, currency }) ?? [];
  });
}

export function createDuffelSeatMaps(options: { http: DuffelHttp; currency: string }): DuffelSeatMaps {
  async function rawSeatMaps(duffelOfferId: string): Promise<DuffelSeatMap[]> {
    try {
      const answer = await options.http.request<DuffelSeatMap[]>({
        method: 'GET',
        path: '/air/seat_maps',
        params: { offer_id: duffelOfferId },
        deadlineMs: 10_000,
      });
      return answer.data ?? [];
    } catch (error) {
      if (!(error instanceof SupplierCallError)) throw error;
      if (error.kind === 'gone') {
        throw new AppError('gone', 'The airline no longer sells this fare. Search again for current fares.');
      }
      if (error.kind === 'refused') {
        // An airline that draws no seat map for this offer: no seats to choose, as for a carrier
        // that sells none.
        return [];
      }
      throw new AppError('unavailable', 'The airline did not send its seat map. Try again shortly.', {
        retryAfter: 30,
      });
    }
  }
  return {
    rawSeatMaps,
    async seatMaps(request) {
      const offer = request.remote?.offer;
      if (!offer) return [];
      const maps = await rawSeatMaps(offer.offerId);
      return mapsForFlights(maps, request.flights, offer, options.currency);
    },
  };
}
