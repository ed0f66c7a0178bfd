import { type Cabin, EQUIPMENT_NAMES } from '@skydesk/contract';

/**
 * The aircraft types the sandbox airlines fly, with their cabins. Seat counts follow typical
 * configurations; a zero means the type has no such cabin, so a search in that cabin skips it.
 */

export type Equipment = {
  /** IATA aircraft type code, as schedules publish it (Equipment.AirEquipType). */
  code: string;
  /** Its name, from the contract's one table (the SPA and the e-ticket read the same). */
  name: string;
  cruiseKmh: number;
  rangeKm: number;
  /** Minutes on the ground between an arrival and the next departure of the same aircraft. */
  turnaroundMinutes: number;
  seats: Readonly<Record<Cabin, number>>;
};

export const CABIN_ORDER: readonly Cabin[] = ['Economy', 'PremiumEconomy', 'Business', 'First'];

const seats = (Economy: number, PremiumEconomy: number, Business: number, First: number) => ({
  Economy,
  PremiumEconomy,
  Business,
  First,
});

/** Indexed by the timetable's equipment number; order matters once a network is built. */
export const FLEET: readonly Equipment[] = [
  {
    code: 'AT7',
    name: EQUIPMENT_NAMES.AT7,
    cruiseKmh: 510,
    rangeKm: 1_500,
    turnaroundMinutes: 25,
    seats: seats(70, 0, 0, 0),
  },
  {
    code: 'DH4',
    name: EQUIPMENT_NAMES.DH4,
    cruiseKmh: 560,
    rangeKm: 2_000,
    turnaroundMinutes: 25,
    seats: seats(76, 0, 0, 0),
  },
  {
    code: 'E75',
    name: EQUIPMENT_NAMES.E75,
    cruiseKmh: 780,
    rangeKm: 3_700,
    turnaroundMinutes: 35,
    seats: seats(64, 0, 12, 0),
  },
  {
    code: 'CR9',
    name: EQUIPMENT_NAMES.CR9,
    cruiseKmh: 780,
    rangeKm: 2_900,
    turnaroundMinutes: 35,
    seats: seats(64, 0, 12, 0),
  },
  {
    code: '320',
    name: EQUIPMENT_NAMES['320'],
    cruiseKmh: 830,
    rangeKm: 6_100,
    turnaroundMinutes: 45,
    seats: seats(150, 0, 12, 0),
  },
  {
    code: '73H',
    name: EQUIPMENT_NAMES['73H'],
    cruiseKmh: 830,
    rangeKm: 5_400,
    turnaroundMinutes: 45,
    seats: seats(144, 0, 16, 0),
  },
  {
    code: '32Q',
    name: EQUIPMENT_NAMES['32Q'],
    cruiseKmh: 830,
    rangeKm: 7_400,
    turnaroundMinutes: 50,
    seats: seats(168, 12, 16, 0),
  },
  {
    code: '7M8',
    name: EQUIPMENT_NAMES['7M8'],
    cruiseKmh: 840,
    rangeKm: 6_500,
    turnaroundMinutes: 50,
    seats: seats(150, 12, 16, 0),
  },
  {
    code: '789',
    name: EQUIPMENT_NAMES['789'],
    cruiseKmh: 900,
    rangeKm: 14_000,
    turnaroundMinutes: 90,
    seats: seats(216, 21, 28, 0),
  },
  {
    code: '359',
    name: EQUIPMENT_NAMES['359'],
    cruiseKmh: 900,
    rangeKm: 15_500,
    turnaroundMinutes: 90,
    seats: seats(222, 24, 36, 0),
  },
  {
    code: '77W',
    name: EQUIPMENT_NAMES['77W'],
    cruiseKmh: 905,
    rangeKm: 13_600,
    turnaroundMinutes: 100,
    seats: seats(264, 24, 42, 8),
  },
  {
    code: '388',
    name: EQUIPMENT_NAMES['388'],
    cruiseKmh: 900,
    rangeKm: 14_800,
    turnaroundMinutes: 120,
    seats: seats(399, 44, 76, 14),
  },
];

export function equipmentAt(index: number): Equipment {
  const equipment = FLEET[index];
  if (!equipment) throw new RangeError(`no equipment ${index}`);
  return equipment;
}

const indexOf = (code: string): number => FLEET.findIndex((equipment) => equipment.code === code);
const TURBOPROPS = [indexOf('AT7'), indexOf('DH4')] as const;
const REGIONAL_JETS = [indexOf('E75'), indexOf('CR9')] as const;
const NARROWBODIES = [indexOf('320'), indexOf('73H')] as const;
const LONG_NARROWBODIES = [indexOf('32Q'), indexOf('7M8')] as const;
const WIDEBODIES = [indexOf('789'), indexOf('359')] as const;
const FLAGSHIPS = [indexOf('77W'), indexOf('388')] as const;

/** An airline whose fleet reaches no farther than this flies regional types only (network-anchors.ts, reach S and T). */
const REGIONAL_FLEET_KM = 2_500;

/**
 * The type an airline puts on a route: the smallest family that reaches and fits the traffic.
 * `family` picks Airbus or Boeing-style variants so an airline's fleet looks coherent; a regional
 * operator (`fleetRangeKm` within REGIONAL_FLEET_KM) flies turboprops, and regional jets where they
 * do not reach.
 */
export function chooseEquipment(
  distanceKm: number,
  dailyFrequency: number,
  demand: number,
  family: 0 | 1,
  fleetRangeKm = Number.POSITIVE_INFINITY,
): number {
  if (fleetRangeKm <= REGIONAL_FLEET_KM) {
    const turboprop = TURBOPROPS[family];
    return FLEET[turboprop]!.rangeKm >= distanceKm ? turboprop : REGIONAL_JETS[family];
  }
  const preferred = preferredEquipment(distanceKm, dailyFrequency, demand, family);
  if (FLEET[preferred]!.rangeKm >= distanceKm) return preferred;
  // Ultra-long routes: the type that reaches farthest.
  return FLEET.reduce(
    (best, equipment, index) => (equipment.rangeKm > FLEET[best]!.rangeKm ? index : best),
    0,
  );
}

function preferredEquipment(
  distanceKm: number,
  dailyFrequency: number,
  demand: number,
  family: 0 | 1,
): number {
  if (distanceKm > 6_000) return demand > 180 ? FLAGSHIPS[family] : WIDEBODIES[family];
  if (distanceKm > 4_500) return demand > 100 ? WIDEBODIES[family] : LONG_NARROWBODIES[family];
  if (distanceKm > 2_500) return LONG_NARROWBODIES[family];
  if (distanceKm < 500 && dailyFrequency <= 3 && demand < 25) return TURBOPROPS[family];
  if (distanceKm < 1_800 && demand < 60) return REGIONAL_JETS[family];
  return NARROWBODIES[family];
}

/** Bit per cabin, in CABIN_ORDER, of the cabins each type has; routing filters on it. */
export const EQUIPMENT_CABIN_BITS: Uint8Array = Uint8Array.from(FLEET, (equipment) =>
  CABIN_ORDER.reduce((bits, cabin, bit) => (equipment.seats[cabin] > 0 ? bits | (1 << bit) : bits), 0),
);

export function cabinBit(cabin: Cabin): number {
  return 1 << CABIN_ORDER.indexOf(cabin);
}
