import { type Bank, paymentEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractFile, contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/** The agency's deposits, its statement and its low-balance alert (docs/api.md#payments). */
export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * docs/api.md: `[ Bank[] ]`, read from the first list (docs/product-spec.md §5). None is a 404 'No Banks Found',
     * which the form shows in place of the bank select, so it is not toasted.
     */
    banks: contractQuery(build, paymentEndpoints.banks, {
      suppressErrors: true,
      transformResponse: ([banks]): Bank[] => banks,
    }),
    /**
     * A recorded deposit waits for an operator: it is new in the list, and pending in the
     * credits' figures (the statement changes only once it is approved, which another session
     * does). Field errors and a 409 for a reference used before land on the form: not toasted.
     */
    createTransaction: contractMutation(build, paymentEndpoints.createTransaction, {
      suppressErrors: true,
      invalidatesTags: (transaction) => (transaction ? ['Transactions', 'Credits', 'Statement'] : []),
    }),
    transactions: contractQuery(build, paymentEndpoints.transactions, { providesTags: ['Transactions'] }),
    /** A receipt shown in the page: a failure shows there. */
    transactionReceipt: contractFile(build, paymentEndpoints.transactionReceipt, { suppressErrors: true }),
    statement: contractQuery(build, paymentEndpoints.statement, { providesTags: ['Statement'] }),
    /** The statement as CSV or PDF (`format`), fetched with the session's token to be saved. */
    statementFile: contractFile(build, paymentEndpoints.statement),
    setLowBalanceThreshold: contractMutation(build, paymentEndpoints.setLowBalanceThreshold, {
      suppressErrors: true,
      invalidatesTags: (credits) => (credits ? ['Credits'] : []),
    }),
  }),
});
