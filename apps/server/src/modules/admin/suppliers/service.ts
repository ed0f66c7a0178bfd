import {
  type AdminRates,
  type AdminSupplier,
  AppError,
  amountToMinor,
  minorToAmount,
  type RatesBody,
  type SupplierCode,
  type SupplierHealth,
  type SupplierUpdateBody,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../../platform/audit/audit-log.js';
import type { OperatorAction } from '../../../platform/audit/operator-action.js';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { SupplierConsole, SupplierStatus } from '../../../supplier/supplier-set.js';
import * as repo from './repo.js';

/**
 * The Suppliers and Rates pages (issue 29): the suppliers' switches and markups with their health
 * (a supplier's markup is its own platform pricing rule since issue 33: modules/admin/pricing)
 * (as this process saw the calls: decision 019), and the currency rates remote prices are
 * converted at. Each change is audited in its transaction and read again by searches on this
 * process at once, on others within a few seconds (supplier/supplier-settings.ts).
 */

const NAMES: Record<SupplierCode, string> = { sandbox: 'SkyDesk sandbox', duffel: 'Duffel' };

function presentHealth(status: SupplierStatus | undefined): SupplierHealth | null {
  if (!status?.health || !status.circuit) return null;
  const { health, circuit } = status;
  return {
    window_minutes: Math.round(health.windowMs / 60_000),
    calls: health.calls,
    errors: health.errors,
    p95_latency_ms: health.p95LatencyMs,
    last_error: health.lastError && {
      cause: health.lastError.cause,
      operation: health.lastError.operation,
      message: health.lastError.message,
      status: health.lastError.status,
      code: health.lastError.code,
      at: health.lastError.at.toISOString(),
    },
    skipped: health.skipped,
    offers_without_rate: health.offersWithoutRate,
    circuit: {
      state: circuit.state,
      consecutive_failures: circuit.consecutiveFailures,
      retry_at: circuit.retryAt?.toISOString() ?? null,
      opened_at: circuit.openedAt?.toISOString() ?? null,
    },
  };
}

export function createAdminSupplierService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  currency: string;
  console: SupplierConsole;
}) {
  const { db, clock, currency, console: suppliers } = deps;

  const present = (row: repo.SettingRow, statuses: SupplierStatus[]): AdminSupplier => {
    const status = statuses.find((s) => s.code === row.code);
    return {
      code: row.code,
      name: NAMES[row.code],
      connected: status?.connected ?? false,
      enabled: row.enabled,
      // The supplier's own platform rule (issue 33), as issue 29's markup fields show it.
      markup: {
        percent: (row.markup_bps ?? 0) / 100,
        fixed_per_passenger: { Amount: minorToAmount(row.markup_fixed_minor ?? 0), CurrencyCode: currency },
      },
      updated_by:
        row.updated_by && row.updated_by_name ? { id: row.updated_by, name: row.updated_by_name } : null,
      updated_at: row.updated_at.toISOString(),
      health: presentHealth(status),
    };
  };

  const notFound = () => new AppError('not_found', 'Supplier not found');

  async function listRates(): Promise<AdminRates> {
    const today = clock.now().toISOString().slice(0, 10);
    const rows = await repo.listRates(db);
    const inForce = new Map<string, string>();
    // Rows come newest effective date first per currency: the first on or before today is in force.
    for (const row of rows) {
      if (row.effective_on <= today && !inForce.has(row.currency)) inForce.set(row.currency, row.id);
    }
    return {
      platform_currency: currency,
      rates: rows.map((row) => ({
        id: row.id,
        currency: row.currency.trim(),
        rate: row.rate,
        effective_on: row.effective_on,
        in_force: inForce.get(row.currency) === row.id,
        set_by: row.set_by && row.set_by_name ? { id: row.set_by, name: row.set_by_name } : null,
        created_at: row.created_at.toISOString(),
      })),
    };
  }

  return {
    async list(): Promise<AdminSupplier[]> {
      const statuses = suppliers.statuses();
      return (await repo.listSettings(db)).map((row) => present(row, statuses));
    },

    async get(code: SupplierCode): Promise<AdminSupplier> {
      const row = (await repo.listSettings(db)).find((r) => r.code === code);
      if (!row) throw notFound();
      return present(row, suppliers.statuses());
    },

    async update(
      actor: OperatorAction,
      code: SupplierCode,
      body: SupplierUpdateBody,
    ): Promise<AdminSupplier> {
      const now = clock.now();
      const statuses = suppliers.statuses();
      const connected = new Set(statuses.filter((s) => s.connected).map((s) => s.code));
      const result = await db.transaction().execute(async (trx) => {
        const all = await repo.lockAllSettings(trx);
        const locked = await repo.lockSetting(trx, code);
        if (!locked) throw notFound();
        const before = present(locked, statuses);
        const enabled = body.enabled ?? locked.enabled;
        if (!enabled && connected.has(code)) {
          const othersOn = all.some(
            (other) => other.code !== code && other.enabled && connected.has(other.code),
          );
          if (!othersOn) {
            throw new AppError(
              'conflict',
              'Another connected supplier must stay on: agencies would find no flights at all',
            );
          }
        }
        await repo.updateSetting(trx, code, { enabled, updated_by: actor.operatorId, updated_at: now });
        if (body.markup_percent !== undefined || body.markup_fixed_per_passenger !== undefined) {
          await repo.saveSupplierMarkup(
            trx,
            code,
            {
              bps:
                body.markup_percent === undefined
                  ? (locked.markup_bps ?? 0)
                  : Math.round(body.markup_percent * 100),
              fixedMinor:
                body.markup_fixed_per_passenger === undefined
                  ? (locked.markup_fixed_minor ?? 0)
                  : amountToMinor(body.markup_fixed_per_passenger),
            },
            actor.operatorId,
            now,
          );
        }
        const row = await repo.lockSetting(trx, code);
        const after = present(row!, statuses);
        const audited = (supplier: AdminSupplier) => ({ enabled: supplier.enabled, markup: supplier.markup });
        await recordAudit(trx, {
          actor,
          action: 'supplier.update',
          target: { type: 'supplier', id: code },
          before: audited(before),
          after: audited(after),
          at: now,
        });
        return { before, after };
      });
      suppliers.changed(!result.before.enabled && result.after.enabled ? { turnedOn: code } : {});
      return result.after;
    },

    rates: listRates,

    async setRates(actor: OperatorAction, body: RatesBody): Promise<AdminRates> {
      const now = clock.now();
      const rates = body.rates.map((rate) => ({ ...rate, currency: rate.currency.trim().toUpperCase() }));
      const fieldErrors: Record<string, string[]> = {};
      const seen = new Set<string>();
      rates.forEach((rate, index) => {
        if (rate.currency === currency) {
          fieldErrors[`rates.${index}.currency`] = [
            `${currency} is the platform currency: its rate is always 1`,
          ];
        }
        const key = `${rate.currency}/${rate.effective_on}`;
        if (seen.has(key))
          fieldErrors[`rates.${index}.effective_on`] = ['This currency and day are given twice'];
        seen.add(key);
      });
      if (Object.keys(fieldErrors).length > 0) {
        throw new AppError('validation', Object.values(fieldErrors)[0]![0]!, { fieldErrors });
      }
      await db.transaction().execute(async (trx) => {
        for (const rate of rates) {
          const before = await repo.rateOn(trx, rate.currency, rate.effective_on);
          const { id } = await repo.upsertRate(trx, { ...rate, set_by: actor.operatorId, at: now });
          await recordAudit(trx, {
            actor,
            action: 'rate.set',
            target: { type: 'rate', id },
            before: before
              ? { currency: rate.currency, rate: before.rate, effective_on: rate.effective_on }
              : null,
            after: { currency: rate.currency, rate: rate.rate, effective_on: rate.effective_on },
            at: now,
          });
        }
      });
      suppliers.changed({});
      return listRates();
    },
  };
}
