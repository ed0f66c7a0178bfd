import {
  AppError,
  type Booking,
  type BookingDetails,
  type BookingListQuery,
  minorToAmount,
  ORDER_PAGE_SIZE,
  type Order,
  type OrderListQuery,
  type OrderPage,
  type ParsedBookingBody,
  type TicketEmailAnswer,
  ticketsInvalid,
} from '@skydesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { RateLimiter, RateRule } from '../../../platform/security/rate-limit.js';
import { bookingDocuments } from '../../invoices/index.js';
import { presentChanges } from '../changes/presenter.js';
import { changesOf } from '../changes/repo.js';
import { BOOKING_STATUS } from '../e-ticket/labels.js';
import { eTicketMail } from '../e-ticket/mail.js';
import { renderTicketPdf } from '../e-ticket/ticket-pdf.js';
import { findSupplierBooking } from '../remote/repo.js';
import { presentService } from '../services/catalog.js';
import { servicesOf } from '../services/repo.js';
import { type BookingDeps, createBooking, type KeyedRequest } from './create-booking.js';
import { presentEarnings } from './earnings.js';
import { feesOfBooking, overriderName } from './earnings-repo.js';
import { expireDueHoldsOf, expireHoldIfDue } from './hold-expiry.js';
import { type IssueRequest, issueBooking } from './issue-booking.js';
import { presentBooking, presentBookingDetails, presentOrder, type Viewer } from './presenter.js';
import {
  findAgency,
  findBookingId,
  findBookingIdByPnr,
  listBookingIds,
  listOrders,
  loadBookingRecord,
  loadBookingRecords,
  loadHistory,
  orderTotals,
  recordEvent,
  userName,
} from './repo.js';
import { bookingScopeOf } from './scope.js';

const notFound = () => new AppError('not_found', 'Booking not found');
const noTicketsYet = (pnr: string) =>
  new AppError('conflict', `Booking ${pnr} has no tickets yet: issue it first`);

/**
 * E-mailing e-tickets: a booking's e-ticket at most 10 times an hour (a slip of the button, not a
 * mailing list), and an agency's at most 100 addresses an hour, so a stolen session cannot turn the
 * portal into a spam relay under the agency's name.
 */
export const TICKET_MAIL_RULES = {
  perBooking: { bucket: 'e-ticket-mail:booking', limit: 10, windowSeconds: 3600 },
  perCompanyAddress: { bucket: 'e-ticket-mail:company', limit: 100, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;

export type TicketMailDeps = { mailer: Mailer; rateLimiter: RateLimiter; log?: FastifyBaseLogger };

/**
 * The bookings domain (docs/api.md#bookings): every call is scoped to the session's company, and to
 * the user's own bookings when their role says so (scope.ts); a hold past its deadline is expired
 * before anybody sees it (hold-expiry.ts).
 */
export function createBookingService(deps: BookingDeps & TicketMailDeps & { voidWindowMs: number }) {
  const { db, clock, supplier, mailer, rateLimiter, log } = deps;
  let airportNames: Promise<Map<string, string>> | undefined;
  const airportName = () => {
    airportNames ??= supplier
      .routes()
      .then((routes) => new Map(routes.Airports.map((a) => [a.code, a.name])));
    return airportNames;
  };
  const viewerOf = (principal: CompanyPrincipal): Viewer => ({
    now: clock.now(),
    permissions: principal.permissions,
  });

  /** A remote booking's copy of its supplier order, read again when stale or mid-step (decision 020). */
  async function refresh(bookingId: string) {
    if (!deps.saga) return;
    const row = await findSupplierBooking(db, bookingId);
    if (row) await deps.saga.refreshOnOpen(row);
  }

  async function details(principal: CompanyPrincipal, bookingId: string): Promise<BookingDetails> {
    const scope = bookingScopeOf(principal);
    const found = await findBookingId(db, scope, bookingId);
    if (!found) throw notFound();
    await refresh(found.id);
    await expireHoldIfDue(db, supplier.bookings, found.id, clock.now());
    const [record, history, services, changes, fees, documents] = await Promise.all([
      loadBookingRecord(db, scope, found.id),
      loadHistory(db, found.id),
      servicesOf(db, found.id),
      changesOf(db, found.id),
      feesOfBooking(db, found.id),
      bookingDocuments(db, principal.companyId, found.id),
    ]);
    if (!record) throw notFound();
    return {
      ...presentBookingDetails(record, history, services.map(presentService), viewerOf(principal)),
      // Issue 32: the chain of changes, oldest first (changes/).
      changes: presentChanges(changes),
      // Issue 33: the two prices, the rule or override behind the selling price, fees and margin.
      earnings: presentEarnings(record, fees, await overriderName(db, record.booking.selling_override_by)),
      invoices: documents,
    };
  }

  async function renderTicket(principal: CompanyPrincipal, booking: BookingDetails) {
    if (booking.tickets.length === 0) throw noTicketsYet(booking.pnr);
    const [agency, names] = await Promise.all([findAgency(db, principal.companyId), airportName()]);
    const pdf = await renderTicketPdf({
      booking,
      agency,
      airportName: (code) => names.get(code),
      generatedAt: clock.now(),
    });
    return { agency, pdf };
  }

  return {
    create: (principal: CompanyPrincipal, body: ParsedBookingBody, keyed?: KeyedRequest) =>
      createBooking(deps, principal, body, keyed),

    issue: (principal: CompanyPrincipal, request: IssueRequest) =>
      issueBooking(
        { db, clock, supplier: supplier.bookings, saga: deps.saga, voidWindowMs: deps.voidWindowMs },
        principal,
        request,
      ),

    async byPnr(principal: CompanyPrincipal, pnr: string): Promise<Booking> {
      const scope = bookingScopeOf(principal);
      const found = await findBookingIdByPnr(db, scope, pnr);
      if (!found) throw notFound();
      await refresh(found.id);
      await expireHoldIfDue(db, supplier.bookings, found.id, clock.now());
      const record = await loadBookingRecord(db, scope, found.id);
      if (!record) throw notFound();
      return presentBooking(record, viewerOf(principal));
    },

    details,

    /** docs/api.md: the path names the company, and it must be the session's (another's: 404). */
    async list(
      principal: CompanyPrincipal,
      companyId: string,
      query: z.output<typeof BookingListQuery>,
    ): Promise<Booking[]> {
      if (companyId !== principal.companyId) throw new AppError('not_found', 'Company not found');
      await expireDueHoldsOf(db, supplier.bookings, principal.companyId, clock.now());
      const scope = bookingScopeOf(principal);
      const ids = await listBookingIds(db, scope, {
        statuses: query.status,
        from: query.from,
        to: query.to,
        departsFrom: query.departs_from,
        departsTo: query.departs_to,
        q: query.q,
        sort: query.sort,
        page: query.page,
        limit: query.limit,
      });
      const viewer = viewerOf(principal);
      const records = await loadBookingRecords(db, scope, ids);
      return records.map((record) => presentBooking(record, viewer));
    },

    /**
     * The e-ticket of a booking that has tickets (docs/api.md `GET /api/booking/{id}/ticket.pdf`). One
     * whose tickets are no longer valid is still printed, marked VOID / not valid for travel
     * throughout, as the agency's record of it.
     */
    async ticketPdf(principal: CompanyPrincipal, bookingId: string): Promise<{ pnr: string; pdf: Buffer }> {
      const booking = await details(principal, bookingId);
      const { pdf } = await renderTicket(principal, booking);
      return { pnr: booking.pnr, pdf };
    },

    /**
     * `POST /api/booking/{id}/ticket-email`: the e-ticket PDF to each address in its own mail,
     * recorded in the booking's history. Refused (409) once the tickets are no longer valid: a
     * traveller handed a voided ticket by mail could try to travel on it, and the agency keeps the
     * PDF (marked void) for its own records.
     */
    async emailTicket(
      principal: CompanyPrincipal,
      bookingId: string,
      recipients: string[],
    ): Promise<TicketEmailAnswer> {
      const booking = await details(principal, bookingId);
      if (booking.tickets.length > 0 && ticketsInvalid(booking.status)) {
        throw new AppError(
          'conflict',
          `Booking ${booking.pnr} is ${BOOKING_STATUS[booking.status].label.toLowerCase()}: its tickets are not valid for travel, so the e-ticket is not sent`,
        );
      }
      if (booking.tickets.length === 0) throw noTicketsYet(booking.pnr);
      // Counted before the PDF is drawn, so a call over the limit draws none.
      await rateLimiter.consume(TICKET_MAIL_RULES.perBooking, booking.id);
      for (const _ of recipients) {
        await rateLimiter.consume(TICKET_MAIL_RULES.perCompanyAddress, principal.companyId);
      }
      const ticket = await renderTicket(principal, booking);
      const sender = (await userName(db, principal.userId)) ?? 'a colleague';
      const sent: string[] = [];
      try {
        for (const to of recipients) {
          try {
            await mailer.send(eTicketMail({ to, booking, agency: ticket.agency, sender, pdf: ticket.pdf }));
          } catch (error) {
            // The mail server's trouble, not the caller's: 503, saying who has it already.
            log?.error({ err: error, bookingId: booking.id }, 'could not mail an e-ticket');
            const already = sent.length > 0 ? ` It went to ${sent.join(', ')} only.` : '';
            throw new AppError(
              'unavailable',
              `The e-ticket could not be sent to ${to}: the mail server did not take it. Try again later.${already}`,
            );
          }
          sent.push(to);
        }
      } finally {
        // What went out is recorded even when a later address failed, so the history never
        // under-reports who holds the ticket.
        if (sent.length > 0) {
          const at = clock.now();
          await db.transaction().execute((trx) =>
            recordEvent(trx, {
              bookingId: booking.id,
              action: 'e_ticket_sent',
              from: null,
              to: booking.status,
              note: `E-ticket e-mailed to ${sent.join(', ')}`,
              actorUserId: principal.userId,
              at,
            }),
          );
        }
      }
      return { sent_to: sent, sent_at: clock.now().toISOString() };
    },

    /**
     * The orders in reach, newest first: with `view=page` one page, how many match and their totals
     * per kind (issue 30); else the bare list the wire contract fixes (all, or `limit`).
     */
    async orders(
      principal: CompanyPrincipal,
      query: z.output<typeof OrderListQuery>,
    ): Promise<Order[] | OrderPage> {
      const scope = bookingScopeOf(principal);
      const { view, page, status, kind, q, from, to } = query;
      const filters = { status, kind, q, from, to };
      const limit = query.limit ?? (view === 'page' ? ORDER_PAGE_SIZE : undefined);
      const rows = await listOrders(db, scope, filters, limit ? { offset: page * limit, limit } : undefined);
      const orders = rows.map(presentOrder);
      if (view !== 'page' || !limit) return orders;
      const totals = (await orderTotals(db, scope, filters)).map((row) => ({
        kind: row.kind,
        currency: row.currency,
        count: Number(row.count),
        amount: minorToAmount(Number(row.amount_minor)),
      }));
      const total = totals.reduce((sum, row) => sum + row.count, 0);
      return { orders, total, totalPages: Math.ceil(total / limit), totals };
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
