import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

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

/** A document of this company only: another company's id answers as missing (DESIGN.md §6). */
export const findCompanyDocument = (db: Db, companyId: string, documentId: string) =>
  db
    .selectFrom('company_documents')
    .selectAll()
    .where('id', '=', documentId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
