import { quoteEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractFile, contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/**
 * Issue 33: the agency's quotes to its clients (docs/api.md#quotes) and the public page a client
 * opens from the link. A write that changes a quote refreshes the list and that quote.
 */
export const quotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Field errors and a 409/410 for an offer gone since it was picked land on the form: not toasted. */
    createQuote: contractMutation(build, quoteEndpoints.create, {
      suppressErrors: true,
      invalidatesTags: (quote) => (quote ? ['Quotes'] : []),
    }),
    quotes: contractQuery(build, quoteEndpoints.list, { providesTags: ['Quotes'] }),
    quote: contractQuery(build, quoteEndpoints.one, {
      providesTags: (_quote, _error, arg) => [{ type: 'Quote', id: arg.params.id }],
    }),
    quotePdf: contractFile(build, quoteEndpoints.pdf),
    /** A refused address shows on the dialog's field. */
    sendQuote: contractMutation(build, quoteEndpoints.send, {
      suppressErrors: true,
      invalidatesTags: (quote) => (quote ? ['Quotes', { type: 'Quote', id: quote.id }] : []),
    }),
    withdrawQuote: contractMutation(build, quoteEndpoints.withdraw, {
      suppressErrors: true,
      invalidatesTags: (quote) => (quote ? ['Quotes', { type: 'Quote', id: quote.id }] : []),
    }),
    /** A sold-out option (409) is said on its card, not toasted. */
    quoteOptionOffer: contractMutation(build, quoteEndpoints.optionOffer, { suppressErrors: true }),
    /** The client's page says 404 and 410 in its own words. */
    publicQuote: contractQuery(build, quoteEndpoints.publicQuote, { suppressErrors: true }),
  }),
});
