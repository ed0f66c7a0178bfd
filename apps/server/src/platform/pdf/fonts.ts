import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * Fonts: pdfkit's built-in Helvetica only encodes WinAnsi, so "Zürich" prints but "Москва" or
 * "Αθήνα" would come out as garbage. We embed DejaVu Sans Condensed (Latin, Greek, Cyrillic,
 * Armenian, Georgian, Hebrew, much of Arabic) from the `dejavu-fonts-ttf` npm package, resolved
 * through node_modules like any other dependency, so the server never relies on system fonts.
 * What DejaVu has no glyph for (CJK, Thai, …) is first reduced to its base letter ("ẞ" stays,
 * "ǅ" → "Dž"), and otherwise shown as "?" — airport codes always print beside names, so a
 * name degraded that way still identifies the airport. pdfkit does no bidi reordering: an
 * Arabic or Hebrew name prints its letters left to right; acceptable for a secondary label.
 */

export const FACES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  mono: 'DejaVuSansMono-Bold.ttf',
} as const;
export type Face = keyof typeof FACES;
type LoadedFace = { path: string; data: Buffer; covers: (codePoint: number) => boolean };

let loadedFaces: Record<Face, LoadedFace> | undefined;

/** Read once per process: the files are ~1.5 MB together and never change. */
export function faces(): Record<Face, LoadedFace> {
  if (loadedFaces) return loadedFaces;
  const require = createRequire(import.meta.url);
  const load = (file: string): LoadedFace => {
    const path = require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
    const data = readFileSync(path);
    const font = fontkit.create(data);
    if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
    return { path, data, covers: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
  };
  loadedFaces = { regular: load(FACES.regular), bold: load(FACES.bold), mono: load(FACES.mono) };
  return loadedFaces;
}

/** Text the face can draw: controls become spaces, missing letters their base letter or '?'. */
export function printable(text: string, face: Face): string {
  const { covers } = faces()[face];
  let out = '';
  let lastMissing = false;
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0x3f;
    if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) {
      out += ' ';
      lastMissing = false;
    } else if (covers(codePoint)) {
      out += char;
      lastMissing = false;
    } else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      if (base && [...base].every((part) => covers(part.codePointAt(0) ?? 0))) {
        out += base;
        lastMissing = false;
      } else if (!lastMissing) {
        // One '?' per run: a whole CJK name would otherwise print as a row of question marks.
        out += '?';
        lastMissing = true;
      }
    }
  }
  return out;
}
