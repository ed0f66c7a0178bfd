import type { Kysely } from 'kysely';
import type { Clock } from '../platform/clock.js';
import type { Database } from '../platform/db/schema.js';
import type { SupplierCode } from './remote-orders.js';
import { NO_PLATFORM_RULES, type PlatformRules } from './remote-pricing.js';
import * as repo from './supplier-settings-repo.js';

/**
 * The operator's supplier switches, platform pricing rules (issue 33: they replace issue 29's
 * per-supplier markup) and currency rates as searches read them (issue 29):
 * kept in memory for a few seconds, so a search does not read the database for them, and read
 * again once that time has passed or an operator changed them on this process (`invalidate`).
 * Another process sees a change within `ttlMs`.
 */
export type SupplierSetting = { code: SupplierCode; enabled: boolean };

export type SupplierPolicy = {
  setting(code: SupplierCode): Promise<SupplierSetting>;
  /**
   * Platform currency units per one unit of `currency` in force today; 1 for the platform
   * currency itself; null without a rate (the offer is left out).
   */
  rate(currency: string): Promise<number | null>;
  /** The platform's pricing rules: the agency's net is a remote price plus the rule that matches. */
  platformRules(): Promise<PlatformRules>;
  invalidate(): void;
};

export const SETTINGS_TTL_MS = 5_000;

type Snapshot = {
  at: number;
  settings: Map<string, SupplierSetting>;
  rates: Map<string, number>;
  platform: PlatformRules;
};

export function createSupplierPolicy(deps: {
  db: Kysely<Database>;
  clock: Clock;
  platformCurrency: string;
  ttlMs?: number;
  /**
   * Reads the platform's rules (modules/pricing's loadPricer for the platform, given by the
   * composition root); none: remote prices are the supplier's, converted.
   */
  loadPlatformRules?: () => Promise<PlatformRules>;
}): SupplierPolicy {
  const ttlMs = deps.ttlMs ?? SETTINGS_TTL_MS;
  let snapshot: Promise<Snapshot> | undefined;
  let snapshotAt = 0;

  const load = async (): Promise<Snapshot> => {
    const now = deps.clock.now();
    const day = now.toISOString().slice(0, 10);
    const [settings, rates, platform] = await Promise.all([
      repo.listSupplierSettings(deps.db),
      repo.ratesInForce(deps.db, day),
      deps.loadPlatformRules?.() ?? NO_PLATFORM_RULES,
    ]);
    return {
      at: now.getTime(),
      settings: new Map(settings.map((row) => [row.code, { code: row.code, enabled: row.enabled }])),
      rates: new Map(rates.map((row) => [row.currency.trim(), row.rate])),
      platform,
    };
  };

  const current = () => {
    const now = deps.clock.now().getTime();
    if (!snapshot || now - snapshotAt >= ttlMs) {
      snapshotAt = now;
      const loading = load();
      snapshot = loading;
      // A failed read is not kept: the next search tries again.
      loading.catch(() => {
        if (snapshot === loading) snapshot = undefined;
      });
    }
    return snapshot;
  };

  return {
    async setting(code) {
      const found = (await current()).settings.get(code);
      // A supplier without a row is on (the migration makes a row for each).
      return found ?? { code, enabled: true };
    },
    async rate(currency) {
      if (currency === deps.platformCurrency) return 1;
      return (await current()).rates.get(currency) ?? null;
    },
    async platformRules() {
      return (await current()).platform;
    },
    invalidate() {
      snapshot = undefined;
    },
  };
}
