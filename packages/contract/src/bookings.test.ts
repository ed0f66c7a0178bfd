import { describe, expect, it } from 'vitest';
import { ageOn, ageProblem, BookingListQuery, PassengerInput, passportNeededUntil } from './bookings.js';

describe('passenger ages', () => {
  it('counts whole years, a birthday counting from its own day', () => {
    expect(ageOn('2014-06-15', '2026-06-14')).toBe(11);
    expect(ageOn('2014-06-15', '2026-06-15')).toBe(12);
    expect(ageOn('2024-02-29', '2026-02-28')).toBe(1);
  });

  it('fits each passenger type to its IATA ages on the travel date', () => {
    expect(ageProblem('adult', '2014-06-15', '2026-06-15')).toBeNull();
    expect(ageProblem('adult', '2014-06-15', '2026-06-14')).toBe(
      'An adult is at least 12 on the travel date',
    );
    expect(ageProblem('child', '2014-06-15', '2026-06-14')).toBeNull();
    expect(ageProblem('child', '2024-12-01', '2026-11-30')).toBe('A child is at least 2 on the travel date');
    expect(ageProblem('infant', '2024-12-01', '2026-11-30')).toBeNull();
    expect(ageProblem('infant', '2024-12-01', '2026-12-01')).toBe('An infant is under 2 on the travel date');
    expect(ageProblem('infant', '2026-12-02', '2026-12-01')).toBe('Date of birth is after the travel date');
  });

  it('needs a passport valid six months past the last flight', () => {
    expect(passportNeededUntil('2026-12-01')).toBe('2027-06-01');
  });
});

describe('the passenger form', () => {
  const passenger = {
    passenger_type: 'adult',
    title: 'MR',
    first_name: ' jean-luc ',
    last_name: "o'neil  smith",
    gender: 'M',
    date_of_birth: '1980-01-31',
    nationality: 'FR',
    passport_number: 'ab123456',
    passport_expiry: '2030-01-01',
  };

  it('writes names and passport numbers as the passport prints them', () => {
    const parsed = PassengerInput.parse(passenger);
    expect(parsed.first_name).toBe('JEAN-LUC');
    expect(parsed.last_name).toBe("O'NEIL SMITH");
    expect(parsed.passport_number).toBe('AB123456');
  });

  it('refuses non-Latin names, unknown countries and unknown fields', () => {
    expect(PassengerInput.safeParse({ ...passenger, first_name: 'Jürgen' }).success).toBe(false);
    expect(PassengerInput.safeParse({ ...passenger, nationality: 'XX' }).success).toBe(false);
    expect(PassengerInput.safeParse({ ...passenger, seat: '1A' }).success).toBe(false);
  });
});

describe('the booking list query', () => {
  it('reads one status, several, or all', () => {
    expect(BookingListQuery.parse({}).status).toBeUndefined();
    expect(BookingListQuery.parse({ status: 'all' }).status).toBeUndefined();
    expect(BookingListQuery.parse({ status: 'booked,ticketed' }).status).toEqual(['booked', 'ticketed']);
    expect(BookingListQuery.safeParse({ status: 'lost' }).success).toBe(false);
  });

  it('pages from 0 by 100 at most', () => {
    expect(BookingListQuery.parse({ page: '2', limit: '20' })).toMatchObject({ page: 2, limit: 20 });
    expect(BookingListQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});
