import type { PricingRule, PricingSettings } from '@skydesk/contract';

/** Issue 33: rules and settings as the server answers them, for the pricing screens' tests. */

const anyMatch: PricingRule['match'] = {
  supplier: null,
  validating_carrier: null,
  route: {
    scope: 'any',
    region: null,
    from_country: null,
    to_country: null,
    from_airport: null,
    to_airport: null,
  },
  cabin: null,
  brand: null,
  passenger_type: null,
  trip_type: null,
  booking_from: null,
  booking_to: null,
  travel_from: null,
  travel_to: null,
};

export const pricingRule = (overrides: Partial<PricingRule> = {}): PricingRule => ({
  id: '30000000-0000-4000-8000-000000000001',
  kind: 'markup',
  name: 'Long-haul economy',
  enabled: true,
  position: 1,
  match: { ...anyMatch, route: { ...anyMatch.route, scope: 'long_haul' }, cabin: 'Economy' },
  value: { percent: 6, fixed: null, fixed_per: 'passenger' },
  rounding: 'none',
  event: null,
  specificity: 2,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const longHaulRule = pricingRule();
export const airlineDiscount = pricingRule({
  id: '30000000-0000-4000-8000-000000000002',
  name: 'BA discount',
  position: 2,
  match: { ...anyMatch, validating_carrier: 'BA' },
  value: { percent: -3, fixed: null, fixed_per: 'passenger' },
  specificity: 1,
});
export const bookingFee = pricingRule({
  id: '30000000-0000-4000-8000-000000000003',
  kind: 'fee',
  name: 'Booking fee',
  position: 3,
  match: anyMatch,
  value: { percent: null, fixed: { Amount: 15, CurrencyCode: 'USD' }, fixed_per: 'booking' },
  event: 'issue',
  specificity: 0,
});

export const pricingSettings = (overrides: Partial<PricingSettings> = {}): PricingSettings => ({
  allow_below_net: false,
  max_override_percent: 20,
  invoice_prefix: 'INV-',
  tax: { name: 'VAT', rate: 20 },
  quote_validity_days: 7,
  logo: null,
  currency: 'USD',
  ...overrides,
});
