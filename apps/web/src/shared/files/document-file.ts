import { VENDOR_DOCUMENT_MAX_BYTES, VENDOR_DOCUMENT_TYPES } from '@skydesk/contract';
import { z } from 'zod';
import { formatFileSize } from '../format/file-size';

/*
 * The documents an agency uploads — its vendor documents, a deposit's receipt (docs/api.md): PDF, PNG
 * or JPEG, at most 5 MB, checked as soon as one is chosen. The server checks the bytes in the end.
 */

/** Each type with the extensions its files carry. */
const EXTENSIONS_OF: Record<(typeof VENDOR_DOCUMENT_TYPES)[number], readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
};

/** For the file picker: the types and extensions it offers. */
export const DOCUMENT_ACCEPT = [
  ...VENDOR_DOCUMENT_TYPES,
  ...Object.values(EXTENSIONS_OF)
    .flat()
    .map((extension) => `.${extension}`),
].join(',');

export const DOCUMENT_RULE = `PDF, PNG or JPEG, up to ${formatFileSize(VENDOR_DOCUMENT_MAX_BYTES)}`;

export const DOCUMENT_MESSAGES = {
  missing: 'Attach this document',
  wrongType: 'Upload a PDF, PNG or JPEG file',
  tooLarge: `The file is larger than ${formatFileSize(VENDOR_DOCUMENT_MAX_BYTES)}`,
  empty: 'The file is empty',
} as const;

/**
 * What is wrong with a chosen document, or null. The name's extension and the browser's type
 * must both say PDF, PNG or JPEG (a browser that knows no type is trusted on the extension).
 */
export function documentFileProblem(
  file: File | null,
  missing: string = DOCUMENT_MESSAGES.missing,
): string | null {
  if (!file) return missing;
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeMatches = Object.entries(EXTENSIONS_OF).some(
    ([type, extensions]) => extensions.includes(extension) && (file.type === '' || file.type === type),
  );
  if (!typeMatches) return DOCUMENT_MESSAGES.wrongType;
  if (file.size > VENDOR_DOCUMENT_MAX_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  if (file.size === 0) return DOCUMENT_MESSAGES.empty;
  return null;
}

/** A form field holding one document (null until chosen), checked as above. */
export const documentFileField = (missing: string = DOCUMENT_MESSAGES.missing) =>
  z
    .custom<File | null>((value) => value === null || value instanceof File, missing)
    .superRefine((file, ctx) => {
      const problem = documentFileProblem(file, missing);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
