import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FlightSearchRequest } from '../port.js';
import { OFFER_TTL_MS } from './offers.js';

/**
 * Option ids of the grouped answer (issue 16): one leg option of one search, short enough to be
 * written once per pair of options in `combinations`, and signed so that POST /api/search/price can
 * trust what it re-prices. An id names its flights by designator and local departure date (as a
 * day offset from the leg's searched date) and the instant the search quoted at: the price
 * endpoint re-prices as of that instant, as an offer re-prices as of its quote, so it answers the
 * totals the grouped answer showed while the seats are unchanged — for 30 minutes, as offers.
 *
 * Layout: segments ('_'-separated, each a designator, and '-N' when it leaves N days after the
 * leg's date, '~N' N days before — a connection across the date line) . quotedAt (epoch seconds, base 36) . tag (HMAC-SHA256 over the search, the leg's
 * position and the rest, base64url, 66 bits — the id is good for 30 minutes and for one search).
 *
 *   BA117.t4k9zk.q3Xa9b0cD2e        VS4_DL1203-1.t4k9zk.Zk2m0Qa9bX1
 */

export type OptionSegment = { designator: string; dayOffset: number };

export type OptionIdCheck =
  | { status: 'valid'; segments: OptionSegment[]; quotedAt: Date }
  | { status: 'expired'; expiresAt: Date }
  | { status: 'invalid'; reason: string };

const TAG_CHARACTERS = 11;
const SEGMENT = /^([A-Z0-9]{2}\d{1,4})(?:([-~])([1-9]))?$/;

/** The search an option belongs to, as a string: every field that changes what it costs. */
export function searchKeyOf(request: FlightSearchRequest): string {
  return JSON.stringify([
    request.tripType,
    request.legs.map((leg) => [leg.origin, leg.destination, leg.departureDate]),
    request.passengers.adults,
    request.passengers.children,
    request.passengers.infants,
    request.cabin,
    request.maxStops,
    [...request.preferredAirlines].sort(),
  ]);
}

export function createOptionIdSigner(key: string | Uint8Array) {
  const tag = (searchKey: string, legIndex: number, payload: string) =>
    createHmac('sha256', key)
      .update(`g1|${searchKey}|${legIndex}|${payload}`)
      .digest('base64url')
      .slice(0, TAG_CHARACTERS);

  return {
    /** `searchKey` from searchKeyOf: made once per search. */
    encode(searchKey: string, legIndex: number, segments: readonly OptionSegment[], quotedAt: Date): string {
      const flights = segments
        .map((segment) =>
          segment.dayOffset === 0
            ? segment.designator
            : `${segment.designator}${segment.dayOffset > 0 ? '-' : '~'}${Math.abs(segment.dayOffset)}`,
        )
        .join('_');
      const payload = `${flights}.${Math.floor(quotedAt.getTime() / 1000).toString(36)}`;
      return `${payload}.${tag(searchKey, legIndex, payload)}`;
    },

    /** The tag first (a tampered id is invalid, not expired), then the 30 minutes. */
    check(id: string, searchKey: string, legIndex: number, now: Date): OptionIdCheck {
      const cut = id.lastIndexOf('.');
      if (cut < 0) return { status: 'invalid', reason: 'malformed option id' };
      const payload = id.slice(0, cut);
      const given = Buffer.from(id.slice(cut + 1));
      const expected = Buffer.from(tag(searchKey, legIndex, payload));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { status: 'invalid', reason: 'not an option of this search and leg' };
      }
      const [flights = '', quoted = ''] = payload.split('.');
      if (!/^[0-9a-z]+$/.test(quoted)) return { status: 'invalid', reason: 'malformed option id' };
      const segments: OptionSegment[] = [];
      for (const text of flights.split('_')) {
        const match = SEGMENT.exec(text);
        if (!match) return { status: 'invalid', reason: 'malformed option id' };
        const days = match[3] ? Number(match[3]) : 0;
        segments.push({ designator: match[1]!, dayOffset: match[2] === '~' ? -days : days });
      }
      const quotedAt = new Date(Number.parseInt(quoted, 36) * 1000);
      const expiresAt = new Date(quotedAt.getTime() + OFFER_TTL_MS);
      if (now.getTime() > expiresAt.getTime()) return { status: 'expired', expiresAt };
      return { status: 'valid', segments, quotedAt };
    },
  };
}

export type OptionIdSigner = ReturnType<typeof createOptionIdSigner>;
