import { adminEndpoints } from '@skydesk/contract';
import { operatorAction } from '../../../platform/audit/operator-action.js';
import type { ModuleContext } from '../../../platform/module.js';
import { createAdminBankService } from './service.js';

export function registerAdminBankRoutes({ route, store, clock }: ModuleContext) {
  const banks = createAdminBankService({ db: store.db, clock });

  route(adminEndpoints.banks, async () => ({ message: 'Bank accounts', data: await banks.list() }));

  route(adminEndpoints.createBank, async ({ principal, request, body }) => ({
    message: 'Bank account added',
    data: await banks.create(operatorAction(principal, request), body),
  }));

  route(adminEndpoints.updateBank, async ({ principal, request, params, body }) => ({
    message: 'Bank account updated',
    data: await banks.update(operatorAction(principal, request), params.id, body),
  }));

  route(adminEndpoints.retireBank, async ({ principal, request, params }) => ({
    message: 'Bank account retired',
    data: await banks.retire(operatorAction(principal, request), params.id),
  }));
}
