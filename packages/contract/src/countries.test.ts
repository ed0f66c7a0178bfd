import { describe, expect, it } from 'vitest';
import { COUNTRIES, isCountryCode } from './countries.js';

describe('countries', () => {
  it('lists the world’s countries by name, and no groupings', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(COUNTRIES.find((c) => c.code === 'GB')?.name).toBe('United Kingdom');
    expect(isCountryCode('AE')).toBe(true);
    for (const code of ['EU', 'UN', 'ZZ', 'XA', 'gb', 'GBR', '']) expect(isCountryCode(code)).toBe(false);
  });
});
