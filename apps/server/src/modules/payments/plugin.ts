import { defineModule } from '../../platform/module.js';
import { registerPaymentRoutes } from './routes.js';
import { registerStatementRoutes } from './statement/routes.js';

/**
 * The agency's credits, ledger and deposits (docs/api.md#payments). Its notifications' e-mail (low
 * balance) goes out through the notices' mail sweep. What live holds reserve is bookings' figure
 * (`app.heldValue`): bookings posts to this ledger, so payments imports nothing of bookings.
 */
export const paymentsModule = defineModule(
  { name: 'payments', dependencies: ['bookings'] },
  (context, app) => {
    registerPaymentRoutes(context, app.heldValue);
    registerStatementRoutes(context);
  },
);
