import type { CompanyStatus, VendorDocumentKind } from '@skydesk/contract';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { CompaniesTable, Database, RolesTable, UsersTable } from '../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export const lockCompany = (trx: Transaction<Database>, companyId: string) =>
  trx
    .selectFrom('companies')
    .select(['id', 'verification_status', 'rejection_reason'])
    .where('id', '=', companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();

export const findCompanyStatus = (db: Db, companyId: string) =>
  db
    .selectFrom('companies')
    .select(['verification_status', 'rejection_reason'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();

export const latestSubmission = (db: Db, companyId: string) =>
  db
    .selectFrom('vendor_submissions')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export const documentsOf = (db: Db, submissionId: string) =>
  db
    .selectFrom('company_documents')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .orderBy('kind')
    .execute();

/** A document of this company only: another company's id answers as missing (docs/architecture.md §6). */
export const findCompanyDocument = (db: Db, companyId: string, documentId: string) =>
  db
    .selectFrom('company_documents')
    .selectAll()
    .where('id', '=', documentId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();

// ── agency creation ─────────────────────────────────────────────────────────────────────────

export const insertCompany = (trx: Transaction<Database>, company: Insertable<CompaniesTable>) =>
  trx.insertInto('companies').values(company).returning('id').executeTakeFirstOrThrow();

export const insertRoles = (trx: Transaction<Database>, roles: Insertable<RolesTable>[]) =>
  trx.insertInto('roles').values(roles).returning(['id', 'name']).execute();

export const insertUser = (trx: Transaction<Database>, user: Insertable<UsersTable>) =>
  trx.insertInto('users').values(user).returning(['id', 'name', 'email']).executeTakeFirstOrThrow();

// ── vendor verification ─────────────────────────────────────────────────────────────────────

export type NewDocument = {
  kind: VendorDocumentKind;
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
};

/** One vendor form and its documents, filed together in the caller's transaction. */
export async function insertSubmission(
  trx: Transaction<Database>,
  submission: {
    companyId: string;
    submittedBy: string;
    tradeLicenseNumber: string;
    taxNumber: string;
    iataNumber: string | null;
    documents: NewDocument[];
  },
) {
  const { id } = await trx
    .insertInto('vendor_submissions')
    .values({
      company_id: submission.companyId,
      submitted_by: submission.submittedBy,
      trade_license_number: submission.tradeLicenseNumber,
      tax_number: submission.taxNumber,
      iata_number: submission.iataNumber,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('company_documents')
    .values(
      submission.documents.map((document) => ({
        company_id: submission.companyId,
        submission_id: id,
        kind: document.kind,
        storage_key: document.storageKey,
        file_name: document.fileName,
        content_type: document.contentType,
        size_bytes: document.sizeBytes,
      })),
    )
    .execute();
  return id;
}

export const setCompanyStatus = (
  trx: Transaction<Database>,
  companyId: string,
  status: { verification_status: CompanyStatus; rejection_reason: string | null; updated_at: Date },
) => trx.updateTable('companies').set(status).where('id', '=', companyId).execute();

// ── the agency's profile ────────────────────────────────────────────────────────────────────

export const findCompanyProfile = (db: Db, companyId: string) =>
  db
    .selectFrom('companies')
    .select(['id', 'name', 'contact_name', 'email', 'phone', 'country', 'city', 'address', 'iata_number'])
    .select([
      companyTimeZoneOf(companyId).as('time_zone'),
      sql<boolean>`companies.time_zone is null`.as('time_zone_default'),
    ])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();

/** The zone the agency's days are counted in: its own, or its country's (migration 0012's view). */
const companyTimeZoneOf = (companyId: string) =>
  sql<string>`(select z.time_zone from company_time_zones z where z.company_id = ${companyId})`;

export async function findCompanyTimeZone(db: Db, companyId: string): Promise<string> {
  const { rows } = await sql<{
    time_zone: string;
  }>`select ${companyTimeZoneOf(companyId)} as time_zone`.execute(db);
  return rows[0]!.time_zone;
}

/** Whether PostgreSQL knows the zone by this name (the rollups' triggers count days in it). */
export async function isDatabaseTimeZone(db: Db, name: string): Promise<boolean> {
  const { rows } = await sql<{ known: boolean }>`
    select exists (select 1 from pg_timezone_names where name = ${name}) as known`.execute(db);
  return rows[0]!.known;
}

/** What the owner may change; the name and country are the verified identity and stay. */
export type CompanyProfileChanges = {
  contact_name?: string;
  phone?: string;
  city?: string;
  address?: string;
  iata_number?: string | null;
  /** null: back to the country's zone. */
  time_zone?: string | null;
};

export const updateCompanyProfile = (db: Db, companyId: string, changes: CompanyProfileChanges, now: Date) =>
  db
    .updateTable('companies')
    .set({ ...changes, updated_at: now })
    .where('id', '=', companyId)
    .execute();
