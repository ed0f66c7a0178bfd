import { minorToAmount } from './envelope.js';

/**
 * A booking history note is stored as plain text (the server's notes since the first release,
 * e.g. `Seats held until 2026-11-25 00:18 UTC; total 1062.88 USD`), written in two machine forms:
 * an instant as `YYYY-MM-DD HH:MM UTC` and an amount as `1062.88 USD`. The writers below produce
 * them; `noteParts` finds them again so a screen can show each in the portal's own date and money
 * formats. Old rows were written in the same forms, so they read the same way; text that holds
 * neither form is one text part.
 */

/** `2026-11-25 00:18 UTC`: an instant as a note stores it (to the minute, UTC). */
export const noteInstant = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** `1062.88 USD`: an amount in minor units as a note stores it. */
export const noteMoney = (minor: number, currency: string): string =>
  `${minorToAmount(minor).toFixed(2)} ${currency}`;

export type NotePart =
  | { kind: 'text'; text: string }
  | { kind: 'instant'; at: string }
  | { kind: 'money'; amount: number; currency: string };

// Either form, as a whole word: an instant, or a signed decimal with two places and a currency code.
const TOKEN = /(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC\b|(?<![\w.])(-?\d+\.\d{2}) ([A-Z]{3})\b/g;

/** The note cut into text, instants (ISO 8601) and amounts, in order; joining them back gives the note. */
export function noteParts(note: string): NotePart[] {
  const parts: NotePart[] = [];
  let last = 0;
  for (const match of note.matchAll(TOKEN)) {
    const [whole, day, time, amount, currency] = match;
    const at = day ? new Date(`${day}T${time}:00Z`) : null;
    // A date the calendar has no such day for (2026-02-31 would roll into March) stays text.
    if (at && (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 16) !== `${day}T${time}`)) continue;
    if (match.index > last) parts.push({ kind: 'text', text: note.slice(last, match.index) });
    parts.push(
      at
        ? { kind: 'instant', at: at.toISOString() }
        : { kind: 'money', amount: Number(amount), currency: currency! },
    );
    last = match.index + whole.length;
  }
  if (last < note.length) parts.push({ kind: 'text', text: note.slice(last) });
  return parts;
}

/**
 * Issue 31: a `ticket` ledger line that pays for seats and bags names them after '; ' —
 * `Tickets for booking K7Q2ZD; Seat 23C BA117, Extra bag 23 kg BA117`. The statement's JSON and CSV
 * carry the note as it is; its PDF and the order history read the services back with
 * `servicesNamedIn`, so writer and readers keep one form. A service's own text holds neither ', '
 * nor '; '.
 */
const SERVICES_AFTER = '; ';
const SERVICES_BETWEEN = ', ';

/** The note of a ledger line with the services it pays for (the head alone without any). */
export const noteWithServices = (head: string, services: readonly string[]): string =>
  services.length > 0 ? `${head}${SERVICES_AFTER}${services.join(SERVICES_BETWEEN)}` : head;

/** The services a `ticket` line's note names, in order ('Seat 23C BA117'); none when it names none. */
export function servicesNamedIn(note: string | null | undefined): string[] {
  const at = note?.indexOf(SERVICES_AFTER) ?? -1;
  if (!note || at < 0) return [];
  return note
    .slice(at + SERVICES_AFTER.length)
    .split(SERVICES_BETWEEN)
    .filter((service) => service.length > 0);
}
