import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { DAY_MS, type DemoAgency, HOUR_MS, type Plan } from './plan.js';
import { insertRows } from './rows.js';

/** The demo agency's staff besides its owner: who books (weight) and who keeps the money. */
export const STAFF = [
  { name: 'Priya Shah', email: 'priya@skydesk.local', role: 'Ticketing agent', books: 4 },
  { name: 'Marco Rossi', email: 'marco@skydesk.local', role: 'Ticketing agent', books: 3 },
  { name: 'Grace Kim', email: 'grace@skydesk.local', role: 'Accountant', books: 0 },
] as const;
export const OWNER_BOOKS = 2;

/**
 * The agency was there before its history: registered a month before it, its vendor form and
 * documents sent that day, approved by the demo operator the next, with the platform's bank
 * accounts already open (all made "now" by the seed, moved back to then).
 */
export async function writeAgencyPast(trx: Transaction<Database>, agency: DemoAgency, started: Date) {
  const { companyId } = agency;
  const registered = new Date(started.getTime() - 30 * DAY_MS);
  const approved = new Date(registered.getTime() + 20 * HOUR_MS);
  // (Plain SQL: the schema keeps created_at out of updates, as nothing else may move it.)
  const opened = new Date(registered.getTime() - 60 * DAY_MS);
  await sql`update companies set created_at = ${registered}, updated_at = ${approved} where id = ${companyId}`.execute(
    trx,
  );
  await sql`update roles set created_at = ${registered}, updated_at = ${registered} where company_id = ${companyId}`.execute(
    trx,
  );
  await sql`
    update users set created_at = ${registered}, updated_at = ${registered}, email_verified_at = ${registered},
      totp_enabled_at = ${registered}
    where id = ${agency.owner.id}`.execute(trx);
  await sql`
    update operators set created_at = ${opened}, totp_enabled_at = ${opened}
    where id = ${agency.operatorId}`.execute(trx);
  // The vendor form went in a few hours after registering, before the approval that read it.
  const submitted = new Date(registered.getTime() + 3 * HOUR_MS);
  await sql`update vendor_submissions set created_at = ${submitted} where company_id = ${companyId}`.execute(
    trx,
  );
  await sql`update company_documents set created_at = ${submitted} where company_id = ${companyId}`.execute(
    trx,
  );
  await sql`
    update banks set created_at = ${opened}, updated_at = ${opened}
    where id in (${sql.join(agency.bankIds)})`.execute(trx);
  await insertRows(trx, 'company_decisions', [
    {
      company_id: companyId,
      operator_id: agency.operatorId,
      action: 'approve',
      from_status: 'pending_review',
      to_status: 'approved',
      created_at: approved,
    },
  ]);
}

/**
 * The staff who book and keep the money, there since the history's start; they sign in with the
 * demo password (the owner's hash), and were last seen at their last booking, search or deposit.
 */
export async function writeStaff(
  trx: Transaction<Database>,
  agency: DemoAgency,
  plan: Plan,
  roleId: (name: string) => string,
) {
  const { companyId } = agency;
  const { staff } = plan;
  const started = plan.start;
  // Who was last seen when: the staff's last booking or search.
  const lastSeen = new Map<string, Date>();
  const seen = (userId: string, at: Date) => {
    if ((lastSeen.get(userId)?.getTime() ?? 0) < at.getTime()) lastSeen.set(userId, at);
  };
  for (const booking of plan.bookings) seen(booking.createdBy, booking.createdAt);
  for (const search of plan.searches) seen(search.userId, search.at);
  for (const deposit of plan.deposits) seen(deposit.createdBy, deposit.createdAt);

  await insertRows(
    trx,
    'users',
    staff.map((member) => ({
      id: member.id,
      company_id: companyId,
      role_id: roleId(member.role),
      name: member.name,
      email: member.email,
      phone: `+1 415 555 01${String(10 + staff.indexOf(member)).padStart(2, '0')}`,
      password_hash: agency.owner.passwordHash,
      email_verified_at: started,
      // Two-step sign-in is mandatory: nobody has signed in without enrolling an authenticator.
      totp_secret_enc: agency.owner.totpSecretSealed,
      totp_enabled_at: started,
      last_sign_in_at: lastSeen.get(member.id) ?? null,
      created_at: started,
      updated_at: started,
    })),
  );

  await trx
    .updateTable('users')
    .set({ last_sign_in_at: lastSeen.get(agency.owner.id) ?? null })
    .where('id', '=', agency.owner.id)
    .execute();
}
