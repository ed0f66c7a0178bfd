import { type Cabin, isSeat, type PassengerType, SeatMap } from '@skydesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepDueRefunds } from '../../src/modules/bookings/after-sales/settlement.js';
import { sweepExpiredHolds } from '../../src/modules/bookings/booking/hold-expiry.js';
import { reservedMinor } from '../../src/modules/bookings/booking/repo.js';
import { readCreditRow } from '../../src/modules/payments/ledger-repo.js';
import { sandboxBookings } from '../../src/supplier/sandbox/index.js';
import { asOperator } from '../support/admin.js';
import { createTestApp, testConfig } from '../support/app.js';
import { get, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  bookingAgent,
  bookingBody,
  FAMILY,
  flightOf,
  type Mix,
  ONE_ADULT,
  seatsSold,
  setSeatsSold,
  signInAgain,
} from '../support/bookings.js';
import { pendingDeposit } from '../support/deposit-desk.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 5's integrity property: whatever an agency does, in whatever order — book, issue, cancel
 * or void, refund all or some tickets, let time pass, sweep expired holds and due refunds, or fire
 * two of these at one booking at once — and (issue 12) whatever operators do meanwhile — approve or
 * reject its deposits (two of them at once on one deposit, too), adjust its credits either way,
 * grant, raise or lower its credit limit — the credits ledger sums to the balance, which never goes
 * below minus the credit limit, its lines are numbered 1..n without a gap, every approved deposit is
 * exactly one ledger line, and every flight's seats sold are exactly what other sales took plus
 * what live bookings hold.
 *
 * What a booking holds, by our rules: a live booking (booked, ticketed, refund_requested,
 * partially_refunded) holds, on each of its flights, one seat per adult or child whose ticket is
 * not voided or refunded (a hold's passengers have no ticket yet; infants never hold a seat); any
 * other booking (cancelled, voided, refunded, expired) holds none.
 *
 * Issue 31 adds seats and bags: chosen at booking, added or changed after issue, an airline's change
 * recorded on a booking, and every end above. Then also: no seat is held or paid for by two
 * passengers on a flight (nor two seats by one), an ended booking keeps no live service, the money
 * charged for a booking's services is what its paid services cost (still issued, refunded or kept),
 * a void returns exactly what was debited, and a settled refund credits exactly its tickets' refunds
 * plus its services' by the rules (bags in full before departure, seats only inside the void window
 * or when the airline changed the flight before the request).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const LIVE_BOOKING = ['booked', 'ticketed', 'refund_requested', 'partially_refunded'];
const SEAT_HOLDING_TICKET = ['issued', 'refund_requested', 'refund_rejected'];
const MIXES: Mix[] = [ONE_ADULT, FAMILY, { adults: 2, children: 1, infants: 0 }];

/**
 * Three flights with different fares: an economy flight nearly sold out (a Flex fare, refundable
 * without a fee, and seats run out), a business one (refundable less a fee), an economy one
 * (non-refundable).
 */
const FLIGHTS: { origin: string; destination: string; cabin: Cabin; dayOffset: number; nearlyFull?: true }[] =
  [
    { origin: 'LHR', destination: 'JFK', cabin: 'Economy', dayOffset: 4, nearlyFull: true },
    { origin: 'JFK', destination: 'LHR', cabin: 'Business', dayOffset: 6 },
    { origin: 'LHR', destination: 'JFK', cabin: 'Economy', dayOffset: 8 },
  ];

type Op =
  | { kind: 'book'; flight: number; mix: number; thenIssue: boolean; services: number; pick: number }
  | { kind: 'services'; booking: Target; seat: boolean; bag: boolean; pick: number }
  | { kind: 'airlineChange'; booking: Target }
  | { kind: 'issue'; booking: Target }
  | { kind: 'cancel'; booking: Target }
  | { kind: 'refund'; booking: Target; mask: number; waitHours: number }
  | { kind: 'race'; booking: Target; first: Action; second: Action }
  | { kind: 'advance'; hours: number }
  | { kind: 'expireSweep' }
  | { kind: 'refundSweep' }
  | { kind: 'deposit'; amountMinor: number; decision: DepositDecision }
  | { kind: 'decide'; approve: boolean }
  | { kind: 'adjust'; amountMinor: number }
  | { kind: 'limit'; amountMinor: number };
/**
 * What operators do with a deposit once recorded: decide it now, both approve it at once (`race`),
 * one approve as the other rejects (`contest`), or leave it for a later `decide`.
 */
type DepositDecision = 'approve' | 'reject' | 'race' | 'contest' | 'later';
type Action = 'issue' | 'cancel' | 'refund';

const action = fc.constantFrom<Action>('issue', 'cancel', 'refund');
/**
 * Which booking of the run an operation is about: `back` 0 the latest, 1 the one before…, among
 * all of them or (`fit`) among those whose status the operation suits, so runs reach deep states
 * (refunds after the void window) as well as try every call in every state.
 */
type Target = { back: number; fit: boolean };
const bookingIndex: fc.Arbitrary<Target> = fc.record({ back: fc.nat({ max: 3 }), fit: fc.boolean() });
const FITTING: Record<Action | 'services', string[]> = {
  issue: ['booked'],
  cancel: ['booked', 'ticketed'],
  refund: ['ticketed', 'refund_requested', 'partially_refunded'],
  services: ['ticketed'],
};
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      flight: fc.nat({ max: 2 }),
      mix: fc.nat({ max: 2 }),
      thenIssue: fc.boolean(),
      /** Issue 31: 0 the fare alone, 1 a seat for each seated passenger, 2 and a bag. */
      services: fc.nat({ max: 2 }),
      pick: fc.nat({ max: 60 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('services' as const),
      booking: bookingIndex,
      seat: fc.boolean(),
      bag: fc.boolean(),
      pick: fc.nat({ max: 60 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('airlineChange' as const), booking: bookingIndex }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('issue' as const), booking: bookingIndex }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), booking: bookingIndex }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      booking: bookingIndex,
      mask: fc.nat({ max: 15 }),
      /** Time passes first (often past the void window), as it does before most refunds. */
      waitHours: fc.constantFrom(0, 0, 25),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('race' as const),
      booking: bookingIndex,
      first: action,
      second: action,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      hours: fc.constantFrom(1, 12, 25, 30, 49),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'expireSweep' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'refundSweep' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      amountMinor: fc.constantFrom(10_000, 150_000, 1_000_000),
      decision: fc.constantFrom<DepositDecision>('approve', 'reject', 'race', 'contest', 'later'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decide' as const), approve: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      amountMinor: fc.constantFrom(-1_000_000, -100_000, -10_000, 10_000, 100_000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      amountMinor: fc.constantFrom(0, 100_000, 500_000, 2_000_000),
    }),
  },
);

const runArb = fc.record({
  /** Refunds approved in the request, or an hour later by the sweep. */
  delayed: fc.boolean(),
  creditsMinor: fc.constantFrom(150_000, 3_000_000, 3_000_000),
  ops: fc.array(opArb, { minLength: 4, maxLength: 14 }),
});

type RunInput = typeof runArb extends fc.Arbitrary<infer T> ? T : never;

const any = (back = 0): Target => ({ back, fit: false });
const fitting = (back = 0): Target => ({ back, fit: true });

/** Always run first: every path at least once (random runs then add what nobody thought of). */
const EVERY_PATH: RunInput = {
  delayed: false,
  creditsMinor: 3_000_000,
  ops: [
    { kind: 'book', flight: 1, mix: 1, thenIssue: true, services: 0, pick: 0 },
    { kind: 'book', flight: 2, mix: 0, thenIssue: false, services: 0, pick: 0 },
    { kind: 'cancel', booking: any() },
    { kind: 'book', flight: 2, mix: 2, thenIssue: true, services: 0, pick: 0 },
    { kind: 'cancel', booking: any() },
    // The second adult of the family leaves; then everybody else.
    { kind: 'refund', booking: fitting(), mask: 0b0010, waitHours: 25 },
    { kind: 'refund', booking: fitting(), mask: 0, waitHours: 0 },
    { kind: 'book', flight: 0, mix: 0, thenIssue: false, services: 0, pick: 0 },
    { kind: 'advance', hours: 25 },
    { kind: 'expireSweep' },
  ],
};
/**
 * Issue 31: seats and bags through every path (on the economy flight, where seats are paid for) —
 * chosen at booking, a bag and a seat change after
 * issue, a void, a refund after the void window (bag back, seat kept), a refund after the airline
 * changed the flight (seat back too), a cancelled hold and an expired one with their seats.
 */
const SERVICE_PATHS: RunInput = {
  delayed: false,
  creditsMinor: 3_000_000,
  ops: [
    { kind: 'book', flight: 2, mix: 2, thenIssue: true, services: 2, pick: 3 },
    { kind: 'services', booking: fitting(), seat: true, bag: true, pick: 7 },
    { kind: 'cancel', booking: fitting() },
    { kind: 'book', flight: 2, mix: 2, thenIssue: true, services: 2, pick: 11 },
    { kind: 'services', booking: fitting(), seat: true, bag: false, pick: 20 },
    { kind: 'refund', booking: fitting(), mask: 0b010, waitHours: 25 },
    { kind: 'book', flight: 2, mix: 0, thenIssue: true, services: 2, pick: 5 },
    { kind: 'airlineChange', booking: fitting() },
    { kind: 'refund', booking: fitting(), mask: 0, waitHours: 25 },
    { kind: 'book', flight: 2, mix: 0, thenIssue: false, services: 2, pick: 30 },
    { kind: 'cancel', booking: any() },
    { kind: 'book', flight: 1, mix: 1, thenIssue: false, services: 1, pick: 40 },
    { kind: 'advance', hours: 25 },
    { kind: 'expireSweep' },
  ],
};
const DELAYED_PATHS: RunInput = {
  delayed: true,
  creditsMinor: 3_000_000,
  ops: [
    { kind: 'book', flight: 2, mix: 1, thenIssue: true, services: 0, pick: 0 },
    { kind: 'refund', booking: fitting(), mask: 0b0100, waitHours: 25 },
    { kind: 'race', booking: fitting(), first: 'refund', second: 'cancel' },
    { kind: 'advance', hours: 1 },
    { kind: 'refundSweep' },
    { kind: 'refund', booking: fitting(), mask: 0, waitHours: 0 },
    { kind: 'advance', hours: 1 },
    { kind: 'refundSweep' },
  ],
};

/** The operators' side: credit limits, ticketing into them, deposits decided every way. */
const CREDIT_PATHS: RunInput = {
  delayed: false,
  creditsMinor: 150_000,
  ops: [
    { kind: 'limit', amountMinor: 2_000_000 },
    { kind: 'book', flight: 1, mix: 1, thenIssue: true, services: 0, pick: 0 },
    { kind: 'adjust', amountMinor: -1_000_000 },
    { kind: 'adjust', amountMinor: -1_000_000 },
    // Below what the agency owes now: refused.
    { kind: 'limit', amountMinor: 0 },
    { kind: 'deposit', amountMinor: 1_000_000, decision: 'race' },
    { kind: 'deposit', amountMinor: 150_000, decision: 'later' },
    { kind: 'deposit', amountMinor: 10_000, decision: 'contest' },
    { kind: 'deposit', amountMinor: 10_000, decision: 'reject' },
    { kind: 'decide', approve: true },
    { kind: 'adjust', amountMinor: 100_000 },
    { kind: 'book', flight: 2, mix: 0, thenIssue: true, services: 0, pick: 0 },
    { kind: 'deposit', amountMinor: 150_000, decision: 'approve' },
  ],
};

const dateIn = (from: Date, days: number) =>
  new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);

describe.each(storeKinds())('booking integrity under random operations on %s', (kind) => {
  const REFUND_DELAY_SECONDS = 3_600;
  let immediate: TestApp;
  let delayed: TestApp;
  /** Two operators per app, to decide one deposit at once. */
  const operators = new Map<TestApp, [Operator, Operator]>();
  /** How often each call ended how, to see the runs reach the states that matter. */
  const coverage = new Map<string, number>();
  const tally = (outcome: string) => coverage.set(outcome, (coverage.get(outcome) ?? 0) + 1);
  /** Seats sold by "other agencies" (set straight in the database), per flight key. */
  const otherSales = new Map<TestApp, Map<string, number>>();

  beforeAll(async () => {
    // The test-setting timer: at once here, after a delay below (operators decide otherwise).
    immediate = await createTestApp(kind, { config: testConfig({ refundApprovalDelaySeconds: 0 }) });
    delayed = await createTestApp(kind, {
      config: testConfig({ refundApprovalDelaySeconds: REFUND_DELAY_SECONDS }),
    });
    otherSales.set(immediate, new Map());
    otherSales.set(delayed, new Map());
    for (const t of [immediate, delayed]) {
      operators.set(t, [await signedInOperator(t, 'Olli Ops'), await signedInOperator(t, 'Ada Ops')]);
    }
  });
  afterAll(async () => {
    await immediate?.close();
    await delayed?.close();
  });

  /**
   * `withdrawnMinor`: what operators took from the agency's available credits in the run (debit
   * adjustments, lowered limits), which may leave holds made before it uncovered.
   */
  async function checkInvariants(t: TestApp, companyId: string, withdrawnMinor: number) {
    const db = t.store.db;
    // The ledger sums to the balance, which never goes below minus the credit limit.
    const balance = await db
      .selectFrom('credit_balances')
      .select(['balance_minor', 'credit_limit_minor', 'entry_count'])
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    const sum = await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number>('amount_minor').as('sum'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(Number(sum.sum)).toBe(balance.balance_minor);
    expect(balance.balance_minor).toBeGreaterThanOrEqual(-balance.credit_limit_minor);
    // The lines are numbered 1..n in posting order, without a gap, and the row knows n.
    const lines = await db
      .selectFrom('ledger_entries')
      .select(['seq', 'kind', 'balance_after_minor'])
      .where('company_id', '=', companyId)
      .orderBy('seq')
      .execute();
    expect(lines.map((line) => Number(line.seq))).toEqual(lines.map((_, index) => index + 1));
    expect(Number(balance.entry_count)).toBe(lines.length);
    expect(lines.at(-1)?.balance_after_minor ?? 0).toBe(balance.balance_minor);
    if (lines.some((line) => line.kind === 'ticket' && line.balance_after_minor < 0)) {
      tally('ticketed into the credit limit');
    }
    // Live holds total at most the available credits (HOLD_VALUE_RATIO 1): a hold is made only
    // while it fits, and issuing one spends exactly what it held — give or take what operators
    // withdrew after holds were made.
    const available = balance.balance_minor + balance.credit_limit_minor;
    expect(await reservedMinor(db, companyId, t.clock.now())).toBeLessThanOrEqual(available + withdrawnMinor);
    // Every approved deposit is one `deposit` line of its amount; the others none.
    const deposits = await db
      .selectFrom('deposit_transactions')
      .leftJoin('ledger_entries', 'ledger_entries.transaction_id', 'deposit_transactions.id')
      .select([
        'deposit_transactions.id',
        'deposit_transactions.status',
        'deposit_transactions.amount_minor',
        'deposit_transactions.ledger_entry_id',
        'ledger_entries.id as entry_id',
        'ledger_entries.kind',
        'ledger_entries.amount_minor as entry_minor',
      ])
      .where('deposit_transactions.company_id', '=', companyId)
      .execute();
    expect(new Set(deposits.map((deposit) => deposit.id)).size).toBe(deposits.length);
    for (const deposit of deposits) {
      if (deposit.status === 'approved') {
        expect(deposit).toMatchObject({
          entry_id: deposit.ledger_entry_id,
          kind: 'deposit',
          entry_minor: deposit.amount_minor,
        });
      } else {
        expect(deposit.entry_id, deposit.status).toBeNull();
      }
    }

    const bookings = await db
      .selectFrom('bookings')
      .select(['id', 'pnr', 'status', 'total_minor', 'void_until', 'supplier_change'])
      .execute();
    const passengers = await db
      .selectFrom('booking_passengers')
      .select(['id', 'booking_id', 'passenger_type'])
      .execute();
    const tickets = await db
      .selectFrom('tickets')
      .select(['ticket_number', 'booking_id', 'passenger_id', 'status', 'paid_minor', 'refunded_minor'])
      .execute();
    const segments = await db
      .selectFrom('booking_segments')
      .select(['booking_id', 'flight', 'departure_date', 'cabin', 'seats'])
      .execute();
    const ledger = await db
      .selectFrom('ledger_entries')
      .select(['id', 'booking_id', 'kind', 'amount_minor'])
      .where('booking_id', 'is not', null)
      .execute();
    const orders = await db
      .selectFrom('orders')
      .select([
        'id',
        'booking_id',
        'kind',
        'status',
        'amount_minor',
        'allowed_minor',
        'ticket_numbers',
        'ledger_entry_id',
        'created_at',
      ])
      .execute();
    // Issue 31: the seats and bags.
    const services = await db
      .selectFrom('booking_services')
      .select([
        'id',
        'booking_id',
        'type',
        'passenger_index',
        'flight',
        'departure_date',
        'designator',
        'amount_minor',
        'status',
        'issued_at',
        'released_at',
        'refund_order_id',
        'refunded_minor',
      ])
      .execute();
    // No seat held or paid for by two passengers on a flight, nor two seats by one passenger.
    const liveSeats = services.filter(
      (svc) => svc.type === 'seat' && ['held', 'issued'].includes(svc.status),
    );
    const seatHolders = new Map<string, number>();
    const passengerSeats = new Map<string, number>();
    for (const seat of liveSeats) {
      const onFlight = `${seat.flight}|${seat.departure_date}`;
      const bySeat = `${onFlight}|${seat.designator}`;
      const byPassenger = `${onFlight}|${seat.booking_id}|${seat.passenger_index}`;
      seatHolders.set(bySeat, (seatHolders.get(bySeat) ?? 0) + 1);
      passengerSeats.set(byPassenger, (passengerSeats.get(byPassenger) ?? 0) + 1);
    }
    for (const [seat, holders] of seatHolders) expect(holders, `seat ${seat}`).toBe(1);
    for (const [passenger, seats] of passengerSeats) expect(seats, `passenger ${passenger}`).toBe(1);
    if (services.some((svc) => svc.status === 'refunded')) tally('services refunded');

    const held = new Map<string, number>();
    for (const booking of bookings) {
      const own = passengers.filter((p) => p.booking_id === booking.id);
      const ownTickets = tickets.filter((ticket) => ticket.booking_id === booking.id);
      const statuses = ownTickets.map((ticket) => ticket.status);
      const where = `${booking.pnr} (${booking.status}, tickets ${statuses.join(',') || 'none'})`;

      // No impossible status: what the booking says matches its tickets.
      switch (booking.status) {
        case 'booked':
        case 'cancelled':
        case 'expired':
          expect(ownTickets, where).toEqual([]);
          break;
        case 'ticketed':
          expect(
            statuses.every((status) => status === 'issued'),
            where,
          ).toBe(true);
          break;
        case 'voided':
          expect(
            statuses.every((status) => status === 'voided'),
            where,
          ).toBe(true);
          break;
        case 'refunded':
          expect(
            statuses.every((status) => status === 'refunded'),
            where,
          ).toBe(true);
          break;
        case 'partially_refunded':
          expect(statuses.includes('refunded') && statuses.includes('issued'), where).toBe(true);
          expect(statuses.includes('refund_requested'), where).toBe(false);
          break;
        case 'refund_requested':
          expect(statuses.includes('refund_requested'), where).toBe(true);
          break;
        default:
          throw new Error(`unexpected status ${where}`);
      }
      if (ownTickets.length > 0) expect(ownTickets.length, where).toBe(own.length);

      // The party still flying can fly: nobody, or an adult with no more infants than adults.
      const flying = own.filter((p) => {
        const ticket = ownTickets.find((tk) => tk.passenger_id === p.id);
        return (
          LIVE_BOOKING.includes(booking.status) && (!ticket || SEAT_HOLDING_TICKET.includes(ticket.status))
        );
      });
      const count = (type: PassengerType) => flying.filter((p) => p.passenger_type === type).length;
      if (flying.length > 0) {
        expect(count('adult'), where).toBeGreaterThan(0);
        expect(count('infant'), where).toBeLessThanOrEqual(count('adult'));
      }

      // Seats held: one per seated passenger still flying, on every flight of a live booking.
      const seated = flying.filter((p) => p.passenger_type !== 'infant').length;
      for (const segment of segments.filter((s) => s.booking_id === booking.id)) {
        if (!LIVE_BOOKING.includes(booking.status)) continue;
        expect(segment.seats, where).toBe(seated);
        const key = `${segment.flight}|${segment.departure_date}|${segment.cabin}`;
        held.set(key, (held.get(key) ?? 0) + segment.seats);
      }

      // Issue 31: the booking's seats and bags. An ended booking keeps none live; a hold's are
      // held, never paid; what was paid for them is what its paid services cost, each still
      // issued, or refunded (its share recorded, at most its price), or released with its money kept.
      const ownServices = services.filter((svc) => svc.booking_id === booking.id);
      const ownLedger = ledger.filter((entry) => entry.booking_id === booking.id);
      if (!LIVE_BOOKING.includes(booking.status)) {
        expect(
          ownServices.filter((svc) => ['held', 'issued'].includes(svc.status)),
          where,
        ).toEqual([]);
      }
      if (booking.status === 'booked') {
        expect(
          ownServices.every((svc) => svc.status === 'held' || svc.status === 'released'),
          where,
        ).toBe(true);
      }
      const paidServices = ownServices.filter((svc) => svc.issued_at !== null);
      for (const svc of ownServices) {
        const refunded = svc.refunded_minor === null ? null : Number(svc.refunded_minor);
        if (svc.status === 'held') expect(svc.issued_at, where).toBeNull();
        if (svc.status === 'issued') expect(refunded, where).toBeNull();
        if (svc.status === 'refunded') {
          expect(refunded, where).toBeGreaterThan(0);
          expect(refunded!, where).toBeLessThanOrEqual(Number(svc.amount_minor));
        }
        if (svc.status === 'released') expect(refunded ?? 0, where).toBe(0);
      }
      const faresPaid = ownTickets.reduce((total, ticket) => total + ticket.paid_minor, 0);
      const debited = ownLedger
        .filter((entry) => entry.kind === 'ticket')
        .reduce((total, entry) => total - entry.amount_minor, 0);
      const servicesCharged = debited - faresPaid;
      expect(servicesCharged, where).toBe(
        paidServices.reduce((total, svc) => total + Number(svc.amount_minor), 0),
      );
      const servicesBack = ownServices.reduce((total, svc) => total + Number(svc.refunded_minor ?? 0), 0);
      if (servicesCharged > 0) tally('services charged');

      // The booking's money: paid on issue (and for services after it), back on a void or a
      // settled refund, nothing else.
      const paid = faresPaid + servicesCharged;
      const back =
        ownTickets.reduce(
          (total, ticket) =>
            total + (ticket.status === 'voided' ? ticket.paid_minor : 0) + (ticket.refunded_minor ?? 0),
          0,
        ) + servicesBack;
      const ledgerSum = ownLedger.reduce((total, entry) => total + entry.amount_minor, 0);
      expect(ledgerSum, where).toBe(back - paid);
      // The stored total is the fare on the sandbox: the services are debited beside it.
      if (ownTickets.length > 0) expect(faresPaid, where).toBe(booking.total_minor);
      // A void returns exactly what was debited: fare, seats and bags, a seat changed after issue too.
      if (booking.status === 'voided') {
        const voids = ownLedger.filter((entry) => entry.kind === 'void');
        expect(voids.length, where).toBe(1);
        expect(voids[0]!.amount_minor, where).toBe(debited);
        expect(
          paidServices.every(
            (svc) =>
              Number(svc.amount_minor) === 0 || Number(svc.refunded_minor) === Number(svc.amount_minor),
          ),
          where,
        ).toBe(true);
        if (paidServices.length > 0) tally('void returned services');
      }
      for (const ticket of ownTickets) {
        expect(ticket.refunded_minor !== null, where).toBe(ticket.status === 'refunded');
        if (ticket.refunded_minor !== null) {
          expect(ticket.refunded_minor, where).toBeLessThanOrEqual(ticket.paid_minor);
        }
      }
      // Every awaited refund has exactly one pending order; every order's tickets are in its state.
      for (const order of orders.filter((o) => o.booking_id === booking.id && o.kind === 'refund')) {
        const its = ownTickets.filter((ticket) => order.ticket_numbers.includes(ticket.ticket_number));
        expect(its.length, where).toBe(order.ticket_numbers.length);
        if (order.status === 'pending') {
          expect(
            its.every((ticket) => ticket.status === 'refund_requested'),
            where,
          ).toBe(true);
        } else {
          expect(
            its.every((ticket) => ticket.status === 'refunded'),
            where,
          ).toBe(true);
          // Its one credit is its tickets' refunds plus its services' (issue 31).
          const itsServices = ownServices.filter((svc) => svc.refund_order_id === order.id);
          const refunded =
            its.reduce((total, ticket) => total + (ticket.refunded_minor ?? 0), 0) +
            itsServices.reduce((total, svc) => total + Number(svc.refunded_minor ?? 0), 0);
          expect(refunded, where).toBe(order.amount_minor);
          expect(order.ledger_entry_id !== null, where).toBe(order.amount_minor > 0);
          if (order.ledger_entry_id) {
            expect(ledger.find((entry) => entry.id === order.ledger_entry_id)?.amount_minor, where).toBe(
              order.amount_minor,
            );
          }
          // Approved as the rules allow (the timer approves the full amount): each service returns
          // what the services' rules say, as of the request — a bag in full before departure, a
          // seat only inside the void window or when the airline changed the flight before it.
          if (order.status === 'completed' && order.amount_minor === Number(order.allowed_minor)) {
            const inVoidWindow =
              booking.void_until !== null &&
              order.created_at.getTime() < booking.void_until.getTime() &&
              !orders.some(
                (other) =>
                  other.booking_id === booking.id &&
                  other.kind === 'refund' &&
                  other.created_at.getTime() < order.created_at.getTime(),
              );
            const changed =
              booking.supplier_change !== null &&
              new Date(booking.supplier_change.detectedAt).getTime() <= order.created_at.getTime();
            for (const svc of itsServices) {
              const givenUp =
                svc.released_at !== null &&
                svc.released_at.getTime() <= order.created_at.getTime() &&
                svc.status === 'released';
              const back =
                inVoidWindow ||
                (svc.type === 'bag' && !givenUp) ||
                (svc.type === 'seat' && changed && !givenUp);
              expect(Number(svc.refunded_minor), `${where} ${svc.type} ${svc.designator ?? ''}`).toBe(
                back ? Number(svc.amount_minor) : 0,
              );
              tally(`refund ${svc.type} ${back ? 'returned' : 'kept'}`);
            }
          }
        }
      }
      const awaited = statuses.filter((status) => status === 'refund_requested').length;
      const pendingTickets = orders
        .filter((o) => o.booking_id === booking.id && o.kind === 'refund' && o.status === 'pending')
        .reduce((total, o) => total + o.ticket_numbers.length, 0);
      expect(pendingTickets, where).toBe(awaited);
    }

    // Seats sold on every flight = other agencies' sales + what live bookings hold.
    const inventory = await db
      .selectFrom('seat_inventory')
      .select(['flight', 'departure_date', 'cabin', 'seats_sold'])
      .execute();
    const others = otherSales.get(t)!;
    const keys = new Set([
      ...inventory.map((row) => `${row.flight}|${row.departure_date}|${row.cabin}`),
      ...held.keys(),
      ...others.keys(),
    ]);
    const sold = new Map(
      inventory.map((row) => [`${row.flight}|${row.departure_date}|${row.cabin}`, row.seats_sold]),
    );
    for (const key of keys) {
      expect(sold.get(key) ?? 0, key).toBe((others.get(key) ?? 0) + (held.get(key) ?? 0));
    }
  }

  const searchBody = (flight: (typeof FLIGHTS)[number], mix: Mix, start: Date) => ({
    trip_type: 'OneWay',
    origin_destinations: [
      {
        departure_date_time: dateIn(start, flight.dayOffset),
        origin_location_code: flight.origin,
        destination_location_code: flight.destination,
      },
    ],
    adult_quantity: mix.adults,
    child_quantity: mix.children,
    infant_quantity: mix.infants,
    cabin: flight.cabin,
    max_stops: 0,
  });

  /** Other agencies leave a few seats on the nearly full flight: bookings there run into "sold out". */
  async function leaveFewSeats(t: TestApp, agent: Agent, start: Date) {
    for (const flight of FLIGHTS.filter((f) => f.nearlyFull)) {
      const res = await post(t, '/api/search', searchBody(flight, ONE_ADULT, start), { token: agent.token });
      expect(res.statusCode, res.body).toBe(200);
      const offer = res.json().data.PricedItineraries.PricedItinerary[0];
      if (!offer) continue;
      const key = flightOf(offer);
      if (key.seatsRemaining <= 5) continue;
      const extra = key.seatsRemaining - 5;
      await setSeatsSold(t.store.db, key, (await seatsSold(t.store.db, key)) + extra);
      const others = otherSales.get(t)!;
      const id = `${key.flight}|${key.date}|${key.cabin}`;
      others.set(id, (others.get(id) ?? 0) + extra);
    }
  }

  async function runSequence(run: RunInput) {
    const t = run.delayed ? delayed : immediate;
    const delayMs = run.delayed ? REFUND_DELAY_SECONDS * 1000 : 0;
    let agent: Agent = await bookingAgent(t, { creditsMinor: run.creditsMinor });
    const start = t.clock.now();
    const bookings: string[] = [];
    const log: string[] = [];
    /** Deposits recorded and not yet decided, oldest first. */
    const waiting: string[] = [];
    let withdrawnMinor = 0;
    await leaveFewSeats(t, agent, start);

    /** `what` is the call's name for the coverage tally; `label` adds which booking, for the log. */
    const expectAnswer = (what: string, label: string, res: { statusCode: number; body: string }) => {
      const body = JSON.parse(res.body) as { message?: string; data?: { status?: string } };
      log.push(`${what} ${label} → ${res.statusCode} ${body.message ?? ''}`);
      const outcome = `${what} → ${res.statusCode}${res.statusCode < 300 && body.data?.status ? ` ${body.data.status}` : ''}`;
      tally(outcome);
      // Refusals are fine (409 sold out or wrong state, 402, 410, 422); a crash never is.
      expect(res.statusCode, log.join('\n')).toBeLessThan(500);
    };

    const act = async (what: Action, bookingId: string, mask: number) => {
      const token = { token: agent.token };
      if (what === 'cancel') {
        return post(
          t,
          '/api/request-cancel-booking',
          { booking_id: bookingId, reason: 'Random test' },
          token,
        );
      }
      if (what === 'issue') {
        const row = await t.store.db
          .selectFrom('bookings')
          .select('pnr')
          .where('id', '=', bookingId)
          .executeTakeFirstOrThrow();
        return post(t, '/api/booking-issue', { pnr: row.pnr }, token);
      }
      const numbers = (
        await t.store.db
          .selectFrom('tickets')
          .innerJoin('booking_passengers', 'booking_passengers.id', 'tickets.passenger_id')
          .select('tickets.ticket_number')
          .where('tickets.booking_id', '=', bookingId)
          .orderBy('booking_passengers.position')
          .execute()
      ).map((row) => row.ticket_number);
      const picked = numbers.filter((_, index) => (mask >> index) & 1);
      return post(
        t,
        '/api/request-ticket-refund',
        {
          booking_id: bookingId,
          reason: 'Random test',
          ...(picked.length > 0 ? { ticket_numbers: picked } : {}),
        },
        token,
      );
    };

    /** A free seat anyone may take (no rule keeps a passenger out), the `pick`-th of them. */
    const pickSeat = (map: SeatMap, index: number): string | undefined => {
      const free = map.cabins
        .filter((cabin) => cabin.bookable)
        .flatMap((cabin) => cabin.rows.flatMap((row) => row.seats.filter(isSeat)))
        .filter((seat) => seat.available && !seat.restriction);
      return free.length > 0 ? free[index % free.length]!.designator : undefined;
    };
    /** Issue 31: a seat for each seated passenger of the offer (and a bag for the first one). */
    const servicesAtBooking = async (offerId: string, mix: Mix, op: { services: number; pick: number }) => {
      const res = await get(t, `/api/seat-maps?offer_id=${encodeURIComponent(offerId)}`, {
        token: agent.token,
      });
      if (res.statusCode !== 200) return [];
      const map = SeatMap.parse(res.json().data[0]);
      const chosen: unknown[] = [];
      const taken = new Set<string>();
      for (let passenger = 0; passenger < mix.adults + mix.children; passenger++) {
        let seat: string | undefined;
        for (let tries = 0; tries < 5 && (!seat || taken.has(seat)); tries++) {
          seat = pickSeat(map, op.pick + passenger * 7 + tries);
        }
        if (!seat || taken.has(seat)) continue;
        taken.add(seat);
        chosen.push({ type: 'seat', passenger_index: passenger, segment_index: 0, designator: seat });
      }
      if (op.services > 1) chosen.push({ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 });
      return chosen;
    };

    /** An operator call with a fresh session (the clock moves past tokens' 30 minutes). */
    const asOps = async (which: 0 | 1, method: 'POST' | 'PUT', url: string, payload?: unknown) => {
      const pair = operators.get(t)!;
      pair[which] = await signInAgainAsOperator(t, pair[which]);
      return asOperator(t, pair[which], method, url, payload);
    };
    const decide = (which: 0 | 1, depositId: string, approve: boolean) =>
      asOps(
        which,
        'POST',
        `/api/admin/transactions/${depositId}/${approve ? 'approve' : 'reject'}`,
        approve ? undefined : { reason: 'Random test: not on the statement' },
      );
    const creditLimit = async () => (await readCreditRow(t.store.db, agent.companyId)).credit_limit_minor;

    const pick = async (target: Target, what: Action | 'services') => {
      let pool = bookings;
      if (target.fit && bookings.length > 0) {
        const rows = await t.store.db
          .selectFrom('bookings')
          .select(['id', 'status'])
          .where('id', 'in', bookings)
          .execute();
        const status = new Map(rows.map((row) => [row.id, row.status as string]));
        const fitting = bookings.filter((id) => FITTING[what].includes(status.get(id) ?? ''));
        if (fitting.length > 0) pool = fitting;
      }
      return pool.length > 0 ? pool[pool.length - 1 - (target.back % pool.length)] : undefined;
    };

    for (const op of run.ops) {
      const target =
        op.kind === 'issue' || op.kind === 'cancel' || op.kind === 'refund'
          ? await pick(op.booking, op.kind)
          : op.kind === 'race'
            ? await pick(op.booking, op.first)
            : undefined;
      switch (op.kind) {
        case 'book': {
          const flight = FLIGHTS[op.flight]!;
          const mix = MIXES[op.mix]!;
          const res0 = await post(t, '/api/search', searchBody(flight, mix, start), { token: agent.token });
          expectAnswer('search', `flight ${op.flight}`, res0);
          if (res0.statusCode !== 200) break;
          const offer = res0.json().data.PricedItineraries.PricedItinerary[0];
          if (!offer) break;
          const services = op.services > 0 ? await servicesAtBooking(offer.offer_id, mix, op) : [];
          const res = await post(
            t,
            '/api/booking',
            bookingBody(offer, mix, services.length > 0 ? { services } : {}),
            {
              token: agent.token,
            },
          );
          expectAnswer(
            services.length > 0 ? 'book with services' : 'book',
            `flight ${op.flight} ${JSON.stringify(mix)}${services.length > 0 ? ` ${JSON.stringify(services)}` : ''}`,
            res,
          );
          if (res.statusCode !== 201) break;
          const booked = res.json().data;
          bookings.push(booked.id);
          if (op.thenIssue) {
            expectAnswer(
              'issue',
              booked.pnr,
              await post(t, '/api/booking-issue', { pnr: booked.pnr }, { token: agent.token }),
            );
          }
          break;
        }
        case 'issue':
        case 'cancel':
        case 'refund': {
          if (!target) break;
          if (op.kind === 'refund' && op.waitHours > 0) {
            t.clock.advance(op.waitHours * HOUR_MS);
            agent = await signInAgain(t, agent);
            log.push(`advance ${op.waitHours} h`);
          }
          expectAnswer(op.kind, target, await act(op.kind, target, op.kind === 'refund' ? op.mask : 0));
          break;
        }
        case 'race': {
          if (!target) break;
          const [a, b] = await Promise.all([act(op.first, target, 1), act(op.second, target, 0)]);
          expectAnswer(`race ${op.first}`, target, a);
          expectAnswer(`race ${op.second}`, target, b);
          break;
        }
        case 'services': {
          const bookingId = await pick(op.booking, 'services');
          if (!bookingId || (!op.seat && !op.bag)) break;
          const wanted: unknown[] = [];
          if (op.seat) {
            const res0 = await get(t, `/api/booking/${bookingId}/seat-maps`, { token: agent.token });
            if (res0.statusCode === 200) {
              const map = SeatMap.parse(res0.json().data[0]);
              const seat = pickSeat(map, op.pick);
              if (seat) wanted.push({ type: 'seat', passenger_index: 0, segment_index: 0, designator: seat });
            }
          }
          if (op.bag) wanted.push({ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 });
          if (wanted.length === 0) break;
          expectAnswer(
            'add services',
            `${bookingId} ${JSON.stringify(wanted)}`,
            await post(t, `/api/booking/${bookingId}/services`, { services: wanted }, { token: agent.token }),
          );
          break;
        }
        case 'airlineChange': {
          const bookingId = await pick(op.booking, 'services');
          if (!bookingId) break;
          // What the airline-change handling records on a booking (remote/settle.ts): a sandbox
          // booking gets it by hand until issue 32 records schedule changes. A moment after the
          // last operation: a change recorded after a refund request does not move what it returns,
          // and on one reading of the clock the model could not tell which came first.
          t.clock.advance(1_000);
          await t.store.db
            .updateTable('bookings')
            .set({
              supplier_change: JSON.stringify({
                id: `chg_${log.length}`,
                detectedAt: t.clock.now().toISOString(),
              }),
            })
            .where('id', '=', bookingId)
            .execute();
          log.push(`airline change on ${bookingId}`);
          t.clock.advance(1_000);
          break;
        }
        case 'advance':
          t.clock.advance(op.hours * HOUR_MS);
          agent = await signInAgain(t, agent);
          log.push(`advance ${op.hours} h`);
          break;
        case 'expireSweep': {
          const expired = await sweepExpiredHolds(t.store.db, sandboxBookings, t.clock.now());
          log.push(`expired ${expired}`);
          if (expired > 0) tally('expire sweep → expired');
          break;
        }
        case 'refundSweep': {
          const settled = await sweepDueRefunds(t.store.db, sandboxBookings, t.clock.now(), delayMs);
          log.push(`settled ${settled}`);
          if (settled > 0) tally('refund sweep → settled');
          break;
        }
        case 'deposit': {
          const deposit = await pendingDeposit(t, agent.companyId, {
            amountMinor: op.amountMinor,
            userId: agent.user.id,
          });
          const label = `${deposit.referenceNo} ${op.amountMinor}`;
          if (op.decision === 'later') {
            waiting.push(deposit.id);
            log.push(`deposit ${label} waits`);
          } else if (op.decision === 'race' || op.decision === 'contest') {
            const answers = await Promise.all([
              decide(0, deposit.id, true),
              decide(1, deposit.id, op.decision === 'race'),
            ]);
            for (const res of answers) expectAnswer(`deposit ${op.decision}`, label, res);
            expect(answers.map((res) => res.statusCode).sort(), log.join('\n')).toEqual([200, 409]);
          } else {
            expectAnswer(
              `deposit ${op.decision}`,
              label,
              await decide(0, deposit.id, op.decision === 'approve'),
            );
          }
          break;
        }
        case 'decide': {
          const depositId = waiting.shift();
          if (!depositId) break;
          expectAnswer(
            `decide ${op.approve ? 'approve' : 'reject'}`,
            depositId,
            await decide(1, depositId, op.approve),
          );
          break;
        }
        case 'adjust': {
          const res = await asOps(0, 'POST', `/api/admin/companies/${agent.companyId}/adjustments`, {
            amount: op.amountMinor / 100,
            reason: 'Random test adjustment',
          });
          expectAnswer('adjust', `${op.amountMinor}`, res);
          if (res.statusCode === 201 && op.amountMinor < 0) withdrawnMinor -= op.amountMinor;
          break;
        }
        case 'limit': {
          const before = await creditLimit();
          const res = await asOps(1, 'PUT', `/api/admin/companies/${agent.companyId}/credit-limit`, {
            amount: op.amountMinor / 100,
            reason: 'Random test limit',
          });
          expectAnswer('limit', `${before} → ${op.amountMinor}`, res);
          if (res.statusCode === 200) withdrawnMinor += Math.max(before - op.amountMinor, 0);
          break;
        }
      }
      await checkInvariants(t, agent.companyId, withdrawnMinor);
    }
    // Between runs, time moves on a little, as it would.
    t.clock.advance(HOUR_MS);
  }

  it('keeps ledger sum = balance ≥ -limit, lines 1..n, seats sold = seats held by live bookings, one passenger per chosen seat, and services paid = issued + refunded + kept', async () => {
    await fc.assert(
      fc.asyncProperty(runArb, (run) => runSequence(run)),
      {
        numRuns: 25,
        interruptAfterTimeLimit: 240_000,
        // A failure names its seed: INTEGRITY_SEED=<seed> replays every run up to it.
        ...(process.env.INTEGRITY_SEED ? { seed: Number(process.env.INTEGRITY_SEED) } : {}),
        examples: [[EVERY_PATH], [DELAYED_PATHS], [CREDIT_PATHS], [SERVICE_PATHS]],
      },
    );
    if (process.env.PROPERTY_LOG) {
      console.log([...coverage].map(([outcome, count]) => `${outcome}: ${count}`).join('\n'));
    }
    // The runs went where the property matters (the examples make sure of it; random runs add more).
    expect([...coverage.keys()]).toEqual(
      expect.arrayContaining([
        'book → 201 booked',
        'issue → 200 ticketed',
        'cancel → 200 cancelled',
        'cancel → 200 voided',
        'refund → 200 partially_refunded',
        'refund → 200 refunded',
        'refund → 200 refund_requested',
        'expire sweep → expired',
        'refund sweep → settled',
        'deposit approve → 200 approved',
        'deposit reject → 200 rejected',
        'deposit race → 409',
        'decide approve → 200 approved',
        'adjust → 201',
        'adjust → 409',
        'limit → 200',
        'limit → 409',
        'ticketed into the credit limit',
        // Issue 31.
        'book with services → 201 booked',
        'add services → 200',
        'services charged',
        'services refunded',
        'void returned services',
        'refund bag returned',
        'refund seat kept',
        'refund seat returned',
      ]),
    );
  }, 300_000);
});
