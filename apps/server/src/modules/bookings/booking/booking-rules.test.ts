import { describe, expect, it } from 'vitest';
import { allowedActions } from './allowed-actions.js';
import { passengerProblems } from './passenger-rules.js';
import { newPnr, PNR_ALPHABET } from './references.js';
import { ticketingDeadline, voidUntil } from './ticketing-deadline.js';

const at = (iso: string) => new Date(iso);

describe('the ticketing deadline', () => {
  const policy = { holdMinutes: 24 * 60, cutoffMinutes: 180 };
  const now = at('2026-11-22T12:00:00Z');

  it('holds 24 hours when the flight is further away than that and the cut-off', () => {
    expect(ticketingDeadline(now, at('2026-12-20T09:00:00Z'), policy)).toEqual(at('2026-11-23T12:00:00Z'));
  });

  it('ends 3 hours before the first departure when that comes first', () => {
    expect(ticketingDeadline(now, at('2026-11-23T08:00:00Z'), policy)).toEqual(at('2026-11-23T05:00:00Z'));
  });

  it('cannot hold a flight leaving within the cut-off', () => {
    expect(ticketingDeadline(now, at('2026-11-22T15:00:00Z'), policy)).toBeNull();
    expect(ticketingDeadline(now, at('2026-11-22T15:00:01Z'), policy)).toEqual(at('2026-11-22T12:00:01Z'));
  });

  it('lets tickets be voided for 24 hours after issue, never after the first departure', () => {
    expect(voidUntil(now, at('2026-12-20T09:00:00Z'))).toEqual(at('2026-11-23T12:00:00Z'));
    expect(voidUntil(now, at('2026-11-22T20:00:00Z'))).toEqual(at('2026-11-22T20:00:00Z'));
  });
});

describe('passengers against the offer', () => {
  const trip = {
    passengers: { adults: 1, children: 1, infants: 1 },
    firstDate: '2026-12-20',
    lastDate: '2027-01-10',
  };
  const person = (type: 'adult' | 'child' | 'infant', dateOfBirth: string, passport: string) => ({
    passenger_type: type,
    title: 'MR' as const,
    first_name: 'ANA',
    last_name: 'LIMA',
    gender: 'F' as const,
    date_of_birth: dateOfBirth,
    nationality: 'BR',
    passport_number: passport,
    passport_expiry: '2030-01-01',
  });
  const family = [
    person('adult', '1990-01-01', 'A1234567'),
    person('child', '2018-05-05', 'B1234567'),
    person('infant', '2025-03-01', 'C1234567'),
  ];

  it('accepts the searched mix with fitting ages and passports', () => {
    expect(passengerProblems(family, trip)).toEqual({});
  });

  it('names the mix it wanted', () => {
    expect(passengerProblems(family.slice(0, 2), trip)).toEqual({
      passengers: ['This fare is for 1 adult, 1 child, 1 infant; the booking names 1 adult, 1 child'],
    });
  });

  it('counts an infant on the last flight, a child on the first', () => {
    const turnsTwo = { ...family[2]!, date_of_birth: '2025-01-05' };
    expect(passengerProblems([family[0]!, family[1]!, turnsTwo], trip)).toEqual({
      'passengers.2.date_of_birth': ['An infant is under 2 on the travel date'],
    });
    // 12 on the return only: still a child for this trip.
    const turnsTwelve = { ...family[1]!, date_of_birth: '2014-12-25' };
    expect(passengerProblems([family[0]!, turnsTwelve, family[2]!], trip)).toEqual({});
  });

  it('needs passports valid 6 months past the last flight, the day itself included', () => {
    const passenger = (expiry: string) => [
      { ...family[0]!, passport_expiry: expiry },
      family[1]!,
      family[2]!,
    ];
    expect(passengerProblems(passenger('2027-07-10'), trip)).toEqual({});
    expect(passengerProblems(passenger('2027-07-09'), trip)).toEqual({
      'passengers.0.passport_expiry': [
        'The passport must be valid until Sat 10 Jul 2027 (6 months after the last flight)',
      ],
    });
    expect(passengerProblems(passenger('2027-02-30'), trip)).toEqual({
      'passengers.0.passport_expiry': ['Enter a real date'],
    });
  });

  it('refuses one passport for two passengers', () => {
    const twin = { ...family[1]!, passport_number: 'A1234567' };
    expect(passengerProblems([family[0]!, twin, family[2]!], trip)).toEqual({
      'passengers.1.passport_number': ['Another passenger has this passport'],
    });
  });
});

describe('allowed actions', () => {
  const all = ['bookings.issue', 'bookings.cancel', 'bookings.refund'] as const;
  const base = {
    ticketingDeadline: at('2026-11-23T12:00:00Z'),
    voidUntil: null,
    firstDepartureAt: at('2026-12-20T09:00:00Z'),
    ticketStatuses: [],
  };
  const now = at('2026-11-22T12:00:00Z');

  it('lets a live hold be issued or cancelled, as the permissions allow', () => {
    expect(allowedActions({ ...base, status: 'booked' }, now, all)).toEqual(['issue', 'cancel']);
    expect(allowedActions({ ...base, status: 'booked' }, now, ['bookings.cancel'])).toEqual(['cancel']);
    expect(allowedActions({ ...base, status: 'booked' }, at('2026-11-23T12:00:00Z'), all)).toEqual([]);
  });

  it('offers void within the window, then refund until departure; a change until departure (issue 32)', () => {
    const ticketed = {
      ...base,
      status: 'ticketed' as const,
      voidUntil: at('2026-11-23T12:00:00Z'),
      ticketStatuses: ['issued' as const, 'issued' as const],
    };
    expect(allowedActions(ticketed, now, all)).toEqual(['void', 'change']);
    expect(allowedActions(ticketed, at('2026-11-23T12:00:00Z'), all)).toEqual(['refund', 'change']);
    expect(allowedActions(ticketed, at('2026-12-20T09:00:00Z'), all)).toEqual([]);
    expect(allowedActions(ticketed, at('2026-11-24T00:00:00Z'), ['bookings.issue'])).toEqual(['change']);
    expect(allowedActions(ticketed, at('2026-11-24T00:00:00Z'), ['bookings.refund'])).toEqual(['refund']);
    // Issue 32: an exchanged ticket beside its replacement still lets the booking change again.
    const exchanged = { ...ticketed, ticketStatuses: ['exchanged' as const, 'issued' as const] };
    expect(allowedActions(exchanged, at('2026-11-24T00:00:00Z'), all)).toEqual(['refund', 'change']);
  });

  it('offers nothing on a booking that has ended', () => {
    for (const status of ['cancelled', 'voided', 'expired', 'refunded'] as const) {
      expect(allowedActions({ ...base, status }, now, all)).toEqual([]);
    }
  });

  it('lets the passengers still ticketed after a partial refund be refunded', () => {
    const partial = {
      ...base,
      status: 'partially_refunded' as const,
      voidUntil: at('2026-11-23T12:00:00Z'),
      ticketStatuses: ['refunded' as const, 'issued' as const],
    };
    // Not changed: all passengers move together, and one no longer holds a ticket.
    expect(allowedActions(partial, at('2026-11-25T00:00:00Z'), all)).toEqual(['refund']);
  });
});

describe('references', () => {
  it('draws PNRs of 6 unambiguous characters', () => {
    for (let i = 0; i < 200; i++) {
      const pnr = newPnr();
      expect(pnr).toHaveLength(6);
      for (const character of pnr) expect(PNR_ALPHABET).toContain(character);
    }
    expect(PNR_ALPHABET).not.toMatch(/[01ILO]/);
  });
});
