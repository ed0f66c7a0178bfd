import type { CompanyProfile, Kpi } from '@skydesk/contract';
import { fakeApi, ok } from '../../../testing/fake-api';
import { sampleCompany } from '../../../testing/fake-session';
import { sampleKpis } from '../../../testing/kpis';

export const KPI_CALL = 'GET /api/company/company-kpi';
export const PROFILE_CALL = 'GET /api/company/profile';

/** The demo agency's profile, in the time zone given. */
export const profileIn = (timeZone: string): CompanyProfile => ({
  id: sampleCompany.id,
  name: sampleCompany.name,
  contact_name: 'Amina Rahman',
  email: 'amina@demo-travels.example',
  phone: '+971 50 123 4567',
  country: 'AE',
  city: 'Dubai',
  address: '12 Sheikh Zayed Road',
  iata_number: null,
  time_zone: timeZone,
  time_zone_default: true,
});

/** The profile and the figures of whatever range is asked. */
export function analyticsApi({
  timeZone = 'Asia/Dubai',
  kpis = (from: string, to: string): Kpi[] => sampleKpis({ from, to }),
  routes = {},
}: {
  timeZone?: string;
  kpis?: (from: string, to: string) => Kpi[];
  routes?: Parameters<typeof fakeApi>[0];
} = {}) {
  return fakeApi({
    [PROFILE_CALL]: () => ok(profileIn(timeZone)),
    [KPI_CALL]: ({ query }) => ok(kpis(query.get('fromDate') ?? '', query.get('toDate') ?? '')),
    ...routes,
  });
}
