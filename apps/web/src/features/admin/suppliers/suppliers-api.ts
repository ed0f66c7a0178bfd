import { adminSupplierEndpoints } from '@skydesk/contract';
import { api } from '../../../shared/http/api';
import { contractMutation, contractQuery } from '../../../shared/http/contract-endpoints';

/**
 * The Suppliers and Rates pages' calls (docs/api.md#back-office, issue 29). A change is audited on
 * the server, so it stales the audit log too. The list's health is this server process's own
 * count: it is asked again every minute while the page is open (SUPPLIERS_POLL_MS).
 */
export const suppliersApi = api.injectEndpoints({
  endpoints: (build) => ({
    suppliers: contractQuery(build, adminSupplierEndpoints.suppliers, {
      // A failure is the page's to show (with its permission state), not a toast over it.
      suppressErrors: true,
      providesTags: ['AdminSuppliers'],
    }),
    // Its refusals (409: the last connected supplier stays on; 422 fields) are said in the dialog.
    updateSupplier: contractMutation(build, adminSupplierEndpoints.updateSupplier, {
      suppressErrors: true,
      invalidatesTags: (supplier) => (supplier ? ['AdminSuppliers', 'AdminAudit'] : []),
    }),
    rates: contractQuery(build, adminSupplierEndpoints.rates, {
      suppressErrors: true,
      providesTags: ['AdminRates'],
    }),
    // The platform currency's 422 is said on its field.
    setRates: contractMutation(build, adminSupplierEndpoints.setRates, {
      suppressErrors: true,
      invalidatesTags: (rates) => (rates ? ['AdminRates', 'AdminSuppliers', 'AdminAudit'] : []),
    }),
  }),
});

/** How often the Suppliers page asks for the health figures again while it is open. */
export const SUPPLIERS_POLL_MS = 60_000;
