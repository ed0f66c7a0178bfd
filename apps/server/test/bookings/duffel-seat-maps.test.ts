import { type Booking, isSeat, type Seat, SeatMap } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../support/auth-flow.js';
import { type Agent, bookingAgent, passengersFor } from '../support/bookings.js';
import { type DuffelBookingApp, duffelBookingApp, duffelOffer } from '../support/duffel-bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 31: a Duffel offer's seat maps before booking, through GET /api/seat-maps?offer_id= on the
 * local Duffel test server (Duffel's wire format: GET /air/seat_maps?offer_id=). One map per flight,
 * seats priced per passenger in the platform currency, exit rows kept from the child, facilities and
 * wings; a carrier selling no seats and a booked Duffel booking answer none (Duffel sells seats
 * with the order).
 */

const CONTACT = { email: 'desk@agency.test', phone: '+44 20 7946 0000' };
const PARTY = { adults: 1, children: 1, infants: 0 };

const seatsOf = (map: SeatMap): Seat[] =>
  map.cabins
    .filter((cabin) => cabin.bookable)
    .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)));

describe.each(storeKinds())('Duffel seat maps on %s', (kind) => {
  let t: DuffelBookingApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await duffelBookingApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
  });
  afterAll(async () => t?.close());

  const seatMaps = (offerId: string) =>
    get(t, `/api/seat-maps?offer_id=${encodeURIComponent(offerId)}`, { token: agent.token });

  it('draws one map per flight of a Duffel Airways offer, as Duffel sends them', async () => {
    const { offerId, itinerary } = await duffelOffer(t, agent, { carrier: 'ZZ', mix: PARTY });
    const res = await seatMaps(offerId);
    expect(res.statusCode, res.body).toBe(200);
    const maps = (res.json().data as unknown[]).map((map) => SeatMap.parse(map));
    const flights = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.flatMap(
      (option) => option.FlightSegment,
    ).map((segment) => `${segment.MarketingAirline.Code}${segment.FlightNumber}`);
    expect(maps.map((map) => map.flight)).toEqual(flights);
    expect(maps.map((map) => map.segment_index)).toEqual(flights.map((_, i) => i));
    expect(t.duffel.requestsTo('GET /air/seat_maps')).toHaveLength(1);

    let exitSeatsOnSale = 0;
    for (const map of maps) {
      const cabin = map.cabins.find((c) => c.bookable)!;
      expect(cabin.cabin).toBe('Economy');
      expect(cabin.columns.flat().length).toBeGreaterThanOrEqual(6);
      // Duffel Airways skips row 13; rows as printed, front to back.
      const numbers = cabin.rows.flatMap((row) => (row.row === null ? [] : [row.row]));
      expect(numbers).not.toContain(13);
      expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      // Facilities at both ends, wings over some rows, exit rows behind Duffel's exit elements.
      expect(cabin.rows[0]!.row).toBeNull();
      expect(cabin.rows.some((row) => row.wing)).toBe(true);
      const exitRows = cabin.rows.filter((row) => row.exit);
      expect(exitRows.length).toBeGreaterThan(0);

      const seats = seatsOf(map);
      const free = seats.filter((seat) => seat.available);
      expect(free.length).toBeGreaterThan(0);
      expect(free.length).toBeLessThan(seats.length); // some taken, some restricted
      // The Basic fare pays for its seats, in the platform's currency.
      expect(free.some((seat) => seat.price?.CurrencyCode === 'USD' && seat.price.Amount > 0)).toBe(true);
      // An exit-row seat on sale is sold to the adult only: the child is kept out, in words.
      const exitSeats = exitRows.flatMap((row) => row.seats.filter(isSeat)).filter((seat) => seat.available);
      exitSeatsOnSale += exitSeats.length;
      for (const seat of exitSeats) {
        expect(seat.restriction).toMatchObject({ code: 'exit_row', applies_to: ['child'] });
        expect(seat.characteristics).toContain('exit_row');
      }
    }
    expect(exitSeatsOnSale).toBeGreaterThan(0);
  });

  it('answers no map for a carrier that sells no seats', async () => {
    const { offerId } = await duffelOffer(t, agent, { carrier: 'Z1', mix: PARTY });
    const res = await seatMaps(offerId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('answers 503 when Duffel fails to send its map, and no map after booking', async () => {
    const { offerId } = await duffelOffer(t, agent, { carrier: 'ZZ', mix: PARTY });
    t.duffel.failures.next('GET /air/seat_maps', { kind: 'server_error', when: 'before' });
    const failed = await seatMaps(offerId);
    expect(failed.statusCode, failed.body).toBe(503);

    const booked = await post(
      t,
      '/api/booking',
      { offer_id: offerId, passengers: passengersFor(PARTY), contact: CONTACT },
      { token: agent.token },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json().data as Booking;
    const after = await get(t, `/api/booking/${booking.id}/seat-maps`, { token: agent.token });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data).toEqual([]);
  });
});
