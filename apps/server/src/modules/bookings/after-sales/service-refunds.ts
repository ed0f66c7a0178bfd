import { type Money, minorMoneyText, minorToAmount, type RefundServiceLine } from '@skydesk/contract';
import type { StoredAirlineChange } from '../../../platform/db/schema.js';
import { ticketName } from '../booking/presenter.js';
import { serviceLineText } from '../services/lines.js';
import { flightChangedByAirline } from './flight-change.js';
import { type AfterSalesPhase, type ServiceRefund, serviceRefund } from './penalty.js';
import { spreadRefund } from './refund-split.js';
import type { PaidServiceRow } from './repo.js';

/**
 * The seats and bags given back with tickets (issue 31): each paid service of the tickets'
 * passengers, quoted by the services' rules (penalty.ts `serviceRefund`) for the quote the agent
 * reads, the refund request, the operator's view and its approval — one computation, so the figure
 * shown is the figure credited, in the same ledger line as the fare's refund.
 */

export type QuotedService = { service: PaidServiceRow; amounts: ServiceRefund };

/** Whether the seat was given up for another before `at` (released then, after it was paid). */
const givenUpBefore = (service: PaidServiceRow, at: Date) =>
  service.status === 'released' && service.released_at !== null && service.released_at <= at;

/** What each service returns at `at` (a request's moment) in `phase`. */
export function quoteServices(
  booking: { supplier_change: StoredAirlineChange | null },
  services: readonly PaidServiceRow[],
  phase: AfterSalesPhase,
  at: Date,
): QuotedService[] {
  return services.map((service) => ({
    service,
    amounts: serviceRefund(
      {
        type: service.type,
        paidMinor: Number(service.amount_minor),
        departsAt: service.departs_at,
        flightChanged: flightChangedByAirline(
          booking,
          service.segment_index,
          at,
          service.schedule_changed_at,
        ),
        givenUp: givenUpBefore(service, at),
      },
      phase,
      at,
    ),
  }));
}

const money = (minor: number, currency: string): Money => ({
  Amount: minorToAmount(minor),
  CurrencyCode: currency,
});

/** A quoted service as the refund quote shows it (POST /api/getPenalty's `services`). */
export function presentServiceLine(quoted: QuotedService, currency: string): RefundServiceLine {
  const { service, amounts } = quoted;
  return {
    service_id: service.id,
    ticket_number: service.ticket_number,
    passenger_name: ticketName(service),
    type: service.type,
    description: serviceLineText(service),
    paid: money(amounts.paidMinor, currency),
    refund_amount: money(amounts.refundMinor, currency),
    reason: amounts.reason,
  };
}

/**
 * The services' part of a refund in words, for the history and the ledger line beside the fare's
 * figures: 'seats and bags: Extra bag 23 kg BA117 US$40.00 returned; Seat 23C BA117 kept'. Empty
 * without any.
 */
export function servicesFiguresText(
  services: readonly { service: PaidServiceRow; refundMinor: number }[],
  currency: string,
): string {
  if (services.length === 0) return '';
  const parts = services.map(({ service, refundMinor }) =>
    refundMinor > 0
      ? `${serviceLineText(service)} ${minorMoneyText(refundMinor, currency)} returned`
      : `${serviceLineText(service)} kept`,
  );
  return `; seats and bags: ${parts.join('; ')}`;
}

/**
 * A remote supplier's refund (issue 29) spread over what the agency paid for the order: its
 * tickets and (issue 31) its paid seats and bags, which the airline's cancellation refunds with the
 * order. SkyDesk applies no rule of its own there: the airline's figure, never more than was paid,
 * is shared out in proportion to what each paid (spreadRefund), to show per line and to record.
 */
export function spreadAirlineRefund(
  ticketsPaidMinor: readonly number[],
  services: readonly PaidServiceRow[],
  airlineRefundMinor: number,
) {
  const paid = [...ticketsPaidMinor, ...services.map((service) => Number(service.amount_minor))];
  const paidMinor = paid.reduce((sum, minor) => sum + minor, 0);
  const refundMinor = Math.max(0, Math.min(airlineRefundMinor, paidMinor));
  const shares = spreadRefund(paid, refundMinor);
  return {
    paidMinor,
    refundMinor,
    ticketShares: shares.slice(0, ticketsPaidMinor.length),
    services: services.map((service, index) => ({
      service,
      refundMinor: shares[ticketsPaidMinor.length + index]!,
    })),
  };
}

/** Why a remote booking's service comes back as it does: the airline's quote, not a rule of ours. */
export const AIRLINE_SERVICE_REASON =
  "The airline's quote for the whole order, its seats and bags included, shared in proportion to what each cost";
