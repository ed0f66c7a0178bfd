import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import {
  makeApprovedCompany,
  onboardedOwner,
  post,
  type SignedIn,
  type TestApp,
} from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

/**
 * The ±3-day fare strip tells an agent something (issue 16): London → New York fares move with the
 * weekday and the season (decision 017). The test clock starts at 2026-11-22T12:00Z, so the weeks
 * below are all more than 60 days out and sell at the same advance-purchase step.
 */

type CalendarDay = { date: string; lowest: { Amount: number; CurrencyCode: string } | null };

describe.each(storeKinds())('the fare calendar on %s', (kind) => {
  let t: TestApp;
  let agent: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await onboardedOwner(t);
    await makeApprovedCompany(t.store.db, agent.user.company_id);
  });
  afterAll(async () => t?.close());

  /** The strip around a Wednesday: Sunday first, Saturday last. */
  async function week(wednesday: string): Promise<number[]> {
    const res = await post(
      t,
      '/api/search/calendar',
      {
        trip_type: 'OneWay',
        origin_destinations: [
          { departure_date_time: wednesday, origin_location_code: 'LHR', destination_location_code: 'JFK' },
        ],
        adult_quantity: 1,
      },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const days: CalendarDay[] = res.json().data;
    expect(days).toHaveLength(7);
    expect(new Date(`${days[0]!.date}T00:00:00Z`).getUTCDay()).toBe(0);
    return days.map((day) => {
      expect(day.lowest, day.date).not.toBeNull();
      return day.lowest!.Amount;
    });
  }

  it('shows London → New York dearer on Fridays and Sundays than midweek, not one price all week', async () => {
    const [sunday, monday, tuesday, wednesday, thursday, friday, saturday] = await week('2027-02-10');
    const days = [sunday!, monday!, tuesday!, wednesday!, thursday!, friday!, saturday!];
    expect(new Set(days).size).toBeGreaterThanOrEqual(5);
    for (const dear of [friday!, sunday!]) {
      for (const midweek of [tuesday!, wednesday!]) expect(dear).toBeGreaterThan(midweek);
    }
    expect(Math.min(...days)).toBeOneOf([tuesday, wednesday, saturday]);
  });

  it('prices the same weekday higher in summer than in spring, and higher in spring than in the low season', async () => {
    const low = await week('2027-02-10');
    const spring = await week('2027-05-12');
    const summer = await week('2027-07-14');
    for (let weekday = 0; weekday < 7; weekday++) {
      expect(low[weekday]).toBeLessThan(spring[weekday]!);
      expect(spring[weekday]).toBeLessThan(summer[weekday]!);
    }
    // A summer week's cheapest day still costs more than the low season's dearest.
    expect(Math.min(...summer)).toBeGreaterThan(Math.max(...low));
  });
});
