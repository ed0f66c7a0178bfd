import { AppError, NOTICE_IMAGE_FIELD, NOTICE_IMAGE_MAX_BYTES, NOTICE_IMAGE_TYPES } from '@skydesk/contract';
import sharp from 'sharp';
import { z } from 'zod';
import { defineMultipartForm } from '../../../platform/http/multipart-form.js';

/**
 * An announcement's or offer's picture: the multipart form's one file, checked by the registrar for
 * its size and for its type by its first bytes (PNG, JPEG or WebP); here sharp must decode it and
 * draws it again as a WebP at most 1600 px wide. Only that new image is stored and served to
 * agencies: no byte of the upload, no metadata (EXIF, GPS, ICC names), no trailing data.
 */

export const NOTICE_IMAGE_MESSAGES = {
  missing: 'Choose an image to upload',
  wrongType: 'Upload a PNG, JPEG or WebP image',
  undecodable: 'This image could not be read. Upload a PNG, JPEG or WebP image',
  tooManyPixels: 'This image is too large to process. Upload one of at most 40 megapixels',
} as const;

export const NOTICE_IMAGE_FORM = defineMultipartForm({
  fields: z.strictObject({}),
  files: [NOTICE_IMAGE_FIELD],
  maxFileBytes: NOTICE_IMAGE_MAX_BYTES,
  contentTypes: NOTICE_IMAGE_TYPES,
  missingFile: NOTICE_IMAGE_MESSAGES.missing,
  wrongType: NOTICE_IMAGE_MESSAGES.wrongType,
});

/** Wide enough for the announcement page's banner on a large screen, twice over for sharpness. */
export const NOTICE_IMAGE_MAX_WIDTH = 1600;
/** A small file may still describe a huge canvas (a decompression bomb): sharp refuses beyond this. */
const MAX_INPUT_PIXELS = 40_000_000;

const refused = (message: string) =>
  new AppError('validation', message, { fieldErrors: { [NOTICE_IMAGE_FIELD]: [message] } });

/** The upload drawn again as a WebP, at most NOTICE_IMAGE_MAX_WIDTH wide (never enlarged), or a 422. */
export async function noticeWebp(content: Buffer): Promise<Buffer> {
  try {
    return await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate() // as the camera held it (EXIF orientation), before the metadata goes
      .resize({ width: NOTICE_IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw refused(
      /pixel limit/i.test(message) ? NOTICE_IMAGE_MESSAGES.tooManyPixels : NOTICE_IMAGE_MESSAGES.undecodable,
    );
  }
}
