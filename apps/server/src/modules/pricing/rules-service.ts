import {
  AppError,
  amountToMinor,
  type FieldErrors,
  MAX_RULE_PERCENT,
  minorToAmount,
  type ParsedPricingRuleBody,
  type PassengerType,
  type PricingPreview,
  type PricingPreviewBody,
  type PricingRule,
  type ReorderRulesBody,
  type RuleMatch,
  type SupplierCode,
} from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import { airportGeo } from './airports.js';
import { specificity } from './engine.js';
import { type Pricer, pricerOf, toEngineRule } from './pricer.js';
import * as repo from './rules-repo.js';

/**
 * The rules of one owner — an agency's (pricing.manage) or the platform's (the back office) — as
 * the endpoints write them: validated into rules that can be met (422 on the field otherwise),
 * kept in the owner's order, previewed on a trip. What a rule does is the engine's (engine.ts).
 */

export type RuleOwner =
  | { kind: 'agency'; companyId: string; currency: string }
  | { kind: 'platform'; currency: string };

const ownerId = (owner: RuleOwner) => (owner.kind === 'agency' ? owner.companyId : null);

/** The shares of the adult fare a child and an infant pay in a preview (as remote prices share them). */
const PREVIEW_SHARES: Record<PassengerType, number> = { adult: 1, child: 0.75, infant: 0.1 };

export const RULE_MESSAGES = {
  notFound: 'Rule not found',
  percentTooHigh: `A percentage is at most ${MAX_RULE_PERCENT.toLocaleString('en')} %`,
  percentDecimals: 'Two decimals at most',
  noValue: 'Give a percentage, a fixed amount or both',
  fixedTooLarge: 'A fixed amount is at most 1,000,000',
  endBeforeStart: 'The end is before the start',
  region: 'Choose the region',
  country: 'Choose the country',
  airport: 'Choose the airport',
  supplierOnAgencyRule: "Only the platform's rules name a supplier",
  feeOnPlatform: "The platform's rules are markups: service fees are the agency's",
  feeEvent: 'Choose when the fee is charged',
  markupEvent: 'A markup applies whenever the fare is priced: it has no event',
  feeNegative: 'A fee is more than 0',
  reorderDuplicates: 'A rule is listed twice',
  reorderIncomplete: 'List every rule, or every rule of one kind',
} as const;

/** The route's places its scope uses; the others cleared (a region left on a domestic rule means nothing). */
function normalizedMatch(match: RuleMatch): RuleMatch {
  const { scope } = match.route;
  return {
    ...match,
    route: {
      scope,
      region: scope === 'region' ? match.route.region : null,
      from_country: scope === 'country_pair' ? match.route.from_country : null,
      to_country: scope === 'country_pair' ? match.route.to_country : null,
      from_airport: scope === 'airport_pair' ? match.route.from_airport : null,
      to_airport: scope === 'airport_pair' ? match.route.to_airport : null,
    },
  };
}

export function ruleErrors(owner: RuleOwner, body: ParsedPricingRuleBody): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const { match, value } = body;

  if (owner.kind === 'platform' && body.kind === 'fee') add('kind', RULE_MESSAGES.feeOnPlatform);
  if (owner.kind === 'agency' && match.supplier !== null)
    add('match.supplier', RULE_MESSAGES.supplierOnAgencyRule);
  if (body.kind === 'fee' && body.event === null) add('event', RULE_MESSAGES.feeEvent);
  if (body.kind === 'markup' && body.event !== null) add('event', RULE_MESSAGES.markupEvent);

  if (value.percent === null && value.fixed === null) add('value.percent', RULE_MESSAGES.noValue);
  if (value.percent !== null) {
    if (value.percent > MAX_RULE_PERCENT) add('value.percent', RULE_MESSAGES.percentTooHigh);
    else if (Math.abs(value.percent * 100 - Math.round(value.percent * 100)) > 1e-6) {
      add('value.percent', RULE_MESSAGES.percentDecimals);
    }
    if (body.kind === 'fee' && value.percent < 0) add('value.percent', RULE_MESSAGES.feeNegative);
  }
  if (value.fixed !== null) {
    if (value.fixed.CurrencyCode.toUpperCase() !== owner.currency) {
      add(
        'value.fixed.CurrencyCode',
        owner.kind === 'agency'
          ? `Fixed amounts are in ${owner.currency}, the agency's currency`
          : `Fixed amounts are in ${owner.currency}, the platform currency`,
      );
    }
    if (Math.abs(value.fixed.Amount) > 1_000_000) add('value.fixed.Amount', RULE_MESSAGES.fixedTooLarge);
    if (body.kind === 'fee' && value.fixed.Amount < 0) add('value.fixed.Amount', RULE_MESSAGES.feeNegative);
  }

  if (match.booking_from && match.booking_to && match.booking_to < match.booking_from) {
    add('match.booking_to', RULE_MESSAGES.endBeforeStart);
  }
  if (match.travel_from && match.travel_to && match.travel_to < match.travel_from) {
    add('match.travel_to', RULE_MESSAGES.endBeforeStart);
  }
  const { route } = match;
  if (route.scope === 'region' && route.region === null) add('match.route.region', RULE_MESSAGES.region);
  if (route.scope === 'country_pair') {
    if (route.from_country === null) add('match.route.from_country', RULE_MESSAGES.country);
    if (route.to_country === null) add('match.route.to_country', RULE_MESSAGES.country);
  }
  if (route.scope === 'airport_pair') {
    if (route.from_airport === null) add('match.route.from_airport', RULE_MESSAGES.airport);
    if (route.to_airport === null) add('match.route.to_airport', RULE_MESSAGES.airport);
  }
  return errors;
}

function refuseImpossible(owner: RuleOwner, body: ParsedPricingRuleBody) {
  const errors = ruleErrors(owner, body);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, { fieldErrors: errors });
}

/** The row a body writes (position and ownership apart). */
function columnsOf(body: ParsedPricingRuleBody) {
  return {
    kind: body.kind,
    name: body.name,
    enabled: body.enabled,
    match: JSON.stringify(normalizedMatch(body.match)),
    percent_bps: body.value.percent === null ? null : Math.round(body.value.percent * 100),
    fixed_minor: body.value.fixed === null ? null : amountToMinor(body.value.fixed.Amount),
    fixed_per: body.value.fixed_per,
    rounding: body.rounding,
    event: body.kind === 'fee' ? body.event : null,
  };
}

export function presentRule(row: repo.PricingRuleRow, currency: string): PricingRule {
  const match = row.match as RuleMatch;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    position: row.position,
    match,
    value: {
      percent: row.percent_bps === null ? null : row.percent_bps / 100,
      fixed:
        row.fixed_minor === null ? null : { Amount: minorToAmount(row.fixed_minor), CurrencyCode: currency },
      fixed_per: row.fixed_per,
    },
    rounding: row.rounding,
    event: row.event,
    specificity: specificity(match),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type RuleChange = {
  before: PricingRule | null;
  after: PricingRule | null;
};

export function createRulesService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  const notFound = () => new AppError('not_found', RULE_MESSAGES.notFound);

  const listed = async (owner: RuleOwner, from: Kysely<Database> = db) =>
    (await repo.listRules(from, ownerId(owner))).map((row) => presentRule(row, owner.currency));

  return {
    list: (owner: RuleOwner) => listed(owner),

    /**
     * Each writer runs `audit` in its transaction (the back office's audit log) with the rule
     * before and after.
     */
    async create(
      owner: RuleOwner,
      actorId: string,
      body: ParsedPricingRuleBody,
      audit?: (trx: Transaction<Database>, change: RuleChange) => Promise<unknown>,
    ): Promise<PricingRule> {
      refuseImpossible(owner, body);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const rules = await repo.lockRules(trx, ownerId(owner));
        const position = rules.reduce((last, rule) => Math.max(last, rule.position + 1), 0);
        const row = await repo.insertRule(trx, {
          ...columnsOf(body),
          company_id: ownerId(owner),
          position,
          created_by: actorId,
          updated_by: actorId,
          created_at: now,
          updated_at: now,
        });
        const after = presentRule(row, owner.currency);
        await audit?.(trx, { before: null, after });
        return after;
      });
    },

    async update(
      owner: RuleOwner,
      actorId: string,
      id: string,
      body: ParsedPricingRuleBody,
      audit?: (trx: Transaction<Database>, change: RuleChange) => Promise<unknown>,
    ): Promise<PricingRule> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const locked = await repo.lockRule(trx, ownerId(owner), id);
        if (!locked) throw notFound();
        refuseImpossible(owner, body);
        const row = await repo.updateRule(trx, id, {
          ...columnsOf(body),
          updated_by: actorId,
          updated_at: now,
        });
        const change = {
          before: presentRule(locked, owner.currency),
          after: presentRule(row, owner.currency),
        };
        await audit?.(trx, change);
        return change.after;
      });
    },

    async remove(
      owner: RuleOwner,
      id: string,
      audit?: (trx: Transaction<Database>, change: RuleChange) => Promise<unknown>,
    ): Promise<Record<string, never>> {
      await db.transaction().execute(async (trx) => {
        const locked = await repo.lockRule(trx, ownerId(owner), id);
        if (!locked) throw notFound();
        await repo.deleteRule(trx, id);
        await audit?.(trx, { before: presentRule(locked, owner.currency), after: null });
      });
      return {};
    },

    /**
     * The ids listed take, in their new order, the positions they held between them: a reorder of
     * the fees alone leaves the markups where they were.
     */
    async reorder(
      owner: RuleOwner,
      actorId: string,
      body: ReorderRulesBody,
      audit?: (trx: Transaction<Database>, order: { before: string[]; after: string[] }) => Promise<unknown>,
    ): Promise<PricingRule[]> {
      const now = clock.now();
      if (new Set(body.ids).size !== body.ids.length) {
        throw new AppError('validation', RULE_MESSAGES.reorderDuplicates, {
          fieldErrors: { ids: [RULE_MESSAGES.reorderDuplicates] },
        });
      }
      return db.transaction().execute(async (trx) => {
        const rules = await repo.lockRules(trx, ownerId(owner));
        const byId = new Map(rules.map((rule) => [rule.id, rule]));
        // Another owner's rule, or none at all, is as missing as an unknown one.
        if (body.ids.some((id) => !byId.has(id))) throw notFound();
        const kinds = new Set(body.ids.map((id) => byId.get(id)!.kind));
        const expected = rules.filter((rule) => kinds.size > 1 || kinds.has(rule.kind));
        if (expected.length !== body.ids.length) {
          throw new AppError('validation', RULE_MESSAGES.reorderIncomplete, {
            fieldErrors: { ids: [RULE_MESSAGES.reorderIncomplete] },
          });
        }
        const positions = expected.map((rule) => rule.position).sort((a, b) => a - b);
        // Equal positions (two rules added at once) become distinct ones here.
        for (let i = 1; i < positions.length; i++) {
          if (positions[i]! <= positions[i - 1]!) positions[i] = positions[i - 1]! + 1;
        }
        const before = rules.map((rule) => rule.id);
        for (const [index, id] of body.ids.entries()) {
          if (byId.get(id)!.position !== positions[index]) {
            await repo.setPosition(trx, id, positions[index]!, actorId, now);
          }
        }
        const after = await listed(owner, trx);
        await audit?.(trx, { before, after: after.map((rule) => rule.id) });
        return after;
      });
    },

    /** What the trip sells at under the owner's rules (an agency's preview adds its issue fees). */
    async preview(owner: RuleOwner, input: z.output<typeof PricingPreviewBody>): Promise<PricingPreview> {
      if (input.net_per_adult.CurrencyCode.toUpperCase() !== owner.currency) {
        const message = `Prices are in ${owner.currency}`;
        throw new AppError('validation', message, {
          fieldErrors: { 'net_per_adult.CurrencyCode': [message] },
        });
      }
      const rules = (await repo.listRules(db, ownerId(owner))).map(toEngineRule);
      const pricer: Pricer = pricerOf(rules, await airportGeo());
      const netPerAdult = amountToMinor(input.net_per_adult.Amount);
      const counts: Record<PassengerType, number> = {
        adult: input.adult_quantity,
        child: input.child_quantity,
        infant: input.infant_quantity,
      };
      const today = clock.now().toISOString().slice(0, 10);
      const trip = {
        supplier: (input.supplier ?? 'sandbox') as SupplierCode,
        validatingCarrier: input.validating_carrier ?? '',
        origin: input.origin,
        destination: input.destination,
        tripType: input.trip_type,
        cabin: input.cabin,
        brand: input.brand,
        departureDate: input.departure_date ?? today,
        bookingDate: today,
        passengers: (Object.keys(counts) as PassengerType[]).map((type) => ({
          type,
          count: counts[type],
          netMinor: Math.round(netPerAdult * PREVIEW_SHARES[type]),
        })),
        currency: owner.currency,
      };
      const priced = pricer.sell(trip);
      const netMinor = trip.passengers.reduce((sum, p) => sum + p.count * p.netMinor, 0);
      const money = (minor: number) => ({ Amount: minorToAmount(minor), CurrencyCode: owner.currency });
      const fees = owner.kind === 'agency' ? pricer.fees(trip, 'issue') : [];
      return {
        net: money(netMinor),
        selling: money(priced.sellingMinor),
        markup: money(priced.sellingMinor - netMinor),
        passengers: priced.perType.map((entry) => ({
          passenger_type: entry.type,
          quantity: entry.count,
          net: money(entry.netMinor),
          selling: money(entry.sellingMinor),
          rule: entry.rule,
        })),
        fees: fees.map((fee) => ({ name: fee.name, amount: money(fee.amountMinor), rule: fee.rule })),
        rule: priced.rule,
      };
    },
  };
}
