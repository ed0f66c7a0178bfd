import { AppError, pricingEndpoints } from '@skydesk/contract';
import type { ModuleContext } from '../../platform/module.js';
import { createRulesService, type RuleOwner } from './rules-service.js';
import { companyCurrency } from './settings-repo.js';
import { createPricingSettingsService } from './settings-service.js';

/** docs/api.md, Pricing: the agency's markup rules, service fees, preview and earnings settings. */
export function registerPricingRoutes({ route, store, clock }: ModuleContext) {
  const rules = createRulesService({ db: store.db, clock });
  const settings = createPricingSettingsService({ db: store.db, clock });

  /** The agency as a rules' owner: its fixed amounts are in its own currency. */
  const agency = async (companyId: string): Promise<RuleOwner> => {
    const currency = await companyCurrency(store.db, companyId);
    if (!currency) throw new AppError('not_found', 'Agency not found');
    return { kind: 'agency', companyId, currency };
  };

  route(pricingEndpoints.listRules, async ({ principal }) => ({
    message: 'Pricing rules',
    data: await rules.list(await agency(principal.companyId)),
  }));

  route(pricingEndpoints.createRule, async ({ principal, body }) => ({
    message: 'Rule added',
    data: await rules.create(await agency(principal.companyId), principal.userId, body),
  }));

  route(pricingEndpoints.updateRule, async ({ principal, params, body }) => ({
    message: 'Rule saved',
    data: await rules.update(await agency(principal.companyId), principal.userId, params.id, body),
  }));

  route(pricingEndpoints.deleteRule, async ({ principal, params }) => ({
    message: 'Rule deleted',
    data: await rules.remove(await agency(principal.companyId), params.id),
  }));

  route(pricingEndpoints.reorderRules, async ({ principal, body }) => ({
    message: 'Rules reordered',
    data: await rules.reorder(await agency(principal.companyId), principal.userId, body),
  }));

  route(pricingEndpoints.preview, async ({ principal, body }) => ({
    message: 'Preview',
    data: await rules.preview(await agency(principal.companyId), body),
  }));

  route(pricingEndpoints.settings, async ({ principal }) => ({
    message: 'Earnings settings',
    data: await settings.get(principal.companyId),
  }));

  route(pricingEndpoints.updateSettings, async ({ principal, body }) => ({
    message: 'Earnings settings saved',
    data: await settings.update(principal.companyId, principal.userId, body),
  }));
}
