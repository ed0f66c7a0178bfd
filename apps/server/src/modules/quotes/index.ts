// The quotes module's public entry: app.ts registers it; create-booking marks an option booked.
export { quotesModule } from './plugin.js';
export { markQuoteOptionBooked, QUOTE_OPTION_MESSAGES } from './repo.js';
