import { instantTextWithZone, SERVER, SUCCESS } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum, readBalance } from '../../src/modules/payments/ledger-repo.js';
import { ticketPrefix } from '../../src/supplier/sandbox/index.js';
import { createTestApp } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  addCredits,
  bookingAgent,
  bookingBody,
  bookOk,
  FAMILY,
  flightOf,
  issue,
  issueOk,
  ONE_ADULT,
  searchOffer,
  seatsSold,
  signInAgain,
  totalOf,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const minor = (amount: number) => Math.round(amount * 100);

describe.each(storeKinds())('issuing tickets on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 1_000_000 });
  });
  afterAll(async () => t?.close());

  const credits = async (who: Agent = agent) => {
    const res = await get(t, '/api/booking-credits', { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('books, fetches by PNR, issues from credits, and shows it everywhere with exact amounts', async () => {
    const offer = await searchOffer(t, agent, { mix: FAMILY, date: '2026-12-18' });
    const total = minor(totalOf(offer));
    const before = await credits();
    const booking = await bookOk(t, agent, bookingBody(offer, FAMILY));
    // Holding reserves the total; it is not debited yet.
    expect(await credits()).toMatchObject({
      balance: before.balance,
      credit_limit: 0,
      available: before.balance,
      currency: 'USD',
      pending_deposits: 0,
      reserved: before.reserved + total / 100,
    });

    const byPnr = await post(
      t,
      '/api/booking-pnr',
      { pnr: booking.pnr.toLowerCase() },
      { token: agent.token },
    );
    expect(byPnr.statusCode, byPnr.body).toBe(200);
    expect(byPnr.json().message).toBe(SUCCESS.pnrFetched);
    expect(byPnr.json().data).toEqual(booking);

    t.clock.advance(10 * MINUTE_MS);
    const issuedAt = t.clock.now();
    const res = await issue(t, agent, booking.pnr);
    expect(res.statusCode, res.body).toBe(200);
    const ticketed = res.json().data;
    expect(ticketed).toMatchObject({
      id: booking.id,
      status: 'ticketed',
      void_until: new Date(issuedAt.getTime() + 24 * HOUR_MS).toISOString(),
      allowed_actions: ['void', 'change'],
    });
    const fares = offer.AirItineraryPricingInfo.PTC_FareBreakdowns.PTC_FareBreakdown.map(
      (breakdown) => breakdown.PassengerFare.TotalFare,
    );
    expect(ticketed.tickets).toEqual([
      {
        ticket_number: expect.stringMatching(new RegExp(`^${ticketPrefix(offer.ValidatingCarrier)}\\d{10}$`)),
        passenger_id: booking.passengers[0]!.id,
        passenger_name: 'HADDAD/AMIRA MRS',
        status: 'issued',
        paid: fares[0],
        refunded: null,
        issued_at: issuedAt.toISOString(),
      },
      expect.objectContaining({ passenger_id: booking.passengers[1]!.id, paid: fares[0] }),
      expect.objectContaining({ passenger_id: booking.passengers[2]!.id, paid: fares[1] }),
      expect.objectContaining({ passenger_id: booking.passengers[3]!.id, paid: fares[2] }),
    ]);
    expect(
      new Set(ticketed.tickets.map((ticket: { ticket_number: string }) => ticket.ticket_number)).size,
    ).toBe(4);
    const paid = ticketed.tickets.reduce(
      (sum: number, ticket: { paid: { Amount: number } }) => sum + minor(ticket.paid.Amount),
      0,
    );
    expect(paid).toBe(total);

    // The debit, to the cent, and the ledger still sums to the balance.
    expect(await credits()).toMatchObject({
      balance: (minor(before.balance) - total) / 100,
      available: (minor(before.balance) - total) / 100,
      currency: 'USD',
      pending_deposits: 0,
      reserved: before.reserved,
    });
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(
      (await readBalance(t.store.db, agent.companyId)).balanceMinor,
    );
    const entries = await t.store.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .execute();
    expect(entries).toMatchObject([{ kind: 'ticket', amount_minor: -total, created_by: agent.user.id }]);

    const orders = await get(t, '/api/orders/company', { token: agent.token });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().data[0]).toEqual({
      id: expect.any(String),
      order_no: expect.stringMatching(/^ORD-\d{6,}$/),
      booking_id: booking.id,
      pnr: booking.pnr,
      kind: 'ticket',
      amount: total / 100,
      currency: 'USD',
      status: 'completed',
      created_at: issuedAt.toISOString(),
    });

    const details = await get(t, `/api/booking/${booking.id}`, { token: agent.token });
    expect(details.statusCode, details.body).toBe(200);
    const { history, services, changes, earnings, invoices: _invoices, ...shown } = details.json().data;
    expect(shown).toEqual(ticketed);
    // Issue 33: no markup rule and no fee — sold at net, nothing earned.
    expect(earnings).toEqual({
      net: { Amount: total / 100, CurrencyCode: 'USD' },
      selling: { Amount: total / 100, CurrencyCode: 'USD' },
      rule: null,
      override: null,
      fees: [],
      margin: { Amount: 0, CurrencyCode: 'USD' },
    });
    // Issue 31: details list the seats and bags; this booking chose none.
    expect(services).toEqual([]);
    // Issue 32: and the changes it went through; none yet.
    expect(changes).toEqual([]);
    expect(history).toEqual([
      expect.objectContaining({
        action: 'booked',
        from_status: null,
        to_status: 'booked',
        actor: { id: agent.user.id, name: 'Amira Haddad' },
      }),
      expect.objectContaining({
        action: 'ticketed',
        from_status: 'booked',
        to_status: 'ticketed',
        actor: { id: agent.user.id, name: 'Amira Haddad' },
        created_at: issuedAt.toISOString(),
      }),
    ]);

    const list = await get(t, `/api/booking/company/${agent.companyId}`, { token: agent.token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0]).toEqual(ticketed);
  });

  it('tickets a booking once: a second issue answers 409 and debits nothing more', async () => {
    const offer = await searchOffer(t, agent, { date: '2026-12-19' });
    const booking = await bookOk(t, agent, bookingBody(offer));
    await issueOk(t, agent, booking.pnr);
    const balance = await readBalance(t.store.db, agent.companyId);
    const again = await issue(t, agent, booking.pnr);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(
      `Booking ${booking.pnr} is ticketed: only a held booking can be ticketed`,
    );
    expect(await readBalance(t.store.db, agent.companyId)).toEqual(balance);
    const tickets = await t.store.db
      .selectFrom('tickets')
      .select('ticket_number')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(tickets).toHaveLength(1);
  });

  it("answers 402 'Insufficient credits' when the balance can't cover it, changing nothing", async () => {
    const poor = await bookingAgent(t);
    const offer = await searchOffer(t, poor, { date: '2026-12-19' });
    const totalMinor = minor(totalOf(offer));
    expect(totalMinor).toBeGreaterThan(10_000);
    // A hold must fit the credits when it is made (hold-limits.ts); then most of them go elsewhere.
    await addCredits(t.store.db, poor.companyId, totalMinor);
    const booking = await bookOk(t, poor, bookingBody(offer));
    await addCredits(t.store.db, poor.companyId, 10_000 - totalMinor);
    const res = await issue(t, poor, booking.pnr);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().message).toBe(SERVER.insufficientCredits);
    expect(await readBalance(t.store.db, poor.companyId)).toEqual({ balanceMinor: 10_000, currency: 'USD' });
    expect(await ledgerSum(t.store.db, poor.companyId)).toBe(10_000);
    const after = await post(t, '/api/booking-pnr', { pnr: booking.pnr }, { token: poor.token });
    expect(after.json().data).toEqual(booking);
    const orders = await t.store.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', poor.companyId)
      .execute();
    expect(orders).toEqual([]);
    const events = await t.store.db
      .selectFrom('booking_events')
      .select('action')
      .where('booking_id', '=', booking.id)
      .execute();
    expect(events).toEqual([{ action: 'booked' }]);
  });

  it('answers 404 for an unknown PNR', async () => {
    const res = await issue(t, agent, 'ZZZZZZ');
    expect(res.statusCode, res.body).toBe(404);
    const fetched = await post(t, '/api/booking-pnr', { pnr: 'ZZZZZZ' }, { token: agent.token });
    expect(fetched.statusCode).toBe(404);
  });

  it('refuses a PNR that is no PNR (422)', async () => {
    const res = await issue(t, agent, 'AB-12');
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().data.errors)).toEqual(['pnr']);
  });

  it('answers 409 naming the expiry once the hold has passed its deadline, and gives the seats back', async () => {
    const offer = await searchOffer(t, agent, { date: '2026-12-27' });
    const key = flightOf(offer);
    const booking = await bookOk(t, agent, bookingBody(offer, ONE_ADULT));
    const held = await seatsSold(t.store.db, key);
    const balance = await readBalance(t.store.db, agent.companyId);
    t.clock.set(new Date(booking.ticketing_deadline));
    agent = await signInAgain(t, agent);
    const res = await issue(t, agent, booking.pnr);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `The hold on booking ${booking.pnr} expired at ${instantTextWithZone(booking.ticketing_deadline, 'UTC')}: book again`,
    );
    expect(await readBalance(t.store.db, agent.companyId)).toEqual(balance);
    expect(await seatsSold(t.store.db, key)).toBe(held - 1);
    const fetched = await post(t, '/api/booking-pnr', { pnr: booking.pnr }, { token: agent.token });
    expect(fetched.json().data).toMatchObject({ status: 'expired', allowed_actions: [] });
  });
});
