import { invoiceEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractFile, contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/** Issue 33: the agency's client invoices, credit notes and supplementary invoices (docs/api.md#invoices). */
export const invoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    invoices: contractQuery(build, invoiceEndpoints.list, { providesTags: ['Invoices'] }),
    invoice: contractQuery(build, invoiceEndpoints.one, {
      providesTags: (_invoice, _error, arg) => [{ type: 'Invoice', id: arg.params.id }],
    }),
    /** The list as CSV (format=csv, every match), fetched with the session's token to be saved. */
    invoicesCsv: contractFile(build, invoiceEndpoints.list),
    invoicePdf: contractFile(build, invoiceEndpoints.pdf),
    /** A refused address shows on the dialog's field. */
    sendInvoice: contractMutation(build, invoiceEndpoints.send, { suppressErrors: true }),
  }),
});
