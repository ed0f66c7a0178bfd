import { adminPricingEndpoints, type PricingRule } from '@skydesk/contract';
import { recordAudit } from '../../../platform/audit/audit-log.js';
import { type OperatorAction, operatorAction } from '../../../platform/audit/operator-action.js';
import type { ModuleContext } from '../../../platform/module.js';
import type { SupplierConsole } from '../../../supplier/supplier-set.js';
import { createRulesService, type RuleOwner } from '../../pricing/index.js';

/**
 * The operator's platform rules (issue 33): the agency's net is the supplier's price plus the
 * platform rule that matches. Every change is in the audit log, in its own transaction, and read by
 * searches on this process at once (on others within a few seconds, as the supplier settings are).
 */
export function registerAdminPricingRoutes(
  { route, store, clock, config }: ModuleContext,
  suppliers: SupplierConsole,
) {
  const rules = createRulesService({ db: store.db, clock });
  const platform: RuleOwner = { kind: 'platform', currency: config.currency };
  const audited = (rule: PricingRule | null) =>
    rule && {
      name: rule.name,
      enabled: rule.enabled,
      match: rule.match,
      value: rule.value,
      rounding: rule.rounding,
    };
  const audit =
    (
      actor: OperatorAction,
      action: 'pricing_rule.create' | 'pricing_rule.update' | 'pricing_rule.delete',
      id?: string,
    ) =>
    (
      trx: Parameters<typeof recordAudit>[0],
      change: { before: PricingRule | null; after: PricingRule | null },
    ) =>
      recordAudit(trx, {
        actor,
        action,
        target: { type: 'pricing_rule', id: id ?? change.after?.id ?? change.before?.id ?? null },
        before: audited(change.before),
        after: audited(change.after),
        at: clock.now(),
      });

  route(adminPricingEndpoints.listRules, async () => ({
    message: 'Platform pricing rules',
    data: await rules.list(platform),
  }));

  route(adminPricingEndpoints.createRule, async ({ principal, request, body }) => {
    const actor = operatorAction(principal, request);
    const data = await rules.create(platform, actor.operatorId, body, audit(actor, 'pricing_rule.create'));
    suppliers.changed({});
    return { message: 'Rule added', data };
  });

  route(adminPricingEndpoints.updateRule, async ({ principal, request, params, body }) => {
    const actor = operatorAction(principal, request);
    const data = await rules.update(
      platform,
      actor.operatorId,
      params.id,
      body,
      audit(actor, 'pricing_rule.update', params.id),
    );
    suppliers.changed({});
    return { message: 'Rule saved', data };
  });

  route(adminPricingEndpoints.deleteRule, async ({ principal, request, params }) => {
    const actor = operatorAction(principal, request);
    const data = await rules.remove(platform, params.id, audit(actor, 'pricing_rule.delete', params.id));
    suppliers.changed({});
    return { message: 'Rule deleted', data };
  });

  route(adminPricingEndpoints.reorderRules, async ({ principal, request, body }) => {
    const actor = operatorAction(principal, request);
    const data = await rules.reorder(platform, actor.operatorId, body, (trx, order) =>
      recordAudit(trx, {
        actor,
        action: 'pricing_rule.reorder',
        target: { type: 'pricing_rule', id: null },
        before: { order: order.before },
        after: { order: order.after },
        at: clock.now(),
      }),
    );
    suppliers.changed({});
    return { message: 'Rules reordered', data };
  });

  route(adminPricingEndpoints.preview, async ({ body }) => ({
    message: 'Preview',
    data: await rules.preview(platform, body),
  }));
}
