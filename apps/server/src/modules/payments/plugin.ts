import { defineModule } from '../../platform/module.js';
import { registerPaymentRoutes } from './routes.js';

/** The agency's credits and ledger (API.md "Payments"). */
export const paymentsModule = defineModule(
  { name: 'payments', dependencies: ['flights'] },
  (context, app) => {
    registerPaymentRoutes(context, app.flightSupplier);
  },
);
