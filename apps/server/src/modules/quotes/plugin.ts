import { defineModule } from '../../platform/module.js';
import { registerQuoteRoutes } from './routes.js';

/**
 * Client quotes (issue 33, docs/api.md#quotes): quotes made from offers at the agency's selling
 * prices, their PDF, mail and public link, and the re-price of an option to book it. Bookings marks
 * an option booked through `markQuoteOptionBooked` (repo.ts), in its own transaction.
 */
export const quotesModule = defineModule({ name: 'quotes', dependencies: ['flights'] }, (context, app) => {
  registerQuoteRoutes(context, app.flightSupplier);
});
