import { adminAnalyticsEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import { createAdminAnalyticsService } from './service.js';

export function registerAdminAnalyticsRoutes({ route, store, clock, config }: ModuleContext) {
  const analytics = createAdminAnalyticsService({ db: store.db, clock, currency: config.currency });

  route(adminAnalyticsEndpoints.kpi, async ({ query }) => ({
    message: 'Platform KPIs',
    data: await analytics.kpis(query),
  }));
}
