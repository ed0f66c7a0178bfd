import { type Booking, ChangeOffer, type FareBrand, type PricedItinerary } from '@skydesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum, readBalance } from '../../../src/modules/payments/ledger-repo.js';
import { createTestApp } from '../../support/app.js';
import { get, post, type TestApp } from '../../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  bookOk,
  FAMILY,
  issueOk,
  type Mix,
  ONE_ADULT,
  searchOffer,
} from '../../support/bookings.js';
import { storeKinds } from '../../support/stores.js';

/**
 * Issue 32, generated: random exchanges (brand, party, how many days later, which offer, a bag
 * bought first or not, one change or two in a row) keep the money whole — the balance is the
 * ledger's sum; each change moves exactly its change total and the services it refunded; the live
 * tickets cost the booking's fare, one per passenger; the booking's total is that fare plus the
 * services paid for it; and a refund quote afterwards counts the live tickets only.
 * EXCHANGE_SEED replays a failure's runs.
 */

const minor = (amount: number) => Math.round(amount * 100);
const RUNS = 4;

function brandOffer(itinerary: PricedItinerary, brand: FareBrand): string | null {
  if (itinerary.AirItineraryPricingInfo.FareInfos[0]!.BrandName === brand) return itinerary.offer_id;
  return (
    itinerary.FareFamilies.find((entry) => entry.BrandName === brand && !entry.SoldOut)?.offer_id ?? null
  );
}

describe.each(storeKinds())('random exchanges on %s (issue 32)', (kind) => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
  });
  afterAll(async () => t?.close());

  const balance = async () => (await readBalance(t.store.db, agent.companyId)).balanceMinor;

  it('keeps every exchange’s money whole', async () => {
    const seed = process.env.EXCHANGE_SEED ? Number(process.env.EXCHANGE_SEED) : undefined;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<FareBrand>('Standard', 'Flex'),
        fc.constantFrom<Mix>(ONE_ADULT, FAMILY),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 2 }),
        fc.nat({ max: 9 }),
        fc.boolean(),
        async (brand, mix, shifts, pick, withBag) => {
          const itinerary = await searchOffer(t, agent, { date: '2026-12-20', mix });
          const offerId = brandOffer(itinerary, brand);
          if (!offerId) return;
          const held = await bookOk(t, agent, bookingBody(itinerary, mix, { offer_id: offerId }));
          let booking: Booking = await issueOk(t, agent, held.pnr);
          if (withBag) {
            const bag = await post(
              t,
              `/api/booking/${booking.id}/services`,
              { services: [{ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 }] },
              { token: agent.token },
            );
            expect(bag.statusCode, bag.body).toBe(200);
          }
          let date = '2026-12-20';
          for (const shift of shifts) {
            date = new Date(Date.parse(`${date}T00:00:00Z`) + shift * 86_400_000).toISOString().slice(0, 10);
            const res = await post(
              t,
              `/api/booking/${booking.id}/change-offers`,
              { legs: [{ leg_index: 0, departure_date: date }] },
              { token: agent.token },
            );
            expect(res.statusCode, res.body).toBe(200);
            const offers = ChangeOffer.array().parse(res.json().data);
            if (offers.length === 0) continue;
            const offer = offers[pick % offers.length]!;
            const before = await balance();
            const done = await post(
              t,
              `/api/booking/${booking.id}/change`,
              { change_offer_id: offer.id },
              { token: agent.token },
            );
            expect(done.statusCode, done.body).toBe(200);
            booking = done.json().data;

            const servicesBack = offer.services.reduce(
              (sum, line) => sum + minor(line.refund_amount.Amount),
              0,
            );
            const residualKept = offer.refund_to === 'forfeited' ? -minor(offer.change_total.Amount) : 0;
            // The change moves its total (debited, or the residual credited) and the services refunded.
            expect((await balance()) - before).toBe(
              -minor(offer.change_total.Amount) - residualKept + servicesBack,
            );
            expect(minor(offer.change_total.Amount)).toBe(
              minor(offer.fare_difference.Amount) + minor(offer.penalty.Amount),
            );
            // One live ticket per passenger, costing together the new fare.
            const live = booking.tickets.filter((ticket) => ticket.status === 'issued');
            expect(live).toHaveLength(booking.passengers.length);
            expect(live.reduce((sum, ticket) => sum + minor(ticket.paid.Amount), 0)).toBe(
              minor(offer.new_total.Amount),
            );
            expect(minor(booking.total.Amount)).toBe(
              minor(offer.new_total.Amount) + minor(booking.services_total.Amount),
            );
          }
          expect(await ledgerSum(t.store.db, agent.companyId)).toBe(await balance());
          // A refund quote afterwards counts the live tickets only.
          const penalty = await post(
            t,
            '/api/getPenalty',
            { booking_id: booking.id },
            { token: agent.token },
          );
          expect(penalty.statusCode, penalty.body).toBe(200);
          expect(penalty.json().data.tickets).toHaveLength(booking.passengers.length);
          const view = await get(t, `/api/booking/${booking.id}`, { token: agent.token });
          expect(view.statusCode).toBe(200);
        },
      ),
      { numRuns: RUNS, ...(seed === undefined ? {} : { seed }) },
    );
  });
});
