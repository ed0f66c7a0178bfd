import { defineModule } from '../../platform/module.js';
import { registerPaymentRoutes } from './routes.js';
import { registerStatementRoutes } from './statement/routes.js';

/**
 * The agency's credits, ledger and deposits (docs/api.md#payments). Its notifications' e-mail (low
 * balance) goes out through the notices' mail sweep.
 */
export const paymentsModule = defineModule(
  { name: 'payments', dependencies: ['flights'] },
  (context, app) => {
    registerPaymentRoutes(context, app.flightSupplier);
    registerStatementRoutes(context);
  },
);
