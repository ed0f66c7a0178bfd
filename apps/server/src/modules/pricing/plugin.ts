import { defineModule } from '../../platform/module.js';
import { registerPricingRoutes } from './routes.js';

/** How an agency earns (issue 33): its markup rules, service fees and earnings settings. */
export const pricingModule = defineModule({ name: 'pricing' }, (context) => {
  registerPricingRoutes(context);
});
