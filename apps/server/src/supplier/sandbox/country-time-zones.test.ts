import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';
import { busiestAirportZones } from './country-time-zones.js';
import { sharedTimetable } from './index.js';

/**
 * Issue 15: a country's default time zone is the zone of its busiest airport in the sandbox
 * network, computed here and frozen into migration 0012's country_time_zones.
 */
describe.each(storeKinds())("countries' default time zones on %s", (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(() => store?.dispose());

  it("are the zones of the countries' busiest airports in the sandbox network", async () => {
    const computed = busiestAirportZones(await sharedTimetable());
    const stored = await store.db
      .selectFrom('country_time_zones')
      .select(['country', 'airport', 'time_zone'])
      .orderBy('country')
      .execute();
    const asStored = computed.map((zone) => ({
      country: zone.country,
      airport: zone.airport,
      time_zone: zone.timeZone,
    }));
    // On a difference, a new migration sets the table to the computed zones and recounts the
    // agencies of the countries that moved (analytics_recount).
    expect(stored).toEqual(asStored);
    expect(stored.find((row) => row.country === 'GB')).toEqual({
      country: 'GB',
      airport: 'LHR',
      time_zone: 'Europe/London',
    });
    expect(stored.find((row) => row.country === 'AE')?.time_zone).toBe('Asia/Dubai');
  });
});
