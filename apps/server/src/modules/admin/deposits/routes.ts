import { adminPaymentEndpoints } from '@skydesk/contract';
import { REPLY_SENT } from '../../../platform/http/endpoint-route.js';
import type { ModuleContext } from '../../../platform/module.js';
import { operatorAction } from '../operator-action.js';
import { createAdminDepositService } from './service.js';

/** A file name safe inside a Content-Disposition header. */
const headerFileName = (name: string) => name.replace(/[^\w.-]/g, '_');

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
    // As the agency's documents are served to operators: the type it was verified to be, never
    // sniffed, never cached; shown beside the deposit, or saved when asked.
    reply
      .header('content-type', receipt.contentType)
      .header(
        'content-disposition',
        `${query.download ? 'attachment' : 'inline'}; filename="${headerFileName(receipt.fileName)}"`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(receipt.content);
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
