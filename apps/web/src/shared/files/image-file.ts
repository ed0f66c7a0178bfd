import { formatFileSize } from '../format/file-size';

/*
 * A picture chosen to upload (a profile picture, an announcement's), checked as soon as it is
 * chosen so a wrong file is never sent: one of the allowed types, not too large, not empty. The
 * server checks the bytes in the end and re-encodes the picture.
 */

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** Each type with the extensions its files carry, and its name. */
const EXTENSIONS_OF: Record<ImageType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
};
const NAME_OF: Record<ImageType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };

/** "PNG, JPEG or WebP". */
const typeNames = (types: readonly ImageType[]): string => {
  const names = types.map((type) => NAME_OF[type]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
};

export type ImageRule = { types: readonly ImageType[]; maxBytes: number };

/** For the file picker: the types and extensions it offers. */
export const imageAccept = ({ types }: ImageRule): string =>
  [...types, ...types.flatMap((type) => EXTENSIONS_OF[type]).map((extension) => `.${extension}`)].join(',');

/** The rule as the picker's hint says it: "PNG, JPEG or WebP, up to 5 MB". */
export const imageRuleText = ({ types, maxBytes }: ImageRule): string =>
  `${typeNames(types)}, up to ${formatFileSize(maxBytes)}`;

export const imageMessages = ({ types, maxBytes }: ImageRule) =>
  ({
    wrongType: `Choose a ${typeNames(types)} picture`,
    tooLarge: `The picture is larger than ${formatFileSize(maxBytes)}`,
    empty: 'The file is empty',
  }) as const;

/**
 * What is wrong with a chosen picture, or null. The browser's type must be one of the rule's (a
 * browser that knows no type is trusted on the name's extension).
 */
export function imageFileProblem(file: File, rule: ImageRule): string | null {
  const messages = imageMessages(rule);
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeMatches = rule.types.some((type) =>
    file.type === '' ? EXTENSIONS_OF[type].includes(extension) : file.type === type,
  );
  if (!typeMatches) return messages.wrongType;
  if (file.size > rule.maxBytes) return messages.tooLarge;
  if (file.size === 0) return messages.empty;
  return null;
}
