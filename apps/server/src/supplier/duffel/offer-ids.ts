import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FareBrand, Ticketing } from '@skydesk/contract';

/**
 * The offer and option ids the agent sees for Duffel's offers (issue 29): SkyDesk's own, sealed
 * with AES-256-GCM under a key derived from the data encryption key (as the sandbox derives its
 * offer key with HKDF), so Duffel's `off_…` ids never reach the browser and no id can be forged or
 * changed: a tampered id does not open. What an id carries:
 *
 * - an offer id (`d1.<sealed>`): the Duffel offer id, the total the agent was quoted (platform
 *   minor units), when the offer expires, the brand it is shown as and whether it can be held;
 * - an option id of the grouped answer (`<flights>.d1.<sealed>`): the leg, the journey it belongs
 *   to, and the journey's Duffel offer per brand with its quoted total. The flights part is there
 *   for the SPA, which finds a pick again by its flights (the part before the first '.'); the
 *   search's shopping fields are the cipher's associated data, so an option id of another search
 *   (another party, cabin, dates…) does not open either.
 */

export const OFFER_PREFIX = 'd1.';
const OPTION_MARK = '.d1.';

export type SealedOffer = {
  duffelOfferId: string;
  totalMinor: number;
  expiresAt: Date;
  brand: FareBrand;
  /** The airline's own name of the brand, when not `brand`. */
  brandLabel?: string;
  ticketing: Ticketing;
};

export type SealedOption = {
  leg: number;
  legs: number;
  /** Names the journey: every leg's option of one journey carries the same. */
  journey: string;
  expiresAt: Date;
  /** The journey's Duffel offer in each brand it is sold in, with its quoted total. */
  offers: Partial<Record<FareBrand, { duffelOfferId: string; totalMinor: number }>>;
};

const BRAND_LETTERS: Record<FareBrand, string> = { Basic: 'B', Standard: 'S', Flex: 'F' };
const LETTER_BRANDS: Record<string, FareBrand> = { B: 'Basic', S: 'Standard', F: 'Flex' };

export function duffelOfferKey(dataEncryptionKey: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', dataEncryptionKey, 'skydesk', 'duffel offers', 32));
}

export function createDuffelIds(key: Buffer) {
  const seal = (plaintext: string, aad: string): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  };
  const open = (sealed: string, aad: string): string | null => {
    if (!/^[A-Za-z0-9_-]{40,4000}$/.test(sealed)) return null;
    const bytes = Buffer.from(sealed, 'base64url');
    // One spelling per id: base64's last character carries unused bits, and an id changed there
    // is refused like any other change.
    if (bytes.length < 12 + 16 + 1 || bytes.toString('base64url') !== sealed) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([
        decipher.update(bytes.subarray(12, bytes.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  };

  return {
    isOfferId: (id: string) => id.startsWith(OFFER_PREFIX),
    isOptionId: (id: string) => id.includes(OPTION_MARK),

    offerId(offer: SealedOffer): string {
      const plaintext = JSON.stringify([
        offer.duffelOfferId,
        offer.totalMinor,
        Math.floor(offer.expiresAt.getTime() / 1000),
        BRAND_LETTERS[offer.brand],
        offer.ticketing === 'instant' ? 1 : 0,
        offer.brandLabel ?? '',
      ]);
      return `${OFFER_PREFIX}${seal(plaintext, 'skydesk duffel offer 1')}`;
    },

    readOfferId(id: string): SealedOffer | null {
      if (!id.startsWith(OFFER_PREFIX)) return null;
      const plaintext = open(id.slice(OFFER_PREFIX.length), 'skydesk duffel offer 1');
      if (plaintext === null) return null;
      const [duffelOfferId, totalMinor, expires, letter, instant, label] = JSON.parse(plaintext) as [
        string,
        number,
        number,
        string,
        number,
        string,
      ];
      const brand = LETTER_BRANDS[letter];
      if (!brand) return null;
      return {
        duffelOfferId,
        totalMinor,
        expiresAt: new Date(expires * 1000),
        brand,
        ticketing: instant === 1 ? 'instant' : 'hold',
        ...(label ? { brandLabel: label } : {}),
      };
    },

    /** `flights` is the option's designators, '_' between them ('ZZ117_ZZ402'). */
    optionId(option: SealedOption, flights: string, searchKey: string): string {
      const offers = Object.entries(option.offers).map(([brand, offer]) => [
        BRAND_LETTERS[brand as FareBrand],
        offer.duffelOfferId,
        offer.totalMinor,
      ]);
      const plaintext = JSON.stringify([
        option.leg,
        option.legs,
        option.journey,
        Math.floor(option.expiresAt.getTime() / 1000),
        offers,
      ]);
      return `${flights}${OPTION_MARK}${seal(plaintext, `skydesk duffel option 1|${searchKey}`)}`;
    },

    /** null: not an id of this search (changed, another search's, not ours). */
    readOptionId(id: string, searchKey: string): SealedOption | null {
      const at = id.indexOf(OPTION_MARK);
      if (at < 0) return null;
      const plaintext = open(id.slice(at + OPTION_MARK.length), `skydesk duffel option 1|${searchKey}`);
      if (plaintext === null) return null;
      const [leg, legs, journey, expires, offers] = JSON.parse(plaintext) as [
        number,
        number,
        string,
        number,
        [string, string, number][],
      ];
      const byBrand: SealedOption['offers'] = {};
      for (const [letter, duffelOfferId, totalMinor] of offers) {
        const brand = LETTER_BRANDS[letter];
        if (brand) byBrand[brand] = { duffelOfferId, totalMinor };
      }
      return { leg, legs, journey, expiresAt: new Date(expires * 1000), offers: byBrand };
    },
  };
}

export type DuffelIds = ReturnType<typeof createDuffelIds>;
