import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@skydesk/contract';
import {
  type ImageRule,
  imageAccept,
  imageFileProblem,
  imageMessages,
  imageRuleText,
} from '../../../shared/files/image-file';

/*
 * A profile picture (docs/api.md `POST /api/user/image`): PNG, JPEG or WebP of at most 2 MB, checked as
 * soon as one is chosen so a wrong file is never sent. The server checks the bytes in the end and
 * re-encodes the picture as a square.
 */
const PROFILE_IMAGE: ImageRule = { types: PROFILE_IMAGE_TYPES, maxBytes: PROFILE_IMAGE_MAX_BYTES };

/** For the file picker: the types and extensions it offers. */
export const PROFILE_IMAGE_ACCEPT = imageAccept(PROFILE_IMAGE);

export const PROFILE_IMAGE_RULE = imageRuleText(PROFILE_IMAGE);

export const PROFILE_IMAGE_MESSAGES = imageMessages(PROFILE_IMAGE);

/** What is wrong with a chosen picture, or null. */
export const profileImageProblem = (file: File): string | null => imageFileProblem(file, PROFILE_IMAGE);
