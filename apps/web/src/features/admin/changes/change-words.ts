import type {
  AdminExchange,
  AdminScheduleChange,
  ChangeOfferLeg,
  Money,
  ScheduleChangeStatus,
} from '@skydesk/contract';
import { formatDuration, formatInstantDay, formatInstantTime } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import type { BadgeTone } from '../../../shared/ui/badge';

/** An agency's answer to a schedule change, as operators read it. */
export const SCHEDULE_CHANGE_STATUS: Record<ScheduleChangeStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  accepted: { label: 'Accepted', tone: 'emerald' },
  auto_accepted: { label: 'Auto-accepted', tone: 'sky' },
  changed: { label: 'Changed', tone: 'indigo' },
  cancelled: { label: 'Cancelled', tone: 'rose' },
};

export const SCHEDULE_CHANGE_SOURCE: Record<AdminScheduleChange['source'], string> = {
  airline: 'Airline',
  operator: 'Operator',
};

export const EXCHANGE_KIND: Record<AdminExchange['kind'], string> = {
  exchange: 'Exchange',
  schedule_alternative: 'Schedule change alternative',
  schedule_accepted: 'Schedule change accepted',
};

/** What the console says once a change went through. */
export const CHANGE_SUCCESS = {
  published: (flight: string, bookings: number) =>
    `Schedule change published on ${flight}: ${bookings} ${bookings === 1 ? 'booking' : 'bookings'} flagged`,
  extended: (pnr: string) => `Deadline extended for ${pnr}`,
} as const;

/** An instant near now without its year, in the operator's zone: "Tue 1 Dec, 11:35" (deadlines, answers). */
export const shortInstant = (iso: string): string =>
  `${formatInstantDay(iso, { year: false })}, ${formatInstantTime(iso)}`;

/** Airport-local wall clocks ('YYYY-MM-DDTHH:mm:ss') of one airport, read as UTC to subtract them. */
const wallMinutes = (local: string): number => Date.parse(`${local}Z`) / 60_000;

/**
 * How far a retimed flight moved, in minutes (negative: earlier): its departure before and after,
 * both at the same airport's wall clock, so no zone comes into it.
 */
export const minutesMoved = (change: Pick<AdminScheduleChange, 'before' | 'after'>): number | null =>
  change.after
    ? Math.round(wallMinutes(change.after.departs_at) - wallMinutes(change.before.departs_at))
    : null;

/** 150 → "2h 30m later"; −45 → "45m earlier". */
export const movedText = (minutes: number): string =>
  `${formatDuration(Math.abs(minutes))} ${minutes < 0 ? 'earlier' : 'later'}`;

/** How many of the change's bookings have answered (or been answered for at the deadline). */
export const answeredCount = (change: AdminScheduleChange): number =>
  change.bookings.filter((booking) => booking.status !== 'pending').length;

export const pendingCount = (change: AdminScheduleChange): number =>
  change.bookings.length - answeredCount(change);

/** A leg as its flights read: "BA117 LHR → JFK". */
export const legRoute = (leg: ChangeOfferLeg): string => {
  const first = leg.segments[0];
  const last = leg.segments.at(-1);
  if (!first || !last) return '';
  const stops = leg.segments.map((segment) => segment.ArrivalAirport.LocationCode);
  return [first.DepartureAirport.LocationCode, ...stops].join(' → ');
};

/**
 * Where the exchange's money went, in words: debited from the credits (a positive net), given
 * back to them or forfeited (a negative one, per `refund_to`), or nothing moved.
 */
export function moneyWent(exchange: Pick<AdminExchange, 'change_total' | 'refund_to'>): {
  text: string;
  way: 'debited' | 'credited' | 'none';
} {
  const { Amount, CurrencyCode } = exchange.change_total;
  if (Amount > 0) return { text: 'Debited from the credits', way: 'debited' };
  if (Amount < 0) {
    const residual = formatMoney({ Amount: -Amount, CurrencyCode });
    return exchange.refund_to === 'forfeited'
      ? { text: `Residual ${residual} forfeited (non-refundable fare)`, way: 'none' }
      : { text: `${residual} back to the credits`, way: 'credited' };
  }
  return { text: 'Nothing to pay', way: 'none' };
}

/** An amount that may go either way, signed: "+US$120.00", "−US$40.00", "US$0.00". */
export const signedMoney = (money: Money): string =>
  money.Amount > 0
    ? `+${formatMoney(money)}`
    : money.Amount < 0
      ? `−${formatMoney({ ...money, Amount: -money.Amount })}`
      : formatMoney(money);
