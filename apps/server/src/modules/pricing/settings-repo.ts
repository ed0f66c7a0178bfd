import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** An agency's earnings settings (migration 0025), with the defaults for an agency without a row. */
export type LoadedPricingSettings = {
  allowBelowNet: boolean;
  /** Percent above the rules' selling price an agent may go at issue; null = no ceiling. */
  maxOverridePercent: number | null;
  invoicePrefix: string;
  tax: { name: string; rate: number } | null;
  quoteValidityDays: number;
  /** A data URL, or null. */
  logo: string | null;
  /** The agency's currency: the one its rules' fixed amounts, quotes and invoices are in. */
  currency: string;
};

export const DEFAULT_PRICING_SETTINGS = {
  allowBelowNet: false,
  maxOverridePercent: null,
  invoicePrefix: 'INV-',
  tax: null,
  quoteValidityDays: 7,
  logo: null,
} satisfies Omit<LoadedPricingSettings, 'currency'>;

export async function loadPricingSettings(
  db: Kysely<Database>,
  companyId: string,
): Promise<LoadedPricingSettings> {
  const row = await db
    .selectFrom('companies as c')
    .leftJoin('pricing_settings as s', 's.company_id', 'c.id')
    .select([
      'c.currency',
      's.company_id as settings_of',
      's.allow_below_net',
      's.max_override_percent',
      's.invoice_prefix',
      's.tax_name',
      's.tax_rate',
      's.quote_validity_days',
      's.logo',
    ])
    .where('c.id', '=', companyId)
    .executeTakeFirstOrThrow();
  const currency = row.currency.trim();
  if (row.settings_of === null) return { ...DEFAULT_PRICING_SETTINGS, currency };
  return {
    allowBelowNet: row.allow_below_net ?? DEFAULT_PRICING_SETTINGS.allowBelowNet,
    maxOverridePercent: row.max_override_percent,
    invoicePrefix: row.invoice_prefix ?? DEFAULT_PRICING_SETTINGS.invoicePrefix,
    tax: row.tax_name !== null && row.tax_rate !== null ? { name: row.tax_name, rate: row.tax_rate } : null,
    quoteValidityDays: row.quote_validity_days ?? DEFAULT_PRICING_SETTINGS.quoteValidityDays,
    logo: row.logo,
    currency,
  };
}

/** Writes the fields given, the others kept (or defaulted for an agency without a row yet). */
export async function saveSettings(
  trx: Transaction<Database>,
  companyId: string,
  fields: Omit<Updateable<Database['pricing_settings']>, 'company_id'>,
) {
  await trx
    .insertInto('pricing_settings')
    .values({ company_id: companyId, ...fields })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(fields))
    .execute();
}

/** The agency's row locked (made when missing), so two owners' saves queue. */
export async function lockSettings(trx: Transaction<Database>, companyId: string) {
  await trx
    .insertInto('pricing_settings')
    .values({ company_id: companyId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .selectFrom('pricing_settings')
    .select('company_id')
    .where('company_id', '=', companyId)
    .forUpdate()
    .execute();
}

/** The agency's currency (its rules' fixed amounts are in it); undefined for an unknown agency. */
export async function companyCurrency(db: Kysely<Database>, companyId: string): Promise<string | undefined> {
  const company = await db
    .selectFrom('companies')
    .select('currency')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return company?.currency.trim();
}
