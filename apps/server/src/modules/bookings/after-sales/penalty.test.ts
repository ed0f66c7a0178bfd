import type { AirItineraryPricingInfo } from '@skydesk/contract';
import { describe, expect, it } from 'vitest';
import {
  afterSalesPhase,
  afterSalesRules,
  SERVICE_REASONS,
  type ServiceFare,
  serviceRefund,
  type TicketFare,
  ticketRefund,
} from './penalty.js';

const usd = (amount: number) => ({ Amount: amount, CurrencyCode: 'USD' });

/** Only what the penalty rules read: refundability and the per-adult cancel fee. */
const pricing = (refundable: boolean, cancel: number) =>
  ({
    Refundable: refundable,
    Penalties: { Cancel: usd(cancel), Change: usd(75) },
  }) as AirItineraryPricingInfo;

const fare = (passengerType: TicketFare['passengerType'], fareMinor: number, taxesMinor: number) => ({
  passengerType,
  fareMinor,
  taxesMinor,
  paidMinor: fareMinor + taxesMinor,
});

const at = (iso: string) => new Date(iso);
const booking = {
  status: 'ticketed',
  void_until: at('2026-11-23T12:00:00Z'),
  first_departure_at: at('2026-12-20T09:00:00Z'),
};

describe('after-sales phase', () => {
  it('is void within the window, refund after it, departed from the first departure on', () => {
    expect(afterSalesPhase(booking, at('2026-11-23T11:59:59Z'))).toBe('void');
    expect(afterSalesPhase(booking, at('2026-11-23T12:00:00Z'))).toBe('refund');
    expect(afterSalesPhase(booking, at('2026-12-20T08:59:59Z'))).toBe('refund');
    expect(afterSalesPhase(booking, at('2026-12-20T09:00:00Z'))).toBe('departed');
  });

  it('has no void window once the booking is no longer wholly ticketed', () => {
    const partial = { ...booking, status: 'partially_refunded' };
    expect(afterSalesPhase(partial, at('2026-11-22T13:00:00Z'))).toBe('refund');
  });
});

describe('ticket refunds', () => {
  const adult = fare('adult', 58_100, 6_486);
  const child = fare('child', 43_600, 5_616);
  const infant = fare('infant', 5_800, 348);

  it('returns everything in the void window', () => {
    for (const ticket of [adult, child, infant]) {
      expect(ticketRefund(pricing(false, 581), ticket, 'void')).toEqual({
        paidMinor: ticket.paidMinor,
        penaltyMinor: 0,
        refundMinor: ticket.paidMinor,
      });
    }
  });

  it('returns only the taxes of a non-refundable fare', () => {
    expect(ticketRefund(pricing(false, 581), adult, 'refund')).toEqual({
      paidMinor: 64_586,
      penaltyMinor: 58_100,
      refundMinor: 6_486,
    });
    expect(ticketRefund(pricing(false, 581), child, 'refund').refundMinor).toBe(5_616);
    expect(ticketRefund(pricing(false, 581), infant, 'refund').refundMinor).toBe(348);
  });

  it('charges a refundable fare its cancel fee per adult and child, none for an infant', () => {
    expect(ticketRefund(pricing(true, 150), adult, 'refund')).toEqual({
      paidMinor: 64_586,
      penaltyMinor: 15_000,
      refundMinor: 49_586,
    });
    expect(ticketRefund(pricing(true, 150), child, 'refund').penaltyMinor).toBe(15_000);
    expect(ticketRefund(pricing(true, 150), infant, 'refund')).toEqual({
      paidMinor: 6_148,
      penaltyMinor: 0,
      refundMinor: 6_148,
    });
  });

  it('never charges more than the base fare, so the taxes always come back', () => {
    const cheapChild = fare('child', 9_000, 2_500);
    expect(ticketRefund(pricing(true, 150), cheapChild, 'refund')).toEqual({
      paidMinor: 11_500,
      penaltyMinor: 9_000,
      refundMinor: 2_500,
    });
  });

  it('returns nothing after departure', () => {
    expect(ticketRefund(pricing(true, 0), adult, 'departed')).toEqual({
      paidMinor: 64_586,
      penaltyMinor: 64_586,
      refundMinor: 0,
    });
  });

  it('returns everything of a refundable fare without a cancel fee', () => {
    expect(ticketRefund(pricing(true, 0), adult, 'refund').refundMinor).toBe(64_586);
  });
});

describe('rules in words', () => {
  const input = {
    currency: 'USD',
    voidUntil: booking.void_until,
    firstDepartureAt: booking.first_departure_at,
  };

  it('explains the void window while it is open', () => {
    expect(afterSalesRules({ ...input, pricing: pricing(false, 581) }, 'void')).toEqual([
      'Void until Mon 23 Nov 2026, 12:00 UTC: voiding returns everything paid, as no penalty is taken inside the void window; void the tickets by cancelling the booking',
      'After the void window, a refund returns taxes only (non-refundable fare)',
      'No refund after departure (Sun 20 Dec 2026, 09:00 UTC)',
    ]);
  });

  it('states the cancel fee after the window, and that nothing comes back after departure', () => {
    expect(afterSalesRules({ ...input, pricing: pricing(true, 150) }, 'refund')).toEqual([
      'The void window closed at Mon 23 Nov 2026, 12:00 UTC',
      'Refundable: fare less a cancel fee of USD 150.00 per adult or child ticket (never more than its base fare; none for infants); taxes are returned',
      'No refund after departure (Sun 20 Dec 2026, 09:00 UTC)',
    ]);
    expect(afterSalesRules({ ...input, pricing: pricing(true, 0) }, 'departed')).toEqual([
      'The void window closed at Mon 23 Nov 2026, 12:00 UTC',
      'Refundable: fare and taxes are returned in full',
      'No refund after departure: the first flight left at Sun 20 Dec 2026, 09:00 UTC',
    ]);
  });
});

describe('seats and bags given back (issue 31)', () => {
  const departs = at('2026-12-20T09:00:00Z');
  const request = at('2026-12-01T10:00:00Z');
  const service = (
    type: ServiceFare['type'],
    options: Partial<Pick<ServiceFare, 'flightChanged' | 'givenUp'>> = {},
  ): ServiceFare => ({
    type,
    paidMinor: 2_500,
    departsAt: departs,
    flightChanged: false,
    givenUp: false,
    ...options,
  });

  it('returns everything within the void window, a seat given up for another too', () => {
    for (const fare of [service('seat'), service('bag'), service('seat', { givenUp: true })]) {
      expect(serviceRefund(fare, 'void', request)).toMatchObject({
        refundMinor: 2_500,
        reason: SERVICE_REASONS.voided,
      });
    }
  });

  it('after it, a bag in full before its flight leaves, and nothing once it has', () => {
    expect(serviceRefund(service('bag'), 'refund', request).refundMinor).toBe(2_500);
    expect(serviceRefund(service('bag'), 'refund', departs)).toMatchObject({
      refundMinor: 0,
      reason: SERVICE_REASONS.bagFlown,
    });
  });

  it('after it, a seat only when the airline changed the flight, never one given up', () => {
    expect(serviceRefund(service('seat'), 'refund', request)).toMatchObject({
      refundMinor: 0,
      reason: SERVICE_REASONS.seatKept,
    });
    expect(serviceRefund(service('seat', { flightChanged: true }), 'refund', request)).toMatchObject({
      refundMinor: 2_500,
      reason: SERVICE_REASONS.seatFlightChanged,
    });
    expect(
      serviceRefund(service('seat', { flightChanged: true, givenUp: true }), 'refund', request).refundMinor,
    ).toBe(0);
  });

  it('returns nothing after the first departure', () => {
    expect(serviceRefund(service('bag'), 'departed', departs).refundMinor).toBe(0);
    expect(serviceRefund(service('seat', { flightChanged: true }), 'departed', departs).refundMinor).toBe(0);
  });
});
