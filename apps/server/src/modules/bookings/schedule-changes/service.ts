import {
  type AdminScheduleChange,
  AppError,
  type Booking,
  type ExtendDeadlineBody,
  minorMoneyText,
  type PublishScheduleChangeBody,
} from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../../../platform/audit/audit-log.js';
import type { OperatorAction } from '../../../platform/audit/operator-action.js';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import { periodicTask } from '../../../platform/periodic-task.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import { notify } from '../../notices/index.js';
import { lockLedger, postLedgerEntry } from '../../payments/index.js';
import { markTicketRefunded, refundPaidServices, ticketsWithFares } from '../after-sales/repo.js';
import { agencyTimeZone } from '../booking/agency-zone-repo.js';
import { bookingLink } from '../booking/hold-notices.js';
import { presentBooking, utcMinute } from '../booking/presenter.js';
import {
  type BookingRow,
  heldSeatsOf,
  insertOrder,
  loadBookingForUpdate,
  loadBookingRecord,
  recordEvent,
  updateBooking,
} from '../booking/repo.js';
import { bookingScopeOf } from '../booking/scope.js';
import { releaseServices } from '../services/repo.js';
import { presentAdminScheduleChange } from './present.js';
import { type CountryOf, flagBookingsOn, insertScheduleChange } from './record.js';
import {
  bookedFlightDaysWithoutChange,
  listScheduleChanges,
  lockAffectedBooking,
  lockDueAnswers,
  lockPendingChange,
  markAutoAccepted,
  markScheduleChangeAnswered,
  operatorChangesFrom,
  setAnswerDeadline,
} from './repo.js';
import { changeSummary } from './words.js';

/**
 * Airlines' schedule changes (issue 32; docs/booking-and-money.md, "Schedule changes"): the sweep
 * that reads the sandbox airlines' changes of the flights SkyDesk's bookings fly and flags those
 * bookings, and answers what is not answered by its deadline; the agency's answers (accept, or
 * cancel with a full refund — the alternative is the exchange's free change offer, changes/); and
 * the operator's side (publish one by hand, list them, extend a booking's deadline).
 */

export type ScheduleChangeDeps = {
  db: Kysely<Database>;
  clock: Clock;
  supplier: FlightSupplier;
  log?: FastifyBaseLogger;
  /**
   * Issue 32 (duffel): answers a remote booking's airline before its accept is recorded (Duffel's
   * `…/airline_initiated_changes/{id}/actions/accept`; remote/airline-changes.ts). Does nothing for
   * a booking it does not concern; a refusal is thrown as the agent's answer.
   */
  acceptAtSupplier?: (principal: CompanyPrincipal, bookingId: string) => Promise<void>;
};

/** Pending answers auto-accepted per transaction; a sweep goes on while there are more. */
const ACCEPT_BATCH = 100;

const notFound = () => new AppError('not_found', 'Booking not found');
type PendingChange = NonNullable<Awaited<ReturnType<typeof lockPendingChange>>>;

const nothingPending = () =>
  new AppError('conflict', 'No schedule change of this booking is waiting for an answer');

export function createScheduleChangeService(deps: ScheduleChangeDeps) {
  const { db, clock, supplier } = deps;
  let countries: Promise<Map<string, string>> | undefined;

  /** Airports' countries from the supplier's route map (read once). */
  async function countryOf(): Promise<CountryOf> {
    countries ??= supplier
      .routes()
      .then((routes) => new Map(routes.Airports.map((airport) => [airport.code, airport.country_code])))
      .catch(() => new Map<string, string>());
    const map = await countries;
    return (code) => map.get(code);
  }

  async function answer(principal: CompanyPrincipal, bookingId: string): Promise<Booking> {
    const record = await loadBookingRecord(db, bookingScopeOf(principal), bookingId);
    if (!record) throw notFound();
    return presentBooking(record, { now: clock.now(), permissions: principal.permissions });
  }

  async function lockWithPending(trx: Transaction<Database>, principal: CompanyPrincipal, bookingId: string) {
    const booking = await loadBookingForUpdate(trx, bookingScopeOf(principal), bookingId);
    if (!booking) throw notFound();
    const pending = await lockPendingChange(trx, booking.id);
    if (!pending) throw nothingPending();
    return { booking, pending };
  }

  /** Answers every change whose deadline passed, accepting it for the agency, and tells the agency. */
  async function acceptDue(now: Date): Promise<number> {
    let accepted = 0;
    for (;;) {
      const count = await db.transaction().execute(async (trx) => {
        const due = await lockDueAnswers(trx, now, ACCEPT_BATCH, 'accept');
        for (const row of due) {
          await markAutoAccepted(trx, { changeId: row.schedule_change_id, bookingId: row.booking_id }, now);
          const summary = changeSummary(row.before, row.after, row.minutes);
          const zone = await agencyTimeZone(trx, row.company_id);
          await recordEvent(trx, {
            bookingId: row.booking_id,
            action: 'schedule_change_accepted',
            from: row.booking_status,
            to: row.booking_status,
            note: `No answer by the deadline, ${utcMinute(row.deadline, zone)}: the airline's change was accepted. ${summary}`,
            actorUserId: null,
            at: now,
          });
          await notify(trx, {
            companyId: row.company_id,
            userId: null,
            kind: 'airline_change',
            title: `Schedule change of booking ${row.pnr} accepted for you`,
            body: `Booking ${row.pnr} had no answer to the airline's schedule change by its deadline, ${utcMinute(row.deadline, zone)}, so the change was accepted for you.\n\n${summary}`,
            link: bookingLink(row.booking_id),
            bookingId: row.booking_id,
            at: now,
          });
        }
        return due.length;
      });
      accepted += count;
      if (count < ACCEPT_BATCH) return accepted;
    }
  }

  /**
   * Answers every change whose deadline passed and whose new times cannot be accepted (the flight
   * is cancelled, or a connection breaks) by cancelling the booking with a full refund, and tells the
   * agency: accepting would leave the passengers without a flight they can take. One transaction per
   * booking, taking the booking's lock before its change's, as the agent's answers do.
   */
  async function refundDue(now: Date): Promise<number> {
    // One batch a sweep: a booking that fails stays due and is tried again at the next sweep,
    // after the others, never in a loop.
    const due = await db.transaction().execute((trx) => lockDueAnswers(trx, now, ACCEPT_BATCH, 'refund'));
    let refunded = 0;
    for (const row of due) {
      try {
        if (await refundAtDeadline(row.company_id, row.booking_id, row.pnr, now)) refunded += 1;
      } catch (error) {
        deps.log?.error(
          { err: error, bookingId: row.booking_id },
          'could not cancel a changed booking at its deadline',
        );
      }
    }
    return refunded;
  }

  async function refundAtDeadline(companyId: string, bookingId: string, pnr: string, now: Date) {
    return db.transaction().execute(async (trx) => {
      const booking = await loadBookingForUpdate(trx, { companyId, createdBy: null }, bookingId);
      const pending = booking && (await lockPendingChange(trx, booking.id));
      if (!booking || !pending || pending.deadline.getTime() > now.getTime()) return false;
      const zone = await agencyTimeZone(trx, companyId);
      const deadline = utcMinute(pending.deadline, zone);
      const reason = pending.kind === 'cancelled' ? 'the flight is cancelled' : 'a connection breaks';
      const why = `No answer by the deadline, ${deadline}, and the airline's new times could not be accepted (${reason}): the booking was cancelled`;
      await cancelWithFullRefund(trx, booking, pending, { actorUserId: null, now, why });
      await notify(trx, {
        companyId,
        userId: null,
        kind: 'airline_change',
        title: `Booking ${pnr} cancelled with a full refund`,
        body: `Booking ${pnr} had no answer to the airline's schedule change by its deadline, ${deadline}. Its new times could not be accepted (${reason}), so the booking was cancelled and everything paid for it returned to your credits.\n\n${changeSummary(pending.before, pending.after, pending.minutes)}`,
        link: bookingLink(bookingId),
        bookingId,
        at: now,
      });
      return true;
    });
  }

  /**
   * Reads the sandbox airlines' changes of the flights live bookings fly, published by `now`, and
   * records each once with its bookings flagged (one transaction per flight-day).
   */
  async function applyAirlineChanges(now: Date): Promise<number> {
    const changes = supplier.scheduleChanges;
    if (!changes) return 0;
    let applied = 0;
    for (const day of await bookedFlightDaysWithoutChange(db, now)) {
      const published = changes.airlineChange(day.flight, day.departure_date, now);
      if (!published) continue;
      const flight = changes.flightDay(day.flight, day.departure_date);
      if (!flight) continue;
      const lookup = await countryOf();
      await db.transaction().execute(async (trx) => {
        const change = await insertScheduleChange(trx, {
          flight: day.flight,
          departureDate: day.departure_date,
          kind: published.kind,
          minutes: published.minutes,
          origin: flight.origin,
          destination: flight.destination,
          before: { departsAt: flight.departsAt, arrivesAt: flight.arrivesAt },
          source: 'airline',
          sandboxKey: `${day.flight} ${day.departure_date}`,
          publishedAt: published.publishedAt,
        });
        if (!change) return;
        await flagBookingsOn(trx, change, { countryOf: lookup, now });
        applied++;
      });
    }
    return applied;
  }

  let restored = false;
  /**
   * Operators' changes live in the supplier's memory for its searches: after a restart they are
   * told to it again from the table (once per process, before the first sweep's work).
   */
  async function restoreOperatorChanges(now: Date) {
    const changes = supplier.scheduleChanges;
    if (restored || !changes) return;
    const rows = await operatorChangesFrom(db, now.toISOString().slice(0, 10));
    for (const row of rows) {
      changes.publish({ flight: row.flight, date: row.departure_date, kind: row.kind, minutes: row.minutes });
    }
    restored = true;
  }

  async function listAdmin(only?: string): Promise<AdminScheduleChange[]> {
    return (await listScheduleChanges(db, only)).map(presentAdminScheduleChange);
  }

  return {
    countryOf,

    /** The sweep's work: new changes applied, then the due answers accepted. */
    async sweep(now = clock.now()) {
      await restoreOperatorChanges(now);
      const applied = await applyAirlineChanges(now);
      const autoAccepted = await acceptDue(now);
      const autoRefunded = await refundDue(now);
      return { applied, autoAccepted, autoRefunded };
    },

    /** The agent accepts the new times (refused when the flight is cancelled or a connection breaks). */
    async accept(principal: CompanyPrincipal, bookingId: string): Promise<Booking> {
      await deps.acceptAtSupplier?.(principal, bookingId);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const { booking, pending } = await lockWithPending(trx, principal, bookingId);
        if (pending.kind === 'cancelled') {
          throw new AppError(
            'conflict',
            'The airline cancelled this flight: take an alternative flight or cancel with a full refund',
          );
        }
        if (pending.connection_broken) {
          throw new AppError(
            'conflict',
            'The new times break a connection: take an alternative flight or cancel with a full refund',
          );
        }
        await markScheduleChangeAnswered(trx, booking.id, 'accepted', now, principal.userId);
        await recordEvent(trx, {
          bookingId: booking.id,
          action: 'schedule_change_accepted',
          from: booking.status,
          to: booking.status,
          note: `The airline's new times were accepted. ${changeSummary(pending.before, pending.after, pending.minutes)}`,
          actorUserId: principal.userId,
          at: now,
        });
      });
      return answer(principal, bookingId);
    },

    /**
     * The agent cancels the booking the airline changed: everything paid comes back — every ticket
     * whole (no penalty on an airline's change) and every seat and bag — in one transaction with its
     * ledger line, order and history; a hold not ticketed yet is simply cancelled.
     */
    async cancel(principal: CompanyPrincipal, bookingId: string): Promise<Booking> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const { booking, pending } = await lockWithPending(trx, principal, bookingId);
        if (booking.supplier !== 'sandbox') {
          throw new AppError(
            'conflict',
            "This booking's airline refunds it itself: request a refund to cancel it",
          );
        }
        await cancelWithFullRefund(trx, booking, pending, { actorUserId: principal.userId, now });
      });
      return answer(principal, bookingId);
    },

    sweeper(options: {
      intervalSeconds: number;
      log: FastifyBaseLogger;
      exclusively: Parameters<typeof periodicTask>[0]['exclusively'];
    }) {
      return periodicTask({
        name: 'schedule change sweep',
        intervalSeconds: options.intervalSeconds,
        log: options.log,
        exclusively: options.exclusively,
        run: async () => {
          const { applied, autoAccepted, autoRefunded } = await this.sweep(clock.now());
          if (applied > 0) options.log.info({ applied }, "applied airlines' schedule changes");
          if (autoAccepted > 0)
            options.log.info({ autoAccepted }, 'accepted schedule changes at their deadline');
          if (autoRefunded > 0)
            options.log.info(
              { autoRefunded },
              'cancelled with a refund the changes that could not be accepted at their deadline',
            );
        },
      });
    },

    list: () => listAdmin(),

    /** The operator publishes a change on a chosen sandbox flight; every booking on it is flagged. */
    async publish(actor: OperatorAction, body: PublishScheduleChangeBody): Promise<AdminScheduleChange> {
      const now = clock.now();
      const changes = supplier.scheduleChanges;
      if (!changes) throw new AppError('conflict', "The flights' supplier publishes no schedule changes");
      const flight = changes.flightDay(body.flight, body.departure_date);
      if (!flight) {
        const message = `${body.flight} does not fly on ${body.departure_date}`;
        throw new AppError('validation', message, { fieldErrors: { flight: [message] } });
      }
      if (flight.departsAtUtc.getTime() <= now.getTime()) {
        const message = 'The flight has left already';
        throw new AppError('validation', message, { fieldErrors: { departure_date: [message] } });
      }
      const minutes = body.kind === 'retimed' ? (body.delay_minutes ?? 0) : 0;
      const lookup = await countryOf();
      const id = await db.transaction().execute(async (trx) => {
        const change = await insertScheduleChange(trx, {
          flight: body.flight,
          departureDate: body.departure_date,
          kind: body.kind,
          minutes,
          origin: flight.origin,
          destination: flight.destination,
          before: { departsAt: flight.departsAt, arrivesAt: flight.arrivesAt },
          source: 'operator',
          publishedAt: now,
        });
        if (!change) throw new AppError('conflict', 'The schedule change was not recorded; try again');
        const flagged = await flagBookingsOn(trx, change, { countryOf: lookup, now });
        await recordAudit(trx, {
          actor,
          action: 'schedule_change.publish',
          target: { type: 'schedule_change', id: change.id },
          before: { departs_at: flight.departsAt, arrives_at: flight.arrivesAt },
          after: {
            flight: body.flight,
            departure_date: body.departure_date,
            kind: body.kind,
            minutes,
            bookings: flagged,
          },
          at: now,
        });
        return change.id;
      });
      // The sandbox's searches show the flight moved (or sell it no more) from now on.
      changes.publish({ flight: body.flight, date: body.departure_date, kind: body.kind, minutes });
      return (await listAdmin(id))[0]!;
    },

    /** Gives one booking's agency until `deadline` to answer; the agency is told. */
    async extendDeadline(
      actor: OperatorAction,
      changeId: string,
      body: ExtendDeadlineBody,
    ): Promise<AdminScheduleChange> {
      const now = clock.now();
      const deadline = new Date(body.deadline);
      await db.transaction().execute(async (trx) => {
        const key = { changeId, bookingId: body.booking_id };
        const row = await lockAffectedBooking(trx, key);
        if (!row) throw new AppError('not_found', 'This booking is not affected by this schedule change');
        if (row.status !== 'pending') {
          throw new AppError('conflict', 'The agency has answered this schedule change already');
        }
        if (deadline.getTime() <= Math.max(now.getTime(), row.deadline.getTime())) {
          const message = 'The new deadline must be later than the current one';
          throw new AppError('validation', message, { fieldErrors: { deadline: [message] } });
        }
        await setAnswerDeadline(trx, key, deadline);
        const zone = await agencyTimeZone(trx, row.company_id);
        await notify(trx, {
          companyId: row.company_id,
          userId: null,
          kind: 'airline_change',
          title: `More time to answer the schedule change of booking ${row.pnr}`,
          body: `SkyDesk extended the deadline to answer the airline's schedule change of booking ${row.pnr} to ${utcMinute(deadline, zone)}.`,
          link: bookingLink(body.booking_id),
          bookingId: body.booking_id,
          at: now,
        });
        await recordAudit(trx, {
          actor,
          action: 'schedule_change.extend_deadline',
          target: { type: 'schedule_change', id: changeId },
          before: { booking_id: body.booking_id, deadline: row.deadline.toISOString() },
          after: { booking_id: body.booking_id, deadline: deadline.toISOString() },
          at: now,
        });
      });
      const [found] = await listAdmin(changeId);
      if (!found) throw new AppError('not_found', 'Schedule change not found');
      return found;
    },
  };

  /** A ticketed sandbox booking refunded whole: tickets, seats and bags; seats given back. */
  /**
   * Cancels a sandbox booking the airline changed, everything paid coming back (the agent's cancel,
   * and the sweep's answer at the deadline when the new times cannot be accepted): under the
   * booking's row lock and its pending change's, as the agent's answers take them.
   */
  async function cancelWithFullRefund(
    trx: Transaction<Database>,
    booking: BookingRow,
    pending: PendingChange,
    options: { actorUserId: string | null; now: Date; why?: string },
  ) {
    const { actorUserId, now } = options;
    const summary = changeSummary(pending.before, pending.after, pending.minutes);
    const why = options.why ?? "Cancelled after the airline's schedule change";
    if (booking.status === 'ticketed')
      await refundWhole(trx, booking, `${why}. ${summary}`.trim(), actorUserId, now);
    else if (booking.status === 'booked') {
      await supplier.bookings.release(trx, await heldSeatsOf(trx, booking.id));
      await releaseServices(trx, booking.id, now);
      await updateBooking(trx, booking.id, { status: 'cancelled', updated_at: now });
      await recordEvent(trx, {
        bookingId: booking.id,
        action: 'cancelled',
        from: 'booked',
        to: 'cancelled',
        note: `${why}; nothing was charged. ${summary}`,
        actorUserId,
        at: now,
      });
    } else {
      throw new AppError('conflict', `A ${booking.status.replace(/_/g, ' ')} booking cannot be cancelled`);
    }
    await markScheduleChangeAnswered(trx, booking.id, 'cancelled', now, actorUserId);
  }

  async function refundWhole(
    trx: Transaction<Database>,
    booking: BookingRow,
    why: string,
    actorUserId: string | null,
    now: Date,
  ) {
    const tickets = (await ticketsWithFares(trx, booking.id)).filter((ticket) => ticket.status === 'issued');
    // The lock order of after-sales: the balance row, then the seats, then the credit.
    await lockLedger(trx, booking.company_id);
    await supplier.bookings.release(trx, await heldSeatsOf(trx, booking.id));
    const services = await refundPaidServices(trx, booking.id, now);
    await releaseServices(trx, booking.id, now);
    const ticketsMinor = tickets.reduce((sum, ticket) => sum + ticket.paid_minor, 0);
    const servicesMinor = services.reduce((sum, service) => sum + Number(service.amount_minor), 0);
    const refunded = ticketsMinor + servicesMinor;
    const entry =
      refunded > 0
        ? await postLedgerEntry(trx, {
            companyId: booking.company_id,
            kind: 'refund',
            amountMinor: refunded,
            bookingId: booking.id,
            note: `Refund of booking ${booking.pnr}: the airline changed its schedule (no penalty)`,
            userId: actorUserId,
          })
        : null;
    for (const ticket of tickets) await markTicketRefunded(trx, ticket.ticket_number, ticket.paid_minor, now);
    await insertOrder(trx, {
      companyId: booking.company_id,
      bookingId: booking.id,
      kind: 'refund',
      amountMinor: refunded,
      currency: booking.currency,
      status: 'completed',
      ticketNumbers: tickets.map((ticket) => ticket.ticket_number),
      ledgerEntryId: entry?.id ?? null,
      at: now,
    });
    await updateBooking(trx, booking.id, { status: 'refunded', updated_at: now });
    const servicesText =
      servicesMinor > 0 ? ` (seats and bags ${minorMoneyText(servicesMinor, booking.currency)})` : '';
    await recordEvent(trx, {
      bookingId: booking.id,
      action: 'refunded',
      from: 'ticketed',
      to: 'refunded',
      note: `${why}: ${minorMoneyText(refunded, booking.currency)} refunded to credits in full${servicesText}, no penalty; the seats were released.`,
      actorUserId,
      at: now,
    });
  }
}

export type ScheduleChangeService = ReturnType<typeof createScheduleChangeService>;
