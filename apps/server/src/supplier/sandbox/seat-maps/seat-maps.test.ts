import type { Cabin, PassengerType } from '@skydesk/contract';
import { isSeat, SeatMap } from '@skydesk/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inventoryFromLookup } from '../../inventory.js';
import type { SeatMapFlight } from '../../seat-maps.js';
import { FLEET } from '../fleet.js';
import { createSandboxSeatMaps } from './index.js';
import { aircraftPlan, type SeatPlan } from './layouts.js';
import { occupancy, sectionOf } from './occupancy.js';
import { seatPriceMinor } from './prices.js';
import { checkSeatChoices, SEAT_RULES, seatParties } from './rules.js';

const types = FLEET.map((equipment) => equipment.code);
const type = fc.constantFrom(...types);
describe('aircraft layouts', () => {
  it('knows a layout for every type of the fleet', () => {
    for (const code of types) expect(aircraftPlan(code, false), code).toBeDefined();
  });

  it("seats exactly the fleet table's seats per cabin, each designator once, in its cabin's columns", () => {
    fc.assert(
      fc.property(type, fc.boolean(), (code, skips) => {
        const plan = aircraftPlan(code, skips)!;
        const equipment = FLEET.find((entry) => entry.code === code)!;
        const all = new Set<string>();
        for (const cabin of plan.cabins) {
          expect(cabin.seats.length).toBe(equipment.seats[cabin.cabin]);
          const columns = new Set(cabin.blocks.flat());
          for (const seat of cabin.seats) {
            expect(columns.has(seat.column)).toBe(true);
            expect(seat.designator).toBe(`${seat.row}${seat.column}`);
            expect(all.has(seat.designator)).toBe(false);
            all.add(seat.designator);
          }
        }
      }),
    );
  });

  it('numbers rows front to back as printed, without row 13 where the carrier skips it', () => {
    fc.assert(
      fc.property(type, fc.boolean(), (code, skips) => {
        const rows = aircraftPlan(code, skips)!.cabins.flatMap((cabin) =>
          cabin.rows.flatMap((row) => (row.row === null ? [] : [row.row])),
        );
        for (let index = 1; index < rows.length; index++)
          expect(rows[index]).toBeGreaterThan(rows[index - 1]!);
        expect(rows[0]).toBe(1);
        if (skips) expect(rows).not.toContain(13);
        else if (rows.length >= 13) expect(rows).toContain(13);
      }),
    );
  });

  it('gives every seat one place (window, aisle or middle) as its row and blocks say', () => {
    fc.assert(
      fc.property(type, (code) => {
        for (const cabin of aircraftPlan(code, true)!.cabins) {
          for (const row of cabin.rows) {
            if (row.row === null) continue;
            // The seats by the fuselage are windows (a short last row may leave a block empty).
            const lastBlock = cabin.blocks.length - 1;
            for (const seat of row.seats) {
              const outer =
                (seat.block === 0 && seat.column === cabin.blocks[0]![0]) ||
                (seat.block === lastBlock && seat.column === cabin.blocks[lastBlock]!.at(-1));
              expect(seat.characteristics.includes('window')).toBe(outer);
            }
            for (const seat of row.seats) {
              const middle = seat.characteristics.includes('middle');
              const placed =
                seat.characteristics.includes('window') || seat.characteristics.includes('aisle');
              expect(middle !== placed).toBe(true);
            }
          }
        }
      }),
    );
  });

  it("has the families' layouts: 3-3 single aisles, 3-3-3 / 2-4-2 / 3-4-3 twin aisles, 1-2-1 business, 1-1-1 first", () => {
    const blocks = (code: string, cabin: Cabin) =>
      aircraftPlan(code, false)!
        .cabins.find((entry) => entry.cabin === cabin)!
        .blocks.map((block) => block.length)
        .join('-');
    expect(blocks('320', 'Economy')).toBe('3-3');
    expect(blocks('320', 'Business')).toBe('2-2');
    expect(blocks('359', 'Economy')).toBe('3-3-3');
    expect(blocks('359', 'PremiumEconomy')).toBe('2-4-2');
    expect(blocks('77W', 'Economy')).toBe('3-4-3');
    expect(blocks('77W', 'Business')).toBe('1-2-1');
    expect(blocks('77W', 'First')).toBe('1-1-1');
  });

  it('marks exit rows with extra legroom, no recline in the row ahead, wings, facilities and bassinets', () => {
    fc.assert(
      fc.property(type, (code) => {
        const plan = aircraftPlan(code, false)!;
        const economy = plan.cabins.find((cabin) => cabin.cabin === 'Economy')!;
        const rows = economy.rows.filter((row) => row.row !== null);
        const exits = rows.filter((row) => row.exit);
        expect(exits.length).toBeGreaterThan(0);
        expect(rows.some((row) => row.wing)).toBe(true);
        for (const row of exits) {
          for (const seat of row.seats)
            expect(seat.characteristics).toEqual(expect.arrayContaining(['exit_row', 'extra_legroom']));
          const ahead = rows[rows.indexOf(row) - 1];
          if (ahead) for (const seat of ahead.seats) expect(seat.characteristics).toContain('no_recline');
        }
        const facilities = plan.cabins.flatMap((cabin) =>
          cabin.rows.flatMap((row) => (row.row === null ? row.facilities : [])),
        );
        expect(facilities.some((facility) => facility.facility === 'lavatory')).toBe(true);
        expect(facilities.some((facility) => facility.facility === 'galley')).toBe(true);
        const bassinets = economy.seats.filter((seat) => seat.characteristics.includes('bassinet'));
        if (plan.body === 'wide') expect(bassinets.length).toBeGreaterThan(0);
      }),
    );
  });
});

const plan320 = aircraftPlan('320', true)!;
const economy320 = plan320.cabins.find((cabin) => cabin.cabin === 'Economy')!;

describe('seats taken', () => {
  it('fills as many seats as the inventory sold, the same ones each time, more on a fuller flight', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const fill = (sold: number) =>
          occupancy({ plan: economy320, flight: 'SK101', date: '2026-12-20', sold, chosen: new Map() });
        const few = fill(low);
        const many = fill(high);
        expect(few.size).toBe(Math.min(low, economy320.seats.length));
        expect(many.size).toBe(Math.min(high, economy320.seats.length));
        for (const designator of few.keys()) expect(many.has(designator)).toBe(true);
        expect([...fill(low).keys()]).toEqual([...few.keys()]);
      }),
    );
  });

  it('counts the seats SkyDesk bookings chose among those sold, and moves no other seat when one is chosen', () => {
    const before = occupancy({
      plan: economy320,
      flight: 'SK101',
      date: '2026-12-20',
      sold: 40,
      chosen: new Map(),
    });
    const free = economy320.seats.find((seat) => !before.has(seat.designator))!;
    const after = occupancy({
      plan: economy320,
      flight: 'SK101',
      date: '2026-12-20',
      sold: 41,
      chosen: new Map([[free.designator, { withInfant: false }]]),
    });
    expect(after.size).toBe(41);
    for (const designator of before.keys()) expect(after.has(designator)).toBe(true);
  });

  it('never seats two infants in one row section, nor one in an exit row', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 6 }), (flight) => {
        const taken = occupancy({
          plan: economy320,
          flight,
          date: '2026-12-20',
          sold: 150,
          chosen: new Map(),
        });
        const sections = new Set<string>();
        for (const seat of economy320.seats) {
          if (!taken.get(seat.designator)?.withInfant) continue;
          expect(seat.exitRow).toBe(false);
          expect(sections.has(sectionOf(seat))).toBe(false);
          sections.add(sectionOf(seat));
        }
      }),
    );
  });
});

describe('seat prices', () => {
  const seat = (kind: SeatPlan['kind']): Pick<SeatPlan, 'kind' | 'characteristics'> => ({
    kind,
    characteristics: ['aisle'],
  });
  const price = (
    kind: SeatPlan['kind'],
    brand: 'Basic' | 'Standard' | 'Flex',
    cabin: Cabin = 'Economy',
    blockMinutes = 120,
  ) => seatPriceMinor({ seat: seat(kind), cabin, brand, blockMinutes, flight: 'SK101' });

  it('charges Basic for every seat, Standard for extra legroom and the front, Flex for none', () => {
    expect(price('standard', 'Basic')).toBeGreaterThan(0);
    expect(price('standard', 'Standard')).toBe(0);
    expect(price('front', 'Standard')).toBeGreaterThan(0);
    expect(price('extra_legroom', 'Standard')).toBeGreaterThan(price('front', 'Standard'));
    for (const kind of ['standard', 'front', 'extra_legroom'] as const) expect(price(kind, 'Flex')).toBe(0);
    expect(price('extra_legroom', 'Basic', 'Business')).toBe(0);
  });

  it('charges more on a longer route, in whole units, the same each time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 900 }), fc.integer({ min: 30, max: 900 }), (a, b) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        expect(price('extra_legroom', 'Basic', 'Economy', long)).toBeGreaterThanOrEqual(
          price('extra_legroom', 'Basic', 'Economy', short),
        );
        expect(price('standard', 'Basic', 'Economy', a) % 100).toBe(0);
        expect(price('standard', 'Basic', 'Economy', a)).toBe(price('standard', 'Basic', 'Economy', a));
      }),
    );
  });
});

describe('seat rules', () => {
  const seats = new Map(economy320.seats.map((seat) => [seat.designator, seat]));
  const exitSeat = economy320.seats.find((seat) => seat.exitRow)!;

  it("puts infants on the first adults' laps", () => {
    expect(seatParties(['adult', 'adult', 'child', 'infant'])).toEqual([
      'adult_with_infant',
      'adult',
      'child',
      null,
    ]);
  });

  it('refuses a child or a passenger with an infant in an exit row, with the reason', () => {
    const parties = seatParties(['adult', 'child', 'adult', 'infant']);
    const refusals = checkSeatChoices({
      seats,
      taken: new Map(),
      parties,
      choices: [
        { passengerIndex: 0, designator: exitSeat.designator },
        { passengerIndex: 1, designator: `${exitSeat.row}B` },
        { passengerIndex: 2, designator: `${exitSeat.row}C` },
      ],
    });
    expect(refusals.map((refusal) => [refusal.passengerIndex, refusal.message])).toEqual([
      [0, SEAT_RULES.exitRow],
      [1, SEAT_RULES.exitRow],
    ]);
  });

  const passengerTypes = fc
    .array(fc.constantFrom<PassengerType>('adult', 'child', 'infant'), { minLength: 1, maxLength: 9 })
    .filter(
      (types) => types.filter((t) => t === 'infant').length <= types.filter((t) => t === 'adult').length,
    );

  it("never accepts a seat twice, an exit row for a child or an infant's adult, or two infants in a section", () => {
    fc.assert(
      fc.property(
        passengerTypes,
        fc.array(fc.record({ passengerIndex: fc.nat(8), seat: fc.nat(economy320.seats.length - 1) }), {
          maxLength: 20,
        }),
        fc.integer({ min: 0, max: 150 }),
        (types, picks, sold) => {
          const parties = seatParties(types);
          const taken = occupancy({
            plan: economy320,
            flight: 'SK7',
            date: '2026-12-21',
            sold,
            chosen: new Map(),
          });
          const choices = picks
            .filter((pick) => pick.passengerIndex < types.length)
            .map((pick) => ({
              passengerIndex: pick.passengerIndex,
              designator: economy320.seats[pick.seat]!.designator,
            }));
          const refused = new Set(
            checkSeatChoices({ seats, taken, parties, choices }).map((r) => r.passengerIndex + r.designator),
          );
          const accepted = choices.filter(
            (choice) => !refused.has(choice.passengerIndex + choice.designator),
          );
          const designators = accepted.map((choice) => choice.designator);
          expect(new Set(designators).size).toBe(designators.length);
          const sections = new Set(
            [...taken]
              .filter(([, occupant]) => occupant.withInfant)
              .map(([designator]) => sectionOf(seats.get(designator)!)),
          );
          for (const choice of accepted) {
            const seat = seats.get(choice.designator)!;
            const party = parties[choice.passengerIndex];
            expect(taken.has(choice.designator)).toBe(false);
            expect(party).not.toBeNull();
            if (party !== 'adult') expect(seat.exitRow).toBe(false);
            if (party === 'adult_with_infant') {
              expect(sections.has(sectionOf(seat))).toBe(false);
              sections.add(sectionOf(seat));
            }
          }
        },
      ),
    );
  });
});

describe("a flight's seat map", () => {
  const flight = (overrides: Partial<SeatMapFlight> = {}): SeatMapFlight => ({
    segmentIndex: 0,
    flight: 'SK101',
    date: '2026-12-20',
    cabin: 'Economy',
    equipment: '77W',
    blockMinutes: 420,
    brand: 'Basic',
    ...overrides,
  });

  it("answers the contract's shape, every cabin shown, the fare's bookable, as many seats taken as sold", async () => {
    const seatMaps = createSandboxSeatMaps({
      inventory: inventoryFromLookup((_, __, cabin) => (cabin === 'Economy' ? 120 : 3)),
      currency: 'USD',
    });
    const [map] = await seatMaps.seatMaps({ flights: [flight()], passengers: ['adult', 'child'] });
    const parsed = SeatMap.parse(map);
    expect(parsed.cabins.map((cabin) => [cabin.cabin, cabin.bookable])).toEqual([
      ['First', false],
      ['Business', false],
      ['PremiumEconomy', false],
      ['Economy', true],
    ]);
    const economy = parsed.cabins[3]!.rows.flatMap((row) => row.seats.filter(isSeat));
    expect(economy.filter((seat) => !seat.available)).toHaveLength(120);
    expect(
      economy.filter((seat) => seat.available).every((seat) => seat.price && seat.price.Amount > 0),
    ).toBe(true);
    const exit = economy.find((seat) => seat.available && seat.characteristics.includes('exit_row'))!;
    expect(exit.restriction).toMatchObject({ code: 'exit_row', applies_to: ['child', 'adult_with_infant'] });
    // Issue 31: at most 40 KB (of 1,024 bytes) per flight before compression, on an empty flight at its dearest.
    expect(Buffer.byteLength(JSON.stringify(map))).toBeLessThanOrEqual(40 * 1024);
  });

  it("shows a booking its own seats as free to keep, others' as taken", async () => {
    const seatMaps = createSandboxSeatMaps({
      inventory: inventoryFromLookup(() => 2),
      currency: 'USD',
      chosenSeats: {
        chosenSeats: async () => [
          { flight: 'SK101', date: '2026-12-20', designator: '30A', withInfant: false, bookingId: 'mine' },
          { flight: 'SK101', date: '2026-12-20', designator: '30B', withInfant: false, bookingId: 'theirs' },
        ],
      },
    });
    const seatsOf = async (bookingId?: string) =>
      (
        await seatMaps.seatMaps({
          flights: [flight({ brand: 'Flex' })],
          passengers: ['adult'],
          ...(bookingId ? { bookingId } : {}),
        })
      )[0]!.cabins.flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)));
    const mine = await seatsOf('mine');
    expect(mine.find((seat) => seat.designator === '30A')!.available).toBe(true);
    expect(mine.find((seat) => seat.designator === '30B')!.available).toBe(false);
    const anyone = await seatsOf();
    expect(anyone.find((seat) => seat.designator === '30A')!.available).toBe(false);
    // Flex: every seat is included in the fare.
    expect(anyone.some((seat) => seat.price)).toBe(false);
  });
});
