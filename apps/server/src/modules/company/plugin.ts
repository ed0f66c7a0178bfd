import { defineModule } from '../../platform/module.js';
import { registerCompanyAnalyticsRoutes } from './analytics/routes.js';
import type { AnalyticsLabels } from './analytics/service.js';
import { registerCompanyRoutes } from './routes.js';

export type CompanyOptions = {
  /** How the KPIs name what they count by code (airlines: the flight supplier's names). */
  labels: AnalyticsLabels;
};

/** The agency's vendor verification (docs/architecture.md §5), its profile (issue 13) and its KPIs (issue 15). */
export const companyModule = defineModule<CompanyOptions>({ name: 'company' }, (context, _app, options) => {
  registerCompanyRoutes(context);
  registerCompanyAnalyticsRoutes(context, options.labels);
});
