import { type AirItineraryPricingInfo, type BookingDetails, minorToAmount } from '@skydesk/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidity } from '../e-ticket/validity.js';
import {
  afterSalesPhase,
  afterSalesRules,
  refundFiguresText,
  type TicketFare,
  ticketRefund,
} from './penalty.js';

/**
 * Issue 30: "the refund rules read the same in every place they appear". For any fare (refundable
 * or not, any cancel fee), any party and any moment (inside the void window, after it, after
 * departure): the penalty the quote gives each ticket is the one the request's history note, the
 * refund's statement line and the refunded e-ticket say, as one figure in one wording; nothing
 * kept is never worded as a penalty; and inside the void window the rules say why nothing is
 * deducted instead of listing a fee beside a zero.
 */

const usd = (minor: number) => ({ Amount: minorToAmount(minor), CurrencyCode: 'USD' });
const money = (minor: number) => `USD ${minorToAmount(minor).toFixed(2)}`;

const ticketFare: fc.Arbitrary<TicketFare> = fc
  .record({
    passengerType: fc.constantFrom<TicketFare['passengerType']>('adult', 'child', 'infant'),
    fareMinor: fc.integer({ min: 0, max: 400_000 }),
    taxesMinor: fc.integer({ min: 0, max: 60_000 }),
  })
  .map((fare) => ({ ...fare, paidMinor: fare.fareMinor + fare.taxesMinor }));

const ISSUED = Date.parse('2026-11-22T12:00:00Z');
const HOUR = 3_600_000;

describe('the penalty figure', () => {
  it('is the same in the quote, the history, the statement and the e-ticket, at any moment', () => {
    fc.assert(
      fc.property(
        fc.record({
          refundable: fc.boolean(),
          cancelMinor: fc.constantFrom(0, 5_000, 33_200, 100_000),
          tickets: fc.array(ticketFare, { minLength: 1, maxLength: 6 }),
          hoursAfterIssue: fc.integer({ min: 0, max: 24 * 30 }),
          departsAfterHours: fc.integer({ min: 4, max: 24 * 20 }),
        }),
        ({ refundable, cancelMinor, tickets, hoursAfterIssue, departsAfterHours }) => {
          const pricing = {
            Refundable: refundable,
            Penalties: { Cancel: usd(cancelMinor), Change: usd(0) },
          } as AirItineraryPricingInfo;
          const firstDepartureAt = new Date(ISSUED + departsAfterHours * HOUR);
          const voidUntil = new Date(Math.min(ISSUED + 24 * HOUR, firstDepartureAt.getTime()));
          const now = new Date(ISSUED + hoursAfterIssue * HOUR);
          const phase = afterSalesPhase(
            { status: 'ticketed', void_until: voidUntil, first_departure_at: firstDepartureAt },
            now,
          );
          const quoted = tickets.map((ticket) => ticketRefund(pricing, ticket, phase));
          const paidMinor = quoted.reduce((sum, q) => sum + q.paidMinor, 0);
          const penaltyMinor = quoted.reduce((sum, q) => sum + q.penaltyMinor, 0);
          const refundMinor = quoted.reduce((sum, q) => sum + q.refundMinor, 0);
          expect(paidMinor - penaltyMinor).toBe(refundMinor);

          // The history and the statement word the figures with one function.
          const said = refundFiguresText({ paidMinor, penaltyMinor, refundMinor }, 'USD');
          if (penaltyMinor === 0) {
            expect(said).toBe(`${money(refundMinor)} returned in full, no penalty kept`);
          } else {
            expect(said).toContain(`${money(penaltyMinor)} kept as penalty`);
            expect(said).toContain(`${money(refundMinor)} returned of ${money(paidMinor)} paid`);
          }

          // The refunded e-ticket reads the tickets as settled: the same words, so the same figure.
          const details = {
            status: 'refunded',
            total: usd(paidMinor),
            history: [],
            tickets: quoted.map((q, index) => ({
              ticket_number: `176${String(index).padStart(10, '0')}`,
              status: 'refunded',
              paid: usd(q.paidMinor),
              refunded: usd(q.refundMinor),
            })),
          } as unknown as BookingDetails;
          expect(invalidity(details)?.moneyLine).toBe(`Refunded to the agency's credits: ${said}`);
          expect(invalidity(details)?.moneyLine).not.toMatch(/less penalties|after penalties/);

          // Inside the void window nothing is deducted, and the rules say why rather than list a fee.
          const rules = afterSalesRules({ pricing, currency: 'USD', voidUntil, firstDepartureAt }, phase);
          if (phase === 'void') {
            expect(penaltyMinor).toBe(0);
            expect(rules[0]).toMatch(/no penalty is taken inside the void window/);
            for (const rule of rules.slice(1, -1)) expect(rule).toMatch(/^After the void window/);
          }
          if (phase === 'refund' && refundable && cancelMinor > 0) {
            expect(rules.some((rule) => rule.includes(money(cancelMinor)))).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
