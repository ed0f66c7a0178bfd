import { describe, expect, it } from 'vitest';
import { cleanFileName, hasForbiddenCharacters, isStorableText, TEXT_MESSAGES, Text } from './text.js';

const messagesOf = (schema: ReturnType<typeof Text>, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('free text', () => {
  const line = Text({ min: 2, max: 10 });
  const notes = Text({ max: 40, multiline: true });

  it('takes letters of any script, emoji (surrogate pairs) included, trimmed', () => {
    expect(line.parse('  Zoë 🛫 ')).toBe('Zoë 🛫');
    expect(line.parse('دبي')).toBe('دبي');
  });

  it('refuses C0 and C1 control characters and DEL, on their own', () => {
    for (const control of ['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(messagesOf(line, `ab${control}cd`), JSON.stringify(control)).toEqual([
        TEXT_MESSAGES.controlCharacters,
      ]);
    }
  });

  it('refuses lone surrogates, high or low, anywhere', () => {
    for (const text of ['ab\ud800', '\udc00ab', 'a\ud83d b', 'a\ude00\ud83d']) {
      expect(hasForbiddenCharacters(text), JSON.stringify(text)).toBe(true);
    }
    expect(hasForbiddenCharacters('a\ud83d\ude00b')).toBe(false);
  });

  it('keeps line breaks and tabs in multiline text, a Windows line break as one', () => {
    expect(notes.parse('first\r\nsecond\tthird\rfourth')).toBe('first\nsecond\tthird\nfourth');
    expect(messagesOf(notes, 'first\u0000second')).toEqual([TEXT_MESSAGES.controlCharacters]);
    expect(messagesOf(notes, 'a\u000bb')).toEqual([TEXT_MESSAGES.controlCharacters]);
  });

  it('holds its lengths once trimmed, with its own messages when given', () => {
    expect(messagesOf(line, ' a ')).toEqual(['Use at least 2 characters']);
    expect(messagesOf(line, 'a'.repeat(11))).toEqual(['Use at most 10 characters']);
    const named = Text({ min: 2, max: 3, tooShort: 'Too short', tooLong: 'Too long' });
    expect(messagesOf(named, 'a')).toEqual(['Too short']);
    expect(messagesOf(named, 'abcd')).toEqual(['Too long']);
    expect(messagesOf(line, 42)).toHaveLength(1);
  });

  it('removes bidirectional embeddings, overrides and isolates, keeping the marks and any script', () => {
    expect(line.parse('ab\u202ecd')).toBe('abcd');
    expect(notes.parse('\u2066invoice\u202efdp.exe\u2069')).toBe('invoicefdp.exe');
    expect(line.parse('\u202e دبي ')).toBe('دبي');
    expect(line.parse('a\u200fb')).toBe('a\u200fb');
  });
});

describe('file names', () => {
  it('keeps a name as sent when there is nothing to remove', () => {
    expect(cleanFileName('trade licence 2026.pdf')).toBe('trade licence 2026.pdf');
    expect(cleanFileName('Zoë 🛫.png')).toBe('Zoë 🛫.png');
  });

  it('removes control and bidirectional characters and lone surrogates, then trims', () => {
    expect(cleanFileName(' scan\u0000\u0007\u0085.pdf ')).toBe('scan.pdf');
    expect(cleanFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('a\ud800b\udc00.pdf')).toBe('ab.pdf');
    expect(cleanFileName('\u0000\u0001')).toBe('');
  });

  it('cuts a long name between whole characters and keeps its extension', () => {
    const cut = cleanFileName(`${'a'.repeat(190)}${'🛫'.repeat(8)}.pdf`);
    expect([...cut]).toHaveLength(200);
    expect(cut.endsWith('🛫.pdf')).toBe(true);
    expect(isStorableText(cut)).toBe(true);
    expect([...cleanFileName('x'.repeat(300))]).toHaveLength(200);
  });
});

describe('what the store can keep', () => {
  it('is any text without a NUL or a lone surrogate', () => {
    expect(isStorableText('Zoë 🛫 \u0007\n')).toBe(true);
    for (const text of ['a\u0000b', 'a\ud800', '\udc00a', 'a\ud83d b']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });
});
