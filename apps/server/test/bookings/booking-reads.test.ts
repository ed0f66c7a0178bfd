import type { Booking } from '@skydesk/contract';
import { instantTextWithZone } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyTimeZone } from '../../src/modules/bookings/booking/agency-zone-repo.js';
import { createTestApp } from '../support/app.js';
import { get, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  FAMILY,
  issueOk,
  passengersFor,
  searchOffer,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

describe.each(storeKinds())('booking lists, details, travellers and credits on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let other: Agent;
  /** Oldest first: a ticketed one-adult booking, a held family booking, a held one-adult booking. */
  let ticketed: Booking;
  let family: Booking;
  let held: Booking;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 1_000_000 });
    other = await bookingAgent(t, { creditsMinor: 1_000_000 });

    ticketed = await bookOk(t, agent, bookingBody(await searchOffer(t, agent)));
    t.clock.advance(60_000);
    ticketed = await issueOk(t, agent, ticketed.pnr);
    t.clock.advance(60_000);
    const familyOffer = await searchOffer(t, agent, { mix: FAMILY, date: '2026-12-21' });
    const passengers = passengersFor(FAMILY, '2026-12-21').map((passenger) => ({
      ...passenger,
      last_name: 'OKAFOR',
    }));
    family = await bookOk(t, agent, bookingBody(familyOffer, FAMILY, { passengers, save_travellers: true }));
    t.clock.advance(60_000);
    held = await bookOk(t, agent, bookingBody(await searchOffer(t, agent, { date: '2026-12-22' })));
    // Another agency's booking and traveller, which no answer here may show.
    await bookOk(t, other, bookingBody(await searchOffer(t, other), undefined, { save_travellers: true }));
  });
  afterAll(async () => t?.close());

  const list = async (query = '') => {
    const res = await get(t, `/api/booking/company/${agent.companyId}${query}`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Booking[]).map((booking) => booking.pnr);
  };

  it('lists the agency’s bookings newest first, as the booking answers show them', async () => {
    const res = await get(t, `/api/booking/company/${agent.companyId}`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('3 bookings');
    expect(res.json().data).toEqual([held, family, ticketed]);
  });

  it('filters by one status or several', async () => {
    expect(await list('?status=ticketed')).toEqual([ticketed.pnr]);
    expect(await list('?status=booked')).toEqual([held.pnr, family.pnr]);
    expect(await list('?status=booked,ticketed')).toEqual([held.pnr, family.pnr, ticketed.pnr]);
    expect(await list('?status=all')).toEqual([held.pnr, family.pnr, ticketed.pnr]);
    expect(await list('?status=cancelled')).toEqual([]);
    const bad = await get(t, `/api/booking/company/${agent.companyId}?status=lost`, { token: agent.token });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().data.errors)).toEqual(['status']);
  });

  it('finds a booking by PNR or by part of a passenger’s name, in any case', async () => {
    expect(await list(`?q=${family.pnr.toLowerCase()}`)).toEqual([family.pnr]);
    expect(await list('?q=okaf')).toEqual([family.pnr]);
    expect(await list('?q=Noor%20Okafor')).toEqual([family.pnr]);
    expect(await list('?q=amira%20haddad')).toEqual([held.pnr, ticketed.pnr]);
    // Wildcards are searched for as text.
    expect(await list('?q=%25')).toEqual([]);
    expect(await list('?q=_')).toEqual([]);
  });

  it('filters by creation date, both ends included', async () => {
    expect(await list('?from=2026-11-22&to=2026-11-22')).toEqual([held.pnr, family.pnr, ticketed.pnr]);
    expect(await list('?from=2026-11-23')).toEqual([]);
    expect(await list('?to=2026-11-21')).toEqual([]);
  });

  it('pages from 0', async () => {
    expect(await list('?limit=2')).toEqual([held.pnr, family.pnr]);
    expect(await list('?limit=2&page=1')).toEqual([ticketed.pnr]);
    expect(await list('?limit=2&page=2')).toEqual([]);
  });

  it('answers 404 for another company’s list', async () => {
    const res = await get(t, `/api/booking/company/${other.companyId}`, { token: agent.token });
    expect(res.statusCode).toBe(404);
  });

  it('shows one booking with its history and what the agent may do with it', async () => {
    const res = await get(t, `/api/booking/${family.id}`, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    const { history, services, changes, earnings, invoices, ...booking } = res.json().data;
    expect(booking).toEqual(family);
    // Sold at net (no markup rules), no fee, not issued: no client invoice yet (issue 33).
    expect(earnings).toEqual({
      net: family.total,
      selling: family.total,
      rule: null,
      override: null,
      fees: [],
      margin: { Amount: 0, CurrencyCode: family.total.CurrencyCode },
    });
    expect(invoices).toEqual([]);
    // Booked without seats or bags (issue 31's services are tested in booking-services.test.ts).
    expect(services).toEqual([]);
    // Never changed (issue 32's changes are tested in changes/exchange.test.ts).
    expect(changes).toEqual([]);
    expect(booking.allowed_actions).toEqual(['issue', 'cancel']);
    expect(history).toEqual([
      {
        id: expect.any(String),
        action: 'booked',
        from_status: null,
        to_status: 'booked',
        // In the agency's zone, named (docs/architecture.md §8).
        note: `Seats held until ${instantTextWithZone(family.ticketing_deadline, await agencyTimeZone(t.store.db, agent.companyId))}; total ${family.total.Amount.toFixed(2)} USD`,
        actor: { id: agent.user.id, name: 'Amira Haddad' },
        created_at: family.created_at,
      },
    ]);
  });

  it('lists the saved travellers by name, of one passenger type when asked', async () => {
    const res = await get(t, '/api/getTravellers', { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    const names = res
      .json()
      .data.map(
        (traveller: { first_name: string; last_name: string }) =>
          `${traveller.first_name} ${traveller.last_name}`,
      );
    expect(names).toEqual(['AMIRA OKAFOR', 'JONAS OKAFOR', 'NOOR OKAFOR', 'SAMI OKAFOR']);
    expect(res.json().data[0]).toEqual({
      id: family.passengers[0]!.traveller_id,
      passenger_type: 'adult',
      title: 'MRS',
      first_name: 'AMIRA',
      last_name: 'OKAFOR',
      gender: 'F',
      date_of_birth: family.passengers[0]!.date_of_birth,
      nationality: 'GB',
      passport_number: family.passengers[0]!.passport_number,
      passport_expiry: family.passengers[0]!.passport_expiry,
      updated_at: family.created_at,
    });
    const children = await get(t, '/api/getTravellers?passenger_type=child', { token: agent.token });
    expect(children.json().data.map((traveller: { first_name: string }) => traveller.first_name)).toEqual([
      'NOOR',
    ]);
    const bad = await get(t, '/api/getTravellers?passenger_type=pet', { token: agent.token });
    expect(bad.statusCode).toBe(422);
  });

  it('reserves the totals of live holds beside the balance', async () => {
    const res = await get(t, '/api/booking-credits', { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    const reserved = Math.round((family.total.Amount + held.total.Amount) * 100) / 100;
    const balance = Math.round(1_000_000 - ticketed.total.Amount * 100) / 100;
    expect(res.json().data).toMatchObject({
      balance,
      credit_limit: 0,
      available: balance,
      currency: 'USD',
      pending_deposits: 0,
      reserved,
    });
  });

  it('lists the ticket orders, newest first', async () => {
    const res = await get(t, '/api/orders/company', { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        booking_id: ticketed.id,
        pnr: ticketed.pnr,
        kind: 'ticket',
        amount: ticketed.total.Amount,
      }),
    ]);
  });

  it('serves the e-ticket of a ticketed booking as a PDF download', async () => {
    const res = await get(t, `/api/booking/${ticketed.id}/ticket.pdf`, { token: agent.token });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="e-ticket-${ticketed.pnr}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(5_000);
  });

  it('answers 409 for the e-ticket of a booking without tickets', async () => {
    const res = await get(t, `/api/booking/${held.id}/ticket.pdf`, { token: agent.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: false,
      message: `Booking ${held.pnr} has no tickets yet: issue it first`,
    });
  });
});
