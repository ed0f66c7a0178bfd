import { PricedItinerary, PublicQuote, Quote } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../support/auth-flow.js';
import { type Agent, bookingAgent, searchOffers, segmentsOf } from '../support/bookings.js';
import { type DuffelBookingApp, duffelBookingApp, duffelOffer } from '../support/duffel-bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 33: a quote's options may be Duffel's offers beside the sandbox's — opened and re-priced at
 * the airline as a booking's are (sealed d1. ids; a forged one is 422 on its field), and an option
 * re-priced for booking finds the same flights in the same brand on a fresh Duffel offer.
 */

const flightsOf = (itinerary: PricedItinerary) =>
  segmentsOf(itinerary)
    .map((segment) => `${segment.MarketingAirline.Code}${segment.FlightNumber}@${segment.DepartureDateTime}`)
    .join(',');

describe.each(storeKinds())('quotes of Duffel offers on %s (issue 33)', (kind) => {
  let t: DuffelBookingApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await duffelBookingApp(kind, { markup: { bps: 500, fixedMinor: 300 } });
    agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
  });
  afterAll(async () => t?.close());

  it('quotes a Duffel offer beside a sandbox one, at the agency’s net, and re-prices it on the same flights', async () => {
    const duffel = await duffelOffer(t, agent, { carrier: 'ZZ' });
    const sandbox = (await searchOffers(t, agent, { maxStops: 1 })).find(
      (offer) => offer.ValidatingCarrier !== 'ZZ' && offer.ValidatingCarrier !== 'Z1',
    )!;
    const res = await post(
      t,
      '/api/quotes',
      { client: { name: 'Remote Client' }, offer_ids: [duffel.offerId, sandbox.offer_id] },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(201);
    const quote = Quote.parse(res.json().data);
    const [remote, local] = quote.options;
    expect(remote!.validating_carrier).toBe('ZZ');
    expect(local!.validating_carrier).toBe(sandbox.ValidatingCarrier);
    // No agency rules: the client's price is the agency's net (the platform's markup is in the net).
    expect(remote!.selling).toEqual(remote!.net);
    expect(remote!.net.Amount).toBe(duffel.itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount);

    const publicPage = await get(t, `/api/public/quotes/${quote.public_url.split('/q/')[1]}`);
    expect(publicPage.statusCode, publicPage.body).toBe(200);
    expect(PublicQuote.parse(publicPage.json().data).options).toHaveLength(2);

    const offer = await post(t, `/api/quotes/${quote.id}/options/${remote!.id}/offer`, undefined, {
      token: agent.token,
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const fresh = PricedItinerary.parse(offer.json().data);
    expect(fresh.offer_id.startsWith('d1.')).toBe(true);
    expect(fresh.ValidatingCarrier).toBe('ZZ');
    expect(flightsOf(fresh)).toBe(flightsOf(duffel.itinerary));
    expect(fresh.AirItineraryPricingInfo.FareInfos[0]!.BrandName).toBe(remote!.brand);
  });

  it('refuses a forged Duffel offer id on its field', async () => {
    const { offerId } = await duffelOffer(t, agent, { carrier: 'ZZ' });
    const forged = `${offerId.slice(0, -6)}${offerId.slice(-6).split('').reverse().join('')}`;
    const res = await post(
      t,
      '/api/quotes',
      { client: { name: 'Remote Client' }, offer_ids: [offerId, forged] },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().data.errors)).toEqual(['offer_ids.1']);
  });
});
