import { type AdminCompanyDetails, adminEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractFile, contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/** An agency's page and the queues it shows in: what a decision about it makes stale. */
const agencyChanged = (details: AdminCompanyDetails | undefined) =>
  details
    ? [
        { type: 'AdminCompany' as const, id: details.company.id },
        'AdminCompanies' as const,
        'AdminAudit' as const,
      ]
    : [];

/**
 * The back office's calls (docs/api.md#back-office), all the operator's: the HTTP client sends them
 * the operator's token and never the agency's (shared/http/http-config). Decisions invalidate what
 * they change: the agency's page, the queues, the audit log — and, for money moved, the balance
 * and orders an agency screen in the same browser may show.
 */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    agencies: contractQuery(build, adminEndpoints.companies, { providesTags: ['AdminCompanies'] }),
    agency: contractQuery(build, adminEndpoints.company, {
      providesTags: (_answer, _error, { params }) => [{ type: 'AdminCompany', id: params.id }],
    }),
    /** A vendor document to show in the page: a failure shows there, not in a toast. */
    agencyDocumentView: contractFile(build, adminEndpoints.companyDocument, { suppressErrors: true }),
    /** A vendor document to save. */
    agencyDocument: contractFile(build, adminEndpoints.companyDocument),
    approveAgency: contractMutation(build, adminEndpoints.approveCompany, {
      invalidatesTags: (details) => agencyChanged(details),
    }),
    rejectAgency: contractMutation(build, adminEndpoints.rejectCompany, {
      invalidatesTags: (details) => agencyChanged(details),
    }),
    suspendAgency: contractMutation(build, adminEndpoints.suspendCompany, {
      invalidatesTags: (details) => agencyChanged(details),
    }),
    reactivateAgency: contractMutation(build, adminEndpoints.reactivateCompany, {
      invalidatesTags: (details) => agencyChanged(details),
    }),
    adjustCredits: contractMutation(build, adminEndpoints.adjustCredits, {
      invalidatesTags: (entry, _error, { params }) =>
        entry
          ? [
              { type: 'AdminCompany', id: params.id },
              { type: 'AdminCredits', id: params.id },
              'AdminCompanies',
              'AdminAudit',
              'Credits',
              'Orders',
              'Statement',
            ]
          : [],
    }),
    refunds: contractQuery(build, adminEndpoints.refunds, { providesTags: ['AdminRefunds'] }),
    refund: contractQuery(build, adminEndpoints.refund, {
      providesTags: (_answer, _error, { params }) => [{ type: 'AdminRefunds', id: params.id }],
    }),
    approveRefund: contractMutation(build, adminEndpoints.approveRefund, {
      invalidatesTags: (refund) =>
        refund
          ? [
              'AdminRefunds',
              { type: 'AdminCompany', id: refund.company.id },
              { type: 'AdminCredits', id: refund.company.id },
              'AdminCompanies',
              'AdminAudit',
              { type: 'Booking', id: refund.booking.id },
              'Bookings',
              'Orders',
              'Credits',
              'Statement',
            ]
          : [],
    }),
    rejectRefund: contractMutation(build, adminEndpoints.rejectRefund, {
      invalidatesTags: (refund) =>
        refund
          ? ['AdminRefunds', 'AdminAudit', { type: 'Booking', id: refund.booking.id }, 'Bookings', 'Orders']
          : [],
    }),
    banks: contractQuery(build, adminEndpoints.banks, { providesTags: ['AdminBanks'] }),
    createBank: contractMutation(build, adminEndpoints.createBank, {
      invalidatesTags: (bank) => (bank ? ['AdminBanks', 'AdminAudit'] : []),
    }),
    updateBank: contractMutation(build, adminEndpoints.updateBank, {
      invalidatesTags: (bank) => (bank ? ['AdminBanks', 'AdminAudit'] : []),
    }),
    retireBank: contractMutation(build, adminEndpoints.retireBank, {
      invalidatesTags: (bank) => (bank ? ['AdminBanks', 'AdminAudit'] : []),
    }),
    audit: contractQuery(build, adminEndpoints.audit, { providesTags: ['AdminAudit'] }),
  }),
});
