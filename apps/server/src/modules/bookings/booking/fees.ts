import { AppError, type FeeEvent, type FeeLine, type PassengerType, type RuleRef } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { firstLegOf, localDate } from '../../flights/index.js';
import { loadPricer, type PricedTrip, type Pricer } from '../../pricing/index.js';
import { agencyTimeZone } from './agency-zone-repo.js';
import { type BookingFeeRow, bookingForRules, insertFees } from './earnings-repo.js';

/**
 * Issue 33: a booking's service fees — named lines of the agency's income at an event (issue,
 * change, refund), added by the agency's fee rules or by hand. They are never debited from the
 * agency's credits and never part of the booking's total or net: what the agency pays is unchanged;
 * the client pays them on its invoice (modules/invoices reads these rows).
 */

type Db = Kysely<Database> | Transaction<Database>;

export type { BookingFeeRow } from './earnings-repo.js';

/** A fee added by hand, for the whole booking, in the booking's currency. */
export type ManualFeeInput = { name: string; amountMinor: number };

/**
 * Writes the fees of `event` on a booking, inside the caller's transaction (the issue's, the
 * exchange's, the refund's): those the agency's fee rules add for this trip, then `manual`. Returns
 * the rows written (none when no rule matches and none is given by hand).
 */
export async function addEventFees(
  trx: Transaction<Database>,
  input: {
    companyId: string;
    bookingId: string;
    /** Who acted; null for the system (a sweep). */
    userId: string | null;
    event: FeeEvent;
    manual?: readonly ManualFeeInput[];
    at?: Date;
    /** The agency's pricer when the caller has it already. */
    pricer?: Pricer;
  },
): Promise<BookingFeeRow[]> {
  const trip = await tripOfBooking(trx, input.companyId, input.bookingId);
  if (!trip) throw new AppError('not_found', 'Booking not found');
  const pricer = input.pricer ?? (await loadPricer(trx, { companyId: input.companyId }));
  const byRule = pricer.fees(trip, input.event).filter((fee) => fee.amountMinor > 0);
  const rows = [
    ...byRule.map((fee) => ({
      name: fee.name,
      amount_minor: fee.amountMinor,
      rule: fee.rule as RuleRef | null,
    })),
    ...(input.manual ?? []).map((fee) => ({ name: fee.name, amount_minor: fee.amountMinor, rule: null })),
  ];
  if (rows.length === 0) return [];
  const at = input.at ?? new Date();
  return insertFees(
    trx,
    rows.map((row) => ({
      booking_id: input.bookingId,
      company_id: input.companyId,
      name: row.name,
      amount_minor: row.amount_minor,
      currency: trip.currency,
      rule_id: row.rule?.id ?? null,
      rule_name: row.rule?.name ?? null,
      event: input.event,
      created_by: input.userId,
      created_at: at,
    })),
  );
}

/** As the booking's earnings show a fee (BookingEarnings.fees). */
export const feeLineOf = (row: BookingFeeRow): FeeLine => ({
  name: row.name,
  amount: { Amount: Number(row.amount_minor) / 100, CurrencyCode: row.currency.trim() },
  rule: row.rule_id && row.rule_name ? { id: row.rule_id, name: row.rule_name } : null,
});

/**
 * A booking as the rules see it: its trip (the itinerary as booked, or as changed), its passengers'
 * fares by type, and the day it was booked in the agency's calendar. Undefined for another
 * agency's booking.
 */
export async function tripOfBooking(
  db: Db,
  companyId: string,
  bookingId: string,
): Promise<PricedTrip | undefined> {
  const found = await bookingForRules(db, companyId, bookingId);
  if (!found) return undefined;
  const { booking, passengers } = found;
  const zone = await agencyTimeZone(db, companyId);
  const byType = new Map<PassengerType, { count: number; netMinor: number }>();
  for (const passenger of passengers) {
    const type = byType.get(passenger.passenger_type);
    const net = Number(passenger.fare_minor) + Number(passenger.taxes_minor);
    if (type) type.count += 1;
    else byType.set(passenger.passenger_type, { count: 1, netMinor: net });
  }
  const itinerary = booking.itinerary;
  return {
    supplier: booking.supplier,
    validatingCarrier: booking.validating_carrier,
    ...firstLegOf(itinerary),
    tripType: booking.trip_type,
    cabin: booking.cabin,
    brand: itinerary.AirItineraryPricingInfo.FareInfos[0]?.BrandName ?? null,
    bookingDate: localDate(booking.created_at, zone),
    passengers: [...byType].map(([type, fare]) => ({ type, ...fare })),
    currency: booking.currency.trim(),
  };
}
