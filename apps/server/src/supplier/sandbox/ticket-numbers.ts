import { createHash, randomInt } from 'node:crypto';

/**
 * Ticket numbers as airlines print them: the validating carrier's IATA accounting code, then a
 * 10-digit serial. Random draws; the portal's unique key decides, drawing again when one is taken.
 */

/**
 * IATA accounting codes, the first 3 digits of every ticket an airline issues. The real codes of
 * well-known carriers; other sandbox airlines get a stable one derived from their code.
 */
const ACCOUNTING_CODES: Readonly<Record<string, string>> = {
  AA: '001',
  DL: '006',
  UA: '016',
  AF: '057',
  KL: '074',
  QF: '081',
  BA: '125',
  QR: '157',
  CX: '160',
  EK: '176',
  LH: '220',
  TK: '235',
  SQ: '618',
  EY: '607',
};

export function ticketPrefix(carrier: string): string {
  const known = ACCOUNTING_CODES[carrier];
  if (known) return known;
  const hash = createHash('sha256').update(`accounting-code:${carrier}`).digest().readUInt32BE(0);
  return String(1 + (hash % 999)).padStart(3, '0');
}

/** 13 digits: the validating carrier's accounting code, then a 10-digit serial. */
export function newTicketNumber(carrier: string): string {
  return `${ticketPrefix(carrier)}${String(randomInt(10_000_000_000)).padStart(10, '0')}`;
}
