import {
  type BagOffer,
  type Booking,
  BookingServices,
  isSeat,
  type PenaltyAnswer,
  type Seat,
  type SeatMap,
  ServiceCatalog,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIRLINE_SERVICE_REASON } from '../../src/modules/bookings/after-sales/service-refunds.js';
import { readBalance } from '../../src/modules/payments/ledger-repo.js';
import { get, post } from '../support/auth-flow.js';
import { type Agent, bookingAgent, issueOk, ONE_ADULT, passengersFor } from '../support/bookings.js';
import {
  type DuffelBookingApp,
  duffelBookingApp,
  duffelOffer,
  ledgerAgainstSupplier,
} from '../support/duffel-bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 31 on the Duffel test server: a Duffel booking's seats and bags are refunded as the
 * airline's cancellation quote says (it cancels the whole order, its services with it; the test
 * server, as Duffel, keeps the seats and returns the rest less the fare's penalty). SkyDesk adds no
 * rule of its own: the quote is credited whole — no longer capped at the tickets' fares — and
 * shared over the tickets and paid services in proportion to what each cost, line by line.
 */

const minor = (amount: number) => Math.round(amount * 100);
const seatsOf = (map: SeatMap): Seat[] =>
  map.cabins.filter((c) => c.bookable).flatMap((c) => c.rows.flatMap((row) => row.seats.filter(isSeat)));

describe.each(storeKinds())('Duffel refunds with seats and bags on %s (issue 31)', (kind) => {
  let t: DuffelBookingApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await duffelBookingApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
  });
  afterAll(async () => t?.close());

  it("credits the airline's quote for the order, its bag included, shared over the ticket and the services", async () => {
    const { offerId } = await duffelOffer(t, agent, { carrier: 'ZZ', brand: 'Flex' });
    const maps = (
      await get(t, `/api/seat-maps?offer_id=${encodeURIComponent(offerId)}`, { token: agent.token })
    ).json().data as SeatMap[];
    // A paid seat where the fare sells one; a Flex fare may include its seats (then none is paid).
    const free = seatsOf(maps[0]!).filter((s) => s.available && !s.restriction);
    const seat = free.find((s) => s.price && s.price.Amount > 0) ?? free[0]!;
    const catalog = ServiceCatalog.parse(
      (await get(t, `/api/services?offer_id=${encodeURIComponent(offerId)}`, { token: agent.token })).json()
        .data,
    );
    const bag = catalog.bags.find(
      (offer: BagOffer) => offer.passenger_index === 0 && offer.max_quantity > 0,
    )!;
    const made = await post(
      t,
      '/api/booking',
      {
        offer_id: offerId,
        passengers: passengersFor(ONE_ADULT),
        contact: { email: 'desk@agency.test', phone: '+44 20 7946 0000' },
        services: [
          { type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator },
          { type: 'bag', passenger_index: 0, segment_index: bag.segment_index, quantity: 1 },
        ],
      },
      { token: agent.token },
    );
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json().data as Booking;
    const issued = await issueOk(t, agent, booking.pnr);
    const ticketPaid = (
      await t.store.db
        .selectFrom('tickets')
        .select('paid_minor')
        .where('booking_id', '=', booking.id)
        .executeTakeFirstOrThrow()
    ).paid_minor;

    const quoted = await post(t, '/api/getPenalty', { booking_id: booking.id }, { token: agent.token });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const penalty: PenaltyAnswer = quoted.json().data;
    const airline = minor(Number(t.duffel.state.cancellations().at(-1)!.refund_amount));
    // The airline's quote returns more than the fare's ticket: its bag is in it.
    expect(airline).toBeGreaterThan(ticketPaid);
    expect(minor(penalty.refund_amount.Amount)).toBe(airline);
    const lines = penalty.services ?? [];
    expect(lines.map((line) => line.type).sort()).toEqual(seat.price?.Amount ? ['bag', 'seat'] : ['bag']);
    for (const line of lines) {
      expect(line.reason).toBe(AIRLINE_SERVICE_REASON);
      expect(line.ticket_number).toBe(issued.tickets[0]!.ticket_number);
    }
    const shown =
      penalty.tickets.reduce((sum, ticket) => sum + minor(ticket.refund_amount.Amount), 0) +
      lines.reduce((sum, line) => sum + minor(line.refund_amount.Amount), 0);
    expect(shown).toBe(airline);

    const before = (await readBalance(t.store.db, agent.companyId)).balanceMinor;
    const refunded = await post(
      t,
      '/api/request-ticket-refund',
      { booking_id: booking.id, reason: 'Traveller cancelled the trip' },
      { token: agent.token },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.status).toBe('refunded');
    expect((await readBalance(t.store.db, agent.companyId)).balanceMinor).toBe(before + airline);

    // Recorded line by line as shown: the ticket's share and each service's add up to the credit.
    const ticket = await t.store.db
      .selectFrom('tickets')
      .select('refunded_minor')
      .where('booking_id', '=', booking.id)
      .executeTakeFirstOrThrow();
    const rows = await t.store.db
      .selectFrom('booking_services')
      .select(['id', 'status', 'refunded_minor'])
      .where('booking_id', '=', booking.id)
      .execute();
    for (const line of lines) {
      const row = rows.find((r) => r.id === line.service_id)!;
      expect(Number(row.refunded_minor)).toBe(minor(line.refund_amount.Amount));
      expect(row.status).toBe(Number(row.refunded_minor) > 0 ? 'refunded' : 'released');
    }
    expect(
      Number(ticket.refunded_minor) + rows.reduce((sum, r) => sum + Number(r.refunded_minor ?? 0), 0),
    ).toBe(airline);
    const listed = BookingServices.parse(
      (await get(t, `/api/booking/${booking.id}/services`, { token: agent.token })).json().data,
    );
    expect(listed.services.some((s) => s.status === 'issued' || s.status === 'held')).toBe(false);
    const ledger = await ledgerAgainstSupplier(t, agent.companyId);
    expect(ledger.charged).toBe(ledger.supplierNet + ledger.markupOfPaid);
  });
});
