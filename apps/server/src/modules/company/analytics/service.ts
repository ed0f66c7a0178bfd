import {
  type Kpi,
  type KpiItem,
  type KpiKey,
  type KpiQuery,
  type KpiUnit,
  minorToAmount,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { AnalyticsDimension, Database } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import { kpiRange } from './kpi-range.js';
import * as margins from './margin-repo.js';
import * as repo from './repo.js';

/**
 * GET /api/company/company-kpi (issue 15): the agency's figures over a range of its days, each with
 * the period of equal length before it, a value per day and, for breakdowns, their lines — all
 * aggregated in SQL from the rollups (repo.ts), nothing but a day's or a line's totals reaching
 * here. Money in the agency's currency: minor units inside, decimals on the wire.
 *
 * What the figures count, by the day (the agency's) it happened:
 * - searches: flight searches; bookings: holds made; tickets: tickets issued (one per passenger);
 * - spend: ticket debits; refunds: refund and void credits (money); cancellations: holds cancelled;
 *   voids: ticketed bookings voided;
 * - average ticket value: spend ÷ tickets; look-to-book: searches ÷ bookings (0 without bookings);
 * - top routes (first leg, 'LHR-JFK'), airlines (validating) and staff (who made the booking): by
 *   bookings made in the range, with the spend of tickets issued in it;
 * - outcomes: what became of bookings in the range — ticketed, cancelled, voided, refunded (refund
 *   requests approved), expired — and the holds made in it that are still on hold now;
 * - sales, net cost, margin and margin % (issue 33): the client paperwork issued on the day
 *   (margin-repo.ts), and each breakdown line's margin.
 */

/** The breakdowns' lines at most (the contract's). */
const TOP = 10;

/** Looks a code up for a label: an airline's name. */
export type AnalyticsLabels = { airline(code: string): Promise<string | undefined> };

export function createCompanyAnalyticsService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  labels: AnalyticsLabels;
}) {
  const { db, clock, labels } = deps;

  return {
    async companyKpi(principal: CompanyPrincipal, query: KpiQuery): Promise<Kpi[]> {
      const now = clock.now();
      const calendar = await repo.agencyCalendar(db, principal.companyId, now);
      if (!calendar) throw new Error(`Company ${principal.companyId} has no calendar`);
      const range = kpiRange(query, calendar.today);
      const { currency, time_zone: zone } = calendar;
      const { companyId } = principal;
      const [daily, totals, routes, airlines, staff, onHold, dailyMargin, margin, previousMargin] =
        await Promise.all([
          repo.dailyFigures(db, companyId, range, range.days),
          repo.periodTotals(db, companyId, range, range.previous),
          repo.topOf(db, companyId, 'route', range, TOP),
          repo.topOf(db, companyId, 'airline', range, TOP),
          repo.topOf(db, companyId, 'staff', range, TOP),
          repo.liveHoldsMadeIn(db, companyId, zone, range, now),
          margins.dailyMargin(db, companyId, zone, range, range.days),
          margins.periodMargin(db, companyId, zone, range),
          margins.periodMargin(db, companyId, zone, range.previous),
        ]);
      const { current, previous } = totals;

      const figure = (
        key: KpiKey,
        label: string,
        unit: KpiUnit,
        pick: (figures: repo.DailyFigures) => number,
      ): Kpi => {
        const money = unit === 'money';
        const shown = (value: number) => (money ? minorToAmount(value) : value);
        return {
          key,
          label,
          value: shown(pick(current)),
          unit,
          currency: money ? currency : null,
          previous: shown(pick(previous)),
          series: daily.map((day) => ({ date: day.day, value: shown(pick(day)) })),
          items: [],
        };
      };
      /** A figure over the range that has no meaningful value per day (an average, a ratio). */
      const overall = (
        key: KpiKey,
        label: string,
        unit: KpiUnit,
        of: (figures: repo.DailyFigures) => number,
      ): Kpi => ({
        key,
        label,
        value: of(current),
        unit,
        currency: unit === 'money' ? currency : null,
        previous: of(previous),
        series: [],
        items: [],
      });
      const breakdown = async (
        key: KpiKey,
        label: string,
        dimension: AnalyticsDimension,
        lines: repo.BreakdownLine[],
      ): Promise<Kpi> => ({
        key,
        label,
        // Every booking has one route, one airline and one maker: the lines add up to the bookings.
        value: current.bookings,
        unit: 'count',
        currency,
        previous: null,
        series: [],
        items: await lineItems(dimension, lines),
      });
      const lineItems = async (
        dimension: AnalyticsDimension,
        lines: repo.BreakdownLine[],
      ): Promise<KpiItem[]> => {
        const lineMargins = await margins.marginByKey(
          db,
          companyId,
          zone,
          range,
          dimension,
          lines.map((line) => line.key),
        );
        const names =
          dimension === 'staff'
            ? await repo.userNames(
                db,
                principal.companyId,
                lines.map((line) => line.key),
              )
            : null;
        return Promise.all(
          lines.map(async (line) => ({
            key: line.key,
            label:
              dimension === 'route'
                ? line.key.replace('-', ' → ')
                : dimension === 'airline'
                  ? ((await labels.airline(line.key)) ?? line.key)
                  : (names?.get(line.key) ?? line.key),
            value: line.bookings,
            amount: minorToAmount(line.spend_minor),
            margin: minorToAmount(lineMargins.get(line.key) ?? 0),
          })),
        );
      };

      const outcomes: KpiItem[] = [
        { key: 'ticketed', label: 'Ticketed', value: current.ticketed_bookings, amount: null },
        { key: 'cancelled', label: 'Cancelled', value: current.cancellations, amount: null },
        { key: 'voided', label: 'Voided', value: current.voids, amount: null },
        { key: 'refunded', label: 'Refunded', value: current.refunds, amount: null },
        { key: 'expired', label: 'Expired', value: current.expirations, amount: null },
        { key: 'on_hold', label: 'On hold', value: onHold, amount: null },
      ];
      // Largest first; equal ones keep the order above (Array.prototype.sort is stable).
      outcomes.sort((a, b) => b.value - a.value);

      /** A figure of the client paperwork: per day, over the range and the period before. */
      const earnings = (
        key: KpiKey,
        label: string,
        unit: 'money' | 'percent',
        of: (figures: margins.MarginFigures) => number,
      ): Kpi => ({
        key,
        label,
        value: of(margin),
        unit,
        currency: unit === 'money' ? currency : null,
        previous: of(previousMargin),
        series: dailyMargin.map((day) => ({ date: day.day, value: of(day) })),
        items: [],
      });

      return [
        figure('searches', 'Searches', 'count', (f) => f.searches),
        figure('bookings', 'Bookings', 'count', (f) => f.bookings),
        figure('tickets', 'Tickets issued', 'count', (f) => f.tickets),
        figure('spend', 'Spend', 'money', (f) => f.spend_minor),
        figure('refunds', 'Refunds', 'money', (f) => f.refunds_minor),
        figure('cancellations', 'Cancellations', 'count', (f) => f.cancellations),
        figure('voids', 'Voids', 'count', (f) => f.voids),
        overall('average_ticket_value', 'Average ticket value', 'money', (f) =>
          f.tickets === 0 ? 0 : minorToAmount(Math.round(f.spend_minor / f.tickets)),
        ),
        overall('look_to_book', 'Look-to-book', 'ratio', (f) =>
          f.bookings === 0 ? 0 : Math.round((f.searches / f.bookings) * 100) / 100,
        ),
        await breakdown('top_routes', 'Top routes', 'route', routes),
        await breakdown('top_airlines', 'Top airlines', 'airline', airlines),
        await breakdown('staff', 'Staff', 'staff', staff),
        {
          key: 'outcomes',
          label: 'Booking outcomes',
          value: outcomes.reduce((sum, item) => sum + item.value, 0),
          unit: 'count',
          currency: null,
          previous: null,
          series: [],
          items: outcomes,
        },
        earnings('sales', 'Sales', 'money', (f) => minorToAmount(f.sales_minor)),
        earnings('net_cost', 'Net cost', 'money', (f) => minorToAmount(f.net_minor)),
        earnings('margin', 'Margin', 'money', (f) => minorToAmount(f.sales_minor - f.net_minor)),
        earnings('margin_percent', 'Margin %', 'percent', marginPercent),
      ];
    },
  };
}

/** The margin as a percentage of sales, to one decimal; 0 without sales. */
const marginPercent = ({ sales_minor, net_minor }: margins.MarginFigures): number =>
  sales_minor === 0 ? 0 : Math.round(((sales_minor - net_minor) / sales_minor) * 1000) / 10;

export type CompanyAnalyticsService = ReturnType<typeof createCompanyAnalyticsService>;
