import { adminEndpoints } from '@skydesk/contract';
import { operatorAction } from '../../../platform/audit/operator-action.js';
import type { ModuleContext } from '../../../platform/module.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import { createAdminRefundService } from './service.js';

export function registerAdminRefundRoutes({ route, store, clock }: ModuleContext, supplier: FlightSupplier) {
  const refunds = createAdminRefundService({ db: store.db, clock, supplier: supplier.bookings });

  route(adminEndpoints.refunds, async ({ query }) => ({
    message: 'Refund requests',
    data: await refunds.list(query),
  }));

  route(adminEndpoints.refund, async ({ params }) => ({
    message: 'Refund request',
    data: await refunds.view(params.id),
  }));

  route(adminEndpoints.approveRefund, async ({ principal, request, params, body }) => ({
    message: 'Refund approved',
    data: await refunds.approve(operatorAction(principal, request), params.id, body),
  }));

  route(adminEndpoints.rejectRefund, async ({ principal, request, params, body }) => ({
    message: 'Refund rejected',
    data: await refunds.reject(operatorAction(principal, request), params.id, body.reason),
  }));
}
