import { type VendorDocumentKind, VendorFormFields } from '@skydesk/contract';
import type { z } from 'zod';
import { DOCUMENT_MESSAGES, documentFileField, documentFileProblem } from '../../shared/files/document-file';

/** docs/api.md vendor form: PDF, PNG or JPEG up to 5 MB, as every document (shared/files). */
export { DOCUMENT_MESSAGES };
export const vendorDocumentProblem = (file: File | null): string | null => documentFileProblem(file);

const DocumentFile = documentFileField();

/** The contract's text fields of the vendor form, and its two documents. */
export const VendorForm = VendorFormFields.extend({
  trade_license: DocumentFile,
  owner_id_document: DocumentFile,
});
export type VendorFormInput = z.input<typeof VendorForm>;
export type VendorFormOutput = z.output<typeof VendorForm>;

export const VENDOR_FORM_FIELDS = [
  'trade_license_number',
  'tax_number',
  'iata_number',
  'trade_license',
  'owner_id_document',
] as const satisfies readonly (keyof VendorFormInput)[];

/** docs/api.md: multipart, text fields and the files under their kinds. */
export function toVendorFormData(form: VendorFormOutput): FormData {
  const data = new FormData();
  data.append('trade_license_number', form.trade_license_number);
  data.append('tax_number', form.tax_number);
  if (form.iata_number) data.append('iata_number', form.iata_number);
  const kinds: VendorDocumentKind[] = ['trade_license', 'owner_id_document'];
  for (const kind of kinds) {
    const file = form[kind];
    if (file) data.append(kind, file, file.name);
  }
  return data;
}

/** How each document is named to the agent. */
export const DOCUMENT_LABELS: Record<VendorDocumentKind, { title: string; description: string }> = {
  trade_license: {
    title: 'Trade licence',
    description: "A scan or photo of your agency's current trade licence.",
  },
  owner_id_document: {
    title: "Owner's ID document",
    description: "The owner's passport or national ID card, the page with the photo.",
  },
};
