import { defineModule } from '../../platform/module.js';
import type { FlightSupplier } from '../../supplier/port.js';
import { inThreadRunner, type SearchRunner } from '../../supplier/search-runner.js';
import type { SupplierConsole } from '../../supplier/supplier-set.js';
import { registerFlightRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The flight supplier every module that sells flights books through (bookings, payments). */
    flightSupplier: FlightSupplier;
    /** The suppliers as the operators' console sees them (issue 29): health, and settings changed. */
    supplierConsole: SupplierConsole;
  }
}

export type FlightsOptions = {
  /** Flight content, chosen by the composition root (app.ts): the embedded sandbox GDS by default. */
  supplier: FlightSupplier;
  /** What runs its searches; on the event loop when not given (a remote supplier waits, not computes). */
  runner?: SearchRunner;
  /** The suppliers' health and settings for the console; a sandbox alone when not given. */
  console?: SupplierConsole;
};

/**
 * Routes, search and search history (docs/api.md#flights); decorates the app with the supplier. It
 * flushes the queued history rows and stops the search workers when the app closes.
 */
export const flightsModule = defineModule<FlightsOptions>({ name: 'flights' }, (context, app, options) => {
  const { supplier, runner = inThreadRunner(options.supplier) } = options;
  const flights = registerFlightRoutes(context, supplier, runner);
  app.decorate('flightSupplier', supplier);
  app.decorate(
    'supplierConsole',
    options.console ?? {
      statuses: () => [{ code: 'sandbox', connected: true, health: null, circuit: null }],
      changed: () => {},
    },
  );
  app
    .addHook('onClose', () => flights.historyWriter.flush())
    .addHook('onClose', () => flights.runner.close());
});
