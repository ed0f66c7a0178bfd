import type { BookingStatus, Cabin, PassengerType, PricedItinerary, TripType } from '@skydesk/contract';
import { minorToAmount } from '@skydesk/contract';
import type { HoldPolicy } from '../../modules/bookings/index.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import { localDate, type SandboxSupplier } from '../../supplier/sandbox/index.js';

/** The demo history's shapes before a row is written, and the planners' small kit. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export type DemoHistoryOptions = {
  /** The seeding instant: the history ends the day before, the present is now. */
  now: Date;
  /** The agency's IANA zone: its days and business hours. */
  timeZone: string;
  days?: number;
  /** The server's hold rules (BOOKING_HOLD_MINUTES, BOOKING_TICKETING_CUTOFF_MINUTES). */
  hold?: HoldPolicy;
  /** Where deposit receipts are kept; without it deposits name receipts no file backs. */
  files?: FileStore;
  /** The plan's randomness: the same seed gives the same shape of history relative to `now`. */
  seed?: number;
  /** The sandbox to book from (demoSupplier); made here when not given. */
  supplier?: SandboxSupplier;
};

export type DemoAgency = {
  companyId: string;
  currency: string;
  openingCreditsMinor: number;
  /**
   * The owner's password hash and sealed authenticator key: the staff sign in with the same demo
   * password and key (docs/architecture.md §7), enrolled as the mandatory two-step sign-in requires.
   */
  owner: { id: string; passwordHash: string | null; totpSecretSealed: string };
  operatorId: string;
  bankIds: string[];
};

export type DemoHistorySummary = {
  bookings: number;
  byStatus: Partial<Record<BookingStatus, number>>;
  ledgerLines: number;
  balanceMinor: number;
  deposits: number;
  searches: number;
  liveHolds: number;
};

export type Random = () => number;

export type Traveller = {
  id: string;
  passenger_type: PassengerType;
  title: 'MR' | 'MRS' | 'MS' | 'MSTR' | 'MISS';
  first_name: string;
  last_name: string;
  gender: 'M' | 'F';
  date_of_birth: string;
  nationality: string;
  passport_number: string;
  passport_expiry: string;
  saved: boolean;
};

export type Event = {
  action: string;
  from: BookingStatus | null;
  to: BookingStatus;
  note: string;
  actor: string | null;
  at: Date;
};

export type LedgerLine = {
  id: string;
  at: Date;
  kind: 'deposit' | 'ticket' | 'void' | 'refund' | 'adjustment';
  amount: number;
  bookingId: string | null;
  transactionId: string | null;
  note: string;
  userId: string | null;
};

export type PlannedOrder = {
  id: string;
  no: string;
  bookingId: string;
  kind: 'ticket' | 'void' | 'refund';
  amount: number;
  status: 'completed' | 'pending';
  tickets: string[];
  line: LedgerLine | null;
  createdAt: Date;
  updatedAt: Date;
  allowed: number | null;
  decidedAt: Date | null;
  decidedBy: string | null;
};

export type PlannedTicket = {
  number: string;
  passengerId: string;
  status: 'issued' | 'voided' | 'refund_requested' | 'refunded';
  paid: number;
  refunded: number | null;
  issuedAt: Date;
  updatedAt: Date;
};

export type PlannedPassenger = {
  id: string;
  traveller: Traveller;
  fare: number;
  taxes: number;
};

export type PlannedBooking = {
  id: string;
  pnr: string;
  status: BookingStatus;
  tripType: TripType;
  cabin: Cabin;
  itinerary: PricedItinerary;
  total: number;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  deadline: Date;
  firstDepartureAt: Date;
  lastDepartureDate: string;
  issuedAt: Date | null;
  voidUntil: Date | null;
  passengers: PlannedPassenger[];
  segments: { leg: number; flight: string; date: string; cabin: Cabin; departsAt: Date; seated: boolean }[];
  /** Seats each flight holds now (its flying seated passengers; the booked party when not live). */
  seats: number;
  tickets: PlannedTicket[];
  events: Event[];
  contactEmail: string;
  contactPhone: string;
};

export type PlannedDeposit = {
  id: string;
  bankId: string;
  amount: number;
  depositDate: string;
  reference: string;
  note: string | null;
  status: 'pending' | 'approved' | 'rejected';
  rejection: string | null;
  createdBy: string;
  createdAt: Date;
  decidedAt: Date | null;
  line: LedgerLine | null;
};

export type PlannedSearch = {
  userId: string;
  tripType: TripType;
  legs: { departure_date_time: string; origin_location_code: string; destination_location_code: string }[];
  adults: number;
  children: number;
  infants: number;
  cabin: Cabin;
  results: number;
  at: Date;
};

export function pickWeighted<T extends { weight: number }>(random: Random, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]!;
}

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
export const between = (random: Random, low: number, high: number) => low + random() * (high - low);
export const money = (minor: number, currency: string) => `${minorToAmount(minor).toFixed(2)} ${currency}`;
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
export const isoDate = (at: Date) => at.toISOString().slice(0, 10);
export const addYears = (date: string, years: number) =>
  `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;

/** One of the alphabet's letters and digits, `length` of them. */
export function code(random: Random, alphabet: string, length: number) {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

/** Everything the history is, before a row is written. */
export type Plan = {
  staff: { id: string; name: string; email: string; role: string; books: number }[];
  travellers: Traveller[];
  bookings: PlannedBooking[];
  orders: PlannedOrder[];
  ledger: LedgerLine[];
  deposits: PlannedDeposit[];
  searches: PlannedSearch[];
  start: Date;
};

export type Planner = {
  random: Random;
  supplier: SandboxSupplier;
  agency: DemoAgency;
  options: Required<Pick<DemoHistoryOptions, 'now' | 'timeZone' | 'days' | 'hold'>>;
};

/** The agency's local date of an instant. */
export const localDay = (planner: Planner, at: Date) =>
  localDate(planner.options.timeZone, Math.floor(at.getTime() / MINUTE_MS));
