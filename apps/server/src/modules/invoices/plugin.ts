import { defineModule } from '../../platform/module.js';
import { registerInvoiceRoutes } from './routes.js';

/**
 * The agency's client invoices, credit notes and supplementary invoices (issue 33). Documents are
 * issued inside the bookings' own transactions (issue.ts, called by bookings); this module serves
 * them: the list, one, its PDF and its e-mail.
 */
export const invoicesModule = defineModule({ name: 'invoices', dependencies: ['bookings'] }, (context) => {
  registerInvoiceRoutes(context);
});
