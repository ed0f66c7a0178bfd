import type { PricingSettings, UpdatePricingSettingsBody } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import {
  type LoadedPricingSettings,
  loadPricingSettings,
  lockSettings,
  saveSettings,
} from './settings-repo.js';

type Body = z.output<typeof UpdatePricingSettingsBody>;

export function presentSettings(settings: LoadedPricingSettings): PricingSettings {
  return {
    allow_below_net: settings.allowBelowNet,
    max_override_percent: settings.maxOverridePercent,
    invoice_prefix: settings.invoicePrefix,
    tax: settings.tax,
    quote_validity_days: settings.quoteValidityDays,
    logo: settings.logo,
    currency: settings.currency,
  };
}

/** The agency's earnings settings: every user reads them (quotes, invoices, the issue dialog's limits). */
export function createPricingSettingsService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    get: async (companyId: string) => presentSettings(await loadPricingSettings(db, companyId)),

    async update(companyId: string, userId: string, body: Body): Promise<PricingSettings> {
      await db.transaction().execute(async (trx) => {
        await lockSettings(trx, companyId);
        await saveSettings(trx, companyId, {
          ...(body.allow_below_net !== undefined && { allow_below_net: body.allow_below_net }),
          ...(body.max_override_percent !== undefined && { max_override_percent: body.max_override_percent }),
          ...(body.invoice_prefix !== undefined && { invoice_prefix: body.invoice_prefix }),
          ...(body.tax !== undefined && {
            tax_name: body.tax?.name ?? null,
            tax_rate: body.tax?.rate ?? null,
          }),
          ...(body.quote_validity_days !== undefined && { quote_validity_days: body.quote_validity_days }),
          ...(body.logo !== undefined && { logo: body.logo }),
          updated_by: userId,
          updated_at: clock.now(),
        });
      });
      return presentSettings(await loadPricingSettings(db, companyId));
    },
  };
}
