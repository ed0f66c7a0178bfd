import { z } from 'zod';

/**
 * Free text as every form and the server take it: trimmed, within its lengths, and free of the
 * characters no name, address, reason or search has a use for — C0 and C1 control characters
 * (a NUL is refused by PostgreSQL itself) and lone UTF-16 surrogates (not text at all). A
 * multiline field keeps its line breaks and tabs, a Windows line break counting as one.
 */

export const TEXT_MESSAGES = {
  controlCharacters: 'Remove the control characters from this text',
} as const;

export type TextOptions = {
  /** Shortest length accepted once trimmed (none by default). */
  min?: number;
  max: number;
  /** Line breaks and tabs allowed (notes, reasons); every other field is one line. */
  multiline?: boolean;
  tooShort?: string;
  tooLong?: string;
};

/** Whether `text` holds a control character (bar line breaks and tabs when multiline) or a lone surrogate. */
export function hasForbiddenCharacters(text: string, multiline = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20) {
      if (!(multiline && (unit === 0x0a || unit === 0x09))) return true;
    } else if (unit >= 0x7f && unit <= 0x9f) {
      return true;
    } else if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++; // a surrogate pair: one character outside the BMP
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/** The one schema of free-text input fields; chain `.regex()`, `.optional()` etc. as for any string. */
export function Text({ min, max, multiline = false, tooShort, tooLong }: TextOptions) {
  let schema = z.string().trim();
  if (multiline) schema = schema.overwrite((value) => value.replace(/\r\n?/g, '\n'));
  schema = schema.refine((value) => !hasForbiddenCharacters(value, multiline), {
    message: TEXT_MESSAGES.controlCharacters,
    abort: true,
  });
  if (min !== undefined) schema = schema.min(min, tooShort ?? `Use at least ${min} characters`);
  return schema.max(max, tooLong ?? `Use at most ${max} characters`);
}
