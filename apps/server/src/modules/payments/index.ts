// The payments module's public entry (docs/architecture.md §2): the credits ledger's postings and
// locks (docs/booking-and-money.md), which bookings and the back office take part in, and the
// statement the back office serves.
export { availableCredits, lockAvailableCredits, lockLedger, postLedgerEntry } from './ledger.js';
// The balance row, read and locked as every posting locks it (a credit limit changes under it).
export { lockBalance, pendingDepositsMinor, readCreditRow } from './ledger-repo.js';
export { watchLowBalance } from './low-balance.js';
export { paymentsModule } from './plugin.js';
export { serveStatement } from './statement/routes.js';
export { createStatementService } from './statement/service.js';
