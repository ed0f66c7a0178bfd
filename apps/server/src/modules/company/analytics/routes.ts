import { analyticsEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../../platform/module.js';
import { sharedTimetable } from '../../flights/sandbox.js';
import { createCompanyAnalyticsService } from './service.js';

/** Airline names from the reference data the sandbox network is built on (read once, when first asked). */
let airlineNames: Promise<Map<string, string>> | undefined;
const airlineName = async (code: string) => {
  airlineNames ??= sharedTimetable().then(
    (timetable) => new Map(timetable.airlines.map((airline) => [airline.code, airline.name])),
  );
  return (await airlineNames).get(code);
};

export function registerCompanyAnalyticsRoutes({ route, store, clock }: ModuleContext) {
  const analytics = createCompanyAnalyticsService({ db: store.db, clock, labels: { airline: airlineName } });

  route(analyticsEndpoints.companyKpi, async ({ principal, query }) => ({
    message: 'Company KPIs',
    data: await analytics.companyKpi(principal, query),
  }));
}
