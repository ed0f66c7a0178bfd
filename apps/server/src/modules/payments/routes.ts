import { paymentEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { FlightSupplier } from '../../supplier/port.js';
import { createPaymentService } from './service.js';

/** API.md "Payments": the credits balance. */
export function registerPaymentRoutes({ route, store, clock }: ModuleContext, supplier: FlightSupplier) {
  const payments = createPaymentService({ db: store.db, clock, supplier: supplier.bookings });

  route(paymentEndpoints.credits, async ({ principal }) => ({
    message: 'Credits',
    data: await payments.credits(principal),
  }));
}
