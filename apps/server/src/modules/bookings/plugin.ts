import { defineModule } from '../../platform/module.js';
import { registerAfterSalesRoutes } from './after-sales/routes.js';
import { createHeldValue, type HeldValue } from './booking/hold-expiry.js';
import { registerBookingRoutes } from './booking/routes.js';
import { registerChangeRoutes } from './changes/routes.js';
import { routeCountries } from './remote/airline-changes.js';
import { crashPoints } from './remote/crash-points.js';
import { supplierReconciler } from './remote/reconciler.js';
import { createSupplierSaga } from './remote/saga.js';
import { registerSupplierWebhookRoutes } from './remote/webhook-routes.js';
import { registerScheduleChangeRoutes } from './schedule-changes/routes.js';
import { registerSeatMapRoutes } from './seat-maps/routes.js';
import { registerServiceRoutes } from './services/routes.js';
import { registerTravellerRoutes } from './travellers/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the agency's live holds would take to ticket (payments shows it beside the credits). */
    heldValue: HeldValue;
  }
}

/**
 * Bookings (docs/api.md#bookings): holds and tickets, after-sales (penalties, cancellations, voids,
 * refunds) and the saved travellers. Its sweeps (hold expiry, refund settlement, the supplier order
 * reconciler) run while the server listens and stop when it closes.
 *
 * A supplier that keeps its own orders (`orders` of the port: Duffel) has its bookings made, paid
 * and cancelled through the order saga (remote/, docs/decisions/020-supplier-order-saga.md), which
 * its webhooks and the reconciler settle.
 */
export const bookingsModule = defineModule(
  { name: 'bookings', dependencies: ['flights'] },
  async (context, app) => {
    const { store, clock, config, log } = context;
    const orders = app.flightSupplier.orders;
    const saga = orders
      ? createSupplierSaga({
          db: store.db,
          clock,
          orders,
          price: (offerId) => app.flightSupplier.price(offerId),
          log,
          settleWindowMs: config.supplierSettleSeconds * 1000,
          crashAt: crashPoints(config.crashAt),
          // Issue 32: the supplier's order changes, one more step of the saga.
          ...(app.flightSupplier.changes ? { changes: app.flightSupplier.changes } : {}),
          countryOf: routeCountries(app.flightSupplier),
        })
      : null;
    const { holdSweep } = registerBookingRoutes(context, app.flightSupplier, saga);
    app.addHook('onListen', holdSweep.start).addHook('onClose', holdSweep.stop);
    const { refundSweep } = registerAfterSalesRoutes(context, app.flightSupplier, saga);
    app.addHook('onListen', refundSweep.start).addHook('onClose', refundSweep.stop);
    // Issue 32: airlines' schedule changes — the agency's answers and the sweep that applies them.
    // A remote booking's accept answers its airline first (remote/airline-changes.ts).
    const { scheduleChangeSweep } = registerScheduleChangeRoutes(
      context,
      app.flightSupplier,
      saga?.airlineChanges?.acceptAtSupplier ?? null,
    );
    app.addHook('onListen', scheduleChangeSweep.start).addHook('onClose', scheduleChangeSweep.stop);
    registerTravellerRoutes(context);
    registerSeatMapRoutes(context, app.flightSupplier);
    registerServiceRoutes(context, app.flightSupplier, saga);
    // Issue 32: changes after ticketing; a remote booking's through the saga's order change step.
    registerChangeRoutes(context, app.flightSupplier, saga?.orderChanges ?? null);
    await registerSupplierWebhookRoutes(context, app, orders && saga ? { orders, saga } : null);
    if (saga) {
      const reconciler = supplierReconciler({
        db: store.db,
        clock,
        saga,
        log,
        intervalSeconds: config.supplierReconcileSeconds,
        exclusively: store.exclusively,
      });
      app.addHook('onListen', reconciler.start).addHook('onClose', reconciler.stop);
    }
    app.decorate(
      'heldValue',
      createHeldValue({ db: context.store.db, supplier: app.flightSupplier.bookings }),
    );
  },
);
