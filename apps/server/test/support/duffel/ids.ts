/**
 * Deterministic identifiers and numbers. Every server instance owns one factory seeded from its
 * `seed`, so the same calls in the same order give the same ids in every run, and two servers
 * never share a counter.
 */

/** FNV-1a over the parts joined: a stable 32-bit hash for schedules, prices and seat fills. */
export function hash32(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  const text = parts.join('|');
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded generator, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// PNRs avoid letters read as digits (airlines print them for people to type).
const PNR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type IdFactory = {
  /** `off_0000…`-shaped ids as Duffel's: a prefix, four zeros and 22 base62 characters. */
  next(prefix: IdPrefix): string;
  /** A six-character airline booking reference (Orders › booking_reference), unique per server. */
  bookingReference(): string;
  /** A 13-digit document number: the carrier's 3-digit prefix and ten digits, unique per server. */
  documentNumber(carrierPrefix: string): string;
};

export type IdPrefix =
  | 'orq'
  | 'off'
  | 'pas'
  | 'sli'
  | 'seg'
  | 'ase'
  | 'ord'
  | 'por'
  | 'pay'
  | 'ore'
  | 'ser'
  | 'aic'
  | 'ocr'
  | 'oco'
  | 'oce'
  | 'wev'
  | 'req'
  | 'sea'
  | 'org';

export function createIdFactory(seed: number): IdFactory {
  const random = seededRandom(hash32('duffel-ids', seed));
  const issuedReferences = new Set<string>();
  const issuedDocuments = new Set<string>();
  let counter = 0;

  const pick = (alphabet: string, length: number) => {
    let text = '';
    for (let i = 0; i < length; i += 1) text += alphabet[Math.floor(random() * alphabet.length)];
    return text;
  };

  return {
    next(prefix) {
      counter += 1;
      // The serial first: ids sort in creation order, as Duffel's do (lists default to id order),
      // and stay unique whatever the random part. 22 characters after '0000', as Duffel's.
      const serial = counter.toString(36).toUpperCase().padStart(6, '0');
      return `${prefix}_0000${serial}${pick(BASE62, 16)}`;
    },
    bookingReference() {
      for (;;) {
        const reference = pick(PNR_ALPHABET, 6);
        if (!issuedReferences.has(reference)) {
          issuedReferences.add(reference);
          return reference;
        }
      }
    },
    documentNumber(carrierPrefix) {
      for (;;) {
        const number = `${carrierPrefix}${pick('0123456789', 10)}`;
        if (!issuedDocuments.has(number)) {
          issuedDocuments.add(number);
          return number;
        }
      }
    },
  };
}
