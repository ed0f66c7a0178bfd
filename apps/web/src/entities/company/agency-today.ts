import { useEffect, useState } from 'react';
import { addDays } from '../../shared/format/date-time';
import { todayIn } from '../kpi/kpi-range';
import { companyProfileApi } from './company-profile-api';

export type AgencyDays = {
  /** The agency's time zone (IANA); null until its profile is read. */
  timeZone: string | null;
  /** 'YYYY-MM-DD' in that zone: the agency's today, not the browser's. */
  today: string | null;
  tomorrow: string | null;
  loading: boolean;
  /** The profile could not be read, so neither is the agency's today. */
  failed: boolean;
  retry: () => void;
};

/**
 * The agency's today (issue 15): its days are counted in its time zone (company settings, by
 * default its country's), so an agent in Dubai working late on a UTC server, or travelling with
 * a laptop on another zone, sees the same "today" as the agency's analytics. Moves on by itself
 * at the zone's midnight on a screen left open overnight.
 */
export function useAgencyToday(): AgencyDays {
  const {
    data: profile,
    isLoading,
    isError,
    isFetching,
    refetch,
  } = companyProfileApi.useCompanyProfileQuery();
  const timeZone = profile?.time_zone ?? null;
  // The day is read on every render; this only renders again when it has changed (checked each minute).
  const [, setDay] = useState('');
  useEffect(() => {
    if (!timeZone) return;
    const timer = setInterval(() => setDay(todayIn(timeZone)), 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  const today = timeZone ? todayIn(timeZone) : null;
  return {
    timeZone,
    today,
    tomorrow: today ? addDays(today, 1) : null,
    loading: isLoading || (isFetching && !profile),
    failed: isError && !profile,
    retry: () => void refetch(),
  };
}
