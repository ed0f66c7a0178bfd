import { COUNTRIES, isTimeZone } from '@skydesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { get, onboardedOwner, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { createTestStore, storeKinds, type TestStore } from '../support/stores.js';
import { setTimeZone } from './analytics-calls.js';

/**
 * Issue 15: an agency's days are counted in its time zone — its country's unless the owner chose
 * another. A country's is the zone of its busiest airport in the sandbox network (computed from the
 * network, frozen into migration 0012's country_time_zones, held equal by the sandbox's
 * country-time-zones.test.ts), UTC for a country the network has no airport in; a chosen zone must
 * be one PostgreSQL knows, as the triggers count days in it.
 */

describe.each(storeKinds())("countries' default time zones on %s", (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(() => store?.dispose());

  it('are zones PostgreSQL and the runtime both know', async () => {
    const unknown = await sql<{ time_zone: string }>`
      select time_zone from country_time_zones where time_zone not in (select name from pg_timezone_names)
    `.execute(store.db);
    expect(unknown.rows).toEqual([]);
    const zones = await store.db.selectFrom('country_time_zones').select('time_zone').execute();
    expect(zones.filter((zone) => !isTimeZone(zone.time_zone))).toEqual([]);
  });
});

describe.each(storeKinds())("the agency's time zone on %s", (kind) => {
  let t: TestApp;
  let owner: Agent;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await bookingAgent(t);
  });
  afterAll(async () => t?.close());

  const profile = async (agent: { token: string }) => {
    const res = await get(t, '/api/company/profile', { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { time_zone: string; time_zone_default: boolean };
  };

  it("is its country's until the owner chooses another, and again when they clear it", async () => {
    expect(await profile(owner)).toMatchObject({ time_zone: 'Asia/Dubai', time_zone_default: true });
    const chosen = await setTimeZone(t, owner, 'Europe/London');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({ time_zone: 'Europe/London', time_zone_default: false });
    expect(await profile(owner)).toMatchObject({ time_zone: 'Europe/London', time_zone_default: false });
    // The country's own zone, chosen, is a choice (it stays if the country's default moves).
    expect((await setTimeZone(t, owner, 'Asia/Dubai')).json().data).toMatchObject({
      time_zone: 'Asia/Dubai',
      time_zone_default: false,
    });
    const cleared = await setTimeZone(t, owner, '');
    expect(cleared.json().data).toMatchObject({ time_zone: 'Asia/Dubai', time_zone_default: true });
  });

  it('is UTC for a country without an airport in the network', async () => {
    const stored = new Set(
      (await t.store.db.selectFrom('country_time_zones').select('country').execute()).map(
        (row) => row.country,
      ),
    );
    const without = COUNTRIES.find((country) => !stored.has(country.code));
    expect(without).toBeDefined();
    const agent = await onboardedOwner(t, { country: without!.code });
    expect(await profile(agent)).toMatchObject({
      country: without!.code,
      time_zone: 'UTC',
      time_zone_default: true,
    });
  });

  it('refuses a zone PostgreSQL does not know, even one the runtime takes, with 422 on time_zone', async () => {
    // US/Pacific-New left the tz database in 2020; JavaScript runtimes still take it.
    expect(isTimeZone('US/Pacific-New')).toBe(true);
    for (const zone of ['US/Pacific-New', 'Mars/Olympus', 'Europe/London; drop table companies']) {
      const res = await setTimeZone(t, owner, zone);
      expect(res.statusCode, `${zone}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().data.errors), zone).toEqual(['time_zone']);
    }
    expect((await profile(owner)).time_zone).toBe('Asia/Dubai');
  });
});
