import { describe, expect, it } from 'vitest';
import { minorMoneyText, moneyText } from './money-text.js';

describe('moneyText', () => {
  it('writes amounts with the currency symbol, grouping and two decimals', () => {
    expect(moneyText(1234.5, 'USD')).toBe('US$1,234.50');
    expect(moneyText(-0.5, 'EUR')).toBe('-€0.50');
    expect(moneyText(1234.5, 'USD', { whole: true })).toBe('US$1,235');
    expect(minorMoneyText(500_000, 'USD')).toBe('US$5,000.00');
  });
});
