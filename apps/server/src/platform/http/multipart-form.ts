import { createHash } from 'node:crypto';
import { AppError, cleanFileName, type FieldErrors } from '@skydesk/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sniffContentType } from '../storage/file-store.js';
import { MULTIPART_MESSAGES } from './errors.js';
import {
  addFieldError,
  emptyFieldErrors,
  hasFieldErrors,
  mergeFieldErrors,
  parseInput,
} from './field-errors.js';
import { watchFormStall } from './form-stall.js';

/**
 * The one reader of `multipart/form-data` calls (the vendor form, a deposit's receipt): text
 * fields validated by the contract's schema, and the named files, each required, at most
 * `maxFileBytes`, of a type read from its first bytes — never from its name or declared type.
 * The endpoint registrar reads the form before the handler runs, so an idempotent call's
 * fingerprint covers the fields and the files' digests (platform/http/idempotency.ts).
 */

export type MultipartFormSpec<Fields extends z.ZodType = z.ZodType, FileField extends string = string> = {
  fields: Fields;
  /** The file fields, every one required; any other file is an unknown field. */
  files: readonly FileField[];
  maxFileBytes: number;
  /** The types a file may be, as sniffContentType names them. */
  contentTypes: readonly string[];
  /** The field error of a file that was not sent. */
  missingFile: string;
  /** The field error of a file of another type (MULTIPART_FORM_MESSAGES.wrongType otherwise). */
  wrongType?: string;
};

/**
 * Every form declared, in the order its module was loaded: the tests that walk every input schema
 * (test/platform/contract-schemas.test.ts) find a new form's fields here without a list to update.
 */
export const declaredMultipartForms: MultipartFormSpec[] = [];

/** Declares a form with its types inferred (fields' output, file names). */
export const defineMultipartForm = <Fields extends z.ZodType, FileField extends string>(
  spec: MultipartFormSpec<Fields, FileField>,
) => {
  declaredMultipartForms.push(spec as unknown as MultipartFormSpec);
  return spec;
};

export type UploadedFile = {
  field: string;
  /**
   * The client's name, kept as metadata only and shown to others (an operator, the other side of
   * a chat): cleaned by cleanFileName (no control or bidirectional characters, at most 200
   * characters), the field's name when nothing is left of it.
   */
  fileName: string;
  /** As verified from the content. */
  contentType: string;
  content: Buffer;
  /** Hex SHA-256 of the content. */
  sha256: string;
};

export type MultipartForm<Spec extends MultipartFormSpec> =
  Spec extends MultipartFormSpec<infer Fields, infer FileField>
    ? { fields: z.output<Fields>; files: Record<FileField, UploadedFile> }
    : never;

/** At most this many files are read, so an unknown file beside the expected ones is reported. */
const MAX_FILES = 4;

export const MULTIPART_FORM_MESSAGES = {
  unknownField: 'Unknown field',
  emptyFile: 'The file is empty',
  wrongType: 'Upload a PDF, PNG or JPEG file',
} as const;

export const fileTooLargeMessage = (maxBytes: number) =>
  `The file is larger than ${Number((maxBytes / (1024 * 1024)).toFixed(1))} MB`;

/**
 * Reads the whole form: the parsed form, or every problem of it as field errors (for the
 * registrar to answer with the other parts' errors in one 422). A body that is not multipart is
 * refused at once (415).
 */
export async function readMultipartForm<Spec extends MultipartFormSpec>(
  request: FastifyRequest,
  spec: Spec,
): Promise<{ form: MultipartForm<Spec>; errors?: undefined } | { form?: undefined; errors: FieldErrors }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', MULTIPART_MESSAGES.notMultipart);
  // Keyed by the client's field names: no prototype, so `toString` or `constructor` is a field like any other.
  const fields: Record<string, string> = Object.create(null);
  const files = new Map<string, UploadedFile>();
  const errors = emptyFieldErrors();
  const addError = (field: string, message: string) => addFieldError(errors, field, message);
  const isFileField = (name: string) => spec.files.includes(name);

  // An oversized file is truncated and reported on its field (422), not thrown at the end of the
  // iteration (which would answer 413 for the whole form).
  // (`throwFileSizeLimit` is a documented option of parts() its typings leave out.)
  const options = { limits: { fileSize: spec.maxFileBytes, files: MAX_FILES }, throwFileSizeLimit: false };
  const watch = watchFormStall(request.raw);
  const reading = readParts();
  // Should the stall win, a later failure of the abandoned read is nobody's to report.
  reading.catch(() => {});
  try {
    await Promise.race([reading, watch.stalled]);
  } finally {
    watch.stop();
  }

  async function readParts() {
    for await (const part of request.parts(options)) {
      watch.progress();
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!isFileField(part.fieldname)) {
        await drain(part.file);
        addError(part.fieldname, MULTIPART_FORM_MESSAGES.unknownField);
        continue;
      }
      const content = await part.toBuffer();
      if (part.file.truncated) {
        addError(part.fieldname, fileTooLargeMessage(spec.maxFileBytes));
        continue;
      }
      const contentType = sniffContentType(content);
      if (content.length === 0) addError(part.fieldname, MULTIPART_FORM_MESSAGES.emptyFile);
      else if (!contentType || !spec.contentTypes.includes(contentType)) {
        addError(part.fieldname, spec.wrongType ?? MULTIPART_FORM_MESSAGES.wrongType);
      } else {
        files.set(part.fieldname, {
          field: part.fieldname,
          fileName: cleanFileName(part.filename ?? '') || part.fieldname,
          contentType,
          content,
          sha256: createHash('sha256').update(content).digest('hex'),
        });
      }
    }
  }

  const parsed = parseInput(spec.fields, fields, 'form');
  for (const name of spec.files) {
    if (!files.has(name) && !Object.hasOwn(errors, name)) addError(name, spec.missingFile);
  }
  if (!parsed.success || hasFieldErrors(errors)) {
    return { errors: mergeFieldErrors(errors, parsed.success ? undefined : parsed.errors) };
  }
  const form = { fields: parsed.data, files: Object.fromEntries(files) };
  return { form: form as MultipartForm<Spec> };
}

/**
 * What identifies a form for Idempotency-Key: its parsed fields and, per file, its name, size
 * and digest (not its bytes), so a retry of the same upload matches and another file does not.
 */
export function formFingerprint(form: { fields: unknown; files: Record<string, UploadedFile> }) {
  return {
    fields: form.fields,
    files: Object.fromEntries(
      Object.entries(form.files).map(([field, file]) => [
        field,
        { file_name: file.fileName, size: file.content.length, sha256: file.sha256 },
      ]),
    ),
  };
}

/** Reads a part to its end without keeping it. */
async function drain(stream: AsyncIterable<unknown>) {
  for await (const _chunk of stream) {
    // discarded
  }
}
