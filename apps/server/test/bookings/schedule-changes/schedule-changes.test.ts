import { randomUUID } from 'node:crypto';
import {
  AdminScheduleChange,
  type Booking,
  BookingDetails,
  BookingServices,
  isSeat,
  PERMISSIONS,
  PenaltyAnswer,
  type PricedItinerary,
  SeatMap,
} from '@skydesk/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_REASONS } from '../../../src/modules/bookings/after-sales/penalty.js';
import { createScheduleChangeService } from '../../../src/modules/bookings/index.js';
import { ledgerSum, readBalance } from '../../../src/modules/payments/ledger-repo.js';
import { asOperator, auditOf, notificationsOf, ok } from '../../support/admin.js';
import { createTestApp } from '../../support/app.js';
import { get, outbox, post, type TestApp } from '../../support/auth-flow.js';
import {
  type Agent,
  agentWithPermissions,
  bookingAgent,
  bookingBody,
  bookOk,
  errorFields,
  issueOk,
  searchOffers,
  segmentsOf,
  signInAgain,
} from '../../support/bookings.js';
import { sendMails } from '../../support/notices.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../../support/operator.js';
import { storeKinds } from '../../support/stores.js';

/**
 * Issue 32: an airline's schedule change on the sandbox — published by an operator or by the
 * sandbox's airlines (the sweep), each booking on the flight flagged with its agency told (bell,
 * e-mail, live push), the agency's answers (accept, cancel with a full refund) and the deadline's
 * acceptance on its behalf; the operator's list, publish and deadline extension.
 */

const DAY_MS = 24 * 60 * 60_000;
const minor = (amount: number) => Math.round(amount * 100);
const designator = (segment: Booking['segments'][number]) =>
  `${segment.MarketingAirline.Code}${segment.FlightNumber}`;

describe.each(storeKinds())('schedule changes on %s (issue 32)', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let stranger: Agent;
  let operator: Operator;
  /** Flights already used, so each test's change touches its own booking only. */
  const used = new Set<string>();
  let nextDay = 1;

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 10_000_000 });
    stranger = await bookingAgent(t, { creditsMinor: 1_000_000 });
    operator = await signedInOperator(t);
  });
  afterAll(async () => t?.close());

  const service = () =>
    createScheduleChangeService({ db: t.store.db, clock: t.clock, supplier: t.app.flightSupplier });

  /** No airline change of its own on any of the itinerary's flights (the sweep would add one). */
  const quiet = (itinerary: PricedItinerary) =>
    segmentsOf(itinerary).every(
      (segment) =>
        !t.app.flightSupplier.scheduleChanges!.airlineChange(
          `${segment.MarketingAirline.Code}${segment.FlightNumber}`,
          segment.DepartureDateTime.slice(0, 10),
          new Date('2027-12-31T00:00:00Z'),
        ),
    );

  /** A booking (ticketed unless asked) on flights nobody else in this file books. */
  async function booked(
    who: Agent,
    options: { stops?: number; ticketed?: boolean; date?: string } = {},
  ): Promise<Booking> {
    for (;;) {
      const date = options.date ?? `2027-01-${String(nextDay++).padStart(2, '0')}`;
      const offers = await searchOffers(t, who, { date, maxStops: options.stops ?? 0 });
      const itinerary = offers.find(
        (offer) =>
          segmentsOf(offer).length === (options.stops ?? 0) + 1 &&
          quiet(offer) &&
          segmentsOf(offer).every(
            (s) =>
              !used.has(`${s.MarketingAirline.Code}${s.FlightNumber} ${s.DepartureDateTime.slice(0, 10)}`),
          ),
      );
      if (!itinerary) continue;
      for (const s of segmentsOf(itinerary))
        used.add(`${s.MarketingAirline.Code}${s.FlightNumber} ${s.DepartureDateTime.slice(0, 10)}`);
      const held = await bookOk(t, who, bookingBody(itinerary));
      return options.ticketed === false ? held : issueOk(t, who, held.pnr);
    }
  }

  const publish = (body: Record<string, unknown>, who: { token: string } = operator) =>
    asOperator(t, who, 'POST', '/api/admin/schedule-changes', body);

  const publishOn = async (booking: Booking, change: { kind: string; delay_minutes?: number }, index = 0) => {
    const segment = booking.segments[index]!;
    return AdminScheduleChange.parse(
      await ok(
        publish({
          flight: designator(segment),
          departure_date: segment.DepartureDateTime.slice(0, 10),
          ...change,
        }),
        201,
      ),
    );
  };

  const details = async (who: Agent, booking: Booking) =>
    BookingDetails.parse(await ok(get(t, `/api/booking/${booking.id}`, { token: who.token })));

  const answer = (who: Agent, booking: Booking, what: 'accept' | 'cancel', key?: string) =>
    post(t, `/api/booking/${booking.id}/schedule-change/${what}`, undefined, {
      token: who.token,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  const balanceOf = async (who: Agent) => (await readBalance(t.store.db, who.companyId)).balanceMinor;

  it('flags the booking of a flight the operator moves: new times, actions, history, bell, e-mail; audited', async () => {
    const booking = await booked(agent);
    const before = booking.segments[0]!;
    const change = await publishOn(booking, { kind: 'retimed', delay_minutes: 150 });
    expect(change).toMatchObject({
      flight: designator(before),
      kind: 'retimed',
      source: 'operator',
      before: { departs_at: before.DepartureDateTime, arrives_at: before.ArrivalDateTime },
      bookings: [{ booking_id: booking.id, pnr: booking.pnr, status: 'pending', answered_at: null }],
    });
    const moved = (local: string) =>
      new Date(Date.parse(`${local}Z`) + 150 * 60_000).toISOString().slice(0, 19);
    expect(change.after).toMatchObject({
      departs_at: moved(before.DepartureDateTime),
      arrives_at: moved(before.ArrivalDateTime),
    });

    const now = await details(agent, booking);
    expect(now.segments[0]).toMatchObject({
      DepartureDateTime: moved(before.DepartureDateTime),
      ArrivalDateTime: moved(before.ArrivalDateTime),
    });
    expect(now.schedule_change).toMatchObject({
      id: change.id,
      kind: 'retimed',
      status: 'pending',
      connection_broken: false,
      actions: ['accept', 'alternative', 'cancel'],
      before: [{ segment_index: 0, departs_at: before.DepartureDateTime }],
      after: [{ segment_index: 0, departs_at: moved(before.DepartureDateTime) }],
      answered_at: null,
    });
    expect(now.schedule_change!.summary).toContain('(2h 30m later)');
    expect(new Date(now.schedule_change!.deadline).getTime()).toBeGreaterThan(t.clock.now().getTime());
    // Events on one clock reading come in any order: found by action.
    expect(now.history.find((event) => event.action === 'schedule_change')).toMatchObject({
      action: 'schedule_change',
      note: expect.stringContaining('Answer by'),
    });

    const bell = (await notificationsOf(t, agent)).find(
      (notification) => notification.kind === 'airline_change' && notification.title.includes(booking.pnr),
    );
    expect(bell).toMatchObject({ title: `The airline moved a flight of booking ${booking.pnr}` });
    expect(bell!.body).toContain(now.schedule_change!.summary.slice(0, 40));
    await sendMails(t);
    const mails = (await outbox(t, agent.email)).filter((mail) => mail.subject === `SkyDesk: ${bell!.title}`);
    expect(mails).toHaveLength(1);

    const [entry] = await auditOf(t, operator, change.id, 'schedule_change.publish');
    expect(entry).toMatchObject({ action: 'schedule_change.publish', target_type: 'schedule_change' });

    // The operator's list shows it with its booking.
    const list = (await ok(asOperator(t, operator, 'GET', '/api/admin/schedule-changes'))) as unknown[];
    expect(
      list.map((row) => AdminScheduleChange.parse(row)).find((row) => row.id === change.id),
    ).toBeTruthy();
  });

  it('moves a flight moved twice from its scheduled time, not twice over', async () => {
    const booking = await booked(agent);
    const scheduled = booking.segments[0]!;
    const by = (local: string, minutes: number) =>
      new Date(Date.parse(`${local}Z`) + minutes * 60_000).toISOString().slice(0, 19);
    await publishOn(booking, { kind: 'retimed', delay_minutes: 60 });
    await publishOn(booking, { kind: 'retimed', delay_minutes: 120 });
    const now = await details(agent, booking);
    expect(now.segments[0]!.DepartureDateTime).toBe(by(scheduled.DepartureDateTime, 120));
    expect(now.schedule_change).toMatchObject({
      before: [{ departs_at: by(scheduled.DepartureDateTime, 60) }],
      after: [{ departs_at: by(scheduled.DepartureDateTime, 120) }],
      status: 'pending',
    });
  });

  it('accepts the new times once, honouring Idempotency-Key; a second accept is 409', async () => {
    const booking = await booked(agent);
    await publishOn(booking, { kind: 'retimed', delay_minutes: -45 });
    const key = randomUUID();
    const first = await answer(agent, booking, 'accept', key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.schedule_change).toMatchObject({ status: 'accepted', actions: [] });
    const replay = await answer(agent, booking, 'accept', key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data).toEqual(first.json().data);
    const again = await answer(agent, booking, 'accept');
    expect(again.statusCode, again.body).toBe(409);
    expect(
      (await details(agent, booking)).history.find((event) => event.action === 'schedule_change_accepted'),
    ).toMatchObject({
      action: 'schedule_change_accepted',
    });
  });

  it('does not offer accept when the airline cancels the flight; cancel refunds tickets and a bag in full', async () => {
    const booking = await booked(agent);
    // A bag bought after issue comes back too.
    const catalog = BookingServices.parse(
      await ok(get(t, `/api/booking/${booking.id}/services`, { token: agent.token })),
    );
    const bag = catalog.bags.find((offer) => offer.passenger_index === 0 && offer.segment_index === 0)!;
    await ok(
      post(
        t,
        `/api/booking/${booking.id}/services`,
        { services: [{ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 }] },
        { token: agent.token },
      ),
    );
    await publishOn(booking, { kind: 'cancelled' });
    const now = await details(agent, booking);
    expect(now.schedule_change).toMatchObject({
      kind: 'cancelled',
      after: [],
      actions: ['alternative', 'cancel'],
    });
    expect(now.schedule_change!.summary).toContain('is cancelled by the airline');

    // The e-ticket still names the flight, and says it no longer flies.
    const pdf = await get(t, `/api/booking/${booking.id}/ticket.pdf`, { token: agent.token });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('Cancelled by the airline');

    const refused = await answer(agent, booking, 'accept');
    expect(refused.statusCode, refused.body).toBe(409);

    const start = await balanceOf(agent);
    const paid =
      now.tickets.reduce((sum, ticket) => sum + minor(ticket.paid.Amount), 0) + minor(bag.price.Amount);
    const res = await answer(agent, booking, 'cancel', randomUUID());
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json().data as Booking;
    expect(cancelled.status).toBe('refunded');
    expect(cancelled.schedule_change).toMatchObject({ status: 'cancelled', actions: [] });
    for (const ticket of cancelled.tickets) {
      expect(ticket.status).toBe('refunded');
      expect(ticket.refunded).toEqual(ticket.paid);
    }
    expect(await balanceOf(agent)).toBe(start + paid);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(await balanceOf(agent));
    const line = await t.store.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_minor', 'note'])
      .where('booking_id', '=', booking.id)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ kind: 'refund', amount_minor: paid });
    const services = BookingServices.parse(
      await ok(get(t, `/api/booking/${booking.id}/services`, { token: agent.token })),
    );
    expect(services.services.every((row) => row.status === 'refunded')).toBe(true);
    const again = await answer(agent, booking, 'cancel');
    expect(again.statusCode).toBe(409);
  });

  it('does not offer accept when the new times break a connection', async () => {
    const booking = await booked(agent, { stops: 1 });
    const [first, second] = booking.segments;
    const gap =
      (Date.parse(`${second!.DepartureDateTime}${second!.DepartureUTCOffset}`) -
        Date.parse(`${first!.ArrivalDateTime}${first!.ArrivalUTCOffset}`)) /
      60_000;
    // Late enough that the next flight leaves before the minimum connection time is over.
    await publishOn(booking, { kind: 'retimed', delay_minutes: Math.min(720, Math.ceil(gap) - 20) });
    const now = await details(agent, booking);
    expect(now.schedule_change).toMatchObject({
      connection_broken: true,
      actions: ['alternative', 'cancel'],
    });
    const res = await answer(agent, booking, 'accept');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain('break a connection');
  });

  it("answers 404 for another agency's booking and 403 without bookings.issue", async () => {
    const booking = await booked(agent);
    await publishOn(booking, { kind: 'retimed', delay_minutes: 30 });
    for (const id of [booking.id, randomUUID()]) {
      for (const what of ['accept', 'cancel'] as const) {
        const res = await answer(stranger, { ...booking, id }, what);
        expect(res.statusCode, res.body).toBe(404);
      }
    }
    const limited = await agentWithPermissions(
      t,
      PERMISSIONS.filter((permission) => permission !== 'bookings.issue'),
    );
    const res = await answer(limited, booking, 'accept');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toContain('bookings.issue');
  });

  it('keeps the operator endpoints to operators and refuses bad input with field errors', async () => {
    const booking = await booked(agent, { ticketed: false });
    const segment = booking.segments[0]!;
    const body = {
      flight: designator(segment),
      departure_date: segment.DepartureDateTime.slice(0, 10),
      kind: 'cancelled',
    };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/schedule-changes',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await publish(body, agent)).statusCode).toBe(403);
    expect((await asOperator(t, agent, 'GET', '/api/admin/schedule-changes')).statusCode).toBe(403);

    const noMinutes = await publish({ ...body, kind: 'retimed' });
    expect(noMinutes.statusCode).toBe(422);
    expect(errorFields(noMinutes)).toContain('delay_minutes');
    const badFlight = await publish({ ...body, flight: 'nope' });
    expect(badFlight.statusCode).toBe(422);
    expect(errorFields(badFlight)).toContain('flight');
    const notFlying = await publish({ ...body, flight: 'ZZ9999' });
    expect(notFlying.statusCode, notFlying.body).toBe(422);
    expect(errorFields(notFlying)).toContain('flight');
    const extendUnknown = await asOperator(
      t,
      operator,
      'POST',
      `/api/admin/schedule-changes/${randomUUID()}/deadline`,
      { booking_id: booking.id, deadline: '2027-02-01T00:00:00Z' },
    );
    expect(extendUnknown.statusCode).toBe(404);

    // A hold on a cancelled flight is cancelled with nothing to refund.
    await ok(publish(body), 201);
    const start = await balanceOf(agent);
    const res = await answer(agent, booking, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    expect(await balanceOf(agent)).toBe(start);
  });
  it('accepts for the agency at the deadline and tells it; an operator may extend the deadline first', async () => {
    const waiting = await booked(agent);
    const extended = await booked(agent);
    const first = await publishOn(waiting, { kind: 'retimed', delay_minutes: 60 });
    const second = await publishOn(extended, { kind: 'retimed', delay_minutes: 90 });
    const deadline = new Date((await details(agent, extended)).schedule_change!.deadline);

    const later = new Date(deadline.getTime() + 2 * DAY_MS).toISOString();
    const earlier = await asOperator(
      t,
      operator,
      'POST',
      `/api/admin/schedule-changes/${second.id}/deadline`,
      {
        booking_id: extended.id,
        deadline: new Date(deadline.getTime() - 60_000).toISOString(),
      },
    );
    expect(earlier.statusCode, earlier.body).toBe(422);
    expect(earlier.json().data.errors).toHaveProperty('deadline');
    const moved = AdminScheduleChange.parse(
      await ok(
        asOperator(t, operator, 'POST', `/api/admin/schedule-changes/${second.id}/deadline`, {
          booking_id: extended.id,
          deadline: later,
        }),
      ),
    );
    expect(moved.bookings[0]!.deadline).toBe(later);
    expect(await auditOf(t, operator, second.id, 'schedule_change.extend_deadline')).toHaveLength(1);

    t.clock.set(new Date(deadline.getTime() + 60_000));
    const swept = await service().sweep(t.clock.now());
    expect(swept.autoAccepted).toBeGreaterThanOrEqual(1);
    const accepted = await t.store.db
      .selectFrom('schedule_change_bookings')
      .select(['booking_id', 'status', 'answered_at'])
      .where('schedule_change_id', 'in', [first.id, second.id])
      .execute();
    expect(accepted.find((row) => row.booking_id === waiting.id)).toMatchObject({ status: 'auto_accepted' });
    expect(accepted.find((row) => row.booking_id === extended.id)).toMatchObject({ status: 'pending' });
    const told = await t.store.db
      .selectFrom('notifications')
      .select('title')
      .where('company_id', '=', agent.companyId)
      .where('title', '=', `Schedule change of booking ${waiting.pnr} accepted for you`)
      .execute();
    expect(told).toHaveLength(1);
    // Swept again: nothing more to accept for it.
    await service().sweep(t.clock.now());
    expect(
      await t.store.db
        .selectFrom('notifications')
        .select('id')
        .where('title', '=', `Schedule change of booking ${waiting.pnr} accepted for you`)
        .execute(),
    ).toHaveLength(1);
  });
  it('cancels with a full refund at the deadline what cannot be accepted (a cancelled flight), and tells the agency', async () => {
    // The clock moved past the last test's deadline: the sessions signed in before it ended.
    agent = await signInAgain(t, agent);
    operator = await signInAgainAsOperator(t, operator);
    const booking = await booked(agent);
    const held = await booked(agent, { ticketed: false });
    await publishOn(booking, { kind: 'cancelled' });
    await publishOn(held, { kind: 'cancelled' });
    const deadline = new Date((await details(agent, booking)).schedule_change!.deadline);
    const heldDeadline = new Date((await details(agent, held)).schedule_change!.deadline);
    const start = await balanceOf(agent);
    const paid = booking.tickets.reduce((sum, ticket) => sum + minor(ticket.paid.Amount), 0);

    t.clock.set(new Date(Math.max(deadline.getTime(), heldDeadline.getTime()) + 60_000));
    const swept = await service().sweep(t.clock.now());
    expect(swept.autoRefunded).toBeGreaterThanOrEqual(2);
    agent = await signInAgain(t, agent);

    const refunded = await details(agent, booking);
    expect(refunded.status).toBe('refunded');
    expect(refunded.schedule_change).toMatchObject({ status: 'cancelled', actions: [] });
    expect(refunded.tickets.every((ticket) => ticket.status === 'refunded')).toBe(true);
    expect(await balanceOf(agent)).toBe(start + paid);
    expect(await ledgerSum(t.store.db, agent.companyId)).toBe(await balanceOf(agent));
    expect(refunded.history.at(-1)).toMatchObject({ action: 'refunded', actor: null });
    expect((await details(agent, held)).status).toBe('cancelled');
    const told = await t.store.db
      .selectFrom('notifications')
      .select('title')
      .where('company_id', '=', agent.companyId)
      .where('title', 'in', [
        `Booking ${booking.pnr} cancelled with a full refund`,
        `Booking ${held.pnr} cancelled with a full refund`,
      ])
      .execute();
    expect(told).toHaveLength(2);

    // Swept again: nothing is refunded twice.
    expect((await service().sweep(t.clock.now())).autoRefunded).toBe(0);
    expect(await balanceOf(agent)).toBe(start + paid);
  });

  it('refunds a paid seat with its ticket when a schedule change touched its flight', async () => {
    agent = await signInAgain(t, agent);
    operator = await signInAgainAsOperator(t, operator);
    const booking = await booked(agent);
    const map = SeatMap.parse(
      (await ok(get(t, `/api/booking/${booking.id}/seat-maps`, { token: agent.token })))[0],
    );
    const seat = map.cabins
      .filter((cabin) => cabin.bookable)
      .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)))
      .find((candidate) => candidate.available && !candidate.restriction && candidate.price)!;
    await ok(
      post(
        t,
        `/api/booking/${booking.id}/services`,
        { services: [{ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat.designator }] },
        { token: agent.token },
      ),
    );
    await publishOn(booking, { kind: 'retimed', delay_minutes: 40 });
    await ok(answer(agent, booking, 'accept'));
    // Past the void window: a refund's seat comes back only when the airline changed its flight.
    t.clock.advance(25 * 60 * 60_000);
    agent = await signInAgain(t, agent);
    const quote = PenaltyAnswer.parse(
      await ok(post(t, '/api/getPenalty', { booking_id: booking.id }, { token: agent.token })),
    );
    expect(quote.services).toEqual([
      expect.objectContaining({
        type: 'seat',
        paid: seat.price,
        refund_amount: seat.price,
        reason: SERVICE_REASONS.seatFlightChanged,
      }),
    ]);
  });
});
