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

  it('order.updated keeps the copy in step: a hold the airline cancelled is cancelled, nothing charged', async () => {
    const held = await book('ZZ');
    const [order] = t.duffel.state.ordersWithMetadata('skydesk_booking_id', held.id);
    t.duffel.webhooks.events.splice(0);
    t.duffel.controls.updateOrder(order!.id, (changed) => {
      changed.cancelled_at = t.clock.now().toISOString();
    });
    expect(await deliverWebhooks(t, 'order.updated')).toEqual([200]);
    const cancelled = await open(held.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.supplier.state).toBe('cancelled');
    expect(cancelled.allowed_actions).toEqual([]);
    expect(cancelled.history.find((event) => event.action === 'cancelled')?.note).toContain(
      'The airline cancelled its hold',
    );
    const lines = await t.store.db
      .selectFrom('ledger_entries')
      .select('kind')
      .where('booking_id', '=', held.id)
      .execute();
    expect(lines).toEqual([]);
  });

  it('order.updated of tickets the airline cancelled flags the booking and tells the agency', async () => {
    const held = await book('ZZ');
    expect((await post(t, '/api/booking-issue', { pnr: held.pnr }, { token: agent.token })).statusCode).toBe(
      200,
    );
    const [order] = t.duffel.state.ordersWithMetadata('skydesk_booking_id', held.id);
    t.duffel.webhooks.events.splice(0);
    t.duffel.controls.updateOrder(order!.id, (changed) => {
      changed.cancelled_at = t.clock.now().toISOString();
    });
    expect(await deliverWebhooks(t, 'order.updated')).toEqual([200]);
    const flagged = await open(held.id);
    expect(flagged.status).toBe('ticketed');
    expect(flagged.supplier.airline_change_at).toBe(t.clock.now().toISOString());
    expect(flagged.history.filter((event) => event.action === 'airline_change')).toHaveLength(1);
  });

  it('takes each event once by its id: a repeat is answered and does nothing', async () => {
    const held = await book('ZZ');
    const [order] = t.duffel.state.ordersWithMetadata('skydesk_booking_id', held.id);
    const event = JSON.stringify({
      id: 'wev_once',
      type: 'order.updated',
      data: { object: { id: order!.id, metadata: { skydesk_booking_id: held.id } } },
    });
    // Taken while the order is in step: nothing to do.
    expect((await send(event, signDuffelBody(event, WEBHOOK_SECRET, now()))).statusCode).toBe(200);
    expect((await open(held.id)).status).toBe('booked');
    // The airline cancels; the same event delivered again is a repeat and changes nothing…
    t.duffel.controls.updateOrder(order!.id, (changed) => {
      changed.cancelled_at = t.clock.now().toISOString();
    });
    const repeat = await send(event, signDuffelBody(event, WEBHOOK_SECRET, now()));
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data).toEqual({ received: true });
    const raw = await t.store.db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(raw.status).toBe('booked');
    // …while a new event of it is taken.
    const next = event.replace('wev_once', 'wev_once_more');
    expect((await send(next, signDuffelBody(next, WEBHOOK_SECRET, now()))).statusCode).toBe(200);
    expect((await open(held.id)).status).toBe('cancelled');
    const kept = await t.store.db
      .selectFrom('supplier_events')
      .select(['event_id', 'type', 'booking_id'])
      .where('event_id', 'in', ['wev_once', 'wev_once_more'])
      .orderBy('event_id')
      .execute();
    expect(kept).toEqual([
      { event_id: 'wev_once', type: 'order.updated', booking_id: held.id },
      { event_id: 'wev_once_more', type: 'order.updated', booking_id: held.id },
    ]);
  });

  it('refuses a signed event whose strings escape a NUL or a control: the one 400, nothing kept', async () => {
    const hostile = [
      '{"id":"wev_\\u0000nul","type":"order.updated","data":{"object":{"id":"ord_1"}}}',
      '{"id":"wev_bidi","type":"order.updated","data":{"object":{"id":"ord_\\u202e1"}}}',
      '{"id":"wev_type","type":"order.\\u0007updated","data":{"object":{"id":"ord_1"}}}',
      '{"id":"wev_lone","type":"order_cancellation.confirmed","data":{"object":{"order_id":"ord_\\ud800"}}}',
      '{"id":7,"type":"order.updated","data":{"object":{"id":"ord_1"}}}',
    ];
    for (const body of hostile) {
      expect(() => JSON.parse(body), body).not.toThrow();
      const answer = await send(body, signDuffelBody(body, WEBHOOK_SECRET, now()));
      expect(answer.statusCode, body).toBe(400);
      expect(answer.json()).toEqual({ status: false, message: 'This is not a signed event of the supplier' });
    }
    const kept = await t.store.db
      .selectFrom('supplier_events')
      .select('event_id')
      .where('event_id', 'like', 'wev_%')
      .where('event_id', 'in', ['wev_bidi', 'wev_type', 'wev_lone'])
      .execute();
    expect(kept).toEqual([]);
  });

  it('answers 503 when the order cannot be looked up now, and takes the event when it comes again', async () => {
    t.duffel.failures.next('POST /air/orders', { kind: 'server_error', when: 'after' });
    t.duffel.failures.next('GET /air/orders', { kind: 'server_error', when: 'before' });
    const held = await book('ZZ');
    expect(held.supplier.state).toBe('confirming');
    const [order] = t.duffel.state.ordersWithMetadata('skydesk_booking_id', held.id);
    const event = JSON.stringify({
      id: 'wev_retry',
      type: 'order.created',
      data: { object: { id: order!.id, metadata: { skydesk_booking_id: held.id } } },
    });
    t.duffel.failures.always('GET /air/orders', { kind: 'server_error', when: 'before' });
    const failed = await send(event, signDuffelBody(event, WEBHOOK_SECRET, now()));
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({
      status: false,
      message: 'The event could not be settled now: send it again later',
    });
    t.duffel.failures.clear();
    const again = await send(event, signDuffelBody(event, WEBHOOK_SECRET, now()));
    expect(again.statusCode).toBe(200);
    const raw = await t.store.db
      .selectFrom('bookings')
      .select(['status', 'supplier_state', 'supplier_reference'])
      .where('id', '=', held.id)
      .executeTakeFirstOrThrow();
    expect(raw).toEqual({
      status: 'booked',
      supplier_state: 'confirmed',
      supplier_reference: order!.booking_reference,
    });
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
