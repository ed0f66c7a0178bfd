import type { FeeEvent, RuleMatch } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { airportGeo } from './airports.js';
import {
  type EngineRule,
  type FeeResult,
  fees,
  type GeoLookup,
  needsGeo,
  type PricedTrip,
  type SellResult,
  sell,
} from './engine.js';
import { listRules, type PricingRuleRow } from './rules-repo.js';

export type { EngineRule, FeeResult, PerTypePrice, PricedTrip, SellResult } from './engine.js';

/**
 * One owner's pricing rules, read once, applied to as many trips as a caller has (a search's
 * hundreds of offers): the agency's (companyId) turn its net into the client's selling price, the
 * platform's (companyId null) turn a supplier's price into the agency's net. With no rules,
 * `sell` answers the net itself and no rule (docs/booking-and-money.md, "Pricing rules").
 */
export type Pricer = {
  sell(trip: PricedTrip): SellResult;
  fees(trip: PricedTrip, event: FeeEvent): FeeResult[];
  /** The rules read, enabled or not, in their order. */
  readonly rules: readonly EngineRule[];
};

export async function loadPricer(
  db: Kysely<Database>,
  owner: { companyId: string | null /* null = platform */ },
): Promise<Pricer> {
  const rules = (await listRules(db, owner.companyId)).map(toEngineRule);
  return pricerOf(
    rules,
    rules.some((rule) => rule.enabled && needsGeo(rule.match)) ? await airportGeo() : noGeo,
  );
}

/** A pricer over rules already in hand (the preview's, a test's). */
export function pricerOf(rules: readonly EngineRule[], geo: GeoLookup): Pricer {
  return {
    rules,
    sell: (trip) => sell(rules, trip, geo),
    fees: (trip, event) => fees(rules, trip, event, geo),
  };
}

const noGeo: GeoLookup = () => undefined;

export function toEngineRule(row: PricingRuleRow): EngineRule {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    enabled: row.enabled,
    position: row.position,
    match: row.match as RuleMatch,
    percentBps: row.percent_bps,
    fixedMinor: row.fixed_minor === null ? null : Number(row.fixed_minor),
    fixedPer: row.fixed_per,
    rounding: row.rounding,
    event: row.event,
  };
}
