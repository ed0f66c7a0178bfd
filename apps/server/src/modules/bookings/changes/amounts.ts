import type { FareBrand, RefundDestination } from '@skydesk/contract';
import { minorToAmount } from '@skydesk/contract';

/**
 * What a change costs (issue 32, docs/booking-and-money.md "Changes after ticketing"), one function
 * for the quote and the change it makes, so the amounts an agent is shown are the ones moved:
 *
 * - `fare_difference` = what the whole trip costs bought new today, less the fare paid for it (the
 *   live tickets); may be negative;
 * - `penalty` = the brand's change fee per adult or child ticket (none for an infant, as the cancel
 *   fee): Basic is not changeable at all, Standard pays its fee, Flex none; an airline's schedule
 *   change none, and no fare difference either (the alternative is free);
 * - `change_total` = their sum: debited when positive; when negative, its absolute value is the
 *   residual, credited for a refundable fare and forfeited for a non-refundable one.
 *
 * The three are never mixed into one figure on the wire; the ledger line says each in words.
 */

export type ChangeRule = {
  brand: FareBrand;
  refundable: boolean;
  /** The fare's change fee per adult ticket (AirItineraryPricingInfo.Penalties.Change). */
  changeFeeMinor: number;
};

export type ChangeAmounts = {
  fareDifferenceMinor: number;
  penaltyMinor: number;
  changeTotalMinor: number;
  refundTo: RefundDestination | null;
  rules: string[];
};

/** Basic fares are not changeable: the rule in words, as the 422 says it. */
export const NOT_CHANGEABLE = 'Basic fares cannot be changed: the fare rules allow no change after ticketing';

const money = (minor: number, currency: string) => `${minorToAmount(minor).toFixed(2)} ${currency}`;

export function changeAmounts(input: {
  kind: 'voluntary' | 'schedule_change';
  rule: ChangeRule;
  /** What the live tickets cost (fares and taxes). */
  paidMinor: number;
  /** The whole trip in the same brand bought new today, for the booking's passengers. */
  newTotalMinor: number;
  /** Adults and children: the tickets a change fee is taken on. */
  chargedTickets: number;
  currency: string;
}): ChangeAmounts {
  const { kind, rule, currency } = input;
  if (kind === 'schedule_change') {
    return {
      fareDifferenceMinor: 0,
      penaltyMinor: 0,
      changeTotalMinor: 0,
      refundTo: null,
      rules: [
        "The airline changed this trip's schedule: another flight on the same route within a day costs nothing (no fare difference, no change fee)",
      ],
    };
  }
  if (rule.brand === 'Basic') throw new RangeError(NOT_CHANGEABLE);
  const fareDifferenceMinor = input.newTotalMinor - input.paidMinor;
  const fee = rule.brand === 'Flex' ? 0 : rule.changeFeeMinor;
  const penaltyMinor = fee * input.chargedTickets;
  const changeTotalMinor = fareDifferenceMinor + penaltyMinor;
  const refundTo: RefundDestination | null =
    changeTotalMinor < 0 ? (rule.refundable ? 'credits' : 'forfeited') : null;
  const rules = [
    fee > 0
      ? `${rule.brand} fare: change fee ${money(fee, currency)} per adult or child ticket (none for infants)`
      : `${rule.brand} fare: changes are free of a fee`,
    'The new flights are priced as today’s fare for the whole trip; the fare difference is that less the fare paid',
  ];
  if (refundTo === 'credits') {
    rules.push(
      `Refundable fare: the residual ${money(-changeTotalMinor, currency)} comes back to your credits`,
    );
  } else if (refundTo === 'forfeited') {
    rules.push(
      `Non-refundable fare: the residual ${money(-changeTotalMinor, currency)} is forfeited, nothing comes back`,
    );
  }
  return { fareDifferenceMinor, penaltyMinor, changeTotalMinor, refundTo, rules };
}

/**
 * The one ledger line a change posts (signed, as every posting): the change total debited when
 * positive, the residual credited when it goes to the credits, and the services refunded credited
 * beside it. 0 means no line (nothing moved).
 */
export function changeLedgerMinor(
  amounts: Pick<ChangeAmounts, 'changeTotalMinor' | 'refundTo'>,
  servicesRefundMinor: number,
): number {
  const total = amounts.changeTotalMinor;
  const fare = total > 0 ? -total : amounts.refundTo === 'credits' ? -total : 0;
  return fare + servicesRefundMinor;
}

/** The change line's words: each amount named, as the statement and the history print it. */
export function changeNote(
  input: Pick<ChangeAmounts, 'fareDifferenceMinor' | 'penaltyMinor' | 'changeTotalMinor' | 'refundTo'> & {
    pnr: string;
    servicesRefundMinor: number;
    refundedServices: readonly string[];
    tickets: readonly { from: string; to: string }[];
  },
  currency: string,
): string {
  const signed = (minor: number) =>
    `${minor > 0 ? '+' : minor < 0 ? '−' : ''}${money(Math.abs(minor), currency)}`;
  const parts = [
    `Change of booking ${input.pnr}: fare difference ${signed(input.fareDifferenceMinor)}`,
    `change fee ${money(input.penaltyMinor, currency)}`,
  ];
  if (input.changeTotalMinor > 0) parts.push(`${money(input.changeTotalMinor, currency)} to pay`);
  else if (input.refundTo === 'credits') {
    parts.push(`residual ${money(-input.changeTotalMinor, currency)} refunded to credits`);
  } else if (input.refundTo === 'forfeited') {
    parts.push(`residual ${money(-input.changeTotalMinor, currency)} forfeited (non-refundable fare)`);
  } else parts.push('nothing to pay');
  if (input.servicesRefundMinor > 0) {
    parts.push(
      `${input.refundedServices.join(', ')} refunded ${money(input.servicesRefundMinor, currency)} (not possible on the new flights)`,
    );
  }
  if (input.tickets.length > 0) {
    parts.push(`tickets ${input.tickets.map((ticket) => `${ticket.from} → ${ticket.to}`).join(', ')}`);
  }
  return parts.join('; ');
}
