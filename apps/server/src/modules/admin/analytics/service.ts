import {
  type AdminKpi,
  type AdminKpiKey,
  type AdminKpis,
  COMPANY_STATUSES,
  type KpiQuery,
  type KpiUnit,
  minorToAmount,
  SUPPLIER_NAMES,
  type SupplierCode,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import { kpiRange } from '../../company/index.js';
import * as repo from './repo.js';

/**
 * GET /api/admin/kpi (issue 15): the platform's figures over a range, each with the period of
 * equal length before it. Sales, refunds, bookings, tickets and approved deposits are the agencies'
 * rollups summed; each agency's days are its own (its zone), and a range without dates ends on
 * today in UTC. What operators decide (agencies, deposits) is averaged from where it is kept.
 *
 * - registrations: agencies registered; bookings: holds made; tickets: tickets issued;
 * - gross sales: ticket debits; refunds: refund and void credits; deposits approved: their amount;
 * - deposits pending: a snapshot of now (no period before, no series): the count waiting, its one
 *   line the count and their amount;
 * - agency / deposit approval hours: from registration (or the last vendor form) to approval, from
 *   a deposit's recording to its decision, averaged over the decisions of the range (0 without any;
 *   the period before null without any); their one line the count of decisions taken;
 * - top agencies: by sales (each line's amount), with their bookings as the line's value;
 * - platform margin (issue 33): what the platform's rules added to suppliers' prices on the bookings
 *   ticketed on the day, a booking voided since counting nothing; its lines by supplier, and a
 *   breakdown by agency (each line's `margin`, bookings as its value).
 */

const TOP = 10;

export function createAdminAnalyticsService(deps: { db: Kysely<Database>; clock: Clock; currency: string }) {
  const { db, clock, currency } = deps;

  return {
    async kpis(query: KpiQuery): Promise<AdminKpis> {
      const range = kpiRange(query, clock.now().toISOString().slice(0, 10));
      const [
        days,
        current,
        previous,
        statuses,
        pending,
        agencyHours,
        agencyHoursBefore,
        depositHours,
        depositHoursBefore,
        top,
        marginDays,
        margin,
        marginBefore,
        marginBySupplier,
        marginByAgency,
      ] = await Promise.all([
        repo.platformDays(db, range, range.days, currency),
        repo.platformTotals(db, range, currency),
        repo.platformTotals(db, range.previous, currency),
        repo.agenciesByStatus(db),
        repo.pendingDeposits(db, currency),
        repo.agencyApprovalHours(db, range),
        repo.agencyApprovalHours(db, range.previous),
        repo.depositDecisionHours(db, range),
        repo.depositDecisionHours(db, range.previous),
        repo.topAgencies(db, range, currency, TOP),
        repo.platformMarginDays(db, range, range.days, currency),
        repo.platformMargin(db, range, currency),
        repo.platformMargin(db, range.previous, currency),
        repo.platformMarginBy(db, range, currency, 'supplier', TOP),
        repo.platformMarginBy(db, range, currency, 'agency', TOP),
      ]);
      const marginItems = (lines: repo.MarginLine[], by: 'supplier' | 'agency') =>
        lines.map((line) => ({
          key: line.key,
          label: by === 'supplier' ? (SUPPLIER_NAMES[line.key as SupplierCode] ?? line.key) : line.name,
          value: line.bookings,
          amount: null,
          margin: minorToAmount(line.margin_minor),
        }));

      const figure = (
        key: AdminKpiKey,
        label: string,
        unit: KpiUnit,
        pick: (figures: repo.PlatformDay) => number,
      ): AdminKpi => {
        const shown = (value: number) => (unit === 'money' ? minorToAmount(value) : value);
        return {
          key,
          label,
          value: shown(pick(current)),
          unit,
          currency: unit === 'money' ? currency : null,
          previous: shown(pick(previous)),
          series: days.map((day) => ({ date: day.day, value: shown(pick(day)) })),
          items: [],
        };
      };
      const hours = (
        key: AdminKpiKey,
        label: string,
        times: repo.DecisionTimes,
        before: repo.DecisionTimes,
      ): AdminKpi => ({
        key,
        label,
        value: roundHours(times.hours ?? 0),
        unit: 'hours',
        currency: null,
        previous: before.hours === null ? null : roundHours(before.hours),
        series: [],
        items: [{ key: 'decisions', label: 'Decisions taken', value: times.decisions, amount: null }],
      });
      const counted = new Map(statuses.map((row) => [row.verification_status, Number(row.count)]));

      return {
        from: range.from,
        to: range.to,
        currency,
        agencies_by_status: COMPANY_STATUSES.map((status) => ({ status, count: counted.get(status) ?? 0 })),
        kpis: [
          figure('registrations', 'New agencies', 'count', (f) => f.registrations),
          figure('bookings', 'Bookings', 'count', (f) => f.bookings),
          figure('tickets', 'Tickets issued', 'count', (f) => f.tickets),
          figure('gross_sales', 'Gross sales', 'money', (f) => f.sales_minor),
          figure('refunds', 'Refunds', 'money', (f) => f.refunds_minor),
          figure('deposits_approved', 'Deposits approved', 'money', (f) => f.deposits_minor),
          {
            key: 'deposits_pending',
            label: 'Deposits pending',
            value: pending.count,
            unit: 'count',
            currency,
            previous: null,
            series: [],
            items: [
              {
                key: 'pending',
                label: 'Waiting for a decision',
                value: pending.count,
                amount: minorToAmount(pending.amount_minor),
              },
            ],
          },
          hours('agency_approval_hours', 'Time to approve an agency', agencyHours, agencyHoursBefore),
          hours('deposit_approval_hours', 'Time to decide a deposit', depositHours, depositHoursBefore),
          {
            key: 'top_agencies',
            label: 'Top agencies',
            value: minorToAmount(current.sales_minor),
            unit: 'money',
            currency,
            previous: null,
            series: [],
            items: top.map((agency) => ({
              key: agency.company_id,
              label: agency.name,
              value: agency.bookings,
              amount: minorToAmount(agency.sales_minor),
            })),
          },
          {
            key: 'platform_margin',
            label: 'Platform margin',
            value: minorToAmount(margin),
            unit: 'money',
            currency,
            previous: minorToAmount(marginBefore),
            series: marginDays.map((day) => ({ date: day.day, value: minorToAmount(day.margin_minor) })),
            items: marginItems(marginBySupplier, 'supplier'),
          },
          {
            key: 'platform_margin_by_agency',
            label: 'Platform margin by agency',
            value: minorToAmount(margin),
            unit: 'money',
            currency,
            previous: null,
            series: [],
            items: marginItems(marginByAgency, 'agency'),
          },
        ],
      };
    },
  };
}

/** Hours to a tenth. */
const roundHours = (hours: number) => Math.round(hours * 10) / 10;

export type AdminAnalyticsService = ReturnType<typeof createAdminAnalyticsService>;
