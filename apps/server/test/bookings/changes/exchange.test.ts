import { randomUUID } from 'node:crypto';
import {
  AdminExchange,
  type Booking,
  BookingDetails,
  ChangeOffer,
  type FareBrand,
  isSeat,
  PERMISSIONS,
  type PricedItinerary,
  SeatMap,
} from '@skydesk/contract';
import { sql } from 'kysely';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_CHANGEABLE } from '../../../src/modules/bookings/changes/amounts.js';
import { CHANGE_MESSAGES } from '../../../src/modules/bookings/changes/service.js';
import { postLedgerEntry } from '../../../src/modules/payments/ledger.js';
import { readBalance } from '../../../src/modules/payments/ledger-repo.js';
import { createTestApp } from '../../support/app.js';
import { get, outbox, post, type TestApp } from '../../support/auth-flow.js';
import {
  type Agent,
  agentWithPermissions,
  bookingAgent,
  bookingBody,
  bookOk,
  issueOk,
  searchOffer,
  seatsSold,
} from '../../support/bookings.js';
import { signedInOperator } from '../../support/operator.js';
import { storeKinds } from '../../support/stores.js';

/**
 * Issue 32: a voluntary change (exchange) on the sandbox — change offers priced per brand, and one
 * confirmed in one transaction (tickets exchanged for new numbers, seats moved, services carried,
 * the ledger's change line, the history, the mail, the chain on the booking), its refusals (410,
 * 409, 402 with nothing changed), idempotency, concurrency and access.
 */

const OUT = '2026-12-20';
const LATER = '2026-12-23';
const minor = (amount: number) => Math.round(amount * 100);

/** The offer of the itinerary's flights in one brand. */
function brandOffer(itinerary: PricedItinerary, brand: FareBrand): string {
  if (itinerary.AirItineraryPricingInfo.FareInfos[0]!.BrandName === brand) return itinerary.offer_id;
  const family = itinerary.FareFamilies.find((entry) => entry.BrandName === brand && !entry.SoldOut);
  if (!family?.offer_id) throw new Error(`no ${brand} offer`);
  return family.offer_id;
}

describe.each(storeKinds())('exchange on %s (issue 32)', (kind) => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
  });
  afterAll(async () => t?.close());

  async function ticketed(brand: FareBrand, who: Agent = agent): Promise<Booking> {
    const itinerary = await searchOffer(t, who, { date: OUT });
    const booking = await bookOk(
      t,
      who,
      bookingBody(itinerary, undefined, { offer_id: brandOffer(itinerary, brand) }),
    );
    return issueOk(t, who, booking.pnr);
  }

  const askOffers = (
    booking: Booking,
    body: unknown = { legs: [{ leg_index: 0, departure_date: LATER }] },
    who: Agent = agent,
  ) => post(t, `/api/booking/${booking.id}/change-offers`, body, { token: who.token });

  async function offersOk(booking: Booking): Promise<ChangeOffer[]> {
    const res = await askOffers(booking);
    expect(res.statusCode, res.body).toBe(200);
    const offers = ChangeOffer.array().parse(res.json().data);
    expect(offers.length).toBeGreaterThan(0);
    return offers;
  }

  const confirm = (
    booking: Booking,
    offer: ChangeOffer,
    headers?: Record<string, string>,
    who: Agent = agent,
  ) =>
    post(
      t,
      `/api/booking/${booking.id}/change`,
      { change_offer_id: offer.id },
      { token: who.token, ...(headers ? { headers } : {}) },
    );

  const details = async (booking: Booking) => {
    const res = await get(t, `/api/booking/${booking.id}`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    return BookingDetails.parse(res.json().data);
  };

  it('quotes a Standard fare with its change fee, the fare difference and the net, never mixed', async () => {
    const booking = await ticketed('Standard');
    expect(booking.allowed_actions).toContain('change');
    const offers = await offersOk(booking);
    const paid = minor(booking.total.Amount);
    for (const offer of offers) {
      expect(offer.kind).toBe('voluntary');
      expect(offer.legs).toHaveLength(1);
      expect(offer.legs[0]!.segments[0]!.DepartureDateTime.slice(0, 10)).toBe(LATER);
      expect(minor(offer.penalty.Amount)).toBe(5_000);
      expect(minor(offer.fare_difference.Amount)).toBe(minor(offer.new_total.Amount) - paid);
      expect(minor(offer.change_total.Amount)).toBe(
        minor(offer.fare_difference.Amount) + minor(offer.penalty.Amount),
      );
      expect(offer.refund_to).toBe(offer.change_total.Amount < 0 ? 'credits' : null);
      expect(offer.rules.join(' ')).toContain('change fee 50.00');
      expect(Date.parse(offer.expires_at) - t.clock.now().getTime()).toBe(20 * 60_000);
    }
    const totals = offers.map((offer) => offer.new_total.Amount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(offers.length).toBeLessThanOrEqual(10);
  });

  it('refuses a Basic fare with its rule in words, and quotes Flex free', async () => {
    const basic = await ticketed('Basic');
    const refused = await askOffers(basic);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(NOT_CHANGEABLE);

    const flex = await ticketed('Flex');
    for (const offer of await offersOk(flex)) {
      expect(offer.penalty.Amount).toBe(0);
      expect(offer.change_total.Amount).toBe(offer.fare_difference.Amount);
      // Flex is refundable: a cheaper trip's residual comes back to the credits.
      expect(offer.refund_to).toBe(offer.change_total.Amount < 0 ? 'credits' : null);
    }
  });

  it('confirms a change: new tickets replace the old, seats move, a bag is carried, the ledger, history, mail and chain say it', async () => {
    const booking = await ticketed('Standard');
    const bag = await post(
      t,
      `/api/booking/${booking.id}/services`,
      { services: [{ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 }] },
      { token: agent.token },
    );
    expect(bag.statusCode, bag.body).toBe(200);
    const oldFlight = booking.segments[0]!;
    const oldKey = {
      flight: `${oldFlight.MarketingAirline.Code}${oldFlight.FlightNumber}`,
      date: oldFlight.DepartureDateTime.slice(0, 10),
      cabin: oldFlight.CabinClass,
    };
    const soldBefore = await seatsSold(t.store.db, oldKey);
    const [offer] = await offersOk(booking);
    expect(offer!.services).toEqual([
      expect.objectContaining({
        type: 'bag',
        outcome: 'carried',
        refund_amount: { Amount: 0, CurrencyCode: 'USD' },
      }),
    ]);
    const balanceBefore = (await readBalance(t.store.db, agent.companyId)).balanceMinor;

    const res = await confirm(booking, offer!);
    expect(res.statusCode, res.body).toBe(200);
    const changed: Booking = res.json().data;
    const [old, fresh] = changed.tickets;
    expect(old).toMatchObject({ status: 'exchanged', ticket_number: booking.tickets[0]!.ticket_number });
    expect(fresh).toMatchObject({ status: 'issued', replaces: old!.ticket_number });
    expect(old!.exchanged_for).toBe(fresh!.ticket_number);
    expect(fresh!.ticket_number).not.toBe(old!.ticket_number);
    expect(changed.segments[0]!.DepartureDateTime.slice(0, 10)).toBe(LATER);
    expect(changed.allowed_actions).toContain('change');

    // Seats: the old flight's given back, the new one's taken.
    expect(await seatsSold(t.store.db, oldKey)).toBe(soldBefore - 1);
    const newFlight = changed.segments[0]!;
    const newKey = {
      flight: `${newFlight.MarketingAirline.Code}${newFlight.FlightNumber}`,
      date: LATER,
      cabin: newFlight.CabinClass,
    };
    expect(await seatsSold(t.store.db, newKey)).toBeGreaterThanOrEqual(1);

    // Money: exactly the change total, in one change line that names its amounts.
    const balanceAfter = (await readBalance(t.store.db, agent.companyId)).balanceMinor;
    const total = minor(offer!.change_total.Amount);
    // Debited when positive; a Standard fare is refundable, so a residual comes back.
    const moved = -total;
    expect(balanceAfter - balanceBefore).toBe(moved);
    const lines = await t.store.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .where('kind', '=', 'change')
      .execute();
    expect(lines).toHaveLength(total === 0 ? 0 : 1);
    if (lines[0]) {
      expect(Number(lines[0].amount_minor)).toBe(moved);
      expect(lines[0].note).toContain('change fee 50.00 USD');
      expect(lines[0].note).toContain(`${old!.ticket_number} → ${fresh!.ticket_number}`);
    }

    // The bag flies the new flight, same EMD.
    const view = await details(booking);
    const carried = view.services.find((service) => service.type === 'bag')!;
    expect(carried.status).toBe('issued');
    const row = await t.store.db
      .selectFrom('booking_services')
      .select(['flight', 'departure_date'])
      .where('id', '=', carried.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ flight: newKey.flight, departure_date: LATER });

    // The chain and the history.
    expect(view.changes).toHaveLength(1);
    expect(view.changes![0]).toMatchObject({
      kind: 'exchange',
      tickets: [{ from: old!.ticket_number, to: fresh!.ticket_number }],
      penalty: offer!.penalty,
      fare_difference: offer!.fare_difference,
    });
    expect(
      view.history.some((event) => event.action === 'exchanged' && event.note?.includes('change fee')),
    ).toBe(true);

    // The new e-ticket went to the contact.
    const mails = await outbox(t, changed.contact.email);
    expect(mails.some((mail) => mail.subject.startsWith(`E-ticket ${booking.pnr}`))).toBe(true);

    // The statement names the change line in words (JSON and CSV; the PDF prints a change's note).
    if (lines[0]) {
      const json = await get(t, '/api/company/statement?kind=change&order=newest', { token: agent.token });
      expect(json.statusCode, json.body).toBe(200);
      expect(json.body).toContain(`Change of booking ${booking.pnr}`);
      const csv = await get(t, '/api/company/statement?format=csv', { token: agent.token });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(`Change of booking ${booking.pnr}`);
      const pdf = await get(t, '/api/company/statement?format=pdf', { token: agent.token });
      expect(pdf.statusCode).toBe(200);
      const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
      let text = '';
      for (let number = 1; number <= document.numPages; number += 1) {
        const content = await (await document.getPage(number)).getTextContent();
        text += ` ${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}`;
      }
      text = text.replace(/\s+/g, ' ');
      expect(text).toContain('Change');
      expect(text).toContain(`Change of booking ${booking.pnr}`);
    }

    // The same offer again: used.
    const again = await confirm(booking, offer!);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(CHANGE_MESSAGES.used);
  });

  it('refunds a paid seat the new flight no longer has free, and counts the trip once in analytics', async () => {
    const booking = await ticketed('Standard');
    const mapRes = await get(t, `/api/booking/${booking.id}/seat-maps`, { token: agent.token });
    expect(mapRes.statusCode, mapRes.body).toBe(200);
    const map = SeatMap.parse(mapRes.json().data[0]);
    const seat = map.cabins
      .filter((cabin) => cabin.bookable)
      .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)))
      .find((entry) => entry.available && !entry.restriction && entry.price)!;
    const bought = await post(
      t,
      `/api/booking/${booking.id}/services`,
      { services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }] },
      { token: agent.token },
    );
    expect(bought.statusCode, bought.body).toBe(200);
    const [offer] = await offersOk(booking);
    const line = offer!.services.find((entry) => entry.type === 'seat')!;
    expect(line.description).toContain(`Seat ${seat.designator}`);
    if (line.outcome === 'carried') {
      // Someone else takes the same seat on the new flight before the change is confirmed.
      const other = await ticketed('Flex');
      const flight = offer!.legs[0]!.segments[0]!;
      await t.store.db
        .insertInto('booking_services')
        .values({
          booking_id: other.id,
          company_id: agent.companyId,
          type: 'seat',
          passenger_index: 0,
          segment_index: 0,
          flight: `${flight.MarketingAirline.Code}${flight.FlightNumber}`,
          departure_date: LATER,
          designator: seat.designator,
          amount_minor: 0,
          currency: 'USD',
          status: 'issued',
        })
        .execute();
    }
    const ticketsBefore = await ticketCount();
    const balanceBefore = (await readBalance(t.store.db, agent.companyId)).balanceMinor;
    const res = await confirm(booking, offer!);
    expect(res.statusCode, res.body).toBe(200);
    const price = minor(seat.price!.Amount);
    const moved = (await readBalance(t.store.db, agent.companyId)).balanceMinor - balanceBefore;
    // A Standard fare is refundable: the change total comes back or is paid, and the seat comes back whole.
    expect(moved).toBe(-minor(offer!.change_total.Amount) + price);
    const view = await details(booking);
    expect(view.services.find((entry) => entry.type === 'seat')?.status).toBe('refunded');
    const entry = await t.store.db
      .selectFrom('ledger_entries')
      .select('note')
      .where('booking_id', '=', booking.id)
      .where('kind', '=', 'change')
      .executeTakeFirstOrThrow();
    expect(entry.note).toContain(`Seat ${seat.designator}`);

    // A changed booking is one trip: its new tickets add none, now or on a recount.
    expect(await ticketCount()).toBe(ticketsBefore);
    await sql`select analytics_recount(${agent.companyId}::uuid)`.execute(t.store.db);
    expect(await ticketCount()).toBe(ticketsBefore);
  });

  /** The tickets the agency's analytics count. */
  async function ticketCount() {
    const row = await t.store.db
      .selectFrom('company_daily_stats')
      .select((eb) => eb.fn.sum<number>('tickets').as('tickets'))
      .where('company_id', '=', agent.companyId)
      .executeTakeFirstOrThrow();
    return Number(row.tickets);
  }

  it('lists every exchange to the operator with its booking, agency and amounts', async () => {
    const booking = await ticketed('Flex');
    const [offer] = await offersOk(booking);
    expect((await confirm(booking, offer!)).statusCode).toBe(200);
    const operator = await signedInOperator(t);
    const res = await get(t, '/api/admin/exchanges', { token: operator.token });
    expect(res.statusCode, res.body).toBe(200);
    const listed = AdminExchange.array().parse(res.json().data);
    // Newest first; on the test's still clock several share an instant, so it is found by booking.
    expect(listed.find((entry) => entry.booking_id === booking.id)).toMatchObject({
      booking_id: booking.id,
      pnr: booking.pnr,
      company: { id: agent.companyId },
      kind: 'exchange',
      fare_difference: offer!.fare_difference,
      penalty: offer!.penalty,
      change_total: offer!.change_total,
    });
    // Agents are not operators.
    expect((await get(t, '/api/admin/exchanges', { token: agent.token })).statusCode).toBe(403);
  });

  it('answers 410 for an offer past its 20 minutes', async () => {
    const booking = await ticketed('Flex');
    const [offer] = await offersOk(booking);
    t.clock.advance(21 * 60_000);
    const res = await confirm(booking, offer!);
    expect(res.statusCode, res.body).toBe(410);
  });

  it('answers 402 and changes nothing when the credits are short', async () => {
    const poor = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const booking = await ticketed('Standard', poor);
    const res = await askOffers(booking, undefined, poor);
    expect(res.statusCode, res.body).toBe(200);
    const offers = ChangeOffer.array().parse(res.json().data);
    const dear = offers.find((offer) => offer.change_total.Amount > 0);
    if (!dear) return; // every trip found was cheaper: nothing to pay, nothing to refuse
    const balance = (await readBalance(t.store.db, poor.companyId)).balanceMinor;
    await t.store.db.transaction().execute((trx) =>
      postLedgerEntry(trx, {
        companyId: poor.companyId,
        kind: 'adjustment',
        amountMinor: -balance,
        note: 'drained',
      }),
    );
    const refused = await confirm(booking, dear, undefined, poor);
    expect(refused.statusCode, refused.body).toBe(402);
    const after = await get(t, `/api/booking/${booking.id}`, { token: poor.token });
    const view = BookingDetails.parse(after.json().data);
    expect(view.tickets).toEqual(booking.tickets);
    expect(view.segments).toEqual(booking.segments);
    expect(view.changes).toEqual([]);
    const row = await t.store.db
      .selectFrom('change_offers')
      .select('used_at')
      .where('id', '=', dear.id)
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it('makes one change of two confirmations of one offer at once: one 200, one 409', async () => {
    const booking = await ticketed('Flex');
    const [offer] = await offersOk(booking);
    const answers = await Promise.all([confirm(booking, offer!), confirm(booking, offer!)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const changes = await t.store.db
      .selectFrom('booking_changes')
      .select('id')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(changes).toHaveLength(1);
    const live = await t.store.db
      .selectFrom('tickets')
      .select('ticket_number')
      .where('booking_id', '=', booking.id)
      .where('status', '=', 'issued')
      .execute();
    expect(live).toHaveLength(1);
  });

  it('refuses another offer of the same quote once the booking changed (409, stale)', async () => {
    const booking = await ticketed('Flex');
    const offers = await offersOk(booking);
    // Another price: the fare difference it was quoted with no longer holds.
    const other = offers.find((offer) => offer.new_total.Amount !== offers[0]!.new_total.Amount);
    if (!other) return;
    expect((await confirm(booking, offers[0]!)).statusCode).toBe(200);
    const stale = await confirm(booking, other);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(CHANGE_MESSAGES.stale);
  });

  it('replays a confirmation with the same Idempotency-Key', async () => {
    const booking = await ticketed('Flex');
    const [offer] = await offersOk(booking);
    const headers = { 'idempotency-key': randomUUID() };
    const first = await confirm(booking, offer!, headers);
    const second = await confirm(booking, offer!, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const changes = await t.store.db
      .selectFrom('booking_changes')
      .select('id')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(changes).toHaveLength(1);
  });

  it('answers 404 for another agency’s booking and 403 without bookings.issue', async () => {
    const booking = await ticketed('Flex');
    const stranger = await bookingAgent(t);
    const theirs = await askOffers(booking, undefined, stranger);
    expect(theirs.statusCode).toBe(404);
    const [offer] = await offersOk(booking);
    expect((await confirm(booking, offer!, undefined, stranger)).statusCode).toBe(404);
    const limited = await agentWithPermissions(
      t,
      PERMISSIONS.filter((p) => p !== 'bookings.issue'),
    );
    const forbidden = await askOffers(booking, undefined, limited);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toContain('bookings.issue');
  });

  it('changes to another airport of the same city on a Flex fare only', async () => {
    const leg = (origin: string) => ({ legs: [{ leg_index: 0, departure_date: LATER, origin }] });
    const standard = await ticketed('Standard');
    const refused = await askOffers(standard, leg('LGW'));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().data.errors['legs.0.origin']).toEqual([CHANGE_MESSAGES.airportsStay]);

    const flex = await ticketed('Flex');
    const elsewhere = await askOffers(flex, leg('CDG'));
    expect(elsewhere.statusCode, elsewhere.body).toBe(422);
    expect(elsewhere.json().data.errors['legs.0.origin']).toEqual([CHANGE_MESSAGES.otherCity]);
    const london = await askOffers(flex, leg('LGW'));
    expect(london.statusCode, london.body).toBe(200);
    for (const offer of ChangeOffer.array().parse(london.json().data)) {
      expect(offer.legs[0]!.segments[0]!.DepartureAirport.LocationCode).toBe('LGW');
    }
  });

  it('answers bad bodies with field errors', async () => {
    const booking = await ticketed('Flex');
    const cases: [unknown, string][] = [
      [{ legs: [] }, 'legs'],
      [{ legs: [{ leg_index: 0, departure_date: 'soon' }] }, 'legs.0.departure_date'],
      [{ legs: [{ leg_index: 3, departure_date: LATER }] }, 'legs.0.leg_index'],
      [{ legs: [{ leg_index: 0, departure_date: LATER, origin: 'JFK' }] }, 'legs.0.origin'],
    ];
    for (const [body, field] of cases) {
      const res = await askOffers(booking, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().data?.errors ?? {})).toContain(field);
    }
    const missing = await post(
      t,
      `/api/booking/${booking.id}/change`,
      { change_offer_id: 'x' },
      { token: agent.token },
    );
    expect(missing.statusCode).toBe(422);
    const unknown = await post(
      t,
      `/api/booking/${booking.id}/change`,
      { change_offer_id: randomUUID() },
      { token: agent.token },
    );
    expect(unknown.statusCode).toBe(404);
  });
});
