import { adminPaymentEndpoints } from '@skydesk/contract';
import { operatorAction } from '../../../platform/audit/operator-action.js';
import type { ModuleContext } from '../../../platform/module.js';
import { createAdminCreditLimitService } from './service.js';

export function registerAdminCreditLimitRoutes({ route, store, clock }: ModuleContext) {
  const limits = createAdminCreditLimitService({ db: store.db, clock });

  route(adminPaymentEndpoints.companyCredits, async ({ params }) => ({
    message: 'Credits',
    data: await limits.credits(params.id),
  }));

  route(adminPaymentEndpoints.setCreditLimit, async ({ principal, request, params, body }) => ({
    message: 'Credit limit set',
    data: await limits.setLimit(operatorAction(principal, request), params.id, body),
  }));
}
