import { paymentEndpoints, SUCCESS } from '@skydesk/contract';
import { REPLY_SENT } from '../../platform/http/endpoint-route.js';
import { sendJsonList } from '../../platform/http/json-list-stream.js';
import { sendStoredFile } from '../../platform/http/send-stored-file.js';
import type { ModuleContext } from '../../platform/module.js';
import { createDepositService, TRANSACTION_FORM } from './deposits.js';
import { createPaymentService, type HeldValueSource } from './service.js';

/** docs/api.md#payments: credits, the low-balance threshold, banks and the agency's deposits. */
export function registerPaymentRoutes(
  { route, store, clock, platform }: ModuleContext,
  held: HeldValueSource,
) {
  const payments = createPaymentService({ db: store.db, clock, held });
  const deposits = createDepositService({ db: store.db, files: platform.files, clock });

  route(paymentEndpoints.credits, async ({ principal }) => ({
    message: 'Credits',
    data: await payments.credits(principal),
  }));

  route(paymentEndpoints.setLowBalanceThreshold, async ({ principal, body }) => ({
    message: 'Low-balance threshold saved',
    data: await payments.setLowBalanceThreshold(principal, body.amount),
  }));

  route(paymentEndpoints.banks, async () => ({ message: 'Banks', data: await deposits.banks() }));

  route(
    paymentEndpoints.createTransaction,
    async ({ principal, form }) => ({
      message: SUCCESS.transactionCreated,
      data: await deposits.create(principal, form),
    }),
    { form: TRANSACTION_FORM },
  );

  route(paymentEndpoints.transactions, async ({ principal, query, reply }) => {
    await sendJsonList(reply, 'Transactions', deposits.transactionBatches(principal, query));
    return REPLY_SENT;
  });

  route(paymentEndpoints.transactionReceipt, async ({ principal, params, reply }) => {
    const receipt = await deposits.receipt(principal, params.id);
    sendStoredFile(reply, receipt);
    return REPLY_SENT;
  });
}
