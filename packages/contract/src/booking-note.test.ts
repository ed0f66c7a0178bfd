import { describe, expect, it } from 'vitest';
import { noteInstant, noteMoney, noteParts } from './booking-note.js';

describe('booking history notes', () => {
  it('finds the instant and the amount of a hold note as the server has always written it', () => {
    expect(noteParts('Seats held until 2026-11-25 00:18 UTC; total 1062.88 USD')).toEqual([
      { kind: 'text', text: 'Seats held until ' },
      { kind: 'instant', at: '2026-11-25T00:18:00.000Z' },
      { kind: 'text', text: '; total ' },
      { kind: 'money', amount: 1062.88, currency: 'USD' },
    ]);
  });

  it('reads back what the writers write', () => {
    const at = new Date('2027-01-02T03:04:59.999Z');
    const parts = noteParts(`${noteMoney(-12345, 'EUR')} by ${noteInstant(at)}`);
    expect(parts).toEqual([
      { kind: 'money', amount: -123.45, currency: 'EUR' },
      { kind: 'text', text: ' by ' },
      { kind: 'instant', at: '2027-01-02T03:04:00.000Z' },
    ]);
  });

  it('keeps everything else as text, and loses no character', () => {
    const notes = [
      'Not ticketed by the ticketing deadline; the seats were released',
      'Refund RF-000123 of 2 tickets requested; 88.10 GBP to be credited after penalties. Reason: 3.50 usd, v1.25 EUR',
      'Hold cancelled. Reason: meeting on 2026-02-31 10:00 UTC',
      '',
    ];
    for (const note of notes) {
      const parts = noteParts(note);
      const joined = parts
        .map((part) =>
          part.kind === 'text'
            ? part.text
            : part.kind === 'money'
              ? `${part.amount.toFixed(2)} ${part.currency}`
              : noteInstant(new Date(part.at)),
        )
        .join('');
      expect(joined).toBe(note);
    }
    expect(noteParts(notes[0]!)).toEqual([{ kind: 'text', text: notes[0] }]);
    // Lower-case currency, an amount glued to a word and an impossible date are not read as such.
    expect(noteParts(notes[1]!).filter((part) => part.kind !== 'text')).toEqual([
      { kind: 'money', amount: 88.1, currency: 'GBP' },
    ]);
    expect(noteParts(notes[2]!)).toEqual([{ kind: 'text', text: notes[2] }]);
  });
});
