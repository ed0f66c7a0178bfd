import type {
  CabinFacility,
  Seat,
  SeatCharacteristic,
  SeatMap,
  SeatMapCabin,
  SeatMapRow,
} from '@skydesk/contract';
import { minorToAmount } from '@skydesk/contract';
import type { SeatInventory } from '../../inventory.js';
import type {
  ChosenSeat,
  ChosenSeats,
  SeatChoiceQuote,
  SeatChoiceRefusal,
  SeatMapFlight,
  SeatMapRequest,
  SupplierSeatMaps,
} from '../../seat-maps.js';
import { NO_CHOSEN_SEATS } from '../../seat-maps.js';
import { unitHash } from '../random.js';
import { type AircraftPlan, aircraftPlan, type CabinPlan, type SeatPlan } from './layouts.js';
import { type Occupant, occupancy, sectionOf } from './occupancy.js';
import { seatPriceMinor } from './prices.js';
import { checkSeatChoices, SEAT_RULES, seatParties, seatRestriction } from './rules.js';

/**
 * The sandbox's seat maps (issue 31): each flight's aircraft plan (layouts.ts), its seats taken
 * (occupancy.ts: SkyDesk's bookings' chosen seats and a fill as full as the inventory), priced per
 * passenger for the fare's brand (prices.ts), and the rules that keep some passengers out of a free
 * seat (rules.ts).
 */

/** About half the carriers never print a row 13, decided per airline and kept. */
export const skipsRow13 = (flight: string): boolean => unitHash(3, flight.slice(0, 2)) < 0.5;

export function planOf(flight: Pick<SeatMapFlight, 'flight' | 'equipment'>): AircraftPlan | undefined {
  return aircraftPlan(flight.equipment, skipsRow13(flight.flight));
}

export function createSandboxSeatMaps(deps: {
  inventory: SeatInventory;
  currency: string;
  chosenSeats?: ChosenSeats;
}): SupplierSeatMaps & {
  /** Who holds each seat of a flight's cabin now (the booking service checks choices against it). */
  takenSeats(flight: SeatMapFlight, options?: { bookingId?: string }): Promise<Map<string, Occupant>>;
} {
  const chosenSeats = deps.chosenSeats ?? NO_CHOSEN_SEATS;

  async function taken(flights: readonly SeatMapFlight[], bookingId?: string) {
    const [sold, chosen] = await Promise.all([
      deps.inventory.soldSeats(flights.map(({ flight, date, cabin }) => ({ flight, date, cabin }))),
      chosenSeats.chosenSeats(flights.map(({ flight, date }) => ({ flight, date }))),
    ]);
    return flights.map((flight, index) => {
      const plan = planOf(flight);
      const cabin = plan?.cabins.find((entry) => entry.cabin === flight.cabin);
      if (!plan || !cabin) return null;
      const mine = new Set<string>();
      const others = new Map<string, Occupant>();
      for (const seat of chosen) {
        if (seat.flight !== flight.flight || seat.date !== flight.date) continue;
        if (bookingId && seat.bookingId === bookingId) mine.add(seat.designator);
        others.set(seat.designator, { withInfant: seat.withInfant });
      }
      const occupied = occupancy({
        plan: cabin,
        flight: flight.flight,
        date: flight.date,
        sold: sold[index] ?? 0,
        chosen: others,
      });
      // A booking's own seats are its own, not another traveller's: free to keep or change.
      for (const designator of mine) occupied.delete(designator);
      return { plan, cabin, occupied };
    });
  }

  return {
    async takenSeats(flight, options) {
      const [entry] = await taken([flight], options?.bookingId);
      return entry?.occupied ?? new Map();
    },
    async quoteSeats(request) {
      const quotes: SeatChoiceQuote[] = [];
      const refused: SeatChoiceRefusal[] = [];
      const parties = seatParties(request.passengers);
      const states = await taken(request.flights, request.bookingId);
      request.flights.forEach((flight, index) => {
        const choices = request.choices.filter((choice) => choice.segmentIndex === flight.segmentIndex);
        if (choices.length === 0) return;
        const state = states[index];
        if (!state) {
          for (const choice of choices) refused.push({ ...choice, message: SEAT_RULES.noSuchSeat });
          return;
        }
        const seats = new Map(state.cabin.seats.map((seat) => [seat.designator, seat]));
        const elsewhere = new Set(
          state.plan.cabins.flatMap((cabin) =>
            cabin === state.cabin ? [] : cabin.seats.map((seat) => seat.designator),
          ),
        );
        const inCabin = choices.filter((choice) => {
          if (seats.has(choice.designator) || !elsewhere.has(choice.designator)) return true;
          refused.push({ ...choice, message: SEAT_RULES.otherCabin });
          return false;
        });
        const occupied = new Map(state.occupied);
        for (const kept of request.keep ?? []) {
          if (kept.segmentIndex === flight.segmentIndex)
            occupied.set(kept.designator, { withInfant: kept.withInfant });
        }
        const refusals = checkSeatChoices({
          seats,
          taken: occupied,
          parties,
          choices: inCabin.map(({ passengerIndex, designator }) => ({ passengerIndex, designator })),
        });
        for (const choice of inCabin) {
          const refusal = refusals.find(
            (entry) =>
              entry.passengerIndex === choice.passengerIndex && entry.designator === choice.designator,
          );
          if (refusal) {
            refused.push({
              ...choice,
              message: refusal.message,
              ...(refusal.message === SEAT_RULES.taken ? { taken: true } : {}),
            });
            continue;
          }
          const seat = seats.get(choice.designator)!;
          quotes.push({
            ...choice,
            amountMinor: seatPriceMinor({
              seat,
              cabin: flight.cabin,
              brand: flight.brand,
              blockMinutes: flight.blockMinutes,
              flight: flight.flight,
            }),
            withInfant: parties[choice.passengerIndex] === 'adult_with_infant',
          });
        }
      });
      // A choice on a flight the trip does not have.
      const segments = new Set(request.flights.map((flight) => flight.segmentIndex));
      for (const choice of request.choices) {
        if (!segments.has(choice.segmentIndex))
          refused.push({ ...choice, message: 'No such flight on this trip' });
      }
      return { quotes, refused };
    },
    async seatMaps(request: SeatMapRequest): Promise<SeatMap[]> {
      const states = await taken(request.flights, request.bookingId);
      const maps: SeatMap[] = [];
      request.flights.forEach((flight, index) => {
        const state = states[index];
        if (!state) return;
        maps.push(presentSeatMap({ flight, ...state, currency: deps.currency }));
      });
      return maps;
    },
  };
}

/** One flight's map: every cabin of the aircraft, the fare's cabin bookable, the others shown. */
export function presentSeatMap(input: {
  flight: SeatMapFlight;
  plan: AircraftPlan;
  cabin: CabinPlan;
  occupied: ReadonlyMap<string, Occupant>;
  currency: string;
}): SeatMap {
  const { flight, plan, occupied, currency } = input;
  const sectionsWithInfant = new Set<string>();
  for (const seat of input.cabin.seats) {
    if (occupied.get(seat.designator)?.withInfant) sectionsWithInfant.add(sectionOf(seat));
  }
  const prices = new Map<string, number>();
  const priceOf = (seat: SeatPlan) => {
    const key = `${seat.kind}/${seat.characteristics.includes('middle') ? 'm' : ''}`;
    let price = prices.get(key);
    if (price === undefined) {
      price = seatPriceMinor({
        seat,
        cabin: flight.cabin,
        brand: flight.brand,
        blockMinutes: flight.blockMinutes,
        flight: flight.flight,
      });
      prices.set(key, price);
    }
    return price;
  };
  const cabins: SeatMapCabin[] = plan.cabins.map((cabin) => {
    const bookable = cabin === input.cabin;
    const rows: SeatMapRow[] = cabin.rows.map((row) => {
      // The plan's arrays are shared, never copied: the answer is serialised, not changed.
      if (row.row === null) return { row: null, seats: row.facilities as CabinFacility[] };
      const seats = row.seats.map((seat): Seat => {
        const available = bookable && !occupied.has(seat.designator);
        // A seat of another cabin is shown, not described: this fare cannot have it.
        const element: Seat = {
          designator: seat.designator,
          available,
          characteristics: bookable ? (seat.characteristics as SeatCharacteristic[]) : [],
        };
        if (!available) return element;
        const price = priceOf(seat);
        if (price > 0) element.price = { Amount: minorToAmount(price), CurrencyCode: currency };
        const restriction = seatRestriction(seat, sectionsWithInfant);
        if (restriction) element.restriction = restriction;
        return element;
      });
      const presented: SeatMapRow = { row: row.row, seats };
      if (row.wing) presented.wing = true;
      if (row.exit) presented.exit = true;
      return presented;
    });
    return { cabin: cabin.cabin, columns: cabin.blocks as string[][], bookable, rows };
  });
  return {
    segment_index: flight.segmentIndex,
    flight: flight.flight,
    departure_date: flight.date,
    aircraft: { code: plan.code, name: plan.name },
    cabins,
  };
}

export type { ChosenSeat };
