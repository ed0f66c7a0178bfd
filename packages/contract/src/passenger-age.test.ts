import { describe, expect, it } from 'vitest';
import { ageCheckDate, tripAgeProblem } from './passenger-age.js';

const trip = { first: '2026-11-20', last: '2026-12-05' };

describe('the age rule of a trip', () => {
  it('checks an infant on the last flight, everyone else on the first', () => {
    expect(ageCheckDate('infant', trip)).toBe('2026-12-05');
    expect(ageCheckDate('child', trip)).toBe('2026-11-20');
    expect(ageCheckDate('adult', trip)).toBe('2026-11-20');
  });

  it('refuses an infant who turns 2 before the flight home', () => {
    expect(tripAgeProblem('infant', '2024-12-01', trip)).toBe('An infant is under 2 on the travel date');
    expect(tripAgeProblem('infant', '2024-12-06', trip)).toBeNull();
  });

  it('types a child by their age on the way out, even if they turn 12 during the trip', () => {
    expect(tripAgeProblem('child', '2014-12-01', trip)).toBeNull();
    expect(tripAgeProblem('child', '2014-11-20', trip)).toBe('A child is under 12 on the travel date');
  });
});
