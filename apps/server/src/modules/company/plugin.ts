import { defineModule } from '../../platform/module.js';
import { registerCompanyAnalyticsRoutes } from './analytics/routes.js';
import { registerCompanyRoutes } from './routes.js';

/** The agency's vendor verification (docs/architecture.md §5), its profile (issue 13) and its KPIs (issue 15). */
export const companyModule = defineModule({ name: 'company' }, (context) => {
  registerCompanyRoutes(context);
  registerCompanyAnalyticsRoutes(context);
});
