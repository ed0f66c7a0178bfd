import { defineModule } from '../../platform/module.js';
import { registerPaymentRoutes } from './routes.js';
import { registerStatementRoutes } from './statement/routes.js';

/**
 * The agency's credits, ledger and deposits (API.md "Payments"). Its sweep (the owners'
 * low-balance e-mails) runs while the server listens and stops when it closes.
 */
export const paymentsModule = defineModule(
  { name: 'payments', dependencies: ['flights'] },
  (context, app) => {
    const { lowBalanceMails } = registerPaymentRoutes(context, app.flightSupplier);
    app.addHook('onListen', lowBalanceMails.start).addHook('onClose', lowBalanceMails.stop);
    registerStatementRoutes(context);
  },
);
