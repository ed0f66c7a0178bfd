import {
  VENDOR_DOCUMENT_KINDS,
  VENDOR_DOCUMENT_MAX_BYTES,
  VENDOR_DOCUMENT_TYPES,
  type VendorDocumentKind,
  VendorFormFields,
} from '@skydesk/contract';
import { defineMultipartForm, type MultipartForm } from '../../platform/http/multipart-form.js';

export type UploadedDocument = {
  kind: VendorDocumentKind;
  fileName: string;
  contentType: (typeof VENDOR_DOCUMENT_TYPES)[number];
  content: Buffer;
};

/**
 * The multipart vendor form: its text fields (validated by the contract) and its two documents,
 * each checked for size and for its real type by its first bytes, not its name (the registrar
 * reads it with platform/http/multipart-form.ts).
 */
export const VENDOR_FORM = defineMultipartForm({
  fields: VendorFormFields,
  files: VENDOR_DOCUMENT_KINDS,
  maxFileBytes: VENDOR_DOCUMENT_MAX_BYTES,
  contentTypes: VENDOR_DOCUMENT_TYPES,
  missingFile: 'Attach this document',
});

/** The form's documents, one per kind. */
export function vendorDocuments(form: MultipartForm<typeof VENDOR_FORM>): UploadedDocument[] {
  return VENDOR_DOCUMENT_KINDS.map((kind) => {
    const file = form.files[kind];
    return {
      kind,
      fileName: file.fileName,
      contentType: file.contentType as UploadedDocument['contentType'],
      content: file.content,
    };
  });
}
