// The flights module's public entry (docs/architecture.md §2).
export { flightsModule } from './plugin.js';
// Issue 33: how the agency's rules read an itinerary, which bookings price the same way.
export { firstLegOf, localDate, sellItinerary, tripOfItinerary, withSelling } from './selling.js';
