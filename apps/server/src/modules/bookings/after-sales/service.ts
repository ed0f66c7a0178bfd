import {
  AppError,
  type Booking,
  type BookingStatus,
  type Money,
  minorMoneyText,
  minorToAmount,
  type PenaltyAnswer,
  type TicketStatus,
  waitingForSupplier,
} from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type { SupplierBookings } from '../../../supplier/port.js';
import { issueAdjustment } from '../../invoices/index.js';
import { lockLedger, postLedgerEntry } from '../../payments/index.js';
import { agencyTimeZone } from '../booking/agency-zone-repo.js';
import { expireHoldIfDue } from '../booking/hold-expiry.js';
import { presentBooking, ticketName, utcMinute } from '../booking/presenter.js';
import {
  type BookingRow,
  findBookingId,
  findScopedBooking,
  heldSeatsOf,
  insertOrder,
  loadBookingForUpdate,
  loadBookingRecord,
  recordEvent,
  updateBooking,
} from '../booking/repo.js';
import { bookingScopeOf } from '../booking/scope.js';
import { type SupplierSaga, waitingForAirline } from '../remote/saga.js';
import { releaseServices } from '../services/repo.js';
import {
  type AfterSalesPhase,
  afterSalesPhase,
  afterSalesRules,
  refundFiguresText,
  serviceRules,
  type TicketRefund,
  ticketRefund,
} from './penalty.js';
import {
  markServicesForRefund,
  paidServicesOf,
  refundPaidServices,
  setTicketStatus,
  type TicketWithFare,
  ticketsWithFares,
} from './repo.js';
import {
  AIRLINE_SERVICE_REASON,
  presentServiceLine,
  quoteServices,
  servicesFiguresText,
  spreadAirlineRefund,
} from './service-refunds.js';
import { settleDueRefunds } from './settlement.js';

/**
 * After-sales (docs/api.md#bookings, docs/architecture.md §5): the penalty quote, cancel (a hold) or void
 * (tickets within the void window), and refund requests. Every change is one transaction under the
 * booking's row lock, so two of them on one booking queue up and the second sees the first's work.
 */

export type AfterSalesDeps = {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  supplier: SupplierBookings;
  /**
   * A test setting: a timer approves each refund request this long after it was made (0: in the
   * request itself). null, the default: every request waits for an operator.
   */
  refundApprovalDelaySeconds: number | null;
  /** The order saga of a remote supplier's bookings (decision 020); null without one. */
  saga: SupplierSaga | null;
};

const notFound = () => new AppError('not_found', 'Booking not found');
const spoken = (status: BookingStatus | TicketStatus) => status.replaceAll('_', ' ');
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const described = (minor: number, currency: string) => `${minorToAmount(minor).toFixed(2)} ${currency}`;
const money = (minor: number, currency: string): Money => ({
  Amount: minorToAmount(minor),
  CurrencyCode: currency,
});

const departed = (booking: Pick<BookingRow, 'pnr' | 'first_departure_at'>) =>
  new AppError(
    'conflict',
    `No refund after departure: the first flight of booking ${booking.pnr} left at ${utcMinute(booking.first_departure_at)}`,
  );

const ticketFare = (ticket: TicketWithFare) => ({
  passengerType: ticket.passenger_type,
  fareMinor: ticket.fare_minor,
  taxesMinor: ticket.taxes_minor,
  paidMinor: ticket.paid_minor,
});

/**
 * The tickets a call is about: the named ones, each of which must be the booking's and still
 * issued (422 on `ticket_numbers` otherwise), or every issued one.
 */
function pickTickets(
  booking: Pick<BookingRow, 'pnr' | 'status'>,
  tickets: readonly TicketWithFare[],
  named: readonly string[] | undefined,
): TicketWithFare[] {
  if (tickets.length === 0) {
    throw new AppError('conflict', `Booking ${booking.pnr} is ${spoken(booking.status)}: it has no tickets`);
  }
  if (!named) {
    const issued = tickets.filter((ticket) => ticket.status === 'issued');
    if (issued.length === 0) {
      throw new AppError(
        'conflict',
        `Booking ${booking.pnr} is ${spoken(booking.status)}: no ticket of it is left to refund`,
      );
    }
    return issued;
  }
  const byNumber = new Map(tickets.map((ticket) => [ticket.ticket_number, ticket]));
  const problems: string[] = [];
  const picked: TicketWithFare[] = [];
  for (const number of new Set(named)) {
    const ticket = byNumber.get(number);
    if (!ticket) problems.push(`Ticket ${number} is not a ticket of booking ${booking.pnr}`);
    else if (ticket.status !== 'issued') problems.push(`Ticket ${number} is ${spoken(ticket.status)}`);
    else picked.push(ticket);
  }
  if (problems.length > 0) {
    throw new AppError('validation', problems[0]!, { fieldErrors: { ticket_numbers: problems } });
  }
  return picked;
}

/**
 * A partial refund leaves a party that can still fly: nobody, or at least one adult with no more
 * infants than adults (an infant sits on an adult's lap; children travel with an adult).
 */
function checkRemainingParty(tickets: readonly TicketWithFare[], picked: readonly TicketWithFare[]) {
  const leaving = new Set(picked.map((ticket) => ticket.ticket_number));
  const staying = tickets.filter(
    (ticket) => ticket.status === 'issued' && !leaving.has(ticket.ticket_number),
  );
  if (staying.length === 0) return;
  const adults = staying.filter((ticket) => ticket.passenger_type === 'adult').length;
  const infants = staying.filter((ticket) => ticket.passenger_type === 'infant').length;
  let problem: string | null = null;
  if (adults === 0) problem = 'Children and infants cannot fly without an adult: refund their tickets too';
  else if (infants > adults) {
    problem = "Each infant flies on an adult's lap: refund an infant's ticket with the adult's";
  }
  if (problem) throw new AppError('validation', problem, { fieldErrors: { ticket_numbers: [problem] } });
}

function quote(
  booking: BookingRow,
  tickets: readonly TicketWithFare[],
  phase: AfterSalesPhase,
): { ticket: TicketWithFare; amounts: TicketRefund }[] {
  const pricing = booking.itinerary.AirItineraryPricingInfo;
  return tickets.map((ticket) => ({ ticket, amounts: ticketRefund(pricing, ticketFare(ticket), phase) }));
}

/** The supplier cancels a whole order: its refund is of every ticket (422 on `ticket_numbers`). */
function checkWholeBooking(tickets: readonly TicketWithFare[], picked: readonly TicketWithFare[]) {
  const issued = tickets.filter((ticket) => ticket.status === 'issued').length;
  if (picked.length === issued) return;
  const problem = 'The airline refunds the whole booking only: request it for every ticket';
  throw new AppError('validation', problem, { fieldErrors: { ticket_numbers: [problem] } });
}

export function createAfterSalesService(deps: AfterSalesDeps) {
  const { db, clock, log, supplier } = deps;

  /** The saga of a remote booking, or 503 when its supplier is not connected now. */
  function sagaFor(booking: Pick<BookingRow, 'supplier' | 'supplier_state' | 'pnr'>): SupplierSaga {
    if (!deps.saga) {
      throw new AppError('unavailable', 'The airline of this booking is not connected right now', {
        retryAfter: 60,
      });
    }
    if (waitingForSupplier({ state: booking.supplier_state })) throw waitingForAirline(booking);
    return deps.saga;
  }

  /**
   * A remote booking's quote (issue 29): what its airline returns if the booking is cancelled now,
   * converted at the booking's rate and spread over its tickets; confirming it credits exactly that.
   */
  async function remotePenalty(
    booking: BookingRow,
    named: readonly string[] | undefined,
    now: Date,
  ): Promise<PenaltyAnswer> {
    const saga = sagaFor(booking);
    const tickets = await ticketsWithFares(db, booking.id);
    const picked = pickTickets(booking, tickets, named);
    checkWholeBooking(tickets, picked);
    if (afterSalesPhase(booking, now) === 'departed') throw departed(booking);
    const quote = await saga.quoteCancellation(booking.id);
    // Issue 31: the airline's cancellation refunds the order's seats and bags with it; SkyDesk
    // applies no rule of its own to them, it shares the airline's figure out over what was paid.
    const services = await paidServicesOf(db, booking.id, {
      ticketNumbers: picked.map((ticket) => ticket.ticket_number),
    });
    const {
      paidMinor,
      refundMinor,
      ticketShares: shares,
      ...spread
    } = spreadAirlineRefund(
      picked.map((ticket) => ticket.paid_minor),
      services,
      quote.refundMinor,
    );
    const pricing = booking.itinerary.AirItineraryPricingInfo;
    return {
      refundable: pricing.Refundable,
      void_until: null,
      rules: [
        `The airline's quote: ${minorMoneyText(refundMinor, booking.currency)} of the ${minorMoneyText(paidMinor, booking.currency)} paid comes back if the booking is cancelled now`,
        quote.expiresAt
          ? `The quote holds until ${utcMinute(new Date(quote.expiresAt))}; ask again after it`
          : 'The quote holds until the airline changes it',
        'The airline cancels the whole booking: every ticket is refunded together',
        ...(services.length > 0
          ? ["Seats and bags: refunded as the airline's quote says, with the order"]
          : []),
        `No refund after departure (${utcMinute(booking.first_departure_at)})`,
      ],
      tickets: picked.map((ticket, index) => ({
        ticket_number: ticket.ticket_number,
        passenger_name: ticketName(ticket),
        paid: money(ticket.paid_minor, booking.currency),
        penalty: money(ticket.paid_minor - shares[index]!, booking.currency),
        refund_amount: money(shares[index]!, booking.currency),
      })),
      refund_amount: money(refundMinor, booking.currency),
      services: spread.services.map(({ service, refundMinor: share }) => ({
        ...presentServiceLine(
          { service, amounts: { paidMinor: Number(service.amount_minor), refundMinor: share, reason: '' } },
          booking.currency,
        ),
        reason: AIRLINE_SERVICE_REASON,
      })),
      supplier_quote: { expires_at: quote.expiresAt },
    };
  }

  async function answer(principal: CompanyPrincipal, bookingId: string, now: Date): Promise<Booking> {
    const record = await loadBookingRecord(db, bookingScopeOf(principal), bookingId);
    if (!record) throw notFound();
    return presentBooking(record, { now, permissions: principal.permissions });
  }

  /** The booking in the user's scope, locked, or 404. */
  async function lock(trx: Transaction<Database>, principal: CompanyPrincipal, bookingId: string) {
    const booking = await loadBookingForUpdate(trx, bookingScopeOf(principal), bookingId);
    if (!booking) throw notFound();
    return booking;
  }

  async function voidTickets(
    trx: Transaction<Database>,
    principal: CompanyPrincipal,
    booking: BookingRow,
    reason: string,
    now: Date,
  ) {
    const tickets = await ticketsWithFares(trx, booking.id);
    const numbers = tickets.map((ticket) => ticket.ticket_number);
    // The lock order: the balance row, then the seats, then the credit (and its rollups).
    await lockLedger(trx, principal.companyId);
    await supplier.release(trx, await heldSeatsOf(trx, booking.id));
    // Issue 31: a void returns everything debited for the booking — the tickets, and every seat and
    // bag paid for, a seat changed for another after issue too (its EMD is voided as the tickets
    // are). The ticket's paid amounts hold the fare alone (a remote offer's services folded into its
    // total are not in them), so nothing is counted twice.
    const services = await refundPaidServices(trx, booking.id, now);
    await releaseServices(trx, booking.id, now);
    const paid =
      tickets.reduce((sum, ticket) => sum + ticket.paid_minor, 0) +
      services.reduce((sum, service) => sum + Number(service.amount_minor), 0);
    const entry = await postLedgerEntry(trx, {
      companyId: principal.companyId,
      kind: 'void',
      amountMinor: paid,
      bookingId: booking.id,
      note: `Void of booking ${booking.pnr}`,
      userId: principal.userId,
    });
    await setTicketStatus(trx, numbers, 'voided', now);
    await insertOrder(trx, {
      companyId: principal.companyId,
      bookingId: booking.id,
      kind: 'void',
      amountMinor: paid,
      currency: booking.currency,
      status: 'completed',
      ticketNumbers: numbers,
      ledgerEntryId: entry.id,
      at: now,
    });
    await updateBooking(trx, booking.id, { status: 'voided', updated_at: now });
    await recordEvent(trx, {
      bookingId: booking.id,
      action: 'voided',
      from: 'ticketed',
      to: 'voided',
      note: `${plural(tickets.length, 'ticket')} voided; ${described(paid, booking.currency)} refunded to credits; the seats were released. Reason: ${reason}`,
      actorUserId: principal.userId,
      at: now,
    }); // Issue 33: the client's credit note, everything back, against the booking's invoice.
    await issueAdjustment(trx, {
      companyId: principal.companyId,
      bookingId: booking.id,
      userId: principal.userId,
      reason: 'void',
      at: now,
    });
  }

  /**
   * A remote booking's refund (issue 29): the airline cancels the whole order for the quote the
   * agent was shown (getPenalty), and the refund is credited once it confirms — no operator
   * decides an amount the airline already decided. Without a quote still valid, the answer is 409
   * with the airline's current quote in `data` (a PenaltyAnswer), to show and confirm again.
   */
  async function remoteRefund(
    principal: CompanyPrincipal,
    booking: BookingRow,
    body: { reason: string; ticket_numbers?: string[] | undefined },
    now: Date,
  ) {
    const saga = sagaFor(booking);
    if (booking.status !== 'ticketed') {
      throw new AppError(
        'conflict',
        `Booking ${booking.pnr} is ${spoken(booking.status)}: only ticketed bookings can be refunded`,
      );
    }
    if (afterSalesPhase(booking, now) === 'departed') throw departed(booking);
    const tickets = await ticketsWithFares(db, booking.id);
    checkWholeBooking(tickets, pickTickets(booking, tickets, body.ticket_numbers));
    const shown = saga.liveQuote(booking, now, 5_000);
    if (!shown) {
      const quote = await remotePenalty(booking, undefined, now);
      throw new AppError(
        'conflict',
        `The airline returns ${minorMoneyText(Math.round(quote.refund_amount.Amount * 100), booking.currency)} if the booking is cancelled now: check the amount and confirm again`,
        { data: quote },
      );
    }
    await saga.cancel(principal, booking.id, shown, body.reason);
  }

  return {
    /** POST /api/getPenalty: what giving the tickets back now would cost and return. */
    async penalty(
      principal: CompanyPrincipal,
      body: { booking_id: string; ticket_numbers?: string[] | undefined },
    ): Promise<PenaltyAnswer> {
      const now = clock.now();
      const booking = await findScopedBooking(db, bookingScopeOf(principal), body.booking_id);
      if (!booking) throw notFound();
      if (booking.supplier !== 'sandbox') return remotePenalty(booking, body.ticket_numbers, now);
      const tickets = pickTickets(booking, await ticketsWithFares(db, booking.id), body.ticket_numbers);
      const phase = afterSalesPhase(booking, now);
      const pricing = booking.itinerary.AirItineraryPricingInfo;
      const quoted = quote(booking, tickets, phase);
      const services = quoteServices(
        booking,
        await paidServicesOf(db, booking.id, {
          ticketNumbers: tickets.map((ticket) => ticket.ticket_number),
        }),
        phase,
        now,
      );
      return {
        refundable: pricing.Refundable,
        void_until: booking.void_until?.toISOString() ?? null,
        rules: [
          ...afterSalesRules(
            {
              pricing,
              currency: booking.currency,
              voidUntil: booking.void_until,
              firstDepartureAt: booking.first_departure_at,
              timeZone: await agencyTimeZone(db, principal.companyId),
            },
            phase,
          ),
          ...(services.length > 0 ? [serviceRules(phase)] : []),
        ],
        tickets: quoted.map(({ ticket, amounts }) => ({
          ticket_number: ticket.ticket_number,
          passenger_name: ticketName(ticket),
          paid: money(amounts.paidMinor, booking.currency),
          penalty: money(amounts.penaltyMinor, booking.currency),
          refund_amount: money(amounts.refundMinor, booking.currency),
        })),
        refund_amount: money(
          quoted.reduce((sum, { amounts }) => sum + amounts.refundMinor, 0) +
            services.reduce((sum, { amounts }) => sum + amounts.refundMinor, 0),
          booking.currency,
        ),
        services: services.map((service) => presentServiceLine(service, booking.currency)),
        supplier_quote: null,
      };
    },

    /**
     * POST /api/request-cancel-booking: a hold is cancelled and its seats return; tickets within
     * the void window are voided for a full refund; anything else answers 409 saying why.
     */
    async cancel(principal: CompanyPrincipal, bookingId: string, reason: string): Promise<Booking> {
      const found = await findBookingId(db, bookingScopeOf(principal), bookingId);
      if (!found) throw notFound();
      // A hold past its deadline is expired, not cancelled: its history says what happened.
      await expireHoldIfDue(db, supplier, found.id, clock.now());
      // A hold the airline keeps is cancelled there, through the saga (issue 29): nothing comes back.
      const row = await findScopedBooking(db, bookingScopeOf(principal), found.id);
      if (row && row.supplier !== 'sandbox' && row.status === 'booked' && row.supplier_state !== 'local') {
        const saga = sagaFor(row);
        await saga.cancel(principal, row.id, await saga.quoteCancellation(row.id), reason);
        return answer(principal, found.id, clock.now());
      }
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const booking = await lock(trx, principal, found.id);
        if (booking.status === 'booked') {
          if (waitingForSupplier({ state: booking.supplier_state })) throw waitingForAirline(booking);
          await updateBooking(trx, booking.id, { status: 'cancelled', updated_at: now });
          // A fare held here only (`local`) holds nothing at the airline, and no sandbox seat.
          if (booking.supplier === 'sandbox') await supplier.release(trx, await heldSeatsOf(trx, booking.id));
          // Issue 31: the seats chosen with the hold are free again for everyone.
          await releaseServices(trx, booking.id, now);
          await recordEvent(trx, {
            bookingId: booking.id,
            action: 'cancelled',
            from: 'booked',
            to: 'cancelled',
            note: `Hold cancelled${booking.supplier === 'sandbox' ? '; the seats were released' : ''}. Reason: ${reason}`,
            actorUserId: principal.userId,
            at: now,
          });
          return;
        }
        if (booking.status === 'ticketed') {
          const phase = afterSalesPhase(booking, now);
          if (phase === 'departed') throw departed(booking);
          if (phase !== 'void') {
            throw new AppError('conflict', 'The void window has closed; request a refund instead');
          }
          await voidTickets(trx, principal, booking, reason, now);
          return;
        }
        throw new AppError(
          'conflict',
          `Booking ${booking.pnr} is ${spoken(booking.status)}: only a held booking can be cancelled, or a ticketed one voided`,
        );
      });
      return answer(principal, found.id, now);
    },

    /**
     * POST /api/request-ticket-refund: the named tickets (or every issued one) await a refund, which
     * an operator approves or rejects (the back office); the test-setting timer may approve it
     * instead (settlement.ts).
     */
    async requestRefund(
      principal: CompanyPrincipal,
      body: { booking_id: string; reason: string; ticket_numbers?: string[] | undefined },
    ): Promise<Booking> {
      const found = await findBookingId(db, bookingScopeOf(principal), body.booking_id);
      if (!found) throw notFound();
      const now = clock.now();
      const row = await findScopedBooking(db, bookingScopeOf(principal), found.id);
      if (row && row.supplier !== 'sandbox') {
        await remoteRefund(principal, row, body, now);
        return answer(principal, found.id, clock.now());
      }
      await db.transaction().execute(async (trx) => {
        const booking = await lock(trx, principal, found.id);
        const tickets = await ticketsWithFares(trx, booking.id);
        // A rejected request leaves its tickets flying; the booking's other issued tickets may
        // still be refunded.
        if (
          !['ticketed', 'refund_requested', 'partially_refunded', 'refund_rejected'].includes(booking.status)
        ) {
          throw new AppError(
            'conflict',
            `Booking ${booking.pnr} is ${spoken(booking.status)}: only ticketed bookings can be refunded`,
          );
        }
        const phase = afterSalesPhase(booking, now);
        if (phase === 'departed') throw departed(booking);
        // Within the void window a refund returns everything, like a void, but may leave some
        // passengers flying: one traveller can drop out while the others keep their tickets.
        const picked = pickTickets(booking, tickets, body.ticket_numbers);
        checkRemainingParty(tickets, picked);
        const quoted = quote(booking, picked, phase);
        const numbers = picked.map((ticket) => ticket.ticket_number);
        // Issue 31: the passengers' paid seats and bags go with their tickets, by the services'
        // rules, in the same request (and, once approved, the same credit).
        const services = quoteServices(
          booking,
          await paidServicesOf(trx, booking.id, { ticketNumbers: numbers }),
          phase,
          now,
        );
        const servicesMinor = (key: 'paidMinor' | 'refundMinor') =>
          services.reduce((sum, { amounts }) => sum + amounts[key], 0);
        const total = (key: 'paidMinor' | 'refundMinor') =>
          quoted.reduce((sum, { amounts }) => sum + amounts[key], 0) + servicesMinor(key);
        const amount = total('refundMinor');
        await setTicketStatus(trx, numbers, 'refund_requested', now);
        const order = await insertOrder(trx, {
          companyId: principal.companyId,
          bookingId: booking.id,
          kind: 'refund',
          amountMinor: amount,
          currency: booking.currency,
          status: 'pending',
          ticketNumbers: numbers,
          ledgerEntryId: null,
          at: now,
        });
        await markServicesForRefund(
          trx,
          services.map(({ service }) => service.id),
          order.id,
        );
        await updateBooking(trx, booking.id, { status: 'refund_requested', updated_at: now });
        await recordEvent(trx, {
          bookingId: booking.id,
          action: 'refund_requested',
          from: booking.status,
          to: 'refund_requested',
          note: `Refund ${order.order_no} of ${plural(picked.length, 'ticket')} requested: ${refundFiguresText(
            { paidMinor: total('paidMinor'), penaltyMinor: total('paidMinor') - amount, refundMinor: amount },
            booking.currency,
          ).replace(' returned', ' to be returned')}${servicesFiguresText(
            services.map(({ service, amounts }) => ({ service, refundMinor: amounts.refundMinor })),
            booking.currency,
          ).replaceAll(' returned', ' to be returned')}. Reason: ${body.reason}`,
          actorUserId: principal.userId,
          at: now,
        });
      });

      if (deps.refundApprovalDelaySeconds === 0) {
        try {
          await settleDueRefunds(db, supplier, found.id, clock.now(), 0);
        } catch (error) {
          // The request stands (it is committed and answered); the settlement sweep retries it.
          log.error({ err: error, bookingId: found.id }, 'could not settle a refund request at once');
        }
      }
      return answer(principal, found.id, clock.now());
    },
  };
}

export type AfterSalesService = ReturnType<typeof createAfterSalesService>;
