import { randomBytes } from 'node:crypto';
import type { VendorDocumentKind } from '@skydesk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/schema.js';
import type { FileStore } from '../platform/storage/file-store.js';
import { receiptPdf } from './demo-history/index.js';

/** What the demo agency sent with its vendor form: the numbers an operator checked before approving it. */
export const DEMO_VENDOR_FORM = {
  tradeLicenseNumber: 'SF-BRC-1158204',
  taxNumber: '94-5550100',
} as const;

/** The vendor form's two documents, as the demo's PDFs say them. */
const demoDocuments = (
  iataNumber: string,
): { kind: VendorDocumentKind; fileName: string; lines: string[] }[] => [
  {
    kind: 'trade_license',
    fileName: 'demo-travels-business-registration.pdf',
    lines: [
      'BUSINESS REGISTRATION CERTIFICATE (SPECIMEN - SkyDesk demo data)',
      '',
      'Business name: Demo Travels',
      'Business address: 1 Market Street, San Francisco, CA, US',
      `Registration number: ${DEMO_VENDOR_FORM.tradeLicenseNumber}`,
      `Tax identification number: ${DEMO_VENDOR_FORM.taxNumber}`,
      `Activity: travel agency (IATA ${iataNumber})`,
      'Owner: Dana Demo',
    ],
  },
  {
    kind: 'owner_id_document',
    fileName: 'dana-demo-passport.pdf',
    lines: [
      'PASSPORT - PERSONAL DATA PAGE (SPECIMEN - SkyDesk demo data)',
      '',
      'Surname: DEMO',
      'Given names: DANA',
      'Nationality: UNITED STATES OF AMERICA',
      'Passport number: X00000000',
    ],
  },
];

/**
 * The demo agency's vendor form and its documents, as the vendor form files them (company repo's
 * insertSubmission): an approved agency has documents on file, or an operator auditing the demo
 * asks what its approval was based on (issue 30). Each document is a one-page PDF in the uploads
 * when there are uploads to keep it in; without, its row names a file that is not there, as the
 * demo deposits' receipts do.
 */
export async function writeDemoVendorForm(
  trx: Transaction<Database>,
  agency: { companyId: string; ownerId: string; iataNumber: string },
  files: FileStore | undefined,
): Promise<void> {
  const { id: submissionId } = await trx
    .insertInto('vendor_submissions')
    .values({
      company_id: agency.companyId,
      submitted_by: agency.ownerId,
      trade_license_number: DEMO_VENDOR_FORM.tradeLicenseNumber,
      tax_number: DEMO_VENDOR_FORM.taxNumber,
      iata_number: agency.iataNumber,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const documents = [];
  for (const document of demoDocuments(agency.iataNumber)) {
    const content = receiptPdf(document.lines);
    documents.push({
      company_id: agency.companyId,
      submission_id: submissionId,
      kind: document.kind,
      storage_key: files ? await files.put(content) : randomBytes(24).toString('base64url'),
      file_name: document.fileName,
      content_type: 'application/pdf',
      size_bytes: content.length,
    });
  }
  await trx.insertInto('company_documents').values(documents).execute();
}
