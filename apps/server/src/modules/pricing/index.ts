// The pricing module's public entry (docs/architecture.md §2: other modules import it only through
// here): the pricer of the agency's and the platform's rules, and the agency's earnings settings.

export { type KnownAirport, provideAirports } from './airports.js';
export { pricingModule } from './plugin.js';
export {
  type FeeResult,
  loadPricer,
  type PerTypePrice,
  type PricedTrip,
  type Pricer,
  type SellResult,
} from './pricer.js';
export { createRulesService, type RuleOwner } from './rules-service.js';
export {
  DEFAULT_PRICING_SETTINGS,
  type LoadedPricingSettings,
  loadPricingSettings,
} from './settings-repo.js';
