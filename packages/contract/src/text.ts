import { z } from 'zod';

/**
 * Free text as every form and the server take it: trimmed, within its lengths, and free of the
 * characters no name, address, reason or search has a use for — C0 and C1 control characters
 * (a NUL is refused by PostgreSQL itself) and lone UTF-16 surrogates (not text at all). A
 * multiline field keeps its line breaks and tabs, a Windows line break counting as one.
 * Bidirectional embeddings, overrides and isolates are removed rather than refused (issue 27):
 * text is shown to others (a colleague, an operator), and an override makes `invoice‮fdp.exe`
 * read as `invoiceexe.pdf`; the letters of any script keep their own direction without them.
 */

export const TEXT_MESSAGES = {
  controlCharacters: 'Remove the control characters from this text',
  /** 400 of text the store itself refused (a NUL or a broken character past every other check). */
  unstorable:
    'Something you sent holds characters that cannot be stored (a NUL or a broken character): remove them and try again',
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

/**
 * What an id the server made and reads back may hold (a signed offer or option, a picture's
 * version): printable ASCII without spaces. Chained as `.regex(PRINTABLE_TOKEN, message)`, so a
 * forged one with a control character is refused as malformed before anything looks it up.
 */
export const PRINTABLE_TOKEN = /^[\x21-\x7e]*$/;

/** U+202A–U+202E (embeddings, overrides, their end) and U+2066–U+2069 (isolates, their end). */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** `text` without bidirectional embeddings, overrides and isolates (the marks U+200E/U+200F stay). */
export const withoutBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');

/**
 * Whether PostgreSQL can keep `text` as it is: no NUL (refused by every text column, and as
 * `\u0000` in jsonb) and no lone surrogate (no UTF-8 for it: the driver writes U+FFFD instead,
 * and jsonb refuses its escape). The store's last check (platform/db/storable-text.ts).
 */
export function isStorableText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/**
 * A file's name as a client sent it, made fit to keep and show (issue 27): control characters,
 * bidirectional controls and lone surrogates removed, trimmed, and at most `max` characters
 * (whole characters: an emoji is never cut in half) with its extension kept. Empty when nothing
 * is left; the caller names the file then.
 */
export function cleanFileName(name: string, max = 200): string {
  const kept = [...withoutBidiControls(name)]
    .filter((character) => !hasForbiddenCharacters(character))
    .join('')
    .trim();
  const characters = [...kept];
  if (characters.length <= max) return kept;
  const extension = /\.[^.\s]{1,10}$/.exec(kept)?.[0] ?? '';
  return `${characters
    .slice(0, max - extension.length)
    .join('')
    .trimEnd()}${extension}`;
}

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
  let schema = z.string().overwrite(withoutBidiControls).trim();
  if (multiline) schema = schema.overwrite((value) => value.replace(/\r\n?/g, '\n'));
  schema = schema.refine((value) => !hasForbiddenCharacters(value, multiline), {
    message: TEXT_MESSAGES.controlCharacters,
    abort: true,
  });
  if (min !== undefined) schema = schema.min(min, tooShort ?? `Use at least ${min} characters`);
  return schema.max(max, tooLong ?? `Use at most ${max} characters`);
}
