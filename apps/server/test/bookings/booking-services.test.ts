import { randomBytes } from 'node:crypto';
import {
  type BookingDetails,
  isSeat,
  MAX_EXTRA_BAGS,
  type PricedItinerary,
  type Seat,
  SeatMap,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservedMinor } from '../../src/modules/bookings/booking/repo.js';
import { createChosenSeatsRepo } from '../../src/modules/bookings/index.js';
import { releaseTicketServices } from '../../src/modules/bookings/services/repo.js';
import { readBalance } from '../../src/modules/payments/ledger-repo.js';
import type { FlightSupplier } from '../../src/supplier/port.js';
import {
  createSandboxFlightContent,
  type SandboxSupplier,
  sandboxBookings,
} from '../../src/supplier/sandbox/index.js';
import type { ChosenSeats } from '../../src/supplier/seat-maps.js';
import { createTestApp } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  addCredits,
  book,
  bookingAgent,
  bookingBody,
  bookOk,
  errorFields,
  issue,
  issueOk,
  type Mix,
  searchOffer,
  segmentsOf,
  signInAgain,
  totalOf,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Seats and bags chosen with a booking (issue 31): held with the hold, shown on the booking and
 * taken on everyone's maps, refused with the reason in words, charged with the tickets in one
 * ledger transaction (an EMD number per paid service), released with the hold; and a seat never
 * belongs to two passengers, whatever the race.
 */

const seatsOf = (map: SeatMap): Seat[] =>
  map.cabins
    .filter((cabin) => cabin.bookable)
    .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)));

const minor = (amount: number) => Math.round(amount * 100);

describe.each(storeKinds())('services with a booking on %s (issue 31)', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let other: Agent;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
    other = await bookingAgent(t, { creditsMinor: 5_000_000 });
  });
  afterAll(async () => t?.close());

  async function mapsOf(who: Agent, offer: PricedItinerary): Promise<SeatMap[]> {
    const res = await get(t, `/api/seat-maps?offer_id=${encodeURIComponent(offer.offer_id)}`, {
      token: who.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as unknown[]).map((map) => SeatMap.parse(map));
  }

  /** Free seats anyone may take (no rule keeps a passenger out), priced ones first. */
  const freeSeats = (map: SeatMap) =>
    seatsOf(map)
      .filter((seat) => seat.available && !seat.restriction)
      .sort((a, b) => (b.price?.Amount ?? 0) - (a.price?.Amount ?? 0));

  const details = async (who: Agent, id: string): Promise<BookingDetails> => {
    const res = await get(t, `/api/booking/${id}`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  let day = 0;
  /** A fresh flight for each test: a date of its own, so no test's seats meet another's. */
  const offerFor = (mix?: Mix) =>
    searchOffer(t, agent, { date: `2027-02-${String(++day + 1).padStart(2, '0')}`, ...(mix ? { mix } : {}) });

  it('holds the seats and bags with the booking, lists them on it, and shows the seat taken on other maps', async () => {
    const offer = await offerFor();
    const [map] = await mapsOf(agent, offer);
    const seat = freeSeats(map!)[0]!;
    const bags = (await get(t, `/api/services?offer_id=${encodeURIComponent(offer.offer_id)}`, {
      token: agent.token,
    }).then((res) => res.json().data.bags)) as {
      segment_index: number;
      price: { Amount: number };
      weight_kg: number;
    }[];
    const bagOffer = bags.find((entry) => entry.segment_index === 0)!;
    const booking = await bookOk(
      t,
      agent,
      bookingBody(offer, undefined, {
        services: [
          { type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator },
          { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 2 },
        ],
      }),
    );
    const shown = await details(agent, booking.id);
    expect(shown.services).toHaveLength(2);
    const seatLine = shown.services.find((service) => service.type === 'seat')!;
    expect(seatLine).toMatchObject({
      passenger_index: 0,
      segment_index: 0,
      designator: seat.designator,
      status: 'held',
      amount: { Amount: seat.price?.Amount ?? 0 },
    });
    expect(seatLine.emd_number).toBeUndefined();
    expect(shown.services.find((service) => service.type === 'bag')).toMatchObject({
      quantity: 2,
      status: 'held',
      amount: { Amount: bagOffer.price.Amount * 2 },
    });

    // Another agency's map of the same flight: the seat is taken.
    const [theirs] = await mapsOf(other, offer);
    expect(seatsOf(theirs!).find((entry) => entry.designator === seat.designator)?.available).toBe(false);
    // The booking's own map keeps it free for its passengers.
    const own = (await get(t, `/api/booking/${booking.id}/seat-maps`, { token: agent.token })).json()
      .data as SeatMap[];
    expect(seatsOf(own[0]!).find((entry) => entry.designator === seat.designator)?.available).toBe(true);

    // And another booking may not have it: 409 with the map as it is now.
    const res = await book(
      t,
      other,
      bookingBody(offer, undefined, {
        services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }],
      }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `Seat ${seat.designator} on ${map!.flight} was just taken: choose another`,
    );
    const now = SeatMap.parse(res.json().data.seat_map);
    expect(seatsOf(now).find((entry) => entry.designator === seat.designator)?.available).toBe(false);
    // With another fault beside it, the taken seat is one of the 422's reasons.
    const both = await book(
      t,
      other,
      bookingBody(offer, undefined, {
        services: [
          { type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator },
          { type: 'bag', passenger_index: 3, segment_index: 0, quantity: 1 },
        ],
      }),
    );
    expect(both.statusCode, both.body).toBe(422);
    expect(both.json().data.errors['services.0.designator']).toEqual([
      `${seat.designator}: This seat is taken`,
    ]);
    expect(errorFields(both)).toContain('services.1.passenger_index');
  });

  it("refuses a child's exit-row seat with why, an infant's seat, too many bags, and a passenger the booking lacks", async () => {
    const mix = { adults: 1, children: 1, infants: 1 };
    const offer = await offerFor(mix);
    const [map] = await mapsOf(agent, offer);
    const exit = seatsOf(map!).find((seat) => seat.available && seat.restriction?.code === 'exit_row')!;
    const free = freeSeats(map!);
    const res = await book(
      t,
      agent,
      bookingBody(offer, mix, {
        services: [
          { type: 'seat', passenger_index: 1, segment_index: 0, designator: exit.designator },
          { type: 'seat', passenger_index: 2, segment_index: 0, designator: free[0]!.designator },
          { type: 'bag', passenger_index: 0, segment_index: 0, quantity: MAX_EXTRA_BAGS },
          { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 },
          { type: 'seat', passenger_index: 5, segment_index: 0, designator: free[1]!.designator },
          { type: 'seat', passenger_index: 0, segment_index: 9, designator: free[1]!.designator },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json().data.errors as Record<string, string[]>;
    expect(errors['services.0.designator']).toEqual([
      `${exit.designator}: Exit rows are not for children or passengers travelling with an infant`,
    ]);
    expect(errors['services.1.designator']).toEqual([
      `${free[0]!.designator}: An infant travels on an adult's lap and has no seat of its own`,
    ]);
    expect(errors['services.2.quantity']).toBeUndefined();
    expect(errors['services.3.quantity']?.[0]).toMatch(/^At most 3 extra bags/);
    expect(errors['services.4.passenger_index']).toEqual(['No such passenger on this booking']);
    expect(errors['services.5.segment_index']).toEqual(['No such flight on this trip']);
    // Nothing was booked.
    const held = await t.store.db
      .selectFrom('booking_services')
      .select('id')
      .where('company_id', '=', agent.companyId)
      .where('flight', '=', map!.flight)
      .where('departure_date', '=', map!.departure_date)
      .execute();
    expect(held).toHaveLength(0);
  });

  it('two agents choosing the same seat at once: exactly one gets it, the others 409 with the map as it is now', async () => {
    const offer = await offerFor();
    const [map] = await mapsOf(agent, offer);
    const seat = freeSeats(map!)[0]!;
    const body = bookingBody(offer, undefined, {
      services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }],
    });
    const racers = 8;
    const answers = await Promise.all(
      Array.from({ length: racers }, (_, index) => book(t, index % 2 ? agent : other, body)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    // Whether a loser checked after the winner committed (the map refuses it) or before (the
    // unique index refuses its insert), it hears the same 409 with the map as it is now.
    expect(statuses.filter((status) => status === 409)).toHaveLength(racers - 1);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) {
      expect(res.json().message).toBe(
        `Seat ${seat.designator} on ${map!.flight} was just taken: choose another`,
      );
      const now = SeatMap.parse(res.json().data.seat_map);
      expect(now.flight).toBe(map!.flight);
      expect(seatsOf(now).find((entry) => entry.designator === seat.designator)?.available).toBe(false);
    }
    const rows = await t.store.db
      .selectFrom('booking_services')
      .select('booking_id')
      .where('flight', '=', map!.flight)
      .where('departure_date', '=', map!.departure_date)
      .where('designator', '=', seat.designator)
      .execute();
    expect(rows).toHaveLength(1);
    // The losers' holds were rolled back whole: one booking on the flight holds one seat.
    const bookings = await t.store.db
      .selectFrom('booking_segments')
      .select('booking_id')
      .where('flight', '=', map!.flight)
      .where('departure_date', '=', map!.departure_date)
      .execute();
    expect(bookings.map((row) => row.booking_id)).toEqual([rows[0]!.booking_id]);
  });

  it('the unique index alone refuses a second holder of a seat (the race the check cannot see)', async () => {
    const offer = await offerFor();
    const [map] = await mapsOf(agent, offer);
    const seat = freeSeats(map!)[0]!;
    const first = await bookOk(
      t,
      agent,
      bookingBody(offer, undefined, {
        services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }],
      }),
    );
    const row = await t.store.db
      .selectFrom('booking_services')
      .selectAll()
      .where('booking_id', '=', first.id)
      .executeTakeFirstOrThrow();
    const { id: _, ...copy } = row;
    await expect(
      t.store.db
        .insertInto('booking_services')
        .values({ ...copy, passenger_index: 1, emd_number: null })
        .execute(),
    ).rejects.toThrow(/booking_services_seat_taken_idx/);
  });

  it('issuing charges the fare and the services in one ledger line, and gives each paid service an EMD number', async () => {
    const offer = await offerFor();
    const [map] = await mapsOf(agent, offer);
    const priced = freeSeats(map!).find((seat) => seat.price)!;
    const booking = await bookOk(
      t,
      agent,
      bookingBody(offer, undefined, {
        services: [
          { type: 'seat', passenger_index: 0, segment_index: 0, designator: priced.designator },
          { type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 },
        ],
      }),
    );
    const held = await details(agent, booking.id);
    const servicesMinor = held.services.reduce((sum, service) => sum + minor(service.amount.Amount), 0);
    expect(servicesMinor).toBeGreaterThan(0);
    const before = await readBalance(t.store.db, agent.companyId);
    await issueOk(t, agent, booking.pnr);
    const after = await readBalance(t.store.db, agent.companyId);
    expect(before!.balanceMinor - after!.balanceMinor).toBe(minor(totalOf(offer)) + servicesMinor);

    const issued = await details(agent, booking.id);
    for (const service of issued.services) {
      expect(service.status).toBe('issued');
      expect(service.emd_number).toMatch(/^\d{13}$/);
    }
    const carrierCode = issued.tickets[0]!.ticket_number.slice(0, 3);
    expect(issued.services.every((service) => service.emd_number!.startsWith(carrierCode))).toBe(true);
    // One ledger line for the lot, one ticket order of the same amount.
    const lines = await t.store.db
      .selectFrom('ledger_entries')
      .select(['amount_minor', 'note'])
      .where('booking_id', '=', booking.id)
      .execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.amount_minor).toBe(-(minor(totalOf(offer)) + servicesMinor));
    expect(lines[0]!.note).toContain(`Seat ${priced.designator} ${map!.flight}`);
    expect(lines[0]!.note).toContain('Extra bag');
    const orders = await t.store.db
      .selectFrom('orders')
      .select(['kind', 'amount_minor'])
      .where('booking_id', '=', booking.id)
      .execute();
    expect(orders).toEqual([{ kind: 'ticket', amount_minor: minor(totalOf(offer)) + servicesMinor }]);
  });

  it('refuses to issue when the credits cover the fare but not the fare and the services', async () => {
    const poor = await bookingAgent(t, { creditsMinor: 5_000_000 });
    const offer = await searchOffer(t, poor, { date: `2027-02-${String(++day + 1).padStart(2, '0')}` });
    const [map] = await mapsOf(poor, offer);
    const booking = await bookOk(
      t,
      poor,
      bookingBody(offer, undefined, {
        services: [{ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 3 }],
      }),
    );
    const shown = await details(poor, booking.id);
    const servicesMinor = minor(shown.services[0]!.amount.Amount);
    // Exactly the fare left, one minor unit short of fare and bags.
    const balance = await readBalance(t.store.db, poor.companyId);
    await addCredits(
      t.store.db,
      poor.companyId,
      minor(totalOf(offer)) + servicesMinor - 1 - balance!.balanceMinor,
    );
    const res = await issue(t, poor, booking.pnr);
    expect(res.statusCode, res.body).toBe(402);
    expect((await details(poor, booking.id)).services[0]!.status).toBe('held');
    expect(map).toBeDefined();
  });

  it('cancelling the hold releases its seat: free again on the map and for another booking', async () => {
    const offer = await offerFor();
    const [map] = await mapsOf(agent, offer);
    const seat = freeSeats(map!)[0]!;
    const booking = await bookOk(
      t,
      agent,
      bookingBody(offer, undefined, {
        services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }],
      }),
    );
    const cancelled = await post(
      t,
      '/api/request-cancel-booking',
      { booking_id: booking.id, reason: 'Client changed plans' },
      { token: agent.token },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await details(agent, booking.id)).services[0]!.status).toBe('released');
    const [now] = await mapsOf(other, offer);
    expect(seatsOf(now!).find((entry) => entry.designator === seat.designator)?.available).toBe(true);
    await bookOk(
      t,
      other,
      bookingBody(offer, undefined, {
        services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }],
      }),
    );
  });

  it('a void returns the fare and the services, and frees the seat', async () => {
    const offer = await offerFor();
    const [map] = await mapsOf(agent, offer);
    const seat = freeSeats(map!).find((entry) => entry.price)!;
    const before = await readBalance(t.store.db, agent.companyId);
    const booking = await bookOk(
      t,
      agent,
      bookingBody(offer, undefined, {
        services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }],
      }),
    );
    await issueOk(t, agent, booking.pnr);
    const voided = await post(
      t,
      '/api/request-cancel-booking',
      { booking_id: booking.id, reason: 'Client changed plans' },
      { token: agent.token },
    );
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await readBalance(t.store.db, agent.companyId))!.balanceMinor).toBe(before!.balanceMinor);
    const shown = await details(agent, booking.id);
    // Its money came back with the fare's (a void returns everything): `refunded`, the seat free.
    expect(shown.services[0]!.status).toBe('refunded');
    const [now] = await mapsOf(other, offer);
    expect(seatsOf(now!).find((entry) => entry.designator === seat.designator)?.available).toBe(true);
  });

  it('a seat another agency holds is refused without naming its booking', async () => {
    // The 409 for a taken seat names the seat and flight only: no booking, PNR or agency of the holder.
    const offer = await offerFor();
    const [map] = await mapsOf(agent, offer);
    const seat = freeSeats(map!)[0]!;
    const theirs = await bookOk(
      t,
      other,
      bookingBody(offer, undefined, {
        services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }],
      }),
    );
    const res = await book(
      t,
      agent,
      bookingBody(offer, undefined, {
        services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }],
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.body).not.toContain(theirs.pnr);
    expect(res.body).not.toContain(theirs.id);
    expect(segmentsOf(offer).length).toBeGreaterThan(0);
  });
  it("a partial refund's tickets release their passengers' seats, the others keep theirs", async () => {
    const mix = { adults: 2, children: 0, infants: 0 };
    const offer = await offerFor(mix);
    const [map] = await mapsOf(agent, offer);
    const [first, second] = freeSeats(map!);
    const booking = await bookOk(
      t,
      agent,
      bookingBody(offer, mix, {
        services: [
          { type: 'seat', passenger_index: 0, segment_index: 0, designator: first!.designator },
          { type: 'seat', passenger_index: 1, segment_index: 0, designator: second!.designator },
        ],
      }),
    );
    const issued = await issueOk(t, agent, booking.pnr);
    const secondTicket = issued.tickets.find((ticket) => ticket.passenger_id === issued.passengers[1]!.id)!;
    await t.store.db
      .transaction()
      .execute((trx) => releaseTicketServices(trx, booking.id, [secondTicket.ticket_number], new Date()));
    const shown = await details(agent, booking.id);
    expect(
      shown.services.map((service) => [service.passenger_index, service.designator, service.status]),
    ).toEqual([
      [0, first!.designator, 'issued'],
      [1, second!.designator, 'released'],
    ]);
  });

  it("a hold's value counts the services held with it (hold limits, reserved credits)", async () => {
    const holder = await bookingAgent(t, { creditsMinor: 5_000_000 });
    const offer = await searchOffer(t, holder, { date: `2027-02-${String(++day + 1).padStart(2, '0')}` });
    const booking = await bookOk(
      t,
      holder,
      bookingBody(offer, undefined, {
        services: [{ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 2 }],
      }),
    );
    const bag = (await details(holder, booking.id)).services[0]!;
    expect(await reservedMinor(t.store.db, holder.companyId, t.clock.now())).toBe(
      minor(totalOf(offer)) + minor(bag.amount.Amount),
    );
  });

  // Last of these: it moves the clock past the hold's deadline.
  it('a hold that expires releases its seats', async () => {
    const offer = await offerFor();
    const [map] = await mapsOf(agent, offer);
    const seat = freeSeats(map!)[0]!;
    const booking = await bookOk(
      t,
      agent,
      bookingBody(offer, undefined, {
        services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }],
      }),
    );
    const [before] = await mapsOf(other, offer);
    expect(seatsOf(before!).find((entry) => entry.designator === seat.designator)?.available).toBe(false);
    t.clock.set(new Date(Date.parse(booking.ticketing_deadline) + 1_000));
    // The access token has lapsed with the hours: a fresh sign-in reads it.
    const shown = await details(await signInAgain(t, agent), booking.id);
    expect(shown.status).toBe('expired');
    expect(shown.services.map((service) => service.status)).toEqual(['released']);
    const free = await t.store.db
      .selectFrom('booking_services')
      .select('id')
      .where('flight', '=', map!.flight)
      .where('departure_date', '=', map!.departure_date)
      .where('designator', '=', seat.designator)
      .where('status', 'in', ['held', 'issued'])
      .execute();
    expect(free).toHaveLength(0);
  });
});

/**
 * The race the check cannot see: a supplier whose seat check is blind to SkyDesk's chosen seats
 * lets the second booking of a seat through to its insert, as a check made a moment before the
 * winner committed would; the unique index refuses it and the answer is the same 409.
 */
describe.each(storeKinds())('the seat index on %s (issue 31)', (kind) => {
  let t: TestApp;
  let sighted: SandboxSupplier & FlightSupplier;
  let blind: SandboxSupplier & FlightSupplier;
  const supplier: FlightSupplier = {
    bookings: sandboxBookings,
    routes: () => sighted.routes(),
    search: (request) => sighted.search(request),
    price: (offerId) => sighted.price(offerId),
    seatMaps: {
      seatMaps: (request) => sighted.seatMaps!.seatMaps(request),
      quoteSeats: (request) => blind.seatMaps!.quoteSeats!(request),
    },
  };
  beforeAll(async () => {
    t = await createTestApp(kind, { supplier });
    const content = (chosenSeats?: ChosenSeats) =>
      createSandboxFlightContent({
        store: t.store,
        clock: t.clock,
        dataEncryptionKey: randomBytes(32),
        currency: 'USD',
        searchWorkers: 0,
        onWorkerExit: () => {},
        ...(chosenSeats ? { chosenSeats } : {}),
      });
    ({ supplier: sighted } = await content(createChosenSeatsRepo(t.store.db)));
    ({ supplier: blind } = await content());
  });
  afterAll(async () => t?.close());

  it('refuses the second holder at its insert: 409 with the map, nothing of its booking kept', async () => {
    const agent = await bookingAgent(t, { creditsMinor: 5_000_000 });
    const offer = await searchOffer(t, agent, { date: '2027-03-03' });
    const [map] = (
      await get(t, `/api/seat-maps?offer_id=${encodeURIComponent(offer.offer_id)}`, { token: agent.token })
    ).json().data as SeatMap[];
    const seat = seatsOf(map!).find((entry) => entry.available && !entry.restriction)!;
    const body = bookingBody(offer, undefined, {
      services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }],
    });
    await bookOk(t, agent, body);
    const res = await book(t, agent, body);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `Seat ${seat.designator} on ${map!.flight} was just taken: choose another`,
    );
    expect(
      seatsOf(SeatMap.parse(res.json().data.seat_map)).find((entry) => entry.designator === seat.designator)
        ?.available,
    ).toBe(false);
    const bookings = await t.store.db
      .selectFrom('bookings')
      .select('id')
      .where('company_id', '=', agent.companyId)
      .execute();
    expect(bookings).toHaveLength(1);
  });
});
