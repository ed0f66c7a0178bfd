import {
  VENDOR_DOCUMENT_MAX_BYTES,
  VENDOR_DOCUMENT_TYPES,
  type VendorDocumentKind,
  VendorFormFields,
} from '@skydesk/contract';
import { z } from 'zod';
import { formatFileSize } from '../../shared/format/file-size';

/** API.md vendor form: PDF, PNG or JPEG. Each type with the extensions its files carry. */
const EXTENSIONS_OF: Record<(typeof VENDOR_DOCUMENT_TYPES)[number], readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
};

/** For the file picker: the types and extensions it offers. */
export const VENDOR_DOCUMENT_ACCEPT = [
  ...VENDOR_DOCUMENT_TYPES,
  ...Object.values(EXTENSIONS_OF)
    .flat()
    .map((extension) => `.${extension}`),
].join(',');

export const VENDOR_DOCUMENT_RULE = `PDF, PNG or JPEG, up to ${formatFileSize(VENDOR_DOCUMENT_MAX_BYTES)}`;

export const DOCUMENT_MESSAGES = {
  missing: 'Attach this document',
  wrongType: 'Upload a PDF, PNG or JPEG file',
  tooLarge: `The file is larger than ${formatFileSize(VENDOR_DOCUMENT_MAX_BYTES)}`,
  empty: 'The file is empty',
} as const;

/**
 * What is wrong with a chosen document, or null. The name's extension and the browser's type
 * must both say PDF, PNG or JPEG (a browser that knows no type is trusted on the extension);
 * the server checks the bytes themselves in the end.
 */
export function vendorDocumentProblem(file: File | null): string | null {
  if (!file) return DOCUMENT_MESSAGES.missing;
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeMatches = Object.entries(EXTENSIONS_OF).some(
    ([type, extensions]) => extensions.includes(extension) && (file.type === '' || file.type === type),
  );
  if (!typeMatches) return DOCUMENT_MESSAGES.wrongType;
  if (file.size > VENDOR_DOCUMENT_MAX_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  if (file.size === 0) return DOCUMENT_MESSAGES.empty;
  return null;
}

const DocumentFile = z
  .custom<File | null>((value) => value === null || value instanceof File, DOCUMENT_MESSAGES.missing)
  .superRefine((file, ctx) => {
    const problem = vendorDocumentProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

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

/** API.md: multipart, text fields and the files under their kinds. */
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
