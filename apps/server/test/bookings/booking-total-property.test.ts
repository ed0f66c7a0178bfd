import { type Booking, BookingDetails, isSeat, type Order, SeatMap } from '@skydesk/contract';
import fc from 'fast-check';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBookingTotals } from '../../src/modules/bookings/index.js';
import { money } from '../../src/platform/pdf/format.js';
import { createTestApp } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  issueOk,
  type Mix,
  passengersFor,
  searchOffer,
  totalOf,
} from '../support/bookings.js';
import { duffelBookingApp, duffelOffer } from '../support/duffel-bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 31: a booking's `total` has one meaning — what the agency pays for it, fare and seats and
 * bags (booking/total.ts). For random mixes of seats and bags chosen at booking and bought after
 * issue (a seat changed included), once issued:
 *
 * - the total is the sum of the booking's `ticket` debits in the ledger, and of its `ticket` orders;
 * - every reader shows that figure: the booking's answer, the agency's booking list, the e-ticket
 *   PDF; `services_total` is the total less the fare;
 * - a booking without services keeps the fare as its total, exactly as before.
 *
 * On the Duffel test server too: there a booking's services chosen with the offer are folded into
 * its stored total (the saga's one debit and payment), so total.ts must count them once.
 */

const TWO_ADULTS: Mix = { adults: 2, children: 0, infants: 0 };
const minor = (amount: number) => Math.round(amount * 100);

/** What one run buys: per passenger, a seat at booking or not, bags at booking, then after issue. */
const purchase = fc.record({
  seatsAtBooking: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
  bagsAtBooking: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 2, maxLength: 2 }),
  afterIssue: fc.array(
    fc.oneof(
      fc.record({ type: fc.constant('bag' as const), passenger: fc.integer({ min: 0, max: 1 }) }),
      fc.record({ type: fc.constant('seat' as const), passenger: fc.integer({ min: 0, max: 1 }) }),
    ),
    { maxLength: 3 },
  ),
});

async function pdfText(body: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(body));
  const runs: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) runs.push(item.str);
  }
  return runs.join(' ').replace(/\s+/g, ' ');
}

describe.each(storeKinds())('a booking’s total on %s (issue 31)', (kind) => {
  let t: TestApp;
  let agent: Agent;
  // Each run flies on its own day, so runs never compete for a seat.
  let day = 0;
  const nextDate = () => `2027-01-${String(5 + (day++ % 20)).padStart(2, '0')}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
  });
  afterAll(async () => t?.close());

  const token = () => ({ token: agent.token });
  const freeSeats = (map: SeatMap) =>
    map.cabins
      .filter((cabin) => cabin.bookable)
      .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)))
      .filter((seat) => seat.available && !seat.restriction)
      .sort((a, b) => (b.price?.Amount ?? 0) - (a.price?.Amount ?? 0));

  const details = async (id: string) => {
    const res = await get(t, `/api/booking/${id}`, token());
    expect(res.statusCode, res.body).toBe(200);
    return BookingDetails.parse(res.json().data);
  };

  /** Every figure a reader shows for the booking, with what the ledger and orders say it cost. */
  async function figures(booking: Booking) {
    const debits = await t.store.db
      .selectFrom('ledger_entries')
      .select('amount_minor')
      .where('booking_id', '=', booking.id)
      .where('kind', '=', 'ticket')
      .execute();
    const orders = (await get(t, '/api/orders/company', token())).json().data as Order[];
    const listed = (await get(t, `/api/booking/company/${agent.companyId}?q=${booking.pnr}`, token())).json()
      .data as Booking[];
    const pdf = await get(t, `/api/booking/${booking.id}/ticket.pdf`, token());
    expect(pdf.statusCode).toBe(200);
    const shown = await details(booking.id);
    // What other modules show beside their rows (the refund queue, the support desk).
    const elsewhere = await loadBookingTotals(t.store.db, [booking.id]);
    return {
      elsewhereMinor: elsewhere.get(booking.id),
      shown,
      debitedMinor: -debits.reduce((sum, line) => sum + Number(line.amount_minor), 0),
      orders: orders.filter((order) => order.booking_id === booking.id && order.kind === 'ticket'),
      ordersMinor: orders
        .filter((order) => order.booking_id === booking.id && order.kind === 'ticket')
        .reduce((sum, order) => sum + minor(order.amount), 0),
      listedTotal: listed.find((entry) => entry.id === booking.id)?.total,
      pdfText: await pdfText(pdf.rawPayload),
    };
  }

  it('keeps the fare as the total of a booking without seats or bags', async () => {
    const offer = await searchOffer(t, agent, { date: nextDate(), mix: TWO_ADULTS });
    const booking = await issueOk(t, agent, (await bookOk(t, agent, bookingBody(offer, TWO_ADULTS))).pnr);
    expect(booking.total.Amount).toBe(totalOf(offer));
    expect(booking.services_total.Amount).toBe(0);
    const seen = await figures(booking);
    expect(seen.debitedMinor).toBe(minor(booking.total.Amount));
    expect(seen.listedTotal).toEqual(booking.total);
    expect(seen.pdfText).toContain(money(booking.total));
  });

  it('is the sum of the booking’s ticket debits, and every reader shows it, for any mix of seats and bags', async () => {
    await fc.assert(
      fc.asyncProperty(purchase, async (buy) => {
        const offer = await searchOffer(t, agent, { date: nextDate(), mix: TWO_ADULTS });
        const [map] = (
          (await get(t, `/api/seat-maps?offer_id=${encodeURIComponent(offer.offer_id)}`, token())).json()
            .data as unknown[]
        ).map((entry) => SeatMap.parse(entry));
        const seats = freeSeats(map!);
        let nextSeat = 0;
        const services = [
          ...buy.seatsAtBooking.flatMap((wanted, passenger) =>
            wanted
              ? [
                  {
                    type: 'seat',
                    passenger_index: passenger,
                    segment_index: 0,
                    designator: seats[nextSeat++]!.designator,
                  },
                ]
              : [],
          ),
          ...buy.bagsAtBooking.flatMap((quantity, passenger) =>
            quantity > 0 ? [{ type: 'bag', passenger_index: passenger, segment_index: 0, quantity }] : [],
          ),
        ];
        const held = await bookOk(t, agent, { ...bookingBody(offer, TWO_ADULTS), services });
        // Before issue: the fare and what is held with it, what issuing will debit.
        const heldMinor = minor(held.total.Amount);
        const booking = await issueOk(t, agent, held.pnr);
        expect(minor(booking.total.Amount)).toBe(heldMinor);

        const bagsBought = [...buy.bagsAtBooking];
        for (const step of buy.afterIssue) {
          // At most 3 extra bags a passenger and flight (MAX_EXTRA_BAGS): one more only while under it.
          if (step.type === 'bag' && bagsBought[step.passenger]! >= 3) continue;
          const request =
            step.type === 'bag'
              ? { type: 'bag', passenger_index: step.passenger, segment_index: 0, quantity: 1 }
              : {
                  type: 'seat',
                  passenger_index: step.passenger,
                  segment_index: 0,
                  designator: seats[nextSeat++]!.designator,
                };
          const res = await post(t, `/api/booking/${booking.id}/services`, { services: [request] }, token());
          expect(res.statusCode, res.body).toBe(200);
          if (step.type === 'bag') bagsBought[step.passenger]! += 1;
        }

        const seen = await figures(booking);
        const totalMinor = minor(seen.shown.total.Amount);
        // The ledger: every ticket debit of the booking, at issue and after.
        expect(totalMinor).toBe(seen.debitedMinor);
        // The order history: the tickets' order and one per purchase after issue.
        expect(seen.ordersMinor).toBe(totalMinor);
        // The readers: the list, the e-ticket.
        expect(seen.listedTotal).toEqual(seen.shown.total);
        expect(seen.elsewhereMinor).toBe(totalMinor);
        expect(seen.pdfText).toContain(money(seen.shown.total));
        // The statement PDF names every paid seat and bag its orders name, under their lines.
        const lines = seen.orders.flatMap((order) => order.service_lines ?? []);
        // Every paid one at least (a free seat added on its own is no order and no statement line).
        expect(lines.length).toBeGreaterThanOrEqual(
          seen.shown.services.filter((service) => service.amount.Amount > 0).length,
        );
        const statement = await get(t, '/api/company/statement?format=pdf', token());
        expect(statement.statusCode).toBe(200);
        const statementText = await pdfText(statement.rawPayload);
        for (const line of lines) expect(statementText).toContain(line);
        // Fare and services: the fare never moves; services are every seat and bag paid for.
        expect(totalMinor - minor(seen.shown.services_total.Amount)).toBe(minor(totalOf(offer)));
        const paid = seen.shown.services
          .filter((service) => service.status === 'issued' || service.emd_number)
          .reduce((sum, service) => sum + minor(service.amount.Amount), 0);
        expect(minor(seen.shown.services_total.Amount)).toBe(paid);
      }),
      { numRuns: 6, seed: 3131, endOnFailure: true },
    );
  });
});

describe.each(storeKinds())('a Duffel booking’s total on %s (issue 31)', (kind) => {
  let t: Awaited<ReturnType<typeof duffelBookingApp>>;
  let agent: Agent;

  beforeAll(async () => {
    t = await duffelBookingApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
  });
  afterAll(async () => t?.close());

  const token = () => ({ token: agent.token });
  const PARTY: Mix = { adults: 1, children: 0, infants: 0 };

  it('counts the services ordered with the fare once: the one debit, what every reader shows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ seat: fc.boolean(), bag: fc.boolean() }), async (buy) => {
        const { offerId } = await duffelOffer(t, agent, { carrier: 'ZZ', mix: PARTY });
        const [map] = (await get(t, `/api/seat-maps?offer_id=${encodeURIComponent(offerId)}`, token())).json()
          .data as SeatMap[];
        const bags = (await get(t, `/api/services?offer_id=${encodeURIComponent(offerId)}`, token())).json()
          .data.bags as { passenger_index: number; segment_index: number; max_quantity: number }[];
        const seat = map!.cabins
          .filter((cabin) => cabin.bookable)
          .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)))
          .find((entry) => entry.available && entry.price && !entry.restriction);
        const bag = bags.find((entry) => entry.passenger_index === 0 && entry.max_quantity > 0);
        const services = [
          ...(buy.seat && seat
            ? [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }]
            : []),
          ...(buy.bag && bag
            ? [{ type: 'bag', passenger_index: 0, segment_index: bag.segment_index, quantity: 1 }]
            : []),
        ];
        const made = await post(
          t,
          '/api/booking',
          {
            offer_id: offerId,
            passengers: passengersFor(PARTY),
            contact: { email: 'desk@agency.test', phone: '+44 20 7946 0000' },
            services,
          },
          token(),
        );
        expect(made.statusCode, made.body).toBe(201);
        const held = made.json().data as Booking;
        const booking = await issueOk(t, agent, held.pnr);
        expect(booking.total).toEqual(held.total);

        const debits = await t.store.db
          .selectFrom('ledger_entries')
          .select('amount_minor')
          .where('booking_id', '=', booking.id)
          .where('kind', '=', 'ticket')
          .execute();
        const stored = await t.store.db
          .selectFrom('bookings')
          .select('total_minor')
          .where('id', '=', booking.id)
          .executeTakeFirstOrThrow();
        const shown = BookingDetails.parse((await get(t, `/api/booking/${booking.id}`, token())).json().data);
        const totalMinor = minor(shown.total.Amount);
        // The one debit the saga recorded is the stored total, services folded in: counted once.
        expect(totalMinor).toBe(-debits.reduce((sum, line) => sum + Number(line.amount_minor), 0));
        expect(totalMinor).toBe(Number(stored.total_minor));
        const servicesMinor = shown.services.reduce((sum, service) => sum + minor(service.amount.Amount), 0);
        expect(minor(shown.services_total.Amount)).toBe(servicesMinor);
        expect(servicesMinor > 0).toBe(services.length > 0);
        const listed = (
          await get(t, `/api/booking/company/${agent.companyId}?q=${booking.pnr}`, token())
        ).json().data as Booking[];
        expect(listed.find((entry) => entry.id === booking.id)?.total).toEqual(shown.total);
        expect((await loadBookingTotals(t.store.db, [booking.id])).get(booking.id)).toBe(totalMinor);
        const pdf = await get(t, `/api/booking/${booking.id}/ticket.pdf`, token());
        expect(await pdfText(pdf.rawPayload)).toContain(money(shown.total));
      }),
      { numRuns: 4, seed: 3131, endOnFailure: true },
    );
  });
});
