import type { Booking, BookingDetails } from '@skydesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepExpiredHolds } from '../../src/modules/bookings/booking/hold-expiry.js';
import { reconcileSupplierOrders } from '../../src/modules/bookings/remote/reconciler.js';
import { createSupplierSaga } from '../../src/modules/bookings/remote/saga.js';
import { get, post } from '../support/auth-flow.js';
import { type Agent, bookingAgent, passengersFor, signInAgain } from '../support/bookings.js';
import { type DuffelBookingApp, duffelBookingApp, duffelOffer } from '../support/duffel-bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 29: a Duffel hold that expires in SkyDesk is cancelled at the airline, as a step of the
 * order saga (decision 020): the expiry journals it (`supplier_state = cancelling` on the expired
 * booking) in its own transaction, the hold sweep then cancels the order at Duffel (a quote and its
 * confirmation: nothing back for an unpaid hold), and when Duffel fails then the reconciler does it
 * later. The agency's ledger never moves.
 */

const CONTACT = { email: 'desk@agency.test', phone: '+44 20 7946 0000' };

describe.each(storeKinds())('an expired Duffel hold on %s', (kind) => {
  let t: DuffelBookingApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const start = async (config: Parameters<typeof duffelBookingApp>[1] = {}) => {
    t = await duffelBookingApp(kind, config);
    const agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
    return { app: t, agent };
  };

  const hold = async (app: DuffelBookingApp, agent: Agent): Promise<Booking> => {
    const { offerId } = await duffelOffer(app, agent, { carrier: 'ZZ' });
    const res = await post(
      app,
      '/api/booking',
      {
        offer_id: offerId,
        passengers: passengersFor({ adults: 1, children: 0, infants: 0 }),
        contact: CONTACT,
      },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(201);
    const booking: Booking = res.json().data;
    expect(booking.supplier).toMatchObject({ state: 'confirmed' });
    return booking;
  };

  const row = (app: DuffelBookingApp, id: string) =>
    app.store.db
      .selectFrom('bookings')
      .select(['status', 'supplier_state'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const ledgerOf = (app: DuffelBookingApp, companyId: string) =>
    app.store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor'])
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute();
  const orderOf = (app: DuffelBookingApp, id: string) => {
    const found = app.duffel.state.ordersWithMetadata('skydesk_booking_id', id);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const pastDeadline = (app: DuffelBookingApp, booking: Booking) =>
    app.clock.set(new Date(Date.parse(booking.ticketing_deadline) + 1_000));

  it('the hold sweep expires it here, then cancels its order at the airline; nothing is charged', async () => {
    const { app, agent } = await start({ config: { holdSweepSeconds: 1, supplierReconcileSeconds: 3_600 } });
    const booking = await hold(app, agent);
    const ledger = await ledgerOf(app, agent.companyId);
    pastDeadline(app, booking);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const deadline = Date.now() + 15_000;
    while ((await row(app, booking.id)).supplier_state !== 'cancelled' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await row(app, booking.id)).toEqual({ status: 'expired', supplier_state: 'cancelled' });
    const order = orderOf(app, booking.id);
    expect(order.cancelled_at).not.toBeNull();
    const cancellations = app.duffel.state.cancellations().filter((c) => c.order_id === order.id);
    expect(cancellations.filter((c) => c.confirmed_at)).toHaveLength(1);
    expect(Number(cancellations.find((c) => c.confirmed_at)!.refund_amount)).toBe(0);
    expect(app.duffel.state.payments()).toHaveLength(0);
    expect(await ledgerOf(app, agent.companyId)).toEqual(ledger);

    const res = await get(app, `/api/booking/${booking.id}`, {
      token: (await signInAgain(app, agent)).token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const details: BookingDetails = res.json().data;
    expect(details).toMatchObject({ status: 'expired', supplier: { state: 'cancelled' } });
    expect(details.history.map((event) => event.note).join('\n')).toMatch(/airline's hold .* was cancelled/);
  });

  it('with Duffel failing at expiry, the step is journalled and the reconciler cancels the order later', async () => {
    const { app, agent } = await start({ config: { supplierReconcileSeconds: 3_600 } });
    const orders = app.app.flightSupplier.orders!;
    const saga = createSupplierSaga({
      db: app.store.db,
      clock: app.clock,
      orders,
      price: (offerId) => app.app.flightSupplier.price(offerId),
      log: app.app.log,
      settleWindowMs: 120_000,
      crashAt: () => {},
    });
    const booking = await hold(app, agent);
    const ledger = await ledgerOf(app, agent.companyId);
    pastDeadline(app, booking);

    app.duffel.failures.always('POST /air/order_cancellations', { kind: 'server_error', when: 'before' });
    // The sweep expires the hold whatever the airline does, then its cancellation fails: logged, not thrown.
    expect(await sweepExpiredHolds(app.store.db, app.app.flightSupplier.bookings, app.clock.now())).toBe(1);
    expect(await saga.cancelExpiredHolds()).toBe(1);
    expect(await row(app, booking.id)).toEqual({ status: 'expired', supplier_state: 'cancelling' });
    expect(orderOf(app, booking.id).cancelled_at).toBeNull();
    // Opening it meanwhile answers (the look-up fails quietly): no 500.
    const opened = await get(app, `/api/booking/${booking.id}`, {
      token: (await signInAgain(app, agent)).token,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({ status: 'expired', supplier: { state: 'cancelling' } });

    // Duffel answers again; the reconciler's run settles the step.
    app.duffel.failures.clear();
    app.clock.advance(5_000);
    expect(
      await reconcileSupplierOrders({ db: app.store.db, clock: app.clock, saga, log: app.app.log }),
    ).toBe(1);
    expect(await row(app, booking.id)).toEqual({ status: 'expired', supplier_state: 'cancelled' });
    expect(orderOf(app, booking.id).cancelled_at).not.toBeNull();
    expect(app.duffel.state.payments()).toHaveLength(0);
    expect(await ledgerOf(app, agent.companyId)).toEqual(ledger);
    // Settled once: a second run has nothing left.
    expect(
      await reconcileSupplierOrders({ db: app.store.db, clock: app.clock, saga, log: app.app.log }),
    ).toBe(0);
  });

  it('an order already cancelled at the airline (a crash after the call) is only recorded', async () => {
    const { app, agent } = await start({ config: { supplierReconcileSeconds: 3_600 } });
    const saga = createSupplierSaga({
      db: app.store.db,
      clock: app.clock,
      orders: app.app.flightSupplier.orders!,
      price: (offerId) => app.app.flightSupplier.price(offerId),
      log: app.app.log,
      settleWindowMs: 120_000,
      crashAt: () => {},
    });
    const booking = await hold(app, agent);
    pastDeadline(app, booking);
    expect(await sweepExpiredHolds(app.store.db, app.app.flightSupplier.bookings, app.clock.now())).toBe(1);
    // The airline's cancellation made, its answer lost before SkyDesk recorded it.
    const order = orderOf(app, booking.id);
    const quoted = app.app.flightSupplier.orders!;
    await quoted.confirmCancellation((await quoted.quoteCancellation(order.id)).id);
    const calls = app.duffel.requestsTo('POST /air/order_cancellations').length;
    expect(await saga.cancelExpiredHolds()).toBe(1);
    expect(await row(app, booking.id)).toEqual({ status: 'expired', supplier_state: 'cancelled' });
    expect(app.duffel.requestsTo('POST /air/order_cancellations')).toHaveLength(calls);
  });
});
