import type { Kysely } from 'kysely';
import { OWNER_ROLE, STARTER_ROLES } from '../modules/roles/presets.js';
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
} as const;

/**
 * Seeds the demo agency (approved, owner verified with TOTP enrolled) and the demo operator,
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

    const company = await trx
      .insertInto('companies')
      .values({
        name: DEMO.companyName,
        contact_name: DEMO.ownerName,
        email: DEMO.ownerEmail,
        phone: '+1 415 555 0100',
        country: 'US',
        city: 'San Francisco',
        address: '1 Market Street',
        iata_number: '05512345',
        currency: deps.currency,
        verification_status: 'approved',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const ownerRole = await trx
      .insertInto('roles')
      .values({ company_id: company.id, ...OWNER_ROLE })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('roles')
      .values(STARTER_ROLES.map((role) => ({ company_id: company.id, ...role })))
      .execute();

    const sealedSecret = deps.secretBox.seal(DEMO.totpSecret);
    await trx
      .insertInto('users')
      .values({
        company_id: company.id,
        role_id: ownerRole.id,
        name: DEMO.ownerName,
        email: DEMO.ownerEmail,
        phone: '+1 415 555 0100',
        password_hash: passwordHash,
        is_owner: true,
        email_verified_at: deps.now,
        totp_secret_enc: sealedSecret,
        totp_enabled_at: deps.now,
      })
      .execute();
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
