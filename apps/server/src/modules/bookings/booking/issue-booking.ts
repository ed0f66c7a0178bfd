import {
  AppError,
  amountToMinor,
  type Booking,
  type bookingEndpoints,
  minorMoneyText,
  minorToAmount,
  noteWithServices,
  type ParsedBodyOf,
} from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type { SupplierBookings } from '../../../supplier/port.js';
import { issueClientInvoice } from '../../invoices/index.js';
import { notify } from '../../notices/index.js';
import { postLedgerEntry } from '../../payments/index.js';
import { loadPricingSettings } from '../../pricing/index.js';
import type { SupplierSaga } from '../remote/saga.js';
import { serviceLineText } from '../services/lines.js';
import { heldServicesOf, issueHeldServices } from '../services/repo.js';
import { refuseOtherCurrency } from './credits-currency.js';
import { checkOverride, overrideMinorOf, sellingMinorOf } from './earnings.js';
import { addToSelling, recordOverride, storedSellingMinor } from './earnings-repo.js';
import { addEventFees } from './fees.js';
import { expireHoldIfDue } from './hold-expiry.js';
import { bookingLink } from './hold-notices.js';
import { presentBooking, utcMinute } from './presenter.js';
import {
  type BookingRow,
  findBookingIdByPnr,
  insertOrder,
  insertTickets,
  loadBookingForUpdate,
  loadBookingRecord,
  passengerFaresOf,
  recordEvent,
  updateBooking,
} from './repo.js';
import { bookingScopeOf } from './scope.js';
import { voidUntil } from './ticketing-deadline.js';

const notFound = () => new AppError('not_found', 'Booking not found');

/** POST /api/booking-issue's body (issue 33 adds the override, the fees by hand and the client). */
export type IssueRequest = ParsedBodyOf<typeof bookingEndpoints.issue>;

export function holdExpired(booking: Pick<BookingRow, 'pnr' | 'ticketing_deadline'>) {
  return new AppError(
    'conflict',
    `The hold on booking ${booking.pnr} expired at ${utcMinute(booking.ticketing_deadline)}: book again`,
  );
}

/**
 * POST /api/booking-issue: tickets a live hold, paid from the agency's credits (docs/api.md, docs/architecture.md
 * §5). One transaction under the booking's row lock: the debit (402 when the balance can't cover
 * it), one ticket per passenger, the status, the ticket order, the history line and the agency's
 * notification all happen, or none does; a second issue of the same booking waits for the lock and then finds it ticketed.
 */
export async function issueBooking(
  deps: {
    db: Kysely<Database>;
    clock: Clock;
    supplier: SupplierBookings;
    saga: SupplierSaga | null;
    voidWindowMs: number;
  },
  principal: CompanyPrincipal,
  request: IssueRequest,
): Promise<Booking> {
  const { db, clock, supplier } = deps;
  const { pnr } = request;
  const scope = bookingScopeOf(principal);
  const found = await findBookingIdByPnr(db, scope, pnr);
  if (!found) throw notFound();
  await expireHoldIfDue(db, supplier, found.id, clock.now());
  // Issue 33: an agent's selling price is checked against the owner's limits before anything is
  // debited (the rules' price and the net as the held booking stands; issuing does not move them).
  const overrideMinor = overrideMinorOf(request.selling_total);
  if (overrideMinor !== null) {
    const held = await loadBookingRecord(db, scope, found.id);
    if (!held) throw notFound();
    checkOverride(await loadPricingSettings(db, principal.companyId), {
      overrideMinor,
      netMinor: held.totalMinor,
      rulesSellingMinor: sellingMinorOf(held),
      currency: held.booking.currency,
    });
  }

  // A remote supplier's booking is paid or ordered there, through the saga (decision 020).
  if (found.supplier !== 'sandbox') {
    if (!deps.saga) {
      throw new AppError('unavailable', 'The airline of this booking is not connected right now', {
        retryAfter: 60,
      });
    }
    await deps.saga.issue(principal, found.id);
    let record = await loadBookingRecord(db, scope, found.id);
    if (!record) throw notFound();
    // Ticketed at once: its selling price, fees and client invoice as the sandbox's are. One the
    // airline tickets later is not invoiced here (closing note of issue 33).
    if (record.booking.status === 'ticketed' && record.booking.issued_at) {
      const issuedAt = record.booking.issued_at;
      await db
        .transaction()
        .execute((trx) =>
          recordEarnings(trx, principal, request, { bookingId: found.id, overrideMinor, at: issuedAt }),
        );
      record = (await loadBookingRecord(db, scope, found.id)) ?? record;
    }
    return presentBooking(record, { now: clock.now(), permissions: principal.permissions });
  }

  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    const booking = await loadBookingForUpdate(trx, scope, found.id);
    if (!booking) throw notFound();
    if (booking.status === 'expired') throw holdExpired(booking);
    if (booking.status !== 'booked') {
      throw new AppError(
        'conflict',
        `Booking ${booking.pnr} is ${booking.status.replaceAll('_', ' ')}: only a held booking can be ticketed`,
      );
    }
    // Past the deadline but not swept yet (the deadline passed since the check above).
    if (booking.ticketing_deadline.getTime() <= now.getTime()) throw holdExpired(booking);

    // Issue 31: the seats and bags held with the booking are paid with its tickets, in the same
    // debit (the credits must cover the lot), and the statement's line names them.
    const services = await heldServicesOf(trx, booking.id);
    const servicesMinor = services.reduce((sum, service) => sum + Number(service.amount_minor), 0);
    const totalMinor = booking.total_minor + servicesMinor;
    const entry = await postLedgerEntry(trx, {
      companyId: principal.companyId,
      kind: 'ticket',
      amountMinor: -totalMinor,
      bookingId: booking.id,
      note: noteWithServices(`Tickets for booking ${booking.pnr}`, services.map(serviceLineText)),
      userId: principal.userId,
    });
    refuseOtherCurrency(booking, entry);
    const passengers = await passengerFaresOf(trx, booking.id);
    const tickets = await insertTickets(trx, {
      bookingId: booking.id,
      carrier: booking.validating_carrier,
      passengers: passengers.map((p) => ({ id: p.id, paidMinor: p.fare_minor + p.taxes_minor })),
      at: now,
      ticketNumber: supplier.ticketNumber,
    });
    // Each paid service gets its own EMD, numbered as the validating carrier's documents are.
    const issuedServices = await issueHeldServices(trx, {
      services,
      at: now,
      emdNumber: () => supplier.ticketNumber(booking.validating_carrier),
    });
    const emds = issuedServices.flatMap((service) => (service.emd_number ? [service.emd_number.trim()] : []));
    await updateBooking(trx, booking.id, {
      status: 'ticketed',
      issued_at: now,
      void_until: voidUntil(now, booking.first_departure_at, deps.voidWindowMs),
      updated_at: now,
    });
    await insertOrder(trx, {
      companyId: principal.companyId,
      bookingId: booking.id,
      kind: 'ticket',
      amountMinor: totalMinor,
      currency: booking.currency,
      status: 'completed',
      ticketNumbers: tickets.map((ticket) => ticket.ticket_number),
      ledgerEntryId: entry.id,
      at: now,
    });
    await recordEvent(trx, {
      bookingId: booking.id,
      action: 'ticketed',
      from: 'booked',
      to: 'ticketed',
      note: `${tickets.length} ticket${tickets.length === 1 ? '' : 's'} issued${emds.length > 0 ? ` and ${emds.length} EMD${emds.length === 1 ? '' : 's'} (${emds.join(', ')})` : ''}; ${minorToAmount(totalMinor).toFixed(2)} ${booking.currency} debited from credits`,
      actorUserId: principal.userId,
      at: now,
    });
    // To the whole agency (who else may be waiting on these tickets); the issuer has read it.
    const count = `${tickets.length} ticket${tickets.length === 1 ? '' : 's'}`;
    await notify(trx, {
      companyId: principal.companyId,
      userId: null,
      kind: 'booking_ticketed',
      title: `Booking ${booking.pnr} ticketed`,
      body: `${count} issued for booking ${booking.pnr}; ${minorMoneyText(totalMinor, booking.currency)} debited from your credits.`,
      link: bookingLink(booking.id),
      bookingId: booking.id,
      at: now,
      readBy: principal.userId,
    });
    // Issue 33: seats and bags added to the hold after it was priced join the selling price at cost.
    await addToSelling(
      trx,
      booking.id,
      services
        .filter((service) => service.created_at.getTime() > booking.created_at.getTime())
        .reduce((sum, service) => sum + Number(service.amount_minor), 0),
    );
    await recordEarnings(trx, principal, request, { bookingId: booking.id, overrideMinor, at: now });
  });

  const record = await loadBookingRecord(db, scope, found.id);
  if (!record) throw notFound();
  return presentBooking(record, { now, permissions: principal.permissions });
}

/**
 * Issue 33, in the issue's transaction once the tickets are in: the agent's selling price (recorded
 * with the rules' price it replaced, who and when), the service fees of the issue — the agency's
 * fee rules and those added by hand, never debited from its credits — and then the client invoice
 * (modules/invoices), which reads the selling price and fees just written. All of it commits with
 * the tickets or not at all.
 */
async function recordEarnings(
  trx: Transaction<Database>,
  principal: CompanyPrincipal,
  request: IssueRequest,
  input: { bookingId: string; overrideMinor: number | null; at: Date },
) {
  if (input.overrideMinor !== null) {
    await recordOverride(trx, {
      bookingId: input.bookingId,
      overrideMinor: input.overrideMinor,
      rulesSellingMinor: await storedSellingMinor(trx, input.bookingId),
      userId: principal.userId,
      at: input.at,
    });
  }
  await addEventFees(trx, {
    companyId: principal.companyId,
    bookingId: input.bookingId,
    userId: principal.userId,
    event: 'issue',
    manual: request.fees.map((fee) => ({ name: fee.name, amountMinor: amountToMinor(fee.amount) })),
    at: input.at,
  });
  await issueClientInvoice(trx, {
    companyId: principal.companyId,
    bookingId: input.bookingId,
    userId: principal.userId,
    client: request.client ?? null,
    at: input.at,
  });
}
