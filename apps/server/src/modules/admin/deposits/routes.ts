import { adminPaymentEndpoints } from '@skydesk/contract';
import { operatorAction } from '../../../platform/audit/operator-action.js';
import { REPLY_SENT } from '../../../platform/http/endpoint-route.js';
import { sendStoredFile } from '../../../platform/http/send-stored-file.js';
import type { ModuleContext } from '../../../platform/module.js';
import { createAdminDepositService } from './service.js';

/** A file name safe inside a Content-Disposition header. */

export function registerAdminDepositRoutes({ route, store, clock, platform }: ModuleContext) {
  const deposits = createAdminDepositService({ db: store.db, clock, files: platform.files });

  route(adminPaymentEndpoints.deposits, async ({ query }) => ({
    message: 'Deposits',
    data: await deposits.list(query),
  }));

  route(adminPaymentEndpoints.deposit, async ({ params }) => ({
    message: 'Deposit',
    data: await deposits.view(params.id),
  }));

  route(adminPaymentEndpoints.depositReceipt, async ({ params, query, reply }) => {
    const receipt = await deposits.receipt(params.id);
    sendStoredFile(reply, receipt, { download: query.download });
    return REPLY_SENT;
  });

  route(adminPaymentEndpoints.approveDeposit, async ({ principal, request, params }) => ({
    message: 'Deposit approved',
    data: await deposits.approve(operatorAction(principal, request), params.id),
  }));

  route(adminPaymentEndpoints.rejectDeposit, async ({ principal, request, params, body }) => ({
    message: 'Deposit rejected',
    data: await deposits.reject(operatorAction(principal, request), params.id, body.reason),
  }));
}
