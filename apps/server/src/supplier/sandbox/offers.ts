import { createHmac, timingSafeEqual } from 'node:crypto';
import { CABINS, type Cabin, TRIP_TYPES, type TripType } from '@skydesk/contract';
import type { PassengerMix } from './fares.js';
import { dateOfEpochDay, epochDayOf } from './time-zones.js';

/**
 * Offer ids: the whole quote in a short, signed string, so price(offerId) can re-price it exactly
 * with no database — which flights on which dates, the cabin, the passengers, the booking class of
 * each leg, the total, and when it was quoted (docs/api.md: offers are valid 30 minutes). An HMAC-SHA256
 * tag (truncated to 128 bits) over the text makes any change detectable.
 *
 * Layout (URL-safe characters only), fields separated by '.':
 *   o1 . quotedAt (epoch seconds, base 36) . trip+cabin letters + adults,children,infants
 *      . legs ('~'-separated; each: class letter, then '_'-separated designator-epochDay(base 36))
 *      . total (minor units, base 36) . tag (base64url)
 */

export const OFFER_TTL_MS = 30 * 60_000;

export type OfferedSegment = { flight: string; date: string };
export type OfferedLeg = { bookingClass: string; segments: OfferedSegment[] };

export type Offer = {
  quotedAt: Date;
  tripType: TripType;
  cabin: Cabin;
  passengers: PassengerMix;
  legs: OfferedLeg[];
  /** Total for all passengers, minor units. */
  total: number;
};

export type OfferCheck =
  | { status: 'valid'; offer: Offer; expiresAt: Date }
  | { status: 'expired'; offer: Offer; expiresAt: Date }
  | { status: 'invalid'; reason: string };

const TRIP_LETTERS = ['O', 'R', 'M'] as const;
const CABIN_LETTERS = ['Y', 'W', 'C', 'F'] as const;
const TAG_CHARACTERS = 22;

export function createOfferSigner(key: string | Uint8Array) {
  const tag = (payload: string) =>
    createHmac('sha256', key).update(payload).digest('base64url').slice(0, TAG_CHARACTERS);

  // A search's offers share their legs (a return search pairs each outbound with every inbound).
  const legTexts = new WeakMap<OfferedLeg, string>();
  const legText = (leg: OfferedLeg) => {
    let text = legTexts.get(leg);
    if (text === undefined) {
      text =
        leg.bookingClass +
        leg.segments.map((segment) => `${segment.flight}-${epochDayOf(segment.date).toString(36)}`).join('_');
      legTexts.set(leg, text);
    }
    return text;
  };

  return {
    encode(offer: Offer): string {
      const { adults, children, infants } = offer.passengers;
      const payload = [
        'o1',
        Math.floor(offer.quotedAt.getTime() / 1000).toString(36),
        `${TRIP_LETTERS[TRIP_TYPES.indexOf(offer.tripType)]}${CABIN_LETTERS[CABINS.indexOf(offer.cabin)]}${adults},${children},${infants}`,
        offer.legs.map(legText).join('~'),
        offer.total.toString(36),
      ].join('.');
      return `${payload}.${tag(payload)}`;
    },

    /** Checks the tag first (a tampered offer is invalid, not expired), then the 30 minutes. */
    check(offerId: string, now: Date): OfferCheck {
      const cut = offerId.lastIndexOf('.');
      if (cut < 0) return { status: 'invalid', reason: 'malformed offer id' };
      const payload = offerId.slice(0, cut);
      const given = Buffer.from(offerId.slice(cut + 1));
      const expected = Buffer.from(tag(payload));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { status: 'invalid', reason: 'signature does not match' };
      }
      const offer = parsePayload(payload);
      if (!offer) return { status: 'invalid', reason: 'malformed offer id' };
      const expiresAt = new Date(offer.quotedAt.getTime() + OFFER_TTL_MS);
      return { status: now.getTime() > expiresAt.getTime() ? 'expired' : 'valid', offer, expiresAt };
    },
  };
}

export type OfferSigner = ReturnType<typeof createOfferSigner>;

function parsePayload(payload: string): Offer | null {
  const match = /^o1\.([0-9a-z]+)\.([ORM])([YWCF])(\d),(\d),(\d)\.([A-Za-z0-9_~-]+)\.([0-9a-z]+)$/.exec(
    payload,
  );
  if (!match) return null;
  const [, quoted, trip, cabin, adults, children, infants, legText, total] = match;
  const legs: OfferedLeg[] = [];
  for (const text of legText!.split('~')) {
    const legMatch = /^([A-Z])(.+)$/.exec(text);
    if (!legMatch) return null;
    const segments: OfferedSegment[] = [];
    for (const segmentText of legMatch[2]!.split('_')) {
      const segment = /^([A-Z0-9]{2}\d{1,4})-([0-9a-z]+)$/.exec(segmentText);
      if (!segment) return null;
      segments.push({ flight: segment[1]!, date: dateOfEpochDay(Number.parseInt(segment[2]!, 36)) });
    }
    legs.push({ bookingClass: legMatch[1]!, segments });
  }
  return {
    quotedAt: new Date(Number.parseInt(quoted!, 36) * 1000),
    tripType: TRIP_TYPES[TRIP_LETTERS.indexOf(trip as (typeof TRIP_LETTERS)[number])]!,
    cabin: CABINS[CABIN_LETTERS.indexOf(cabin as (typeof CABIN_LETTERS)[number])]!,
    passengers: { adults: Number(adults), children: Number(children), infants: Number(infants) },
    legs,
    total: Number.parseInt(total!, 36),
  };
}
