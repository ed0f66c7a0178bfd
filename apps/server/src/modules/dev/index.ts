// The dev module's public entry (docs/architecture.md §2): the module, and what the start banner
// says about mail.
export { outboxBannerLines } from './outbox-access.js';
export { devModule } from './plugin.js';
