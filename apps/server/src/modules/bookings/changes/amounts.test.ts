import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeAmounts, changeLedgerMinor, changeNote, NOT_CHANGEABLE } from './amounts.js';

const base = {
  kind: 'voluntary' as const,
  paidMinor: 60_000,
  newTotalMinor: 70_000,
  chargedTickets: 2,
  currency: 'USD',
};

describe('what a change costs (issue 32)', () => {
  it('refuses a Basic fare with its rule in words', () => {
    expect(() =>
      changeAmounts({ ...base, rule: { brand: 'Basic', refundable: false, changeFeeMinor: 7_500 } }),
    ).toThrow(NOT_CHANGEABLE);
  });

  it('takes the Standard fee per adult or child ticket, none on Flex', () => {
    const standard = changeAmounts({
      ...base,
      rule: { brand: 'Standard', refundable: true, changeFeeMinor: 5_000 },
    });
    expect(standard).toMatchObject({
      fareDifferenceMinor: 10_000,
      penaltyMinor: 10_000,
      changeTotalMinor: 20_000,
      refundTo: null,
    });
    const flex = changeAmounts({ ...base, rule: { brand: 'Flex', refundable: true, changeFeeMinor: 0 } });
    expect(flex).toMatchObject({ penaltyMinor: 0, changeTotalMinor: 10_000 });
  });

  it('sends a cheaper trip’s residual to the credits on a refundable fare, forfeits it otherwise', () => {
    const cheaper = { ...base, newTotalMinor: 40_000 };
    const refundable = changeAmounts({
      ...cheaper,
      rule: { brand: 'Standard', refundable: true, changeFeeMinor: 5_000 },
    });
    expect(refundable).toMatchObject({ changeTotalMinor: -10_000, refundTo: 'credits' });
    expect(changeLedgerMinor(refundable, 0)).toBe(10_000);
    const kept = changeAmounts({
      ...cheaper,
      rule: { brand: 'Standard', refundable: false, changeFeeMinor: 5_000 },
    });
    expect(kept).toMatchObject({ changeTotalMinor: -10_000, refundTo: 'forfeited' });
    expect(kept.rules.join(' ')).toContain('forfeited');
    expect(changeLedgerMinor(kept, 2_500)).toBe(2_500);
  });

  it('makes the airline’s alternative free whatever the fares', () => {
    expect(
      changeAmounts({
        ...base,
        kind: 'schedule_change',
        rule: { brand: 'Basic', refundable: false, changeFeeMinor: 7_500 },
      }),
    ).toMatchObject({ fareDifferenceMinor: 0, penaltyMinor: 0, changeTotalMinor: 0, refundTo: null });
  });

  it('conserves money in random changes: what the ledger moves plus what is forfeited is the change total given back and the services refunded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 2_000_000 }),
        fc.integer({ min: 1_000, max: 2_000_000 }),
        fc.constantFrom('Standard' as const, 'Flex' as const),
        fc.boolean(),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 50_000 }),
        (paid, fresh, brand, refundable, fee, tickets, services) => {
          const amounts = changeAmounts({
            kind: 'voluntary',
            rule: { brand, refundable, changeFeeMinor: fee },
            paidMinor: paid,
            newTotalMinor: fresh,
            chargedTickets: tickets,
            currency: 'USD',
          });
          // The three amounts are kept apart and add up.
          expect(amounts.changeTotalMinor).toBe(amounts.fareDifferenceMinor + amounts.penaltyMinor);
          expect(amounts.fareDifferenceMinor).toBe(fresh - paid);
          expect(amounts.penaltyMinor).toBe(brand === 'Flex' ? 0 : fee * tickets);
          expect(amounts.refundTo !== null).toBe(amounts.changeTotalMinor < 0);
          const ledger = changeLedgerMinor(amounts, services);
          const forfeited = amounts.refundTo === 'forfeited' ? -amounts.changeTotalMinor : 0;
          // Conservation: the agency pays the change total (or gets it back), less what is forfeited,
          // and gets its services back — to the minor unit.
          expect(ledger + forfeited).toBe(-amounts.changeTotalMinor + services);
          if (amounts.refundTo === 'credits') expect(ledger).toBeGreaterThan(0);
          const note = changeNote(
            {
              ...amounts,
              pnr: 'ABC123',
              servicesRefundMinor: services,
              refundedServices: ['Seat 1A XX1'],
              tickets: [],
            },
            'USD',
          );
          expect(note).toContain('fare difference');
          expect(note).toContain('change fee');
        },
      ),
      { numRuns: 300 },
    );
  });
});
