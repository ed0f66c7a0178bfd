import { z } from 'zod';
import { CalendarDate } from './calendar-date.js';
import { defineEndpoint } from './endpoint.js';
import { SupplierCode } from './enums.js';
import { Money } from './envelope.js';

/**
 * The operators' Suppliers and Rates pages (issue 29, docs/api.md#back-office): each flight
 * supplier on or off, its markup and its health; the currency rates remote prices are converted
 * at, with the day each takes effect. Every change is audited (`supplier.update`, `rate.set`).
 */

export const SupplierParams = z.strictObject({ code: SupplierCode });

/** Why a call to a supplier failed, as the health counts them (decision 019). */
export const SUPPLIER_FAILURE_CAUSES = [
  'timeout',
  'connection',
  'rate_limited',
  'server_error',
  'authentication',
  'refused',
  'gone',
] as const;
export const SupplierFailureCause = z.enum(SUPPLIER_FAILURE_CAUSES);

export const CIRCUIT_STATES = ['closed', 'open', 'half_open'] as const;

/**
 * A remote supplier's calls as the answering server process saw them (each process counts its
 * own), over the last `window_minutes`.
 */
export const SupplierHealth = z.object({
  window_minutes: z.number().int(),
  calls: z.number().int().min(0),
  /** Failed calls by cause; `refused` and `gone` are the supplier saying no, not failing. */
  errors: z.record(SupplierFailureCause, z.number().int().min(0)),
  /** The 95th percentile of the calls' latency; null with no call in the window. */
  p95_latency_ms: z.number().int().nullable(),
  last_error: z
    .object({
      cause: SupplierFailureCause,
      /** The call, by route: 'POST /air/offer_requests'. */
      operation: z.string(),
      message: z.string(),
      status: z.number().int().nullable(),
      code: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
  /** Calls not made because the circuit was open (searches answered without the supplier). */
  skipped: z.number().int().min(0),
  /** Offers left out of answers because no rate converts their currency, and those currencies. */
  offers_without_rate: z.object({ count: z.number().int().min(0), currencies: z.array(z.string()) }),
  /**
   * The circuit breaker: `open` skips the supplier until `retry_at`, then one call is let through
   * (`half_open`); its success closes the circuit.
   */
  circuit: z.object({
    state: z.enum(CIRCUIT_STATES),
    consecutive_failures: z.number().int().min(0),
    retry_at: z.string().nullable(),
    opened_at: z.string().nullable(),
  }),
});
export type SupplierHealth = z.infer<typeof SupplierHealth>;

export const AdminSupplier = z.object({
  code: SupplierCode,
  name: z.string(),
  /**
   * Set up on this server: the sandbox always; Duffel with DUFFEL_ACCESS_TOKEN. A supplier that
   * is not connected is never asked, whatever `enabled` says.
   */
  connected: z.boolean(),
  /** Asked by searches and sold; off, its offers no longer appear (bookings made stay). */
  enabled: z.boolean(),
  /**
   * Added to a remote supplier's converted price: a percentage of it and a fixed amount per
   * passenger (the sandbox's prices are the platform's own: its markup is not applied). Since issue
   * 33 this is the supplier's own platform pricing rule (one of `/api/admin/pricing/rules`,
   * matching this supplier only): changing it here writes that rule, 0 and 0 removes it.
   */
  markup: z.object({ percent: z.number(), fixed_per_passenger: Money }),
  updated_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  updated_at: z.string(),
  /** null for the sandbox (embedded, no calls) and a supplier not connected. */
  health: SupplierHealth.nullable(),
});
export type AdminSupplier = z.infer<typeof AdminSupplier>;

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const SupplierUpdateBody = z
  .strictObject({
    enabled: z.boolean().optional(),
    /** 0–100, at most two decimals (4.5 = 4.5 %). */
    markup_percent: z
      .number()
      .min(0, 'At least 0')
      .max(100, 'At most 100')
      .refine(twoDecimals, 'At most two decimals')
      .optional(),
    /** In the platform currency, at most two decimals. */
    markup_fixed_per_passenger: z
      .number()
      .min(0, 'At least 0')
      .max(1_000_000, 'At most 1,000,000')
      .refine(twoDecimals, 'At most two decimals')
      .optional(),
  })
  .refine(
    (body) =>
      body.enabled !== undefined ||
      body.markup_percent !== undefined ||
      body.markup_fixed_per_passenger !== undefined,
    {
      message: 'Change at least one of enabled, markup_percent, markup_fixed_per_passenger',
      path: ['enabled'],
    },
  );
export type SupplierUpdateBody = z.input<typeof SupplierUpdateBody>;

export const CurrencyRate = z.object({
  id: z.uuid(),
  currency: z.string().length(3),
  /** Platform currency units for one unit of `currency`. */
  rate: z.number().positive(),
  /** The day (UTC) from which it converts, until a later one of the same currency. */
  effective_on: z.string(),
  /** The rate remote prices are converted at today. */
  in_force: z.boolean(),
  set_by: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type CurrencyRate = z.infer<typeof CurrencyRate>;

export const AdminRates = z.object({
  /** CURRENCY: what every price is shown and charged in (its rate is 1, never listed). */
  platform_currency: z.string().length(3),
  /** Every rate kept, by currency, newest effective date first. */
  rates: z.array(CurrencyRate),
});
export type AdminRates = z.infer<typeof AdminRates>;

export const RatesBody = z.strictObject({
  /** Sets each currency's rate from its day; the same currency and day again replaces it. */
  rates: z
    .array(
      z.strictObject({
        currency: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{3}$/, 'An ISO 4217 currency code'),
        rate: z.number().positive('More than 0').max(1_000_000, 'At most 1,000,000'),
        effective_on: CalendarDate(),
      }),
    )
    .min(1, 'At least one rate')
    .max(50, 'At most 50 rates at once'),
});
export type RatesBody = z.input<typeof RatesBody>;

export const adminSupplierEndpoints = {
  suppliers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/suppliers',
    summary: 'Every flight supplier: on or off, markup, and the health of its calls on this server',
    access: 'operator',
    response: z.array(AdminSupplier),
  }),
  supplier: defineEndpoint({
    method: 'GET',
    path: '/api/admin/suppliers/{code}',
    summary: 'One flight supplier: on or off, markup, health',
    access: 'operator',
    params: SupplierParams,
    response: AdminSupplier,
  }),
  updateSupplier: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/suppliers/{code}',
    summary:
      'Turn a supplier on or off, or change its markup (409 when it would leave no connected supplier on)',
    access: 'operator',
    params: SupplierParams,
    body: SupplierUpdateBody,
    response: AdminSupplier,
  }),
  rates: defineEndpoint({
    method: 'GET',
    path: '/api/admin/rates',
    summary: 'The currency rates remote prices are converted at, with the day each takes effect',
    access: 'operator',
    response: AdminRates,
  }),
  setRates: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/rates',
    summary: 'Set currency rates from a day (422 for the platform currency itself)',
    access: 'operator',
    body: RatesBody,
    response: AdminRates,
  }),
};
