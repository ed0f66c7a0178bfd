import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDuffelIds, duffelOfferKey } from './offer-ids.js';

const ids = createDuffelIds(duffelOfferKey(randomBytes(32)));
const OFFER = {
  duffelOfferId: 'off_0000AxZ9kqPLmNOpQrStUv',
  totalMinor: 123_456,
  expiresAt: new Date('2026-11-22T12:30:00Z'),
  brand: 'Standard' as const,
  ticketing: 'hold' as const,
};

/** Flips one character of the sealed part (keeping it base64url). */
const tamper = (id: string, at: number) => {
  const index = id.length - at;
  const swapped = id[index] === 'A' ? 'B' : 'A';
  return id.slice(0, index) + swapped + id.slice(index + 1);
};

describe('Duffel offer and option ids', () => {
  it('carry the Duffel offer, the quoted total and the expiry, sealed: the Duffel id is nowhere in them', () => {
    const id = ids.offerId({ ...OFFER, brandLabel: 'Classic' });
    expect(id.startsWith('d1.')).toBe(true);
    expect(id).not.toContain('off_');
    expect(Buffer.from(id.slice(3), 'base64url').toString('latin1')).not.toContain('off_');
    expect(Buffer.from(id.slice(3), 'base64url').toString('latin1')).not.toContain('123456');
    expect(ids.readOfferId(id)).toEqual({ ...OFFER, brandLabel: 'Classic' });
    // Sealed afresh each time: two ids of one offer do not show they are the same.
    expect(ids.offerId(OFFER)).not.toBe(ids.offerId(OFFER));
  });

  it('refuse any change, another key’s ids and other shapes', () => {
    const id = ids.offerId(OFFER);
    for (const at of [1, 5, 20, id.length - 4]) expect(ids.readOfferId(tamper(id, at))).toBeNull();
    expect(ids.readOfferId(id.slice(0, -1))).toBeNull();
    expect(ids.readOfferId(`${id}A`)).toBeNull();
    const other = createDuffelIds(duffelOfferKey(randomBytes(32)));
    expect(other.readOfferId(id)).toBeNull();
    for (const junk of ['d1.', 'd1.!!!', 'o1.abc', '', 'd1.AAAA']) expect(ids.readOfferId(junk)).toBeNull();
  });

  it('name an option by its flights, open only for the search they were made for', () => {
    const option = {
      leg: 1,
      legs: 2,
      journey: 'j-abc',
      expiresAt: new Date('2026-11-22T12:30:00Z'),
      offers: {
        Basic: { duffelOfferId: 'off_1', totalMinor: 10_000 },
        Flex: { duffelOfferId: 'off_2', totalMinor: 19_000 },
      },
    };
    const id = ids.optionId(option, 'ZZ117_ZZ402', 'search-a');
    expect(id.startsWith('ZZ117_ZZ402.d1.')).toBe(true);
    expect(id).not.toContain('off_');
    expect(ids.isOptionId(id)).toBe(true);
    expect(ids.isOfferId(id)).toBe(false);
    expect(ids.readOptionId(id, 'search-a')).toEqual(option);
    expect(ids.readOptionId(id, 'search-b')).toBeNull();
    expect(ids.readOptionId(tamper(id, 3), 'search-a')).toBeNull();
    // An offer id is not an option id, nor the other way round.
    expect(ids.readOfferId(id)).toBeNull();
    expect(ids.readOptionId(ids.offerId(OFFER), 'search-a')).toBeNull();
  });
});
