import { RuleMatch } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/db/schema.js';

/**
 * A supplier's markup as issue 29's tests set it, now its own platform pricing rule (issue 33,
 * migration 0025): a percentage (basis points) and a fixed amount per passenger on every offer of
 * that supplier; both 0 removes it. What PUT /api/admin/suppliers/{code} writes.
 */
export async function setSupplierMarkup(
  db: Kysely<Database>,
  code: 'duffel' | 'sandbox',
  markup: { bps: number; fixedMinor: number },
) {
  await db.deleteFrom('pricing_rules').where('supplier_markup', '=', code).execute();
  if (markup.bps === 0 && markup.fixedMinor === 0) return;
  await db
    .insertInto('pricing_rules')
    .values({
      company_id: null,
      kind: 'markup',
      name: `${code} markup`,
      position: 0,
      match: JSON.stringify(RuleMatch.parse({ supplier: code })),
      percent_bps: markup.bps || null,
      fixed_minor: markup.fixedMinor || null,
      supplier_markup: code,
    })
    .execute();
}
