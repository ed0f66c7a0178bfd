import {
  AppError,
  type CompanyProfile,
  type CompanyStatus,
  SERVER,
  type UpdateCompanyProfileBody,
  type VendorFormFields,
  type VendorStatus,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import type { FileStore } from '../../platform/storage/file-store.js';
import { lockAgencyAnalytics, recountAnalytics } from './analytics/recount-repo.js';
import * as repo from './repo.js';
import type { UploadedDocument } from './vendor-upload.js';

const UNKNOWN_TIME_ZONE = 'Choose a time zone';

/** docs/architecture.md §5: only email_verified and rejected companies submit documents. */
function assertCanSubmit(status: CompanyStatus) {
  if (status === 'pending_review') {
    throw new AppError('conflict', 'Your documents are already under review.');
  }
  if (status === 'approved') throw new AppError('conflict', 'Your agency is already approved.');
  if (status === 'registered') throw new AppError('forbidden', 'Verify your e-mail address first.');
}

export function createCompanyService(deps: { db: Kysely<Database>; files: FileStore; clock: Clock }) {
  const { db, files, clock } = deps;

  return {
    /** docs/architecture.md §5: email_verified | rejected → pending_review, with the documents. */
    async submitVendorForm(
      principal: CompanyPrincipal,
      fields: VendorFormFields,
      documents: UploadedDocument[],
    ) {
      // Refuse before storing anything, so a refused form leaves no files behind; checked again
      // under the lock, where only a lost race can leave unreferenced random names.
      assertCanSubmit((await repo.findCompanyStatus(db, principal.companyId)).verification_status);
      const stored = await Promise.all(
        documents.map(async (document) => ({ ...document, key: await files.put(document.content) })),
      );
      await db.transaction().execute(async (trx) => {
        const company = await repo.lockCompany(trx, principal.companyId);
        assertCanSubmit(company.verification_status);
        await repo.insertSubmission(trx, {
          companyId: principal.companyId,
          submittedBy: principal.userId,
          tradeLicenseNumber: fields.trade_license_number,
          taxNumber: fields.tax_number,
          iataNumber: fields.iata_number ?? null,
          documents: stored.map((document) => ({
            kind: document.kind,
            storageKey: document.key,
            fileName: document.fileName,
            contentType: document.contentType,
            sizeBytes: document.content.length,
          })),
        });
        await repo.setCompanyStatus(trx, principal.companyId, {
          verification_status: 'pending_review',
          rejection_reason: null,
          updated_at: clock.now(),
        });
      });
      return { verification_status: 'pending_review' as const };
    },

    async vendorStatus(principal: CompanyPrincipal): Promise<VendorStatus> {
      const company = await repo.findCompanyStatus(db, principal.companyId);
      const submission = await repo.latestSubmission(db, principal.companyId);
      const documents = submission ? await repo.documentsOf(db, submission.id) : [];
      return {
        verification_status: company.verification_status,
        rejection_reason: company.rejection_reason,
        submission: submission
          ? {
              id: submission.id,
              trade_license_number: submission.trade_license_number,
              tax_number: submission.tax_number,
              iata_number: submission.iata_number,
              submitted_at: submission.created_at.toISOString(),
              documents: documents.map((document) => ({
                id: document.id,
                kind: document.kind,
                file_name: document.file_name,
                content_type: document.content_type as 'application/pdf' | 'image/png' | 'image/jpeg',
                size: document.size_bytes,
                url: `/api/vendor-form/documents/${document.id}`,
              })),
            }
          : null,
      };
    },

    async vendorDocument(principal: CompanyPrincipal, documentId: string) {
      const document = await repo.findCompanyDocument(db, principal.companyId, documentId);
      if (!document) throw new AppError('not_found', SERVER.notFound);
      return { document, content: await files.get(document.storage_key) };
    },

    /** The agency as registered, to any of its users (the settings screen). */
    async profile(principal: CompanyPrincipal): Promise<CompanyProfile> {
      return repo.findCompanyProfile(db, principal.companyId);
    },

    /**
     * The owner's changes (the guard checks `owner`); an empty IATA number clears it, an empty time
     * zone goes back to the country's. A zone must be one PostgreSQL knows too, as the analytics
     * triggers count days in it. When the agency's zone changes its analytics are recounted in the
     * same transaction, so no figure is ever read with days of two zones.
     */
    async updateProfile(
      principal: CompanyPrincipal,
      body: UpdateCompanyProfileBody,
    ): Promise<CompanyProfile> {
      const { iata_number, time_zone, ...rest } = body;
      const changes: repo.CompanyProfileChanges = { ...rest };
      if (iata_number !== undefined) changes.iata_number = iata_number || null;
      if (time_zone !== undefined) {
        if (time_zone !== '' && !(await repo.isDatabaseTimeZone(db, time_zone))) {
          throw new AppError('validation', UNKNOWN_TIME_ZONE, {
            fieldErrors: { time_zone: [UNKNOWN_TIME_ZONE] },
          });
        }
        changes.time_zone = time_zone || null;
      }
      await db.transaction().execute(async (trx) => {
        if (time_zone === undefined) {
          await repo.updateCompanyProfile(trx, principal.companyId, changes, clock.now());
          return;
        }
        // The agency's analytics lock first, then the company row (recount-repo.ts says why):
        // bookings in flight finish counting in the old zone, later ones wait and count in the new.
        await lockAgencyAnalytics(trx, principal.companyId);
        const zoneBefore = await repo.findCompanyTimeZone(trx, principal.companyId);
        await repo.updateCompanyProfile(trx, principal.companyId, changes, clock.now());
        if ((await repo.findCompanyTimeZone(trx, principal.companyId)) !== zoneBefore) {
          await recountAnalytics(trx, principal.companyId);
        }
      });
      return repo.findCompanyProfile(db, principal.companyId);
    },
  };
}
