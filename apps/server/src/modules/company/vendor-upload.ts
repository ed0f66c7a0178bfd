import {
  AppError,
  SERVER,
  VENDOR_DOCUMENT_KINDS,
  VENDOR_DOCUMENT_MAX_BYTES,
  VENDOR_DOCUMENT_TYPES,
  type VendorDocumentKind,
  VendorFormFields,
} from '@skydesk/contract';
import type { FastifyRequest } from 'fastify';
import {
  addFieldError,
  emptyFieldErrors,
  hasFieldErrors,
  mergeFieldErrors,
  parseInput,
} from '../../platform/http/field-errors.js';
import { sniffContentType } from '../../platform/storage/file-store.js';

export type UploadedDocument = {
  kind: VendorDocumentKind;
  fileName: string;
  contentType: (typeof VENDOR_DOCUMENT_TYPES)[number];
  content: Buffer;
};

const isDocumentKind = (name: string): name is VendorDocumentKind =>
  (VENDOR_DOCUMENT_KINDS as readonly string[]).includes(name);

/**
 * Reads the multipart vendor form: its text fields (validated by the contract) and its two
 * documents, each checked for size and for its real type by its first bytes, not its name.
 */
export async function readVendorForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Send the vendor form as multipart/form-data');
  }
  // Keyed by the client's field names: no prototype, so `toString` or `constructor` is a field like any other.
  const fields: Record<string, string> = Object.create(null);
  const documents = new Map<VendorDocumentKind, UploadedDocument>();
  const errors = emptyFieldErrors();
  const addError = (field: string, message: string) => addFieldError(errors, field, message);

  // An oversized file is truncated and reported on its field (422), not thrown at the end of the
  // iteration (which would answer 413 for the whole form). Up to the app's 4 files are read, so an
  // unknown file beside the two documents is a field error too.
  // (`throwFileSizeLimit` is a documented option of parts() its typings leave out.)
  const options = { limits: { fileSize: VENDOR_DOCUMENT_MAX_BYTES, files: 4 }, throwFileSizeLimit: false };
  for await (const part of request.parts(options)) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (!isDocumentKind(part.fieldname)) {
      await drain(part.file);
      addError(part.fieldname, 'Unknown field');
      continue;
    }
    const content = await part.toBuffer();
    if (part.file.truncated) {
      addError(part.fieldname, 'The file is larger than 5 MB');
      continue;
    }
    const contentType = sniffContentType(content);
    if (content.length === 0) addError(part.fieldname, 'The file is empty');
    else if (!contentType || !(VENDOR_DOCUMENT_TYPES as readonly string[]).includes(contentType)) {
      addError(part.fieldname, 'Upload a PDF, PNG or JPEG file');
    } else {
      documents.set(part.fieldname, {
        kind: part.fieldname,
        fileName: (part.filename || part.fieldname).slice(0, 200),
        contentType: contentType as UploadedDocument['contentType'],
        content,
      });
    }
  }

  const parsed = parseInput(VendorFormFields, fields, 'form');
  for (const kind of VENDOR_DOCUMENT_KINDS) {
    if (!documents.has(kind) && !Object.hasOwn(errors, kind)) addError(kind, 'Attach this document');
  }
  if (!parsed.success || hasFieldErrors(errors)) {
    const fieldErrors = mergeFieldErrors(errors, parsed.success ? undefined : parsed.errors);
    throw new AppError('validation', SERVER.validationFailed, { fieldErrors });
  }
  return { fields: parsed.data, documents: [...documents.values()] };
}

/** Reads a part to its end without keeping it. */
async function drain(stream: AsyncIterable<unknown>) {
  for await (const _chunk of stream) {
    // discarded
  }
}
