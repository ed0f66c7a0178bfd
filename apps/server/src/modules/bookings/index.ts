// The bookings module's public entry (docs/architecture.md §2): what app.ts, the demo seed and other
// modules use of it. Payments takes the value of live holds from `app.heldValue`, not from here:
// bookings posts to payments' ledger, so payments imports nothing of bookings.
export { refundFiguresText, ticketRefund } from './after-sales/penalty.js';
export {
  lockRefundRequest,
  quoteRefundOrder,
  type RefundQuote,
  rejectRefundOrder,
  settleRefundOrder,
} from './after-sales/settlement.js';
export { ticketName, utcMinute } from './booking/presenter.js';
export { PNR_ALPHABET, PNR_LENGTH } from './booking/references.js';
export { loadBookingTotals } from './booking/repo.js';
export { reachableBookingId } from './booking/scope.js';
export { type HoldPolicy, ticketingDeadline, voidUntil } from './booking/ticketing-deadline.js';
export { presentChange } from './changes/presenter.js';
export { listExchanges } from './changes/repo.js';
export { bookingsModule } from './plugin.js';
export { recordBookingScheduleChange } from './schedule-changes/record.js';
export { createScheduleChangeService } from './schedule-changes/service.js';
export { serviceLineText } from './services/lines.js';
export { createChosenSeatsRepo } from './services/repo.js';
