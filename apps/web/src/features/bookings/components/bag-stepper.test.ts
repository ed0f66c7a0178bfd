import type { BagOffer } from '@skydesk/contract';
import { describe, expect, it } from 'vitest';
import { bagAllowanceWords } from './bag-stepper';

const offer = (pieces: number, max: number): BagOffer => ({
  passenger_index: 0,
  segment_index: 0,
  included: { pieces, weight_kg: pieces === 0 ? 0 : 23 },
  weight_kg: 23,
  price: { Amount: 29, CurrencyCode: 'USD' },
  max_quantity: max,
});

describe('the words of a bag allowance', () => {
  it.each([
    [1, 2, '1 × 23 kg included; add up to 2 more'],
    [1, 0, '1 × 23 kg included; no more can be added'],
    [0, 3, 'No checked bag included; add up to 3'],
    [0, 0, 'No checked bag included; no bag can be added'],
  ])('with %i included and %i on sale: "%s"', (pieces, max, words) => {
    expect(bagAllowanceWords(offer(pieces, max))).toBe(words);
  });
});
