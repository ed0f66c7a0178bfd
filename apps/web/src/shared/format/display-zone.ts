/**
 * The time zone the portal reads every moment in (docs/architecture.md §8): an agency user's is
 * the agency's (Settings → Company → Time zone, by default its country's), the same zone its
 * "today" and its analytics count days in; an operator, who has no such setting, reads the
 * browser's. The frame that knows it (the dashboard's, the console's) sets it as it renders,
 * before the screens inside it; formatInstant and the rest read it here.
 */

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

let chosen: string | null = null;

/** The zone moments are shown in now. */
export const displayTimeZone = (): string => chosen ?? browserZone();

/** The agency's zone, or null for the browser's. */
export function setDisplayTimeZone(zone: string | null): void {
  chosen = zone;
}
