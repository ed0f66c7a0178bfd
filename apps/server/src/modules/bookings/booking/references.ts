import { randomInt } from 'node:crypto';

/**
 * Booking references (PNRs) as airlines print them. Random, and the database's unique key
 * decides: a draw that is taken already is drawn again by the caller. Ticket numbers are the
 * supplier's (supplier/sandbox/ticket-numbers.ts for the sandbox).
 */

/** Letters and digits nobody misreads over the phone or on paper: no 0/O, no 1/I/L. */
export const PNR_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PNR_LENGTH = 6;

export function newPnr(): string {
  let pnr = '';
  for (let i = 0; i < PNR_LENGTH; i++) pnr += PNR_ALPHABET[randomInt(PNR_ALPHABET.length)];
  return pnr;
}
