import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentFigures, earningsTax, invoiceNumber, line, splitByWeights } from './lines.js';

describe('a client document’s arithmetic (issue 33)', () => {
  it('splits a selling price over passengers in proportion to their net fares, summing exactly', () => {
    expect(splitByWeights(100_001, [50_000, 50_000])).toEqual([50_001, 50_000]);
    expect(splitByWeights(1_000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(splitByWeights(90, [0, 0])).toEqual([45, 45]);
    expect(splitByWeights(-1_000, [1, 1, 1])).toEqual([-334, -333, -333]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 9 }),
        (total, weights) => {
          const parts = splitByWeights(total, weights);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
          const whole = weights.reduce((sum, weight) => sum + weight, 0);
          parts.forEach((part, index) => {
            const exact = whole === 0 ? total / weights.length : (total * weights[index]!) / whole;
            expect(Math.abs(part - exact)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it('taxes the earnings at the rate, to the cent, half away from zero', () => {
    expect(earningsTax(13_845, 20)).toBe(2_769);
    expect(earningsTax(250, 5)).toBe(13);
    expect(earningsTax(-250, 5)).toBe(-13);
    expect(earningsTax(1_000, 7.5)).toBe(75);
    expect(earningsTax(0, 20)).toBe(0);
  });

  it('totals lines and tax; an invoice sold under net is taxed nothing; margin = total − tax − net', () => {
    const lines = [line('fare', 'Fare', 110_00, null), line('fee', 'Booking fee', 15_00, null)];
    const figures = documentFigures({
      lines,
      netMinor: 100_00,
      tax: { name: 'VAT', rate: 20 },
      floorAtZero: true,
    });
    expect(figures).toMatchObject({
      subtotalMinor: 125_00,
      taxBaseMinor: 25_00,
      taxMinor: 5_00,
      totalMinor: 130_00,
    });
    expect(figures.marginMinor).toBe(25_00);
    expect(figures.lines.at(-1)).toMatchObject({
      kind: 'tax',
      description: 'VAT 20 % on earnings',
      amount_minor: 5_00,
    });

    const loss = documentFigures({
      lines: [line('fare', 'Fare', 90_00, null)],
      netMinor: 100_00,
      tax: { name: 'GST', rate: 10 },
      floorAtZero: true,
    });
    expect(loss).toMatchObject({ taxMinor: 0, totalMinor: 90_00, marginMinor: -10_00 });
    expect(loss.lines.some((entry) => entry.kind === 'tax')).toBe(false);

    const untaxed = documentFigures({ lines, netMinor: 100_00, tax: null, floorAtZero: true });
    expect(untaxed).toMatchObject({ taxMinor: 0, taxBaseMinor: 0, totalMinor: 125_00, marginMinor: 25_00 });
  });

  it('numbers as <prefix><year>-<6-digit sequence>', () => {
    expect(invoiceNumber('INV-', 2026, 42)).toBe('INV-2026-000042');
    expect(invoiceNumber('ACME', 2027, 123_456)).toBe('ACME2027-123456');
  });
});
