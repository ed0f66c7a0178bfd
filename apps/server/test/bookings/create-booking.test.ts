import { randomBytes, randomUUID } from 'node:crypto';
import { type PricedItinerary, SERVER, SUCCESS } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightSupplier } from '../../src/supplier/port.js';
import { createSandboxFlightContent, sandboxBookings } from '../../src/supplier/sandbox/index.js';
import { createTestApp } from '../support/app.js';
import { post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  book,
  bookingAgent,
  bookingBody,
  bookOk,
  errorFields,
  FAMILY,
  flightOf,
  ONE_ADULT,
  passenger,
  searchOffer,
  searchOffers,
  seatsSold,
  segmentsOf,
  setSeatsSold,
  signInAgain,
  totalOf,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

const HOUR_MS = 3_600_000;
const instantOf = (dateTime: string, offset: string) => new Date(`${dateTime}${offset}`);

describe.each(storeKinds())('booking a flight on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
  });
  afterAll(async () => t?.close());

  const bookingCount = async () =>
    (await t.store.db.selectFrom('bookings').select('id').where('company_id', '=', agent.companyId).execute())
      .length;

  it('re-prices the offer, takes the seats and holds them for 24 hours', async () => {
    const offer = await searchOffer(t, agent, { mix: FAMILY });
    const key = flightOf(offer);
    const soldBefore = await seatsSold(t.store.db, key);
    const res = await book(t, agent, bookingBody(offer, FAMILY));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(SUCCESS.bookingCreated);
    const booking = res.json().data;
    expect(booking).toMatchObject({
      status: 'booked',
      trip_type: 'OneWay',
      cabin: 'Economy',
      validating_carrier: offer.ValidatingCarrier,
      total: offer.AirItineraryPricingInfo.ItinTotalFare.TotalFare,
      pricing: offer.AirItineraryPricingInfo,
      contact: { email: 'desk@agency.test', phone: '+971 4 555 0100' },
      void_until: null,
      tickets: [],
      created_by: { id: agent.user.id },
      allowed_actions: ['issue', 'cancel'],
    });
    // Unambiguous characters only: no 0/O, 1/I/L.
    expect(booking.pnr).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(booking.created_at).toBe(t.clock.now().toISOString());
    expect(booking.ticketing_deadline).toBe(new Date(t.clock.now().getTime() + 24 * HOUR_MS).toISOString());
    expect(booking.passengers.map((p: { passenger_type: string }) => p.passenger_type)).toEqual([
      'adult',
      'adult',
      'child',
      'infant',
    ]);
    expect(booking.segments).toEqual(segmentsOf(offer).map((segment) => ({ ...segment, leg: 0 })));

    // Adults and the child take seats; the infant sits on a lap.
    expect(await seatsSold(t.store.db, key)).toBe(soldBefore + 3);
    const stored = await t.store.db
      .selectFrom('booking_passengers')
      .select(['passenger_type', 'fare_minor', 'taxes_minor'])
      .where('booking_id', '=', booking.id)
      .orderBy('position')
      .execute();
    const fares = offer.AirItineraryPricingInfo.PTC_FareBreakdowns.PTC_FareBreakdown;
    const fareOf = { adult: fares[0]!, child: fares[1]!, infant: fares[2]! };
    for (const row of stored) {
      const fare = fareOf[row.passenger_type].PassengerFare;
      expect(row.fare_minor).toBe(Math.round(fare.BaseFare.Amount * 100));
      expect(row.taxes_minor).toBe(Math.round(fare.Taxes.Amount * 100));
    }
    const sum = stored.reduce((total, row) => total + row.fare_minor + row.taxes_minor, 0);
    expect(sum).toBe(Math.round(totalOf(offer) * 100));

    const events = await t.store.db
      .selectFrom('booking_events')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .execute();
    expect(events).toMatchObject([
      { action: 'booked', from_status: null, to_status: 'booked', actor_user_id: agent.user.id },
    ]);
  });

  it('books a return trip: every flight of both legs, each holding its seats', async () => {
    const offer = await searchOffer(t, agent, { date: '2026-12-21', returnDate: '2026-12-28', maxStops: 1 });
    const flights = segmentsOf(offer).map((_, index) => flightOf(offer, index));
    const before = await Promise.all(flights.map((key) => seatsSold(t.store.db, key)));
    const booking = await bookOk(t, agent, bookingBody(offer));
    expect(booking.trip_type).toBe('Return');
    const legs = offer.AirItinerary.OriginDestinationOptions.OriginDestinationOption;
    expect(booking.segments.map((segment) => segment.leg)).toEqual(
      legs.flatMap((leg, index) => leg.FlightSegment.map(() => index)),
    );
    const after = await Promise.all(flights.map((key) => seatsSold(t.store.db, key)));
    expect(after).toEqual(before.map((sold) => sold + 1));
  });

  it('ends a hold 3 hours before the first departure when that comes before 24 hours', async () => {
    const now = t.clock.now();
    const offers = await searchOffers(t, agent, { date: '2026-11-23', maxStops: 2 });
    const soon = offers.find((offer) => {
      const first = segmentsOf(offer)[0]!;
      const departs = instantOf(first.DepartureDateTime, first.DepartureUTCOffset).getTime();
      return departs < now.getTime() + 27 * HOUR_MS && departs > now.getTime() + 4 * HOUR_MS;
    });
    if (!soon) throw new Error('no flight tomorrow morning');
    const first = segmentsOf(soon)[0]!;
    const booking = await bookOk(t, agent, bookingBody(soon));
    expect(booking.ticketing_deadline).toBe(
      new Date(
        instantOf(first.DepartureDateTime, first.DepartureUTCOffset).getTime() - 3 * HOUR_MS,
      ).toISOString(),
    );
  });

  it('refuses a flight leaving in less than 3 hours (422 on the offer), taking no seat', async () => {
    const start = t.clock.now();
    const offer = (await searchOffers(t, agent, { date: '2026-11-23', maxStops: 2 }))[0]!;
    const first = segmentsOf(offer)[0]!;
    const flights = (itinerary: PricedItinerary) =>
      segmentsOf(itinerary)
        .map((s) => s.FlightNumber + s.DepartureDateTime)
        .join();
    // Two hours before it leaves, another agent searches the same flight.
    t.clock.set(
      new Date(instantOf(first.DepartureDateTime, first.DepartureUTCOffset).getTime() - 2 * HOUR_MS),
    );
    try {
      const late = await bookingAgent(t, { creditsMinor: 10_000_000 });
      const again = (await searchOffers(t, late, { date: '2026-11-23', maxStops: 2 })).find(
        (candidate) => flights(candidate) === flights(offer),
      );
      if (!again) throw new Error('the flight is no longer found');
      const before = await seatsSold(t.store.db, flightOf(again));
      const res = await book(t, late, bookingBody(again));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().data.errors.offer_id).toEqual([
        'This flight leaves in less than 3 hours: too late to book it',
      ]);
      expect(await seatsSold(t.store.db, flightOf(again))).toBe(before);
    } finally {
      t.clock.set(start);
    }
  });

  describe('refuses passengers that do not fit the offer (422 by field), changing nothing', () => {
    it.each([
      [
        'a different mix',
        (date: string) => ({ passengers: [passenger('adult', date, 0), passenger('adult', date, 1)] }),
        'passengers',
      ],
      [
        'an adult under 12 on the first flight',
        (date: string) => ({ passengers: [{ ...passenger('adult', date), date_of_birth: '2015-01-01' }] }),
        'passengers.0.date_of_birth',
      ],
      [
        'a child under 2',
        (date: string) => ({
          passengers: [
            passenger('adult', date),
            { ...passenger('child', date), date_of_birth: '2025-06-01' },
          ],
        }),
        'passengers.1.date_of_birth',
        { adults: 1, children: 1, infants: 0 },
      ],
      [
        'an infant of 2',
        (date: string) => ({
          passengers: [
            passenger('adult', date),
            { ...passenger('infant', date), date_of_birth: '2024-12-01' },
          ],
        }),
        'passengers.1.date_of_birth',
        { adults: 1, children: 0, infants: 1 },
      ],
      [
        'a passport expiring less than 6 months after the flight',
        (date: string) => ({ passengers: [{ ...passenger('adult', date), passport_expiry: '2027-06-19' }] }),
        'passengers.0.passport_expiry',
      ],
      [
        'a date of birth that is no date',
        (date: string) => ({ passengers: [{ ...passenger('adult', date), date_of_birth: '1990-02-30' }] }),
        'passengers.0.date_of_birth',
      ],
      [
        'two passengers on one passport',
        (date: string) => {
          const adult = passenger('adult', date);
          return {
            passengers: [adult, { ...passenger('adult', date, 1), passport_number: adult.passport_number }],
          };
        },
        'passengers.1.passport_number',
        { adults: 2, children: 0, infants: 0 },
      ],
      [
        'a forged offer',
        () => ({ offer_id: 'o1.abc.OY1,0,0.LBA117-k.1.forgedtagforgedtagforg' }),
        'offer_id',
      ],
      ['no contact', () => ({ contact: undefined }), 'contact'],
      ['an unknown field', () => ({ seat: '12A' }), 'seat'],
      [
        'an unknown passenger field',
        (date: string) => ({ passengers: [{ ...passenger('adult', date), meal: 'VGML' }] }),
        'passengers.0.meal',
      ],
    ])('%s', async (_case, change, field, mix = ONE_ADULT) => {
      const offer = await searchOffer(t, agent, { mix });
      const before = { bookings: await bookingCount(), seats: await seatsSold(t.store.db, flightOf(offer)) };
      const res = await book(t, agent, { ...bookingBody(offer, mix), ...change('2026-12-20') });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorFields(res)).toContain(field);
      expect(await bookingCount()).toBe(before.bookings);
      expect(await seatsSold(t.store.db, flightOf(offer))).toBe(before.seats);
    });
  });

  it('keeps an infant under 2 until the last flight: one turning 2 before the return is refused', async () => {
    const mix = { adults: 1, children: 0, infants: 1 };
    const offer = await searchOffer(t, agent, {
      mix,
      date: '2026-12-21',
      returnDate: '2027-01-10',
      maxStops: 1,
    });
    const lastDate = segmentsOf(offer).at(-1)!.DepartureDateTime.slice(0, 10);
    expect(lastDate >= '2027-01-05').toBe(true);
    const body = bookingBody(offer, mix);
    // Two years old on 2027-01-05: under 2 on the way out, not on the way back.
    body.passengers[1] = { ...body.passengers[1]!, date_of_birth: '2025-01-05' };
    const res = await book(t, agent, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().data.errors['passengers.1.date_of_birth']).toEqual([
      'An infant is under 2 on the travel date',
    ]);
  });

  it('answers 404 for a saved traveller that is not the agency’s', async () => {
    const other = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const offer = await searchOffer(t, other);
    const theirs = await bookOk(t, other, bookingBody(offer, ONE_ADULT, { save_travellers: true }));
    const ourOffer = await searchOffer(t, agent);
    for (const travellerId of [theirs.passengers[0]!.traveller_id!, randomUUID()]) {
      const body = bookingBody(ourOffer);
      body.passengers[0] = { ...body.passengers[0]!, traveller_id: travellerId };
      const res = await book(t, agent, body);
      expect(res.statusCode, res.body).toBe(404);
      expect(errorFields(res)).toEqual(['passengers.0.traveller_id']);
    }
  });

  it('answers 409 Price changed with the new offer when a booking class closed, and books the new one', async () => {
    const offer = await searchOffer(t, agent, { date: '2026-12-22' });
    const key = flightOf(offer);
    const capacity = key.seatsRemaining + (await seatsSold(t.store.db, key));
    // Other agencies sold the cheapest class out (15 % of the cabin).
    await setSeatsSold(t.store.db, key, Math.floor(capacity * 0.15));
    const before = await bookingCount();
    const res = await book(t, agent, bookingBody(offer));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(SERVER.priceChanged);
    const change = res.json().data;
    expect(change.previous_total).toEqual(offer.AirItineraryPricingInfo.ItinTotalFare.TotalFare);
    expect(change.new_total.Amount).toBeGreaterThan(totalOf(offer));
    expect(change.offer_id).not.toBe(offer.offer_id);
    expect(change.offer_expires_at).toBe(offer.offer_expires_at);
    expect(await bookingCount()).toBe(before);
    expect(await seatsSold(t.store.db, key)).toBe(Math.floor(capacity * 0.15));

    const accepted = await bookOk(t, agent, bookingBody(offer, ONE_ADULT, { offer_id: change.offer_id }));
    expect(accepted.total).toEqual(change.new_total);
    expect(await seatsSold(t.store.db, key)).toBe(Math.floor(capacity * 0.15) + 1);
  });

  it('answers 410 once the offer is older than 30 minutes', async () => {
    const offer = await searchOffer(t, agent);
    t.clock.advance(30 * 60_000 + 1_000);
    // The access token lives 30 minutes too: a fresh session, from here on.
    agent = await signInAgain(t, agent);
    const res = await book(t, agent, bookingBody(offer));
    expect(res.statusCode, res.body).toBe(410);
    expect(res.json().message).toBe('This offer has expired; search again.');
  });

  it('answers 409 when the seats are gone, taking none', async () => {
    const offer = await searchOffer(t, agent, { date: '2026-12-23' });
    const key = flightOf(offer);
    const capacity = key.seatsRemaining + (await seatsSold(t.store.db, key));
    await setSeatsSold(t.store.db, key, capacity);
    const before = await bookingCount();
    const res = await book(t, agent, bookingBody(offer));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('The seats on this offer are no longer available.');
    expect(await bookingCount()).toBe(before);
    expect(await seatsSold(t.store.db, key)).toBe(capacity);
  });

  it('saves the passengers as travellers when asked, one per passport, updated on the next booking', async () => {
    const offer = await searchOffer(t, agent, { mix: FAMILY });
    const body = bookingBody(offer, FAMILY, { save_travellers: true });
    const first = await bookOk(t, agent, body);
    expect(first.passengers.every((p) => p.traveller_id)).toBe(true);

    const again = await searchOffer(t, agent, { mix: FAMILY, date: '2026-12-24' });
    const renamed = { ...body.passengers[0]!, last_name: 'HADDAD-BERG' };
    const second = await bookOk(
      t,
      agent,
      bookingBody(again, FAMILY, {
        save_travellers: true,
        passengers: [renamed, ...body.passengers.slice(1)],
      }),
    );
    expect(second.passengers.map((p) => p.traveller_id)).toEqual(first.passengers.map((p) => p.traveller_id));
    const saved = await t.store.db
      .selectFrom('travellers')
      .select(['id', 'last_name'])
      .where('id', '=', first.passengers[0]!.traveller_id!)
      .executeTakeFirstOrThrow();
    expect(saved.last_name).toBe('HADDAD-BERG');
  });

  it('gives every booking its own PNR', async () => {
    const offer = await searchOffer(t, agent, { date: '2026-12-26' });
    const pnrs = new Set<string>();
    for (let i = 0; i < 5; i++) pnrs.add((await bookOk(t, agent, bookingBody(offer))).pnr);
    expect(pnrs.size).toBe(5);
  });

  it('is refused without a session (401)', async () => {
    const offer = await searchOffer(t, agent);
    const res = await post(t, '/api/booking', bookingBody(offer));
    expect(res.statusCode).toBe(401);
  });
});

describe.each(storeKinds())('a price that fell on %s', (kind) => {
  let t: TestApp;
  let sandbox: FlightSupplier;
  // The sandbox never re-prices lower (an offer keeps its class); this supplier says the quote
  // was 50.00 dearer than the price now, as a real supplier may.
  const supplier: FlightSupplier = {
    bookings: sandboxBookings,
    routes: () => sandbox.routes(),
    search: (request) => sandbox.search(request),
    price: async (offerId) => {
      const answer = await sandbox.price(offerId);
      if (answer.status !== 'priced') return answer;
      const now = answer.itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare;
      return { ...answer, priceChanged: true, previousTotal: { ...now, Amount: now.Amount + 50 } };
    },
  };
  beforeAll(async () => {
    t = await createTestApp(kind, { supplier });
    ({ supplier: sandbox } = await createSandboxFlightContent({
      store: t.store,
      clock: t.clock,
      dataEncryptionKey: randomBytes(32),
      currency: 'USD',
      searchWorkers: 0,
      onWorkerExit: () => {},
    }));
  });
  afterAll(async () => t?.close());

  it('books at the lower price without asking', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    const offer = await searchOffer(t, agent);
    const booking = await bookOk(t, agent, bookingBody(offer));
    expect(booking.total).toEqual(offer.AirItineraryPricingInfo.ItinTotalFare.TotalFare);
  });
});
