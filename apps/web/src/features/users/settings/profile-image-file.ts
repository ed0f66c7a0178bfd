import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@skydesk/contract';
import { formatFileSize } from '../../../shared/format/file-size';

/*
 * A profile picture (API.md `POST /api/user/image`): PNG, JPEG or WebP of at most 2 MB, checked as
 * soon as one is chosen so a wrong file is never sent. The server checks the bytes in the end and
 * re-encodes the picture as a square.
 */

/** Each type with the extensions its files carry. */
const EXTENSIONS_OF: Record<(typeof PROFILE_IMAGE_TYPES)[number], readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
};

/** For the file picker: the types and extensions it offers. */
export const PROFILE_IMAGE_ACCEPT = [
  ...PROFILE_IMAGE_TYPES,
  ...Object.values(EXTENSIONS_OF)
    .flat()
    .map((extension) => `.${extension}`),
].join(',');

export const PROFILE_IMAGE_RULE = `PNG, JPEG or WebP, up to ${formatFileSize(PROFILE_IMAGE_MAX_BYTES)}`;

export const PROFILE_IMAGE_MESSAGES = {
  wrongType: 'Choose a PNG, JPEG or WebP picture',
  tooLarge: `The picture is larger than ${formatFileSize(PROFILE_IMAGE_MAX_BYTES)}`,
  empty: 'The file is empty',
} as const;

/**
 * What is wrong with a chosen picture, or null. The browser's type must be one of the three (a
 * browser that knows no type is trusted on the name's extension).
 */
export function profileImageProblem(file: File): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeMatches = Object.entries(EXTENSIONS_OF).some(([type, extensions]) =>
    file.type === '' ? extensions.includes(extension) : file.type === type,
  );
  if (!typeMatches) return PROFILE_IMAGE_MESSAGES.wrongType;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return PROFILE_IMAGE_MESSAGES.tooLarge;
  if (file.size === 0) return PROFILE_IMAGE_MESSAGES.empty;
  return null;
}
