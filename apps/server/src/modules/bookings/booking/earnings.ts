import {
  AppError,
  amountToMinor,
  type BookingEarnings,
  type Money,
  minorMoneyText,
  minorToAmount,
} from '@skydesk/contract';
import type { LoadedPricingSettings } from '../../pricing/index.js';
import type { BookingFeeRow } from './earnings-repo.js';
import { feeLineOf } from './fees.js';
import type { BookingRecord } from './repo.js';

/**
 * Issue 33: a booking's two prices and what the agency earns on it. `selling_minor` is what the
 * client pays for the trip — the fare at its selling price and the seats and bags at their price —
 * set at hold from the agency's markup rules and re-set at issue when an agent overrides it. The
 * margin is selling − net + fees, the net being what the agency pays (the booking's total).
 */

const money = (minor: number, currency: string): Money => ({
  Amount: minorToAmount(minor),
  CurrencyCode: currency,
});

/**
 * An agent's selling price for the whole booking at issue, within the owner's limits: not below
 * the net unless the owner allows selling at a loss, not more than `max_override_percent` above
 * the rules' price. A 422 on `selling_total` otherwise.
 */
export function checkOverride(
  settings: Pick<LoadedPricingSettings, 'allowBelowNet' | 'maxOverridePercent'>,
  figures: { overrideMinor: number; netMinor: number; rulesSellingMinor: number; currency: string },
): void {
  const refuse = (message: string) =>
    new AppError('validation', message, { fieldErrors: { selling_total: [message] } });
  if (!settings.allowBelowNet && figures.overrideMinor < figures.netMinor) {
    throw refuse(
      `The selling price can't be below the net of ${minorMoneyText(figures.netMinor, figures.currency)}`,
    );
  }
  if (settings.maxOverridePercent !== null) {
    // The ceiling in whole minor units, rounded down: a price at it is allowed.
    const ceiling = Math.floor((figures.rulesSellingMinor * (100 + settings.maxOverridePercent)) / 100);
    if (figures.overrideMinor > ceiling) {
      throw refuse(
        `The selling price can be at most ${minorMoneyText(ceiling, figures.currency)} (${settings.maxOverridePercent} % above the rules' price)`,
      );
    }
  }
}

/** The override of `selling_total` (an amount of the wire) in minor units, or null when absent. */
export const overrideMinorOf = (sellingTotal: number | undefined) =>
  sellingTotal === undefined ? null : amountToMinor(sellingTotal);

/** The booking's selling price in minor units (a row written before the column: its total). */
export const sellingMinorOf = (record: BookingRecord): number =>
  record.booking.selling_minor === null || record.booking.selling_minor === undefined
    ? record.totalMinor
    : Number(record.booking.selling_minor);

/** BookingDetails.earnings: the two prices, the rule or the override, the fees and the margin. */
export function presentEarnings(
  record: BookingRecord,
  fees: readonly BookingFeeRow[],
  overrider: string | null,
): BookingEarnings {
  const { booking } = record;
  const currency = booking.currency;
  const netMinor = record.totalMinor;
  const sellingMinor = sellingMinorOf(record);
  const feesMinor = fees.reduce((sum, fee) => sum + Number(fee.amount_minor), 0);
  const overridden = booking.selling_override_at !== null && booking.rules_selling_minor !== null;
  return {
    net: money(netMinor, currency),
    selling: money(sellingMinor, currency),
    rule:
      !overridden && booking.markup_rule_id && booking.markup_rule_name
        ? { id: booking.markup_rule_id, name: booking.markup_rule_name }
        : null,
    override:
      overridden && booking.selling_override_at
        ? {
            by: { id: booking.selling_override_by ?? '', name: overrider ?? 'Former user' },
            at: booking.selling_override_at.toISOString(),
            rules_selling: money(Number(booking.rules_selling_minor), currency),
          }
        : null,
    fees: fees.map(feeLineOf),
    margin: money(sellingMinor - netMinor + feesMinor, currency),
  };
}
