import { defineModule } from '../../platform/module.js';
import type { FlightSupplier } from '../../supplier/port.js';
import { registerFlightRoutes } from './routes.js';
import { createDefaultFlightContent } from './sandbox.js';
import { inThreadRunner } from './search-runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The flight supplier every module that sells flights books through (bookings, payments). */
    flightSupplier: FlightSupplier;
  }
}

export type FlightsOptions = {
  /** Flight content; defaults to the embedded sandbox GDS over the database's seat inventory. */
  supplier?: FlightSupplier;
  /** The sandbox signs its offers with a key derived from this one. */
  dataEncryptionKey: Buffer;
};

/**
 * Routes, search and search history (docs/api.md#flights); decorates the app with the supplier. It
 * flushes the queued history rows and stops the search workers when the app closes.
 */
export const flightsModule = defineModule<FlightsOptions>(
  { name: 'flights' },
  async (context, app, options) => {
    const { supplier, runner } = options.supplier
      ? { supplier: options.supplier, runner: inThreadRunner(options.supplier) }
      : await createDefaultFlightContent({
          store: context.store,
          clock: context.clock,
          dataEncryptionKey: options.dataEncryptionKey,
          currency: context.config.currency,
          searchWorkers: context.config.searchWorkers,
          onWorkerExit: (error) => app.log.error({ err: error }, 'a search worker stopped; starting another'),
        });
    const flights = registerFlightRoutes(context, supplier, runner);
    app.decorate('flightSupplier', supplier);
    app
      .addHook('onClose', () => flights.historyWriter.flush())
      .addHook('onClose', () => flights.runner.close());
  },
);
