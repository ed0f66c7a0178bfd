// The flights module's public entry (docs/architecture.md §2).
export { flightsModule } from './plugin.js';
