import type { Cabin, CabinFacilityKind, SeatCharacteristic } from '@skydesk/contract';
import { equipmentName } from '@skydesk/contract';
import { FLEET } from '../fleet.js';

/**
 * The seat plan of each aircraft type the sandbox flies (issue 31): the cabins front to back, each
 * with its column blocks between the aisles, numbered rows as airlines print them, exit rows, the
 * rows over the wing, and the lavatories, galleys and closets among the rows. Seat counts are the
 * fleet table's (fleet.ts), so a plan seats exactly what the inventory sells.
 *
 * A plan is the same for every flight of a type (and the carrier's habit about row 13): made once,
 * kept, and only the seats taken and prices differ from flight to flight.
 */

export type BodyType = 'regional' | 'narrow' | 'wide';

/** How a seat is priced: an ordinary seat, one near the front, or one with extra legroom. */
export type SeatKind = 'standard' | 'front' | 'extra_legroom';

export type SeatPlan = {
  designator: string;
  row: number;
  column: string;
  /** Which column block (between aisles) it is in: a row section, for the infant rule. */
  block: number;
  characteristics: readonly SeatCharacteristic[];
  kind: SeatKind;
  exitRow: boolean;
};

export type FacilityPlan = { facility: CabinFacilityKind; columns: readonly string[] };

export type RowPlan =
  | { row: number; seats: readonly SeatPlan[]; wing: boolean; exit: boolean }
  | { row: null; facilities: readonly FacilityPlan[] };

export type CabinPlan = {
  cabin: Cabin;
  blocks: readonly (readonly string[])[];
  rows: readonly RowPlan[];
  /** Every seat of the cabin, front to back, left to right. */
  seats: readonly SeatPlan[];
};

export type AircraftPlan = {
  code: string;
  name: string;
  body: BodyType;
  /** Front to back: First, Business, Premium Economy, Economy (those the type has). */
  cabins: readonly CabinPlan[];
};

/** Column letters per layout; airlines leave I out (it reads as 1) and name blocks as printed. */
const LAYOUTS = {
  '2-2': [
    ['A', 'B'],
    ['C', 'D'],
  ],
  '2-2 wide seats': [
    ['A', 'C'],
    ['D', 'F'],
  ],
  '3-3': [
    ['A', 'B', 'C'],
    ['D', 'E', 'F'],
  ],
  '1-1-1': [['A'], ['E'], ['K']],
  '1-2-1': [['A'], ['E', 'F'], ['K']],
  '2-3-2': [
    ['A', 'C'],
    ['D', 'E', 'F'],
    ['H', 'K'],
  ],
  '2-4-2': [
    ['A', 'C'],
    ['D', 'E', 'F', 'G'],
    ['H', 'K'],
  ],
  '3-3-3': [
    ['A', 'B', 'C'],
    ['D', 'E', 'F'],
    ['H', 'J', 'K'],
  ],
  '3-4-3': [
    ['A', 'B', 'C'],
    ['D', 'E', 'F', 'G'],
    ['H', 'J', 'K'],
  ],
} as const satisfies Record<string, readonly (readonly string[])[]>;

type LayoutName = keyof typeof LAYOUTS;

const REGIONAL_JET = { body: 'regional', cabins: { Business: '2-2 wide seats', Economy: '2-2' } } as const;
const NARROWBODY = {
  body: 'narrow',
  cabins: { Business: '2-2 wide seats', PremiumEconomy: '3-3', Economy: '3-3' },
} as const;
const FLAGSHIP = {
  body: 'wide',
  cabins: { First: '1-1-1', Business: '1-2-1', PremiumEconomy: '2-4-2', Economy: '3-4-3' },
} as const;

/** The layout of each cabin of each type (typical configurations of the type's operators). */
export const TYPE_LAYOUTS: Readonly<
  Record<string, { body: BodyType; cabins: Partial<Record<Cabin, LayoutName>> }>
> = {
  AT7: { body: 'regional', cabins: { Economy: '2-2' } },
  DH4: { body: 'regional', cabins: { Economy: '2-2' } },
  E75: REGIONAL_JET,
  CR9: REGIONAL_JET,
  '320': NARROWBODY,
  '73H': NARROWBODY,
  '32Q': NARROWBODY,
  '7M8': NARROWBODY,
  '789': { body: 'wide', cabins: { Business: '1-2-1', PremiumEconomy: '2-3-2', Economy: '3-3-3' } },
  '359': { body: 'wide', cabins: { Business: '1-2-1', PremiumEconomy: '2-4-2', Economy: '3-3-3' } },
  '77W': FLAGSHIP,
  '388': FLAGSHIP,
};

const FRONT_TO_BACK: readonly Cabin[] = ['First', 'Business', 'PremiumEconomy', 'Economy'];

/** Rows this carrier never prints: many skip 13. */
const skipped = (row: number, skipsRow13: boolean) => skipsRow13 && row === 13;

const plans = new Map<string, AircraftPlan | null>();

/** The plan of an aircraft type, or undefined when the sandbox does not know the type. */
export function aircraftPlan(code: string, skipsRow13: boolean): AircraftPlan | undefined {
  const key = `${code}/${skipsRow13 ? 1 : 0}`;
  let plan = plans.get(key);
  if (plan === undefined) {
    plan = makePlan(code, skipsRow13);
    plans.set(key, plan);
  }
  return plan ?? undefined;
}

function makePlan(code: string, skipsRow13: boolean): AircraftPlan | null {
  const type = TYPE_LAYOUTS[code];
  const equipment = FLEET.find((entry) => entry.code === code);
  if (!type || !equipment) return null;
  const cabins = FRONT_TO_BACK.filter((cabin) => equipment.seats[cabin] > 0);
  let nextRow = 1;
  const planned: CabinPlan[] = cabins.map((cabin, index) => {
    const layout = type.cabins[cabin];
    if (!layout) throw new Error(`no ${cabin} layout for ${code}`);
    const plan = cabinPlan({
      cabin,
      blocks: LAYOUTS[layout],
      capacity: equipment.seats[cabin],
      body: type.body,
      firstRow: nextRow,
      skipsRow13,
      first: index === 0,
      last: index === cabins.length - 1,
    });
    const numbers = plan.seats.map((seat) => seat.row);
    nextRow = Math.max(...numbers) + 1;
    return plan;
  });
  return { code, name: equipmentName(code), body: type.body, cabins: planned };
}

type CabinInput = {
  cabin: Cabin;
  blocks: readonly (readonly string[])[];
  capacity: number;
  body: BodyType;
  firstRow: number;
  skipsRow13: boolean;
  /** The cabin at the nose (the forward galley) or at the tail (the rear lavatories). */
  first: boolean;
  last: boolean;
};

const isEconomyClass = (cabin: Cabin) => cabin === 'Economy' || cabin === 'PremiumEconomy';

function cabinPlan(input: CabinInput): CabinPlan {
  const { cabin, blocks, capacity, body } = input;
  const columns = blocks.flat();
  const rowCount = Math.ceil(capacity / columns.length);
  const economy = cabin === 'Economy';

  // Row indexes (0-based within the cabin) of what the cabin has.
  const exits = new Set<number>();
  const wing = new Set<number>();
  let midFacilityAfter = -1; // a wide-body's middle lavatories and galley, at its second pair of doors
  if (economy) {
    if (body === 'wide') {
      exits.add(0); // the cabin starts at a door
      if (rowCount >= 20) {
        midFacilityAfter = Math.round(rowCount * 0.45) - 1;
        exits.add(midFacilityAfter + 1);
      }
      for (let index = Math.round(rowCount * 0.1); index <= Math.round(rowCount * 0.45); index++)
        wing.add(index);
    } else {
      // Over-wing exits: one row on a regional aircraft, two on a single-aisle jet.
      const exit = Math.round(rowCount * 0.42);
      exits.add(exit);
      if (body === 'narrow' && rowCount >= 20) exits.add(exit + 1);
      for (let index = Math.round(rowCount * 0.3); index <= Math.round(rowCount * 0.6); index++)
        wing.add(index);
    }
  }
  const frontRows = economy ? Math.max(2, Math.round(rowCount * 0.15)) : 0;
  const bassinetRows = new Set(body === 'wide' && cabin !== 'First' ? [0, midFacilityAfter + 1] : []);

  const aroundOf = (blocksFacilities: 'ends' | 'middle'): FacilityPlan[] => {
    const [left, ...rest] = blocks;
    const right = rest[rest.length - 1];
    if (!left || !right) return [{ facility: 'lavatory', columns: columns }];
    if (body !== 'wide') {
      return blocksFacilities === 'ends'
        ? [
            { facility: 'galley', columns: left },
            { facility: 'lavatory', columns: right },
          ]
        : [{ facility: 'closet', columns: left }];
    }
    return [
      { facility: 'lavatory', columns: left },
      { facility: 'galley', columns: rest.slice(0, -1).flat() },
      { facility: 'lavatory', columns: right },
    ];
  };
  const front = input.first ? aroundOf('ends') : null;
  const between = input.last
    ? null
    : body === 'regional'
      ? null
      : aroundOf(body === 'wide' ? 'ends' : 'middle');
  const rear = input.last
    ? body === 'wide'
      ? aroundOf('ends')
      : [
          { facility: 'lavatory' as const, columns: blocks[0]! },
          { facility: 'galley' as const, columns: blocks[blocks.length - 1]! },
        ]
    : null;
  const middle = midFacilityAfter >= 0 ? aroundOf('ends') : null;

  // Seats of the last row the fuselage narrows to: the outermost go first.
  const missing = rowCount * columns.length - capacity;
  const centre = (columns.length - 1) / 2;
  const leftOut = new Set(
    columns
      .map((column, index) => ({ column, outer: Math.abs(index - centre), index }))
      .sort((a, b) => b.outer - a.outer || a.index - b.index)
      .slice(0, missing)
      .map((entry) => entry.column),
  );

  const hasLavatory = (facilities: readonly FacilityPlan[] | null) =>
    facilities?.some((facility) => facility.facility === 'lavatory') ?? false;
  const lavatoryBefore = (index: number) =>
    (index === 0 && hasLavatory(front)) || (index === midFacilityAfter + 1 && hasLavatory(middle));
  const lavatoryAfter = (index: number) =>
    (index === rowCount - 1 && (hasLavatory(rear) || hasLavatory(between))) ||
    (index === midFacilityAfter && hasLavatory(middle));
  const wallBehind = (index: number) => index === rowCount - 1 || index === midFacilityAfter;

  const rows: RowPlan[] = [];
  const seats: SeatPlan[] = [];
  if (front) rows.push({ row: null, facilities: front });
  let number = input.firstRow;
  for (let index = 0; index < rowCount; index++) {
    while (skipped(number, input.skipsRow13)) number++;
    const present = blocks.map((block) =>
      block.filter((column) => index < rowCount - 1 || !leftOut.has(column)),
    );
    const exit = exits.has(index);
    const bulkhead = index === 0 || index === midFacilityAfter + 1;
    const rowSeats: SeatPlan[] = [];
    present.forEach((block, blockIndex) => {
      block.forEach((column) => {
        const characteristics: SeatCharacteristic[] = [];
        // Where the seat stands in its block as built, whether or not its neighbours are fitted.
        const place = blocks[blockIndex]!.indexOf(column);
        const size = blocks[blockIndex]!.length;
        const window =
          (blockIndex === 0 && place === 0) || (blockIndex === blocks.length - 1 && place === size - 1);
        const aisle =
          (blockIndex > 0 && place === 0) || (blockIndex < blocks.length - 1 && place === size - 1);
        if (window) characteristics.push('window');
        if (aisle) characteristics.push('aisle');
        if (!window && !aisle) characteristics.push('middle');
        const legroom = exit || (bulkhead && isEconomyClass(cabin));
        if (legroom) characteristics.push('extra_legroom');
        if (exit) characteristics.push('exit_row');
        const front = index < frontRows;
        if (front) characteristics.push('front_of_cabin');
        if (lavatoryBefore(index) || lavatoryAfter(index)) characteristics.push('near_lavatory');
        if (exits.has(index + 1) || wallBehind(index)) characteristics.push('no_recline');
        const outerBlock = blockIndex === 0 || blockIndex === blocks.length - 1;
        if (bassinetRows.has(index) && !outerBlock) characteristics.push('bassinet');
        const seat: SeatPlan = {
          designator: `${number}${column}`,
          row: number,
          column,
          block: blockIndex,
          characteristics,
          kind: legroom ? 'extra_legroom' : front ? 'front' : 'standard',
          exitRow: exit,
        };
        rowSeats.push(seat);
        seats.push(seat);
      });
    });
    rows.push({ row: number, seats: rowSeats, wing: wing.has(index), exit });
    if (index === midFacilityAfter && middle) rows.push({ row: null, facilities: middle });
    number++;
  }
  if (between) rows.push({ row: null, facilities: between });
  if (rear) rows.push({ row: null, facilities: rear });
  return { cabin, blocks, rows, seats };
}
