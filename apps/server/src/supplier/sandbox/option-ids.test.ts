import { describe, expect, it } from 'vitest';
import type { FlightSearchRequest } from '../port.js';
import { createOptionIdSigner, searchKeyOf } from './option-ids.js';

const request: FlightSearchRequest = {
  tripType: 'Return',
  legs: [
    { origin: 'NRT', destination: 'LAX', departureDate: '2026-12-20' },
    { origin: 'LAX', destination: 'NRT', departureDate: '2027-01-03' },
  ],
  passengers: { adults: 2, children: 1, infants: 0 },
  cabin: 'Economy',
  maxStops: 1,
  preferredAirlines: [],
};
const signer = createOptionIdSigner('option-key');
const quotedAt = new Date('2026-11-22T12:00:00Z');
const key = searchKeyOf(request);
// A connection across the date line leaves on the day before the leg's date, local time.
const segments = [
  { designator: 'JL62', dayOffset: 0 },
  { designator: 'HA11', dayOffset: -1 },
  { designator: 'AA100', dayOffset: 2 },
];

describe('option ids of the grouped answer', () => {
  it('read back their flights, day offsets either way and quote instant', () => {
    const id = signer.encode(key, 0, segments, quotedAt);
    expect(id).toMatch(/^JL62_HA11~1_AA100-2\.[0-9a-z]+\.[A-Za-z0-9_-]{11}$/);
    expect(signer.check(id, key, 0, quotedAt)).toEqual({ status: 'valid', segments, quotedAt });
  });

  it('belong to one search and one leg, are invalid when changed, and expire after 30 minutes', () => {
    const id = signer.encode(key, 0, segments, quotedAt);
    const other = searchKeyOf({ ...request, passengers: { adults: 1, children: 0, infants: 0 } });
    expect(signer.check(id, other, 0, quotedAt).status).toBe('invalid');
    expect(signer.check(id, key, 1, quotedAt).status).toBe('invalid');
    expect(signer.check(id.replace('JL62', 'JL61'), key, 0, quotedAt).status).toBe('invalid');
    expect(signer.check(`${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`, key, 0, quotedAt).status).toBe(
      'invalid',
    );
    for (const junk of ['', '.', 'JL62', '..', `x.${id}`])
      expect(signer.check(junk, key, 0, quotedAt).status).toBe('invalid');
    expect(searchKeyOf({ ...request, view: 'itineraries' })).toBe(key);
    expect(signer.check(id, key, 0, new Date(quotedAt.getTime() + 30 * 60_000)).status).toBe('valid');
    expect(signer.check(id, key, 0, new Date(quotedAt.getTime() + 30 * 60_000 + 1_000))).toMatchObject({
      status: 'expired',
    });
  });
});
