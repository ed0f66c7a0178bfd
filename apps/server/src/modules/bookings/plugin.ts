import { defineModule } from '../../platform/module.js';
import { registerAfterSalesRoutes } from './after-sales/routes.js';
import { createHeldValue, type HeldValue } from './booking/hold-expiry.js';
import { registerBookingRoutes } from './booking/routes.js';
import { registerTravellerRoutes } from './travellers/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the agency's live holds would take to ticket (payments shows it beside the credits). */
    heldValue: HeldValue;
  }
}

/**
 * Bookings (docs/api.md#bookings): holds and tickets, after-sales (penalties, cancellations, voids,
 * refunds) and the saved travellers. Its sweeps (hold expiry, refund settlement) run while the
 * server listens and stop when it closes.
 */
export const bookingsModule = defineModule(
  { name: 'bookings', dependencies: ['flights'] },
  (context, app) => {
    const { holdSweep } = registerBookingRoutes(context, app.flightSupplier);
    app.addHook('onListen', holdSweep.start).addHook('onClose', holdSweep.stop);
    const { refundSweep } = registerAfterSalesRoutes(context, app.flightSupplier);
    app.addHook('onListen', refundSweep.start).addHook('onClose', refundSweep.stop);
    registerTravellerRoutes(context);
    app.decorate(
      'heldValue',
      createHeldValue({ db: context.store.db, supplier: app.flightSupplier.bookings }),
    );
  },
);
