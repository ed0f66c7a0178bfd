import type { CompanyDecisionAction, CompanyStatus } from '@skydesk/contract';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/** The SQL of the operators' agency review: the queue, the agency page and the decisions. */

type Db = Kysely<Database> | Transaction<Database>;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type CompanyFilters = {
  status?: CompanyStatus | undefined;
  /** Part of the name or e-mail, any case. */
  q?: string | undefined;
  /** Countries whose code or name the search names. */
  countries?: readonly string[];
};

function filtered(db: Db, filters: CompanyFilters) {
  let query = db.selectFrom('companies');
  if (filters.status) query = query.where('companies.verification_status', '=', filters.status);
  const q = filters.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    const countries = filters.countries ?? [];
    query = query.where((eb) =>
      eb.or([
        eb('companies.name', 'ilike', pattern),
        eb('companies.email', 'ilike', pattern),
        ...(countries.length > 0 ? [eb('companies.country', 'in', countries)] : []),
      ]),
    );
  }
  return query;
}

/**
 * Since the agency's review last moved: registration, the owner's e-mail verified, the latest
 * vendor form, the latest operator decision (greatest() passes over the nulls).
 */
const waitingSince = (eb: ExpressionBuilder<Database, 'companies'>) =>
  sql<Date>`greatest(
    ${eb.ref('companies.created_at')},
    (select max(users.email_verified_at) from users
      where users.company_id = companies.id and users.is_owner),
    (select max(vendor_submissions.created_at) from vendor_submissions
      where vendor_submissions.company_id = companies.id),
    (select max(company_decisions.created_at) from company_decisions
      where company_decisions.company_id = companies.id))`;

/** An agency as the queue lists it. */
function selectCompanyRows(db: Db, filters: CompanyFilters) {
  return filtered(db, filters)
    .leftJoin('credit_balances', 'credit_balances.company_id', 'companies.id')
    .select((eb) => [
      'companies.id',
      'companies.name',
      'companies.email',
      'companies.country',
      'companies.city',
      'companies.verification_status',
      'companies.rejection_reason',
      'companies.currency',
      'companies.created_at',
      eb.fn.coalesce('credit_balances.balance_minor', eb.lit(0)).as('balance_minor'),
      eb
        .selectFrom('users')
        .select((count) => count.fn.countAll<number>().as('count'))
        .whereRef('users.company_id', '=', 'companies.id')
        .as('user_count'),
      eb
        .selectFrom('vendor_submissions')
        .select((latest) => latest.fn.max('vendor_submissions.created_at').as('at'))
        .whereRef('vendor_submissions.company_id', '=', 'companies.id')
        .as('submitted_at'),
      waitingSince(eb).as('waiting_since'),
    ]);
}

export async function countCompanies(db: Db, filters: CompanyFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of the queue: the longest waiting first. */
export const listCompanies = (db: Db, filters: CompanyFilters, page: { offset: number; limit: number }) =>
  selectCompanyRows(db, filters)
    .orderBy('waiting_since')
    .orderBy('companies.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();

export type CompanyRow = Awaited<ReturnType<typeof listCompanies>>[number];

export const findCompanyRow = (db: Db, companyId: string) =>
  selectCompanyRows(db, {})
    .select(['companies.contact_name', 'companies.phone', 'companies.address', 'companies.iata_number'])
    .where('companies.id', '=', companyId)
    .executeTakeFirst();

export type CompanyDetailsRow = NonNullable<Awaited<ReturnType<typeof findCompanyRow>>>;

/** The latest vendor form, with who sent it, and how many were sent in all. */
export async function latestSubmission(db: Db, companyId: string) {
  const [latest, count] = await Promise.all([
    db
      .selectFrom('vendor_submissions')
      .leftJoin('users', 'users.id', 'vendor_submissions.submitted_by')
      .select([
        'vendor_submissions.id',
        'vendor_submissions.trade_license_number',
        'vendor_submissions.tax_number',
        'vendor_submissions.iata_number',
        'vendor_submissions.created_at',
        'users.id as submitter_id',
        'users.name as submitter_name',
      ])
      .where('vendor_submissions.company_id', '=', companyId)
      .orderBy('vendor_submissions.created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('vendor_submissions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow(),
  ]);
  return { latest, count: Number(count.count) };
}

export const documentsOf = (db: Db, submissionId: string) =>
  db
    .selectFrom('company_documents')
    .select(['id', 'kind', 'file_name', 'content_type', 'size_bytes'])
    .where('submission_id', '=', submissionId)
    .orderBy('kind')
    .execute();

/** A document of this agency only: another agency's id answers as missing. */
export const findCompanyDocument = (db: Db, companyId: string, documentId: string) =>
  db
    .selectFrom('company_documents')
    .select(['id', 'storage_key', 'file_name', 'content_type'])
    .where('id', '=', documentId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();

export const usersOf = (db: Db, companyId: string) =>
  db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.phone',
      'users.is_owner',
      'users.is_active',
      'users.email_verified_at',
      'users.totp_enabled_at',
      'users.created_at',
      'roles.id as role_id',
      'roles.name as role_name',
    ])
    .where('users.company_id', '=', companyId)
    .orderBy('users.is_owner', 'desc')
    .orderBy('users.created_at')
    .execute();

export async function countBookings(db: Db, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The operators' decisions on the agency, newest first. */
export const decisionsOf = (db: Db, companyId: string) =>
  db
    .selectFrom('company_decisions')
    .innerJoin('operators', 'operators.id', 'company_decisions.operator_id')
    .select([
      'company_decisions.id',
      'company_decisions.action',
      'company_decisions.from_status',
      'company_decisions.to_status',
      'company_decisions.reason',
      'company_decisions.created_at',
      'operators.id as operator_id',
      'operators.name as operator_name',
    ])
    .where('company_decisions.company_id', '=', companyId)
    .orderBy('company_decisions.created_at', 'desc')
    .orderBy('company_decisions.id', 'desc')
    .execute();

// ── decisions ───────────────────────────────────────────────────────────────────────────────

/** Locks the agency's row: decisions on one agency (and its vendor form) queue up. */
export const lockCompany = (trx: Transaction<Database>, companyId: string) =>
  trx
    .selectFrom('companies')
    .select(['id', 'name', 'verification_status', 'rejection_reason'])
    .where('id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();

/** The state the agency was in when it was last suspended. */
export async function statusBeforeSuspension(db: Db, companyId: string): Promise<CompanyStatus | undefined> {
  const row = await db
    .selectFrom('company_decisions')
    .select('from_status')
    .where('company_id', '=', companyId)
    .where('action', '=', 'suspend')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.from_status;
}

export async function setCompanyStatus(
  trx: Transaction<Database>,
  companyId: string,
  changes: { verification_status: CompanyStatus; rejection_reason: string | null; updated_at: Date },
) {
  await trx.updateTable('companies').set(changes).where('id', '=', companyId).execute();
}

export async function insertDecision(
  trx: Transaction<Database>,
  decision: {
    companyId: string;
    operatorId: string;
    action: CompanyDecisionAction;
    from: CompanyStatus;
    to: CompanyStatus;
    reason: string | null;
    at: Date;
  },
) {
  await trx
    .insertInto('company_decisions')
    .values({
      company_id: decision.companyId,
      operator_id: decision.operatorId,
      action: decision.action,
      from_status: decision.from,
      to_status: decision.to,
      reason: decision.reason,
      created_at: decision.at,
    })
    .execute();
}

/**
 * Ends every session of the agency's users at once: sessions revoked (no refresh) and session
 * versions bumped (no access token of before passes the guard). Answers how many sessions ended.
 */
export async function endCompanySessions(trx: Transaction<Database>, companyId: string, at: Date) {
  const users = trx.selectFrom('users').select('users.id').where('users.company_id', '=', companyId);
  const ended = await trx
    .updateTable('auth_sessions')
    .set({ revoked_at: at })
    .where('principal', '=', 'user')
    .where('subject_id', 'in', users)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  await trx
    .updateTable('users')
    .set({ session_version: sql`session_version + 1`, updated_at: at })
    .where('company_id', '=', companyId)
    .execute();
  return Number(ended.numUpdatedRows);
}

/** Whether the agency exists (404 otherwise). */
export const companyExists = async (db: Db, companyId: string) =>
  Boolean(await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst());
