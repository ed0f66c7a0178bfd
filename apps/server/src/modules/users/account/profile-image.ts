import {
  AppError,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_SIZE,
  PROFILE_IMAGE_TYPES,
} from '@skydesk/contract';
import sharp from 'sharp';
import { z } from 'zod';
import { defineMultipartForm } from '../../../platform/http/multipart-form.js';

/**
 * A profile picture (issue 13): the multipart form's one file, already checked by the registrar
 * for its size and for its type by its first bytes (PNG, JPEG or WebP); here sharp must decode it
 * and draws it again as a square WebP. What is stored and served is only ever that new image:
 * no byte of the upload, no metadata (EXIF, GPS, ICC names), no second frame, no trailing data.
 */

export const PROFILE_IMAGE_FIELD = 'image';

export const PROFILE_IMAGE_MESSAGES = {
  missing: 'Choose an image to upload',
  wrongType: 'Upload a PNG, JPEG or WebP image',
  undecodable: 'This image could not be read. Upload a PNG, JPEG or WebP image',
  tooManyPixels: 'This image is too large to process. Upload one of at most 40 megapixels',
} as const;

export const PROFILE_IMAGE_FORM = defineMultipartForm({
  fields: z.strictObject({}),
  files: [PROFILE_IMAGE_FIELD],
  maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
  contentTypes: PROFILE_IMAGE_TYPES,
  missingFile: PROFILE_IMAGE_MESSAGES.missing,
  wrongType: PROFILE_IMAGE_MESSAGES.wrongType,
});

/**
 * A small file may still describe a huge canvas (a decompression bomb); sharp refuses to decode
 * beyond this many pixels (its default is 268 million, about a gigabyte of memory).
 */
const MAX_INPUT_PIXELS = 40_000_000;

// Every picture is new: sharp's cache of recently opened files would only hold memory.
sharp.cache(false);

const refused = (message: string) =>
  new AppError('validation', message, { fieldErrors: { [PROFILE_IMAGE_FIELD]: [message] } });

/** The upload drawn again as a PROFILE_IMAGE_SIZE square WebP (centre cover crop), or a 422. */
export async function squareWebp(content: Buffer): Promise<Buffer> {
  try {
    return await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // as the camera held it (EXIF orientation), before the metadata goes
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw refused(
      /pixel limit/i.test(message)
        ? PROFILE_IMAGE_MESSAGES.tooManyPixels
        : PROFILE_IMAGE_MESSAGES.undecodable,
    );
  }
}
