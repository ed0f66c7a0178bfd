import { z } from 'zod';
import { CalendarDate } from './calendar-date.js';
import { defineEndpoint } from './endpoint.js';
import { CompanyStatus } from './enums.js';
import { FALLBACK } from './messages.js';

/**
 * The agency's figures and the platform's (docs/api.md#support-notices-analytics: `GET
 * /api/company/company-kpi?fromDate&toDate`; "Back office": `GET /api/admin/kpi`). Each figure is a
 * `Kpi`: its value for the range, the same figure for the period of equal length just before it
 * (for the comparison an agent reads first), a value per day of the range for the charts, and for
 * breakdowns (top routes, airlines, staff, booking outcomes) its items, largest first. An agency's
 * days are its own (its time zone: company settings, by default its country's). The platform's
 * figures sum the agencies' days: a platform day is each agency's day of that date, in its own zone
 * (a range without dates ends on today in UTC).
 */

export const KPI_KEYS = [
  'searches',
  'bookings',
  'tickets',
  'spend',
  'refunds',
  'cancellations',
  'voids',
  'average_ticket_value',
  'look_to_book',
  'top_routes',
  'top_airlines',
  'staff',
  'outcomes',
  /**
   * Issue 33: what the agency's clients paid (selling prices and fees of issued bookings, net of
   * voids, refunds and changes), what it paid for them, the difference, and that as a percentage
   * of sales. A booking exchanged or refunded counts once, with its net effect.
   */
  'sales',
  'net_cost',
  'margin',
  'margin_percent',
] as const;
export const KpiKey = z.enum(KPI_KEYS);
export type KpiKey = z.infer<typeof KpiKey>;

export const ADMIN_KPI_KEYS = [
  'registrations',
  'bookings',
  'tickets',
  'gross_sales',
  'refunds',
  'deposits_approved',
  'deposits_pending',
  'agency_approval_hours',
  'deposit_approval_hours',
  'top_agencies',
  /** Issue 33: the platform rules' margin (agencies' net less suppliers' price), with items by supplier. */
  'platform_margin',
  /** Issue 33: the platform's margin by agency (items), largest first. */
  'platform_margin_by_agency',
] as const;
export const AdminKpiKey = z.enum(ADMIN_KPI_KEYS);
export type AdminKpiKey = z.infer<typeof AdminKpiKey>;

/** count: a number of things; money: an amount in `currency`; ratio: a plain number (searches per booking); hours; percent (issue 33: margin %). */
export const KPI_UNITS = ['count', 'money', 'ratio', 'hours', 'percent'] as const;
export const KpiUnit = z.enum(KPI_UNITS);
export type KpiUnit = z.infer<typeof KpiUnit>;

export const KpiPoint = z.object({ date: z.string(), value: z.number() });
export type KpiPoint = z.infer<typeof KpiPoint>;

/** One line of a breakdown: a route ("LHR-JFK"), an airline ("BA"), a user (their id), an outcome. */
export const KpiItem = z.object({
  key: z.string(),
  label: z.string(),
  /**
   * What the breakdown ranks by: bookings for routes and airlines and staff, bookings per outcome.
   * Top agencies rank by their sales (`amount`), with their bookings here.
   */
  value: z.number(),
  /** Money the line moved (spend of its tickets), when it has any. */
  amount: z.number().nullable(),
  /**
   * Issue 33: the line's margin (selling less net, fees included) — routes, airlines and staff of an
   * agency; the platform's margin for top agencies and suppliers. Absent where it means nothing.
   */
  margin: z.number().nullable().optional(),
});
export type KpiItem = z.infer<typeof KpiItem>;

function kpiShape<Key extends z.ZodType<string>>(key: Key) {
  return z.object({
    key,
    label: z.string(),
    value: z.number(),
    unit: KpiUnit,
    /** The currency of a money figure (and of the items' amounts); null otherwise. */
    currency: z.string().length(3).nullable(),
    /**
     * The same figure over the period of equal length just before the range; null for breakdowns,
     * for a snapshot of now (deposits pending) and for an average with nothing to average then.
     */
    previous: z.number().nullable(),
    /** One point per day of the range, oldest first; empty for breakdowns and averages over the range. */
    series: z.array(KpiPoint),
    /** A breakdown's lines, largest first (at most 10); empty for plain figures. */
    items: z.array(KpiItem),
  });
}

export const Kpi = kpiShape(KpiKey);
export type Kpi = z.infer<typeof Kpi>;

/**
 * `deposits_pending` is a snapshot of now: its value the deposits waiting, its one item their count
 * and amount. The approval hours average the decisions taken in the range (0 when none was); their one item,
 * `decisions`, counts those decisions, so a client can tell "none" from "at once".
 */
export const AdminKpi = kpiShape(AdminKpiKey);
export type AdminKpi = z.infer<typeof AdminKpi>;

/** The longest range one query covers: two years and a day (a leap year's). */
export const KPI_MAX_DAYS = 731;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * docs/product-spec.md §7: `fromDate` and `toDate`, inclusive days. Absent, the last 30 days up to today (the
 * agency's today for an agency).
 */
export const KpiQuery = z
  .strictObject({ fromDate: CalendarDate().optional(), toDate: CalendarDate().optional() })
  .refine((query) => !query.fromDate || !query.toDate || query.fromDate <= query.toDate, {
    message: 'The end is before the start',
    path: ['toDate'],
  })
  .refine(
    (query) =>
      !query.fromDate || !query.toDate || dayNumber(query.toDate) - dayNumber(query.fromDate) < KPI_MAX_DAYS,
    { message: `At most ${KPI_MAX_DAYS} days at once`, path: ['toDate'] },
  );
export type KpiQuery = z.input<typeof KpiQuery>;

/** How many days a range without dates covers. */
export const KPI_DEFAULT_DAYS = 30;

export const AdminKpis = z.object({
  /** The range the figures cover (UTC days), as asked or defaulted. */
  from: z.string(),
  to: z.string(),
  /** The platform's settlement currency. */
  currency: z.string().length(3),
  /** Agencies by verification status now (every status, zeros included). */
  agencies_by_status: z.array(z.object({ status: CompanyStatus, count: z.number().int() })),
  kpis: z.array(AdminKpi),
});
export type AdminKpis = z.infer<typeof AdminKpis>;

export const analyticsEndpoints = {
  companyKpi: defineEndpoint({
    method: 'GET',
    path: '/api/company/company-kpi',
    summary: "The agency's figures for a range of its days, each with the period before and per day",
    access: 'company',
    permission: 'analytics.view',
    query: KpiQuery,
    response: z.array(Kpi),
    fallbackMessage: FALLBACK.fetchAnalytics,
  }),
};

export const adminAnalyticsEndpoints = {
  kpi: defineEndpoint({
    method: 'GET',
    path: '/api/admin/kpi',
    summary: 'Platform totals for a range of UTC days: agencies, bookings, sales, refunds, deposits',
    access: 'operator',
    query: KpiQuery,
    response: AdminKpis,
  }),
};
