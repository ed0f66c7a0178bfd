import { randomUUID } from 'node:crypto';
import { type Booking, PERMISSIONS, type Permission } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalance } from '../../src/modules/payments/ledger-repo.js';
import { createTestApp } from '../support/app.js';
import { get, post, setCompanyStatus, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  agentWithPermissions,
  book,
  bookingAgent,
  bookingBody,
  bookOk,
  issue,
  issueOk,
  searchOffer,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

describe.each(storeKinds())('who may see and change bookings on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let stranger: Agent;
  let theirTicketed: Booking;
  let theirHold: Booking;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 1_000_000 });
    stranger = await bookingAgent(t, { creditsMinor: 1_000_000 });
    const offer = await searchOffer(t, stranger);
    theirTicketed = await issueOk(
      t,
      stranger,
      (await bookOk(t, stranger, bookingBody(offer, undefined, { save_travellers: true }))).pnr,
    );
    theirHold = await bookOk(t, stranger, bookingBody(offer));
    // One of our own, so our lists are not empty by accident.
    await bookOk(t, agent, bookingBody(await searchOffer(t, agent)));
  });
  afterAll(async () => t?.close());

  it('answers 404 for another agency’s booking, PNR, e-ticket and list, exactly as for a missing one', async () => {
    const token = { token: agent.token };
    for (const pnr of [theirTicketed.pnr, theirHold.pnr]) {
      expect((await post(t, '/api/booking-pnr', { pnr }, token)).statusCode).toBe(404);
    }
    for (const id of [theirTicketed.id, randomUUID()]) {
      const details = await get(t, `/api/booking/${id}`, token);
      expect(details.statusCode).toBe(404);
      expect(details.json()).toEqual({ status: false, message: 'Booking not found' });
      expect((await get(t, `/api/booking/${id}/ticket.pdf`, token)).statusCode).toBe(404);
    }
    expect((await get(t, `/api/booking/company/${stranger.companyId}`, token)).statusCode).toBe(404);
    expect((await get(t, `/api/booking/company/${randomUUID()}`, token)).statusCode).toBe(404);
  });

  it('answers 404 to issuing another agency’s hold, and neither balance moves', async () => {
    const before = await Promise.all([
      readBalance(t.store.db, agent.companyId),
      readBalance(t.store.db, stranger.companyId),
    ]);
    const res = await issue(t, agent, theirHold.pnr);
    expect(res.statusCode, res.body).toBe(404);
    expect(
      await Promise.all([
        readBalance(t.store.db, agent.companyId),
        readBalance(t.store.db, stranger.companyId),
      ]),
    ).toEqual(before);
    const still = await post(t, '/api/booking-pnr', { pnr: theirHold.pnr }, { token: stranger.token });
    expect(still.json().data.status).toBe('booked');
  });

  it('answers 404 to booking with another agency’s saved traveller', async () => {
    const body = bookingBody(await searchOffer(t, agent));
    body.passengers[0] = { ...body.passengers[0]!, traveller_id: theirTicketed.passengers[0]!.traveller_id! };
    expect((await book(t, agent, body)).statusCode).toBe(404);
  });

  it('shows only the agency’s own travellers, orders and credits', async () => {
    const travellers = await get(t, '/api/getTravellers', { token: agent.token });
    expect(travellers.json().data).toEqual([]);
    const orders = await get(t, '/api/orders/company', { token: agent.token });
    expect(orders.json().data).toEqual([]);
    const credits = await get(t, '/api/booking-credits', { token: agent.token });
    expect(credits.json().data.balance).toBe(10_000);
  });

  it('shows the credits to any user of the agency (docs/api.md: "(any)"), who needs them to book', async () => {
    const noPayments = await agentWithPermissions(
      t,
      PERMISSIONS.filter((p) => p !== 'payments.view' && p !== 'payments.create'),
    );
    const res = await get(t, '/api/booking-credits', { token: noPayments.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ currency: 'USD' });
  });

  describe('answers 403 to a role without the call’s permission', () => {
    const calls: [string, Permission, (who: Agent) => ReturnType<typeof get>][] = [
      [
        'GET /api/getTravellers',
        'bookings.create',
        (who) => get(t, '/api/getTravellers', { token: who.token }),
      ],
      [
        'POST /api/booking',
        'bookings.create',
        async (who) => book(t, who, bookingBody(await searchOffer(t, agent))),
      ],
      [
        'POST /api/booking-pnr',
        'bookings.view',
        (who) => post(t, '/api/booking-pnr', { pnr: 'ABCDEF' }, { token: who.token }),
      ],
      ['POST /api/booking-issue', 'bookings.issue', (who) => issue(t, who, 'ABCDEF')],
      [
        'GET /api/booking/company/{id}',
        'bookings.view',
        (who) => get(t, `/api/booking/company/${who.companyId}`, { token: who.token }),
      ],
      [
        'GET /api/booking/{id}',
        'bookings.view',
        (who) => get(t, `/api/booking/${randomUUID()}`, { token: who.token }),
      ],
      [
        'GET /api/booking/{id}/ticket.pdf',
        'bookings.view',
        (who) => get(t, `/api/booking/${randomUUID()}/ticket.pdf`, { token: who.token }),
      ],
      [
        'GET /api/orders/company',
        'history.view',
        (who) => get(t, '/api/orders/company', { token: who.token }),
      ],
    ];
    it.each(calls)('%s needs %s', async (_call, permission, call) => {
      const limited = await agentWithPermissions(
        t,
        PERMISSIONS.filter((p) => p !== permission),
      );
      const res = await call(limited);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toContain(permission);
    });
  });

  it('offers only the actions the role allows', async () => {
    const viewer = await agentWithPermissions(t, ['flights.search', 'bookings.view', 'bookings.create'], {
      creditsMinor: 1_000_000,
    });
    const booking = await bookOk(t, viewer, bookingBody(await searchOffer(t, viewer)));
    expect(booking.allowed_actions).toEqual([]);
  });

  it('lets no agency book before it is approved', async () => {
    const pending = await bookingAgent(t);
    const offer = await searchOffer(t, pending);
    await setCompanyStatus(t.store.db, pending.companyId, 'pending_review');
    const res = await book(t, pending, bookingBody(offer));
    expect(res.statusCode).toBe(403);
  });
});
