import { RuleMatch } from '@skydesk/contract';
import { describe, expect, it } from 'vitest';
import { pricerOf } from '../modules/pricing/pricer.js';
import {
  convertToPlatformMinor,
  decimalToMinor,
  NO_PLATFORM_RULES,
  priceRemoteOffer,
  type RemoteTrip,
} from './remote-pricing.js';

const TRIP: RemoteTrip = {
  supplier: 'duffel',
  validatingCarrier: 'BA',
  origin: 'LHR',
  destination: 'JFK',
  tripType: 'OneWay',
  cabin: 'Economy',
  brand: null,
  departureDate: '2026-12-20',
  bookingDate: '2026-11-22',
  currency: 'USD',
};

/** Issue 29's markup of a supplier as migration 0025 made it: the platform rule naming that supplier. */
const supplierRule = (
  supplier: 'duffel' | 'sandbox',
  bps: number,
  fixedMinor: number,
  name = 'Duffel markup',
) =>
  pricerOf(
    [
      {
        id: '00000000-0000-4000-8000-000000000029',
        name,
        kind: 'markup',
        enabled: true,
        position: 0,
        match: RuleMatch.parse({ supplier }),
        percentBps: bps,
        fixedMinor,
        fixedPer: 'passenger',
        rounding: 'none',
        event: null,
      },
    ],
    () => undefined,
  );

describe('a remote price as the agency pays it', () => {
  it('reads decimal amounts in their currency’s minor units', () => {
    expect(decimalToMinor('123.45', 'GBP')).toBe(12345);
    expect(decimalToMinor('0.29', 'USD')).toBe(29);
    expect(decimalToMinor('12000', 'JPY')).toBe(12000);
    expect(decimalToMinor('1.5', 'KWD')).toBe(1500);
    expect(decimalToMinor('12,00', 'EUR')).toBeNaN();
  });

  it('converts at the rate into platform minor units', () => {
    expect(convertToPlatformMinor('100.00', 'GBP', 1.25)).toBe(12500);
    expect(convertToPlatformMinor('12000', 'JPY', 0.0067)).toBe(8040);
  });

  it("adds the supplier's platform rule — a percentage and a fixed amount per passenger — and the fares add up to the total", () => {
    const price = priceRemoteOffer({
      total: { amount: '1000.01', currency: 'GBP' },
      tax: { amount: '150.00', currency: 'GBP' },
      rate: 1.25,
      party: { adults: 2, children: 1, infants: 1 },
      trip: TRIP,
      platform: supplierRule('duffel', 450, 500),
    })!;
    expect(price.netMinor).toBe(125_001);
    const { adult, child, infant } = price.fares;
    expect(2 * (adult.base + adult.taxes) + child.base + child.taxes + infant.base + infant.taxes).toBe(
      price.totalMinor,
    );
    expect(price.markupMinor).toBe(price.totalMinor - price.netMinor);
    // 4.5 % of the net and 5.00 a passenger, give or take the rounding of the shares.
    expect(price.markupMinor).toBeGreaterThanOrEqual(Math.round(125_001 * 0.045) + 4 * 500 - 4);
    expect(price.markupMinor).toBeLessThanOrEqual(Math.round(125_001 * 0.045) + 4 * 500 + 8);
    expect(2 * adult.taxes + child.taxes + infant.taxes).toBe(price.taxesMinor);
    expect(price.taxesMinor).toBeLessThanOrEqual(18_750);
    expect(infant.base).toBeLessThan(child.base);
    expect(child.base).toBeLessThan(adult.base);
  });

  it('never marks down: without markup the fares are the net, at most a few minor units above', () => {
    for (const amount of ['99.99', '1.00', '2345.67', '0.03']) {
      const price = priceRemoteOffer({
        total: { amount, currency: 'USD' },
        tax: null,
        rate: 1,
        party: { adults: 3, children: 2, infants: 1 },
        trip: TRIP,
        platform: NO_PLATFORM_RULES,
      })!;
      expect(price.markupMinor).toBeGreaterThanOrEqual(0);
      expect(price.markupMinor).toBeLessThanOrEqual(6);
    }
  });

  it('refuses a malformed or empty total', () => {
    const input = {
      tax: null,
      rate: 1,
      party: { adults: 1, children: 0, infants: 0 },
      trip: TRIP,
      platform: NO_PLATFORM_RULES,
    };
    expect(priceRemoteOffer({ ...input, total: { amount: 'abc', currency: 'USD' } })).toBeNull();
    expect(priceRemoteOffer({ ...input, total: { amount: '0.00', currency: 'USD' } })).toBeNull();
  });

  it("applies a platform rule to its own supplier's offers only, and a discount never takes a fare under its taxes", () => {
    const input = {
      total: { amount: '200.00', currency: 'USD' },
      tax: { amount: '50.00', currency: 'USD' },
      rate: 1,
      party: { adults: 1, children: 0, infants: 0 },
      trip: TRIP,
    };
    expect(priceRemoteOffer({ ...input, platform: supplierRule('sandbox', 1_000, 0) })!.totalMinor).toBe(
      20_000,
    );
    expect(priceRemoteOffer({ ...input, platform: supplierRule('duffel', 1_000, 0) })!.totalMinor).toBe(
      22_000,
    );
    const discounted = priceRemoteOffer({ ...input, platform: supplierRule('duffel', -10_000, 0) })!;
    expect(discounted.fares.adult).toEqual({ base: 0, taxes: 5_000 });
    expect(discounted.markupMinor).toBe(-15_000);
  });
});
