import { analyticsEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import { type AnalyticsLabels, createCompanyAnalyticsService } from './service.js';

export function registerCompanyAnalyticsRoutes(
  { route, store, clock }: ModuleContext,
  labels: AnalyticsLabels,
) {
  const analytics = createCompanyAnalyticsService({ db: store.db, clock, labels });

  route(analyticsEndpoints.companyKpi, async ({ principal, query }) => ({
    message: 'Company KPIs',
    data: await analytics.companyKpi(principal, query),
  }));
}
