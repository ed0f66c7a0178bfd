import {
  AppError,
  type BagOffer,
  MAX_EXTRA_BAGS,
  minorMoneyText,
  minorToAmount,
  noteWithServices,
  type PassengerType,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import { commitRequestSoFar } from '../../../platform/db/request-transaction.js';
import type { Database, StoredServicesStep } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import {
  type RemoteBag,
  type RemoteOrder,
  type RemoteOrders,
  SupplierCallError,
  type SupplierMoney,
} from '../../../supplier/remote-orders.js';
import { seatMapFlights } from '../../../supplier/seat-maps.js';
import { type BagsBought, bagFlightsOf } from '../../../supplier/services.js';
import { postLedgerEntry } from '../../payments/index.js';
import { refuseOtherCurrency } from '../booking/credits-currency.js';
import { insertOrder, recordEvent } from '../booking/repo.js';
import { serviceLineText } from '../services/lines.js';
import { heldServicesOf, insertHeldServices, issueHeldServices, type NewService } from '../services/repo.js';
import { releaseServicesById } from '../services/sales-repo.js';
import type { CrashAt } from './crash-points.js';
import {
  lockSupplierBooking,
  orderPassengersOf,
  pendingTicketOrderOf,
  type SupplierBookingRow,
  settleTicketOrder,
  updateSupplierBooking,
} from './repo.js';
import { offerPassengerIndexes } from './services.js';
import { convertedMinor } from './settle.js';

/**
 * Issue 31: extra bags added to a remote supplier's paid order after issue (Duffel:
 * `GET /air/orders/{id}/available_services`, `POST /air/orders/{id}/services`), one more step of the
 * order saga (docs/booking-and-money.md, "Remote suppliers"; decision 020):
 *
 * 1. priced from the airline's bags on sale now, read with the order (no transaction open);
 * 2. **before the call**, one transaction under the booking's lock: the `ticket` debit of what the
 *    bags cost here (402 when the credits cannot cover it), the bags inserted `held`, and the step
 *    journalled — `supplier_state = adding_services` and `supplier_services`: the airline's service
 *    ids and quantities, the exact payment, the debit, the held rows, and the order's services and
 *    EMDs as they were before the call;
 * 3. the call, outside any transaction (crash point `duffel.before-services` before it);
 * 4. **after it**, one transaction: the bags issued under the airline's new EMDs, the step back to
 *    `confirmed` (crash point `duffel.after-services` before it). A refusal instead reverses the
 *    debit exactly and releases the bags in one transaction, and answers the airline's reason.
 *
 * Duffel's call carries no idempotency key or metadata, so the journal is what tells a lost answer
 * apart: the order is read again (`GET /air/orders/{id}`) and services on it that were not there
 * before the call are this step's (no other step runs on the booking meanwhile: a booking at a step
 * answers 409 "waiting for the airline"). Found → settled as after the call; none once the step's
 * window has passed → the debit reversed. The call itself is never repeated, so the airline is paid
 * once and the agency debited once.
 */

export const ORDER_SERVICES = {
  seats: 'The airline sells seats only when the booking is made; extra bags can still be added',
  unread: 'The airline did not say what bags it sells now. Try again shortly.',
  none: 'The airline sells no extra bag on this flight now',
  together: 'The airline sells these flights’ bags together: add the same number of bags on each',
  infant: "An infant travels on an adult's lap and has no bag allowance of its own",
} as const;

type BagAsk = { index: number; passenger_index: number; segment_index: number; quantity: number };

type FieldErrors = Record<string, string[]>;
const invalid = (fieldErrors: FieldErrors) =>
  new AppError('validation', Object.values(fieldErrors)[0]![0]!, { fieldErrors });

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Supplier minor units as the decimal string it reads ('12.50'). */
function decimal(minor: number): string {
  const text = String(Math.abs(minor)).padStart(3, '0');
  return `${minor < 0 ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
}
const supplierMinor = (money: SupplierMoney) => Math.round(Number(money.amount) * 100);

/** The booking's flights as the supplier names them: the order's segment ids, else the offer's. */
const segmentIdsOf = (booking: SupplierBookingRow, order: RemoteOrder): string[] =>
  order.segmentIds ?? booking.supplier_offer?.segmentIds ?? [];

/** The supplier's passenger id of each of the booking's passengers (by its types, in booking order). */
function passengerIdsOf(booking: SupplierBookingRow, types: readonly PassengerType[]): (string | null)[] {
  const offer = booking.supplier_offer!;
  return offerPassengerIndexes(types).map((index) => offer.passengers[index]?.id ?? null);
}

const bagFor = (bags: readonly RemoteBag[], passengerId: string, segmentId: string) =>
  bags.find((bag) => bag.passengerIds.includes(passengerId) && bag.segmentIds.includes(segmentId));

const boughtOn = (bought: readonly BagsBought[], passengerIndex: number, segmentIndex: number) =>
  bought
    .filter((b) => b.passengerIndex === passengerIndex && b.segmentIndex === segmentIndex)
    .reduce((sum, b) => sum + b.quantity, 0);

/** The booking's flights (segment indexes, in order) a bag of the airline's goes on. */
const flightsOfBag = (bag: RemoteBag, segmentIds: readonly string[]) =>
  segmentIds.flatMap((id, index) => (bag.segmentIds.includes(id) ? [index] : []));

/**
 * The airline's bags on sale for the order as the portal shows them (pure): one offer per passenger
 * and bag service, on the first of the flights it goes on, at its whole price (a bag the airline
 * sells for a connection is bought once and checked through: what is shown is what is charged); the
 * fare's own allowance from the booking's itinerary; `max_quantity` the airline's maximum, never
 * above the portal's, less the bags the passenger has on that flight already.
 */
export function orderBagOffers(
  booking: SupplierBookingRow,
  types: readonly PassengerType[],
  order: RemoteOrder,
  bags: readonly RemoteBag[],
  bought: readonly BagsBought[],
): BagOffer[] {
  const segmentIds = segmentIdsOf(booking, order);
  const rate = booking.supplier_offer!.rate;
  const ids = passengerIdsOf(booking, types);
  const flights = bagFlightsOf(booking.itinerary);
  const offers: BagOffer[] = [];
  types.forEach((type, passengerIndex) => {
    const passengerId = ids[passengerIndex];
    if (type === 'infant' || !passengerId) return;
    for (const bag of bags) {
      const [first] = flightsOfBag(bag, segmentIds);
      const flight = first === undefined ? undefined : flights[first];
      if (!flight || !bag.passengerIds.includes(passengerId)) continue;
      if (bag.price.currency !== booking.supplier_offer!.price.currency) continue;
      if (offers.some((o) => o.passenger_index === passengerIndex && o.segment_index === first)) continue;
      const most = Math.min(bag.maximumQuantity, MAX_EXTRA_BAGS);
      offers.push({
        passenger_index: passengerIndex,
        segment_index: flight.segmentIndex,
        included: { pieces: flight.included.pieces, weight_kg: flight.included.weightKg },
        weight_kg: bag.weightKg,
        price: { Amount: minorToAmount(convertedMinor(bag.price, rate)), CurrencyCode: booking.currency },
        max_quantity: Math.max(0, most - boughtOn(bought, passengerIndex, flight.segmentIndex)),
      });
    }
  });
  return offers.sort((a, b) => a.segment_index - b.segment_index || a.passenger_index - b.passenger_index);
}

/** One booking service row a purchase makes: a passenger's bags on one flight. */
type BagRow = {
  passengerIndex: number;
  segmentIndex: number;
  quantity: number;
  weightKg: number;
  amountMinor: number;
};

/**
 * The bags asked for as the airline's services, all or none (pure). A request names a passenger and
 * any flight its bag goes on; a bag the airline sells for several flights is one service with one
 * EMD, bought for all of them (asked on more than one, the same number each time): a row on each
 * flight, its whole amount on the first. What the airline is paid is exact, in its currency;
 * refusals name the request's field (a 422).
 */
export function quoteOrderBags(
  booking: SupplierBookingRow,
  types: readonly PassengerType[],
  order: RemoteOrder,
  bags: readonly RemoteBag[],
  bought: readonly BagsBought[],
  asks: readonly BagAsk[],
) {
  const segmentIds = segmentIdsOf(booking, order);
  const ids = passengerIdsOf(booking, types);
  const rate = booking.supplier_offer!.rate;
  const currency = booking.supplier_offer!.price.currency;
  const errors: FieldErrors = {};
  const chosen = new Map<string, { bag: RemoteBag; passengerIndex: number; quantity: number }>();
  for (const ask of asks) {
    const field = `services.${ask.index}`;
    const passengerId = ids[ask.passenger_index];
    const segmentId = segmentIds[ask.segment_index];
    if (types[ask.passenger_index] === 'infant' || !passengerId) {
      errors[`${field}.passenger_index`] = [ORDER_SERVICES.infant];
      continue;
    }
    const bag = segmentId ? bagFor(bags, passengerId, segmentId) : undefined;
    if (!bag || bag.price.currency !== currency) {
      errors[`${field}.segment_index`] = [ORDER_SERVICES.none];
      continue;
    }
    const key = `${bag.id} ${ask.passenger_index}`;
    const same = chosen.get(key);
    if (same) {
      if (same.quantity !== ask.quantity) errors[`${field}.quantity`] = [ORDER_SERVICES.together];
      continue;
    }
    const first = flightsOfBag(bag, segmentIds)[0] ?? ask.segment_index;
    const most = Math.max(
      0,
      Math.min(bag.maximumQuantity, MAX_EXTRA_BAGS) - boughtOn(bought, ask.passenger_index, first),
    );
    if (ask.quantity > most) {
      errors[`${field}.quantity`] = [
        most === 0
          ? 'No more extra bags can be added for this passenger on this flight'
          : `At most ${plural(most, 'more extra bag')} on this flight`,
      ];
      continue;
    }
    chosen.set(key, { bag, passengerIndex: ask.passenger_index, quantity: ask.quantity });
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const rows: BagRow[] = [];
  const items = new Map<string, number>();
  let paidMinor = 0;
  for (const { bag, passengerIndex, quantity } of chosen.values()) {
    paidMinor += supplierMinor(bag.price) * quantity;
    items.set(bag.id, (items.get(bag.id) ?? 0) + quantity);
    for (const [i, segmentIndex] of flightsOfBag(bag, segmentIds).entries()) {
      rows.push({
        passengerIndex,
        segmentIndex,
        quantity,
        weightKg: bag.weightKg,
        amountMinor: i === 0 ? convertedMinor(bag.price, rate) * quantity : 0,
      });
    }
  }
  return {
    items: [...items].map(([id, quantity]) => ({ id, quantity })),
    price: { amount: decimal(paidMinor), currency } satisfies SupplierMoney,
    rows,
    bags: [...chosen.values()].reduce((sum, c) => sum + c.quantity, 0),
    totalMinor: rows.reduce((sum, row) => sum + row.amountMinor, 0),
  };
}

/** What a saga step after the order (services added, a change of flights) is given by the saga. */
export type OrderStepDeps = {
  db: Kysely<Database>;
  clock: Clock;
  orders: RemoteOrders;
  crashAt: CrashAt;
  /** The step's window: an answer not found on the order by then counts as none. */
  settleWindowMs: number;
  /** Looks the step up now, a failure logged (the reconciler tries again). */
  tryResolve: (bookingId: string) => Promise<void>;
  /** A supplier's refusal as the agent's answer (409, 410, 503). */
  refusal: (error: SupplierCallError) => AppError;
  /** 409 'waiting for the airline'. */
  waiting: (booking: Pick<SupplierBookingRow, 'pnr'>) => AppError;
};

export function createOrderServiceSteps(deps: OrderStepDeps) {
  const { db, clock, orders } = deps;

  async function onSale(booking: SupplierBookingRow) {
    if (!orders.bagsOnSale || !booking.supplier_order_id) return null;
    return orders.bagsOnSale(booking.supplier_order_id);
  }

  /**
   * GET /api/booking/{id}/services of a ticketed remote booking: the airline's bags on sale now, or
   * why none can be shown (the airline did not answer: the rest of the answer stands).
   */
  async function bagOffers(
    booking: SupplierBookingRow,
    types: readonly PassengerType[],
    bought: readonly BagsBought[],
  ): Promise<{ bags: BagOffer[]; unread: string | null }> {
    await commitRequestSoFar();
    try {
      const sale = await onSale(booking);
      if (!sale) return { bags: [], unread: null };
      return { bags: orderBagOffers(booking, types, sale.order, sale.bags, bought), unread: null };
    } catch (error) {
      if (!(error instanceof SupplierCallError)) throw error;
      return { bags: [], unread: ORDER_SERVICES.unread };
    }
  }

  /**
   * POST /api/booking/{id}/services of a ticketed remote booking (bags only; checked by the caller:
   * the booking is ticketed, its flights open, the indexes in range). Returns once the step has
   * settled — or is left "waiting for the airline" when the answer was lost (never a 5xx).
   */
  async function add(
    principal: CompanyPrincipal,
    booking: SupplierBookingRow,
    types: readonly PassengerType[],
    bought: readonly BagsBought[],
    asks: readonly BagAsk[],
  ): Promise<void> {
    if (booking.supplier_state !== 'confirmed' || !booking.supplier_order_id) throw deps.waiting(booking);
    await commitRequestSoFar();
    let sale: Awaited<ReturnType<typeof onSale>>;
    try {
      sale = await onSale(booking);
    } catch (error) {
      if (error instanceof SupplierCallError) throw deps.refusal(error);
      throw error;
    }
    if (!sale) throw new AppError('conflict', ORDER_SERVICES.unread);
    const quote = quoteOrderBags(booking, types, sale.order, sale.bags, bought, asks);
    const flights = bagFlightsOf(booking.itinerary);
    const dates = seatMapFlights(booking.itinerary);
    const rows: NewService[] = quote.rows.map((row) => ({
      type: 'bag',
      passenger_index: row.passengerIndex,
      segment_index: row.segmentIndex,
      flight: flights[row.segmentIndex]!.flight,
      departure_date: dates[row.segmentIndex]!.date,
      designator: null,
      quantity: row.quantity,
      weight_kg: row.weightKg,
      amount_minor: row.amountMinor,
      currency: booking.currency,
    }));
    const bags = quote.bags;
    const what = plural(bags, 'extra bag');
    const now = clock.now();
    const step: StoredServicesStep = {
      items: quote.items,
      price: quote.price,
      totalMinor: quote.totalMinor,
      rowIds: [],
      before: {
        serviceIds: (sale.order.services ?? []).map((service) => service.id),
        emds: (sale.order.emds ?? []).map((emd) => emd.number),
      },
    };

    // Before the call: the debit, the bags held, the step journalled — all or none.
    await db.transaction().execute(async (trx) => {
      const locked = await lockSupplierBooking(trx, booking.id);
      if (!locked) throw new AppError('not_found', 'Booking not found');
      if (locked.supplier_state !== 'confirmed' || locked.status !== 'ticketed') throw deps.waiting(locked);
      const entry = await postLedgerEntry(trx, {
        companyId: principal.companyId,
        kind: 'ticket',
        amountMinor: -quote.totalMinor,
        bookingId: locked.id,
        // The statement and the order history read the bags back from the note (as issuing's).
        note: noteWithServices(
          `${capitalised(what)} for booking ${locked.pnr}, asked of the airline`,
          rows.map((row) =>
            serviceLineText({
              type: row.type,
              designator: row.designator ?? null,
              quantity: row.quantity ?? null,
              weight_kg: row.weight_kg ?? null,
              flight: row.flight,
            }),
          ),
        ),
        userId: principal.userId,
      });
      refuseOtherCurrency(locked, entry);
      // The purchase is an order of its own in the order history, pending until the airline answers
      // (completed with its EMDs, or rejected with the reversal), as a ticket order of the saga is.
      await insertOrder(trx, {
        companyId: principal.companyId,
        bookingId: locked.id,
        kind: 'ticket',
        amountMinor: quote.totalMinor,
        currency: locked.currency,
        status: 'pending',
        ticketNumbers: [],
        ledgerEntryId: entry.id,
        at: now,
      });
      const added = await insertHeldServices(trx, {
        bookingId: locked.id,
        companyId: principal.companyId,
        at: now,
        services: rows,
      });
      step.rowIds = added.map((row) => row.id);
      await updateSupplierBooking(trx, locked.id, {
        supplier_state: 'adding_services',
        supplier_state_at: now,
        supplier_services: step,
        updated_at: now,
      });
      await recordEvent(trx, {
        bookingId: locked.id,
        action: 'airline_services',
        from: locked.status,
        to: locked.status,
        note: `Asking the airline to add ${what}; ${minorMoneyText(quote.totalMinor, locked.currency)} debited from credits`,
        actorUserId: principal.userId,
        at: now,
      });
    });

    deps.crashAt('duffel.before-services');
    let order: RemoteOrder;
    try {
      order = await orders.addServices!(booking.supplier_order_id, quote.items, quote.price);
    } catch (error) {
      if (!(error instanceof SupplierCallError)) throw error;
      // Never asked again blind: the order is read now, and by the reconciler until it settles.
      if (error.kind === 'unknown_outcome') return deps.tryResolve(booking.id);
      await recordServicesReversed(booking.id, error.message.replace(/\.$/, ''));
      throw deps.refusal(error);
    }
    deps.crashAt('duffel.after-services');
    await recordServicesAdded(booking.id, order);
  }

  /** The step's services found on the order: those it holds now that it did not before the call. */
  const addedBy = (step: StoredServicesStep, order: RemoteOrder) =>
    (order.services ?? []).filter((service) => !step.before.serviceIds.includes(service.id));

  /**
   * Settles an `adding_services` step from the order as the airline has it now: the bags found on
   * it are recorded; none, once the window has passed, reverse the debit.
   */
  async function settle(booking: SupplierBookingRow, missingMeansNone: boolean): Promise<void> {
    const step = booking.supplier_services;
    if (!step || !booking.supplier_order_id) return;
    const order = await orders.get(booking.supplier_order_id);
    if (addedBy(step, order).length > 0) await recordServicesAdded(booking.id, order);
    else if (missingMeansNone || order.state === 'cancelled') {
      await recordServicesReversed(booking.id, 'the airline did not add the bags');
    }
  }

  /**
   * adding_services → confirmed, the bags issued: each paid one under a new EMD of the airline's
   * for its passenger (new: not on the order before the call), in the order both list them. Bags
   * whose EMD the airline has not sent yet stay held (paid, documented when it does). The debit was
   * posted when the step began: nothing moves now.
   */
  async function recordServicesAdded(bookingId: string, order: RemoteOrder): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const booking = await lockSupplierBooking(trx, bookingId);
      const step = booking?.supplier_services;
      if (booking?.supplier_state !== 'adding_services' || !step) return false;
      const now = clock.now();
      const rows = (await heldServicesOf(trx, booking.id)).filter((row) => step.rowIds.includes(row.id));
      const types = (await orderPassengersOf(trx, booking.id)).map((row) => row.passenger_type);
      const ids = passengerIdsOf(booking, types);
      const fresh = new Map<string, string[]>();
      for (const emd of order.emds ?? []) {
        if (step.before.emds.includes(emd.number)) continue;
        fresh.set(emd.passengerId, [...(fresh.get(emd.passengerId) ?? []), emd.number]);
      }
      const numbered = rows.map((row) =>
        Number(row.amount_minor) === 0
          ? null
          : (fresh.get(ids[row.passenger_index] ?? '')?.shift() ?? undefined),
      );
      const ready = rows.filter((_, i) => numbered[i] !== undefined);
      const numbers = numbered.filter((n): n is string => typeof n === 'string');
      let next = 0;
      const issued = await issueHeldServices(trx, {
        services: ready,
        at: now,
        // The airline's own numbers, one per paid bag (never drawn here).
        emdNumber: () => {
          const number = numbers[next++];
          if (!number) throw new Error(`Booking ${bookingId}: an EMD of the airline's is missing`);
          return number;
        },
      });
      const emds = issued.flatMap((row) => (row.emd_number ? [row.emd_number.trim()] : []));
      const pending = await pendingTicketOrderOf(trx, booking.id);
      if (pending)
        await settleTicketOrder(trx, pending.id, { status: 'completed', ticketNumbers: emds }, now);
      await updateSupplierBooking(trx, booking.id, {
        supplier_state: 'confirmed',
        supplier_state_at: now,
        supplier_services: null,
        supplier_synced_at: now,
        updated_at: now,
      });
      const bags = rows.reduce(
        (sum, row) => sum + (Number(row.amount_minor) > 0 ? (row.quantity ?? 0) : 0),
        0,
      );
      await recordEvent(trx, {
        bookingId: booking.id,
        action: 'services_added',
        from: booking.status,
        to: booking.status,
        note: `${capitalised(plural(bags, 'extra bag'))} added by the airline${emds.length > 0 ? ` (EMD ${emds.join(', ')})` : ''}; ${minorMoneyText(step.totalMinor, booking.currency)} debited from credits`,
        actorUserId: null,
        at: now,
      });
      return true;
    });
  }

  /**
   * adding_services → confirmed, nothing added: a `reversal` credit of exactly the step's debit, its
   * held bags released, in one transaction.
   */
  async function recordServicesReversed(bookingId: string, reason: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const booking = await lockSupplierBooking(trx, bookingId);
      const step = booking?.supplier_services;
      if (booking?.supplier_state !== 'adding_services' || !step) return false;
      const now = clock.now();
      if (step.totalMinor > 0) {
        await postLedgerEntry(trx, {
          companyId: booking.company_id,
          kind: 'reversal',
          amountMinor: step.totalMinor,
          bookingId: booking.id,
          note: `Extra bags of booking ${booking.pnr} given back: ${reason}`,
          userId: null,
        });
      }
      await releaseServicesById(trx, step.rowIds, now);
      const pending = await pendingTicketOrderOf(trx, booking.id);
      if (pending) await settleTicketOrder(trx, pending.id, { status: 'rejected', reason }, now);
      await updateSupplierBooking(trx, booking.id, {
        supplier_state: 'confirmed',
        supplier_state_at: now,
        supplier_services: null,
        updated_at: now,
      });
      await recordEvent(trx, {
        bookingId: booking.id,
        action: 'airline_refused',
        from: booking.status,
        to: booking.status,
        note: `The airline did not add the extra bags: ${reason}. ${minorMoneyText(step.totalMinor, booking.currency)} returned to credits.`,
        actorUserId: null,
        at: now,
      });
      return true;
    });
  }

  return { bagOffers, add, settle, canSell: () => Boolean(orders.bagsOnSale && orders.addServices) };
}

export type OrderServiceSteps = ReturnType<typeof createOrderServiceSteps>;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
