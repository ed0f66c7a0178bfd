import {
  AppError,
  type Booking,
  type BookingDetails,
  type BookingListQuery,
  type Order,
  type ParsedBookingBody,
} from '@skydesk/contract';
import type { z } from 'zod';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import { renderTicketPdf } from '../e-ticket/ticket-pdf.js';
import { type BookingDeps, createBooking } from './create-booking.js';
import { expireDueHoldsOf, expireHoldIfDue } from './hold-expiry.js';
import { issueBooking } from './issue-booking.js';
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
} from './repo.js';
import { bookingScopeOf } from './scope.js';

const notFound = () => new AppError('not_found', 'Booking not found');

/**
 * The bookings domain (API.md "Bookings"): every call is scoped to the session's company, and to
 * the user's own bookings when their role says so (scope.ts); a hold past its deadline is expired
 * before anybody sees it (hold-expiry.ts).
 */
export function createBookingService(deps: BookingDeps) {
  const { db, clock, supplier } = deps;
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

  async function details(principal: CompanyPrincipal, bookingId: string): Promise<BookingDetails> {
    const scope = bookingScopeOf(principal);
    const found = await findBookingId(db, scope, bookingId);
    if (!found) throw notFound();
    await expireHoldIfDue(db, supplier.bookings, found.id, clock.now());
    const [record, history] = await Promise.all([
      loadBookingRecord(db, scope, found.id),
      loadHistory(db, found.id),
    ]);
    if (!record) throw notFound();
    return presentBookingDetails(record, history, viewerOf(principal));
  }

  return {
    create: (principal: CompanyPrincipal, body: ParsedBookingBody) => createBooking(deps, principal, body),

    issue: (principal: CompanyPrincipal, pnr: string) =>
      issueBooking({ db, clock, supplier: supplier.bookings }, principal, pnr),

    async byPnr(principal: CompanyPrincipal, pnr: string): Promise<Booking> {
      const scope = bookingScopeOf(principal);
      const found = await findBookingIdByPnr(db, scope, pnr);
      if (!found) throw notFound();
      await expireHoldIfDue(db, supplier.bookings, found.id, clock.now());
      const record = await loadBookingRecord(db, scope, found.id);
      if (!record) throw notFound();
      return presentBooking(record, viewerOf(principal));
    },

    details,

    /** API.md: the path names the company, and it must be the session's (another's: 404). */
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

    /** The e-ticket of a booking that has tickets (API.md `GET /api/booking/{id}/ticket.pdf`). */
    async ticketPdf(principal: CompanyPrincipal, bookingId: string): Promise<{ pnr: string; pdf: Buffer }> {
      const booking = await details(principal, bookingId);
      if (booking.tickets.length === 0) {
        throw new AppError('conflict', `Booking ${booking.pnr} has no tickets yet: issue it first`);
      }
      const [agency, names] = await Promise.all([findAgency(db, principal.companyId), airportName()]);
      const pdf = await renderTicketPdf({
        booking,
        agency,
        airportName: (code) => names.get(code),
        generatedAt: clock.now(),
      });
      return { pnr: booking.pnr, pdf };
    },

    async orders(principal: CompanyPrincipal): Promise<Order[]> {
      const rows = await listOrders(db, bookingScopeOf(principal));
      return rows.map(presentOrder);
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
