import type { Booking, BookingDetails } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../support/auth-flow.js';
import { type Agent, bookingAgent, passengersFor } from '../support/bookings.js';
import { createDuffelTestServer } from '../support/duffel/duffel-test-server.js';
import { signWebhookBody as signDuffelBody } from '../support/duffel/webhooks.js';
import {
  DUFFEL_TOKEN,
  type DuffelBookingApp,
  deliverWebhooks,
  duffelBookingApp,
  duffelOffer,
  WEBHOOK_SECRET,
} from '../support/duffel-bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 29: Duffel's webhooks at POST /api/webhooks/duffel and the reconciler (decision 020). A
 * webhook is taken only signed with the secret over its exact bytes and fresh; every other request
 * gets the same 400. An event only makes the server look the booking's order up and settle it, as
 * the reconciler does, which also runs as the server starts.
 */

const CONTACT = { email: 'desk@agency.test', phone: '+44 20 7946 0000' };

describe.each(storeKinds())('Duffel webhooks and the reconciler on %s', (kind) => {
  let t: DuffelBookingApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await duffelBookingApp(kind, { settleSeconds: 60, config: { supplierReconcileSeconds: 1 } });
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
  }, 120_000);
  afterAll(async () => t?.close());

  const book = async (carrier: 'ZZ' | 'Z1') => {
    const { offerId } = await duffelOffer(t, agent, { carrier });
    const res = await post(
      t,
      '/api/booking',
      {
        offer_id: offerId,
        passengers: passengersFor({ adults: 1, children: 0, infants: 0 }),
        contact: CONTACT,
      },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Booking;
  };
  const open = async (id: string): Promise<BookingDetails> =>
    (await get(t, `/api/booking/${id}`, { token: agent.token })).json().data;
  const send = (body: string, signature?: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/duffel',
      headers: { 'content-type': contentType, ...(signature ? { 'x-duffel-signature': signature } : {}) },
      payload: body,
    });
  const now = () => Math.floor(t.clock.now().getTime() / 1000);

  it('answers one 400 to anything that is not a fresh event signed over its exact bytes', async () => {
    const event = JSON.stringify({ id: 'wev_1', type: 'order.updated', data: { object: { id: 'ord_x' } } });
    const good = signDuffelBody(event, WEBHOOK_SECRET, now());
    const answers = await Promise.all([
      send(event),
      send(event, 'nonsense'),
      send(event, signDuffelBody(event, 'another secret', now())),
      send(event, signDuffelBody(event, WEBHOOK_SECRET, now() - 3_600)),
      send(`${event} `, good),
      send(JSON.stringify(JSON.parse(event)).replace('"id"', ' "id"'), good),
      send('not json', signDuffelBody('not json', WEBHOOK_SECRET, now())),
      // Raw text no JSON writer leaves unescaped: refused before its signature is even looked at.
      send('{"id":"wev_\u202e1"}', signDuffelBody('{"id":"wev_\u202e1"}', WEBHOOK_SECRET, now())),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ status: false, message: 'This is not a signed event of the supplier' });
    }
    // The same event, signed as Duffel signs it, is taken; one about no booking of ours changes nothing.
    const taken = await send(event, good);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toEqual({ received: true });
  });

  it('order.created settles a hold whose answer was lost and could not be looked up then', async () => {
    t.duffel.webhooks.events.splice(0);
    t.duffel.failures.next('POST /air/orders', { kind: 'server_error', when: 'after' });
    t.duffel.failures.next('GET /air/orders', { kind: 'server_error', when: 'before' });
    const held = await book('ZZ');
    expect(held.supplier.state).toBe('confirming');
    const [order] = t.duffel.state.ordersWithMetadata('skydesk_booking_id', held.id);
    // The event's order carries the booking in its metadata; the booking is settled from Duffel's
    // own record of it, read again.
    expect(await deliverWebhooks(t, 'order.created')).toEqual([200]);
    expect((await open(held.id)).supplier).toMatchObject({
      state: 'confirmed',
      reference: order!.booking_reference,
    });
  });

  it('order.updated keeps the copy in step: an order the airline cancelled flags the booking', async () => {
    const held = await book('ZZ');
    const [order] = t.duffel.state.ordersWithMetadata('skydesk_booking_id', held.id);
    t.duffel.webhooks.events.splice(0);
    t.duffel.controls.updateOrder(order!.id, (changed) => {
      changed.cancelled_at = t.clock.now().toISOString();
    });
    expect(await deliverWebhooks(t, 'order.updated')).toEqual([200]);
    const flagged = await open(held.id);
    expect(flagged.supplier.airline_change_at).not.toBeNull();
    expect(flagged.status).toBe('booked');
  });

  it('order.airline_initiated_change_detected flags the booking and tells the agency, once', async () => {
    const held = await book('ZZ');
    const [order] = t.duffel.state.ordersWithMetadata('skydesk_booking_id', held.id);
    t.duffel.webhooks.events.splice(0);
    t.duffel.controls.airlineInitiatedChange(order!.id, { minutes: 45 });
    expect(await deliverWebhooks(t, 'order.airline_initiated_change_detected')).toEqual([200]);
    expect(await deliverWebhooks(t, 'order.airline_initiated_change_detected')).toEqual([200]);
    const flagged = await open(held.id);
    expect(flagged.supplier.airline_change_at).toBe(t.clock.now().toISOString());
    expect(flagged.history.filter((event) => event.action === 'airline_change')).toHaveLength(1);
    const notices = (await get(t, '/api/notification', { token: agent.token })).json().data as {
      kind: string;
      link: string | null;
    }[];
    expect(
      notices.filter((notice) => notice.kind === 'airline_change' && notice.link?.includes(held.id)),
    ).toHaveLength(1);
  });

  it('takes events Duffel delivers over HTTP, read raw and verified with the secret', async () => {
    const held = await book('ZZ');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sender = await createDuffelTestServer({
      token: DUFFEL_TOKEN,
      now: () => t.clock.now(),
      webhook: { url: `${address}/api/webhooks/duffel`, secret: WEBHOOK_SECRET },
    });
    try {
      const [order] = t.duffel.state.ordersWithMetadata('skydesk_booking_id', held.id);
      sender.controls.sendEvent('order.airline_initiated_change_detected', {
        id: 'aic_delivered',
        order_id: order!.id,
      });
      await sender.idle();
      expect(sender.webhooks.deliveries[0]?.attempts.at(-1)?.status).toBe(200);
      expect((await open(held.id)).supplier.airline_change_at).not.toBeNull();
    } finally {
      await sender.close();
      await t.app.close();
    }
  });
});

describe.each(storeKinds())('the reconciler as the server starts on %s', (kind) => {
  it('settles the steps left under way: an order found is recorded, one never made is reversed', async () => {
    const t = await duffelBookingApp(kind, {
      settleSeconds: 60,
      config: { supplierReconcileSeconds: 3_600 },
    });
    try {
      const agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
      const bookLocal = async () => {
        const { offerId } = await duffelOffer(t, agent, { carrier: 'Z1' });
        const res = await post(
          t,
          '/api/booking',
          {
            offer_id: offerId,
            passengers: passengersFor({ adults: 1, children: 0, infants: 0 }),
            contact: CONTACT,
          },
          { token: agent.token },
        );
        return res.json().data as Booking;
      };
      // One order made whose answer was lost and could not be looked up; one never made.
      const made = await bookLocal();
      t.duffel.failures.next('POST /air/orders', { kind: 'server_error', when: 'after' });
      t.duffel.failures.next('GET /air/orders', { kind: 'server_error', when: 'before' });
      expect(
        (await post(t, '/api/booking-issue', { pnr: made.pnr }, { token: agent.token })).json().data.supplier
          .state,
      ).toBe('ordering');
      const lost = await bookLocal();
      t.duffel.failures.next('POST /air/orders', { kind: 'server_error', when: 'before' });
      expect(
        (await post(t, '/api/booking-issue', { pnr: lost.pnr }, { token: agent.token })).json().data.supplier
          .state,
      ).toBe('ordering');

      t.clock.advance(61_000);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const states = async () =>
        Object.fromEntries(
          (
            await t.store.db
              .selectFrom('bookings')
              .select(['id', 'status', 'supplier_state'])
              .where('id', 'in', [made.id, lost.id])
              .execute()
          ).map((row) => [row.id, `${row.status}/${row.supplier_state}`]),
        );
      const deadline = Date.now() + 10_000;
      while (
        Object.values(await states()).some((state) => state.endsWith('/ordering')) &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await states()).toEqual({ [made.id]: 'ticketed/confirmed', [lost.id]: 'cancelled/failed' });
      const kinds = await t.store.db
        .selectFrom('ledger_entries')
        .select(['kind', 'booking_id'])
        .where('booking_id', '=', lost.id)
        .execute();
      expect(kinds.map((entry) => entry.kind).sort()).toEqual(['reversal', 'ticket']);
    } finally {
      await t.close();
    }
  });
});
