import type { AdminRates, AdminSupplier, CurrencyRate, SupplierHealth } from '@skydesk/contract';
import { sampleOperator } from '../../../testing/operator-session';

/** A remote supplier's hour with a few failures, its circuit closed. */
export const health = (overrides: Partial<SupplierHealth> = {}): SupplierHealth => ({
  window_minutes: 60,
  calls: 1240,
  errors: { timeout: 3, server_error: 2, gone: 4 } as SupplierHealth['errors'],
  p95_latency_ms: 1830,
  last_error: {
    cause: 'timeout',
    operation: 'POST /air/offer_requests',
    message: 'No answer within 4000 ms',
    status: null,
    code: null,
    at: '2026-11-29T08:40:00Z',
  },
  skipped: 0,
  offers_without_rate: { count: 0, currencies: [] },
  circuit: { state: 'closed', consecutive_failures: 0, retry_at: null, opened_at: null },
  ...overrides,
});

export const sandboxSupplier = (overrides: Partial<AdminSupplier> = {}): AdminSupplier => ({
  code: 'sandbox',
  name: 'SkyDesk sandbox',
  connected: true,
  enabled: true,
  markup: { percent: 0, fixed_per_passenger: { Amount: 0, CurrencyCode: 'USD' } },
  updated_by: null,
  updated_at: '2026-11-01T00:00:00Z',
  health: null,
  ...overrides,
});

export const duffelSupplier = (overrides: Partial<AdminSupplier> = {}): AdminSupplier => ({
  code: 'duffel',
  name: 'Duffel',
  connected: true,
  enabled: true,
  markup: { percent: 3, fixed_per_passenger: { Amount: 10, CurrencyCode: 'USD' } },
  updated_by: { id: sampleOperator.id, name: sampleOperator.name },
  updated_at: '2026-11-28T16:05:00Z',
  health: health(),
  ...overrides,
});

export const currencyRate = (overrides: Partial<CurrencyRate> = {}): CurrencyRate => ({
  id: 'ce000000-0000-4000-8000-000000000001',
  currency: 'GBP',
  rate: 1.27,
  effective_on: '2026-11-01',
  in_force: true,
  set_by: { id: sampleOperator.id, name: sampleOperator.name },
  created_at: '2026-10-31T17:00:00Z',
  ...overrides,
});

export const ratesAnswer = (rates: CurrencyRate[]): AdminRates => ({ platform_currency: 'USD', rates });
