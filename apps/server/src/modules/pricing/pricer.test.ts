import { RuleMatch } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, storeKinds, type TestStore } from '../../../test/support/stores.js';
import { sharedTimetable } from '../../supplier/sandbox/index.js';
import { provideAirports } from './airports.js';
import type { PricedTrip } from './engine.js';
import { loadPricer } from './pricer.js';
import { loadPricingSettings } from './settings-repo.js';

/** The seam others price through: rules read from the store, routes placed by the server's airports. */

const trip = (overrides: Partial<PricedTrip> = {}): PricedTrip => ({
  supplier: 'sandbox',
  validatingCarrier: 'BA',
  origin: 'LHR',
  destination: 'JFK',
  tripType: 'OneWay',
  cabin: 'Economy',
  brand: null,
  departureDate: '2026-12-10',
  bookingDate: '2026-11-29',
  passengers: [{ type: 'adult', count: 2, netMinor: 40_000 }],
  currency: 'USD',
  ...overrides,
});

describe.each(storeKinds())('loadPricer (%s)', (kind) => {
  let store: TestStore;
  let companyId: string;
  let otherId: string;

  beforeAll(async () => {
    // As the composition root does (app.ts).
    provideAirports(async () => (await sharedTimetable()).airports);
    store = await createTestStore(kind);
    const company = (name: string) =>
      store.db
        .insertInto('companies')
        .values({
          name,
          contact_name: 'Ada',
          email: `${name.toLowerCase()}@example.com`,
          phone: '+441234567890',
          country: 'GB',
          city: 'London',
          address: '1 Street',
          currency: 'USD',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    companyId = (await company('Agency')).id;
    otherId = (await company('Other')).id;
    const insert = (
      owner: string | null,
      position: number,
      name: string,
      match: object,
      percentBps: number,
    ) =>
      store.db
        .insertInto('pricing_rules')
        .values({
          company_id: owner,
          kind: 'markup',
          name,
          position,
          match: JSON.stringify(RuleMatch.parse(match)),
          percent_bps: percentBps,
          fixed_minor: null,
        })
        .execute();
    await insert(companyId, 0, 'Long haul', { route: { scope: 'long_haul' } }, 600);
    await insert(companyId, 1, 'Everything', {}, 100);
    await insert(otherId, 0, "Other's", {}, 5_000);
    await insert(null, 0, 'Platform', { supplier: 'duffel' }, 200);
  });
  afterAll(() => store.dispose());

  it("prices with the agency's own rules only, long haul from the server's airports", async () => {
    const pricer = await loadPricer(store.db, { companyId });
    expect(pricer.sell(trip()).rule?.name).toBe('Long haul');
    expect(pricer.sell(trip()).sellingMinor).toBe(2 * 42_400);
    // London → Paris is short haul: the general rule.
    expect(pricer.sell(trip({ destination: 'CDG' })).rule?.name).toBe('Everything');
  });

  it('platform rules are the ones without an agency', async () => {
    const platform = await loadPricer(store.db, { companyId: null });
    expect(platform.rules.map((r) => r.name)).toEqual(['Platform']);
    expect(platform.sell(trip({ supplier: 'duffel' })).perType[0]!.sellingMinor).toBe(40_800);
    expect(platform.sell(trip()).sellingMinor).toBe(80_000);
  });

  it('an agency without rules sells at net', async () => {
    const none = await store.db
      .insertInto('companies')
      .values({
        name: 'Plain',
        contact_name: 'Bo',
        email: 'plain@example.com',
        phone: '+441234567891',
        country: 'GB',
        city: 'York',
        address: '2 Street',
        currency: 'EUR',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const priced = (await loadPricer(store.db, { companyId: none.id })).sell(trip());
    expect(priced).toMatchObject({ sellingMinor: 80_000, rule: null });
    expect(await loadPricingSettings(store.db, none.id)).toEqual({
      allowBelowNet: false,
      maxOverridePercent: null,
      invoicePrefix: 'INV-',
      tax: null,
      quoteValidityDays: 7,
      logo: null,
      currency: 'EUR',
    });
  });

  it('reads the settings an agency saved', async () => {
    await store.db
      .insertInto('pricing_settings')
      .values({
        company_id: companyId,
        allow_below_net: true,
        tax_name: 'VAT',
        tax_rate: 20,
        invoice_prefix: 'SKY-',
      })
      .execute();
    expect(await loadPricingSettings(store.db, companyId)).toMatchObject({
      allowBelowNet: true,
      invoicePrefix: 'SKY-',
      tax: { name: 'VAT', rate: 20 },
      quoteValidityDays: 7,
      currency: 'USD',
    });
  });
});
