import type { Kysely } from 'kysely';
import { createAgency } from '../modules/company/create-agency.js';
import { postLedgerEntry } from '../modules/payments/ledger.js';
import type { Database } from '../platform/db/schema.js';
import type { SecretBox } from '../platform/security/encryption.js';
import type { PasswordHasher } from '../platform/security/password.js';

/** DESIGN.md §7: the demo agency and operator a newcomer signs in with. Not secrets: demo only. */
export const DEMO = {
  companyName: 'Demo Travels',
  ownerEmail: 'demo@skydesk.local',
  ownerName: 'Dana Demo',
  operatorEmail: 'ops@skydesk.local',
  operatorName: 'Olli Operator',
  password: 'SkyDesk-demo-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  /** DESIGN.md §7: 10,000.00 in the platform currency, in minor units. */
  creditsMinor: 1_000_000,
} as const;

/**
 * Seeds the demo agency (approved, owner verified with TOTP enrolled, credits) and the demo operator,
 * only when the store has no company and no operator yet. Returns whether it seeded.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  deps: { hasher: PasswordHasher; secretBox: SecretBox; currency: string; now: Date },
): Promise<boolean> {
  const [passwordHash, operatorHash] = await Promise.all([
    deps.hasher.hash(DEMO.password),
    deps.hasher.hash(DEMO.password),
  ]);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('companies').select('id').limit(1).executeTakeFirst();
    const operator = await trx.selectFrom('operators').select('id').limit(1).executeTakeFirst();
    if (existing || operator) return false;

    const agency = await createAgency(trx, {
      company: {
        name: DEMO.companyName,
        contactName: DEMO.ownerName,
        email: DEMO.ownerEmail,
        phone: '+1 415 555 0100',
        country: 'US',
        city: 'San Francisco',
        address: '1 Market Street',
        iataNumber: '05512345',
        currency: deps.currency,
        status: 'approved',
      },
      // DESIGN.md §7: the demo owner's sign-in skips the e-mail step and asks for TOTP only.
      owner: {
        passwordHash,
        emailVerifiedAt: deps.now,
        totpSecretSealed: deps.secretBox.seal(DEMO.totpSecret),
        totpEnabledAt: deps.now,
      },
    });
    // Credits come the way every balance change comes: one ledger entry, here an adjustment.
    await postLedgerEntry(trx, {
      companyId: agency.companyId,
      kind: 'adjustment',
      amountMinor: DEMO.creditsMinor,
      note: 'Demo credits',
    });
    await trx
      .insertInto('operators')
      .values({
        name: DEMO.operatorName,
        email: DEMO.operatorEmail,
        password_hash: operatorHash,
        totp_secret_enc: deps.secretBox.seal(DEMO.totpSecret),
        totp_enabled_at: deps.now,
      })
      .execute();
    return true;
  });
}
