import { type AdminDeposit, adminPaymentEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractFile, contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/**
 * What a decided deposit makes stale: the desk (its lists, the deposit, every pending count), the
 * agency's credits panel and statement, its page and the agency queue (balance), the audit log —
 * and the balance, orders, deposits and statement an agency screen in the same browser may show.
 */
const depositDecided = (deposit: AdminDeposit | undefined) =>
  deposit
    ? [
        'AdminDeposits' as const,
        { type: 'AdminCredits' as const, id: deposit.company.id },
        { type: 'AdminCompany' as const, id: deposit.company.id },
        'AdminCompanies' as const,
        'AdminAudit' as const,
        'Credits' as const,
        'Orders' as const,
        'Transactions' as const,
        'Statement' as const,
      ]
    : [];

/**
 * The operators' side of payments (docs/api.md#back-office, issue 12): the deposit desk and each
 * agency's credits — balance, credit limit, available, the limit's history — and statement.
 * The decisions answer 409 when another operator decided first: the screens say so themselves
 * (their failures are not toasted) and read the deposit again.
 */
export const adminPaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    deposits: contractQuery(build, adminPaymentEndpoints.deposits, { providesTags: ['AdminDeposits'] }),
    deposit: contractQuery(build, adminPaymentEndpoints.deposit, {
      providesTags: (_answer, _error, { params }) => [{ type: 'AdminDeposits', id: params.id }],
    }),
    /** The receipt shown beside the deposit: a failure shows there, not in a toast. */
    depositReceiptView: contractFile(build, adminPaymentEndpoints.depositReceipt, { suppressErrors: true }),
    /** The receipt to save. */
    depositReceipt: contractFile(build, adminPaymentEndpoints.depositReceipt),
    approveDeposit: contractMutation(build, adminPaymentEndpoints.approveDeposit, {
      suppressErrors: true,
      invalidatesTags: (deposit) => depositDecided(deposit),
    }),
    rejectDeposit: contractMutation(build, adminPaymentEndpoints.rejectDeposit, {
      suppressErrors: true,
      invalidatesTags: (deposit) => depositDecided(deposit),
    }),
    companyCredits: contractQuery(build, adminPaymentEndpoints.companyCredits, {
      providesTags: (_answer, _error, { params }) => [{ type: 'AdminCredits', id: params.id }],
    }),
    /** Field errors land on the form and a 409 ('owes more') under it: nothing is toasted. */
    setCreditLimit: contractMutation(build, adminPaymentEndpoints.setCreditLimit, {
      suppressErrors: true,
      invalidatesTags: (credits, _error, { params }) =>
        credits ? [{ type: 'AdminCredits', id: params.id }, 'AdminAudit', 'Credits'] : [],
    }),
    companyStatement: contractQuery(build, adminPaymentEndpoints.companyStatement, {
      providesTags: (_answer, _error, { params }) => [{ type: 'AdminCredits', id: params.id }],
    }),
    /** The statement as CSV or PDF, fetched with the operator's token to be saved. */
    companyStatementFile: contractFile(build, adminPaymentEndpoints.companyStatement),
  }),
});
