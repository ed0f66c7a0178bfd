// The invoices module's public entry (docs/architecture.md §2): the client documents issued inside
// the bookings' own transactions (issue, void, refund approval, exchange), and the module serving them.

export { bookingDocuments } from './booking-documents.js';
export {
  type AdjustmentReason,
  type InvoiceClientInput,
  issueAdjustment,
  issueClientInvoice,
} from './issue.js';
export { invoicesModule } from './plugin.js';
