import {
  AppError,
  type ChangeOffer,
  type ChangeOffersBody,
  type FlightSegment,
  minorMoneyText,
  type PricedItinerary,
} from '@skydesk/contract';
import type { Transaction } from 'kysely';
import { commitRequestSoFar } from '../../../platform/db/request-transaction.js';
import type { Database, StoredChangeLeg, StoredChangeStep } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type {
  RemoteChangeOffer,
  RemoteChanges,
  RemoteOrderChange,
} from '../../../supplier/remote-changes.js';
import { type RemoteOrder, SupplierCallError } from '../../../supplier/remote-orders.js';
import { lockLedger, postLedgerEntry } from '../../payments/index.js';
import { refuseOtherCurrency } from '../booking/credits-currency.js';
import { recordEvent } from '../booking/repo.js';
import { changeLedgerMinor, changeNote } from '../changes/amounts.js';
import { presentChangeOffer } from '../changes/presenter.js';
import {
  exchangeTicket,
  insertBookingChange,
  insertChangeOffers,
  liveTicketsOf,
  type NewChangeOffer,
  replaceSegments,
  segmentsOfBooking,
  updateChangedBooking,
  useChangeOffer,
} from '../changes/repo.js';
import { changeOfferById, changeOfferOfBooking, livePaidOf } from './change-repo.js';
import type { OrderStepDeps } from './order-services.js';
import {
  lockSupplierBooking,
  orderPassengersOf,
  type SupplierBookingRow,
  updateSupplierBooking,
} from './repo.js';
import { offerPassengerIndexes } from './services.js';
import { convertedMinor } from './settle.js';

/**
 * Issue 32: a change of flights of a remote supplier's ticketed booking (Duffel's order change flow,
 * supplier/remote-changes.ts), the exchange's `RemoteChangeSteps` (changes/service.ts): the same
 * screens and shapes as the sandbox's change, the airline deciding what it costs.
 *
 * - **Offers** (`POST /api/booking/{id}/change-offers`): the order read for its slice ids, then the
 *   airline's order change offers for the legs asked (same route, the new date, another airport of
 *   the city where asked; the booking's cabin), each stored as the portal's change offer: its three
 *   amounts converted at the booking's rate as every remote price is (never mixed: `penalty` the
 *   airline's, `change_total` the airline's, `fare_difference` = their difference), the airline's
 *   offer id and its amounts as stated kept to confirm it exactly. Valid until the earlier of the
 *   airline's expiry and 20 minutes.
 * - **Confirm** (`POST /api/booking/{id}/change`), one more saga step, `changing`
 *   (docs/booking-and-money.md, "Remote suppliers"; decision 020):
 *   1. the airline's pending change made from the offer (nothing paid: a lost answer is found by the
 *      offer's `order_change_id`), the order's e-tickets read;
 *   2. **before the call**, one transaction under the booking's lock: the offer used (one change per
 *      offer), the `change` debit of the change total when it is positive (402 when the credits
 *      cannot cover it; nothing moves otherwise), and the step journalled (`supplier_change_step`);
 *   3. the confirm, outside any transaction, with a balance payment only when the total is positive
 *      (crash point `duffel.before-change` before it);
 *   4. **after it**, one transaction: the order read again, each passenger's ticket `exchanged` for
 *      the airline's new number, the trip's flights and itinerary replaced, the booking's change in
 *      its chain, a residual credited when the airline gives one back; back to `confirmed` (crash
 *      point `duffel.after-change` before it). A refusal instead reverses the debit exactly.
 *
 * A lost confirmation is never repeated blind: the change is read (`confirmed_at`); unconfirmed once
 * the step's window has passed it is confirmed again — the airline refuses a second confirmation of
 * a confirmed change, so it is paid once — and read again; still unconfirmed or expired → the debit
 * reversed. Seats and bags stay as the airline keeps them (its order holds them; none is refunded
 * here: what the airline returns for them is in its change total).
 */

export const ORDER_CHANGES = {
  offerNotFound: 'Change offer not found',
  used: 'This change offer was used already: the booking is changed',
  expired: 'This change offer expired: ask for new offers',
  legs: 'The booking has no such leg',
  notTicketed: (pnr: string, status: string) =>
    `Booking ${pnr} is ${status.replaceAll('_', ' ')}: only a ticketed booking whose tickets are all valid can be changed`,
  departed: (pnr: string) =>
    `Booking ${pnr} has started its journey: a trip is changed before its first flight leaves`,
  unread: 'The airline did not say what it offers now. Try again shortly.',
} as const;

/** How long a change offer holds at most here (as the sandbox's). */
const OFFER_MINUTES = 20;
const MAX_OFFERS = 10;

/** What a remote change offer keeps beside the portal's columns (change_offers.booking_offer). */
type StoredRemoteChangeOffer = {
  supplier: 'duffel';
  supplierOfferId: string;
  changeTotal: { amount: string; currency: string };
  penalty: { amount: string; currency: string };
  newTotal: { amount: string; currency: string };
  rate: number;
  /** The supplier's slice ids replaced, and the new flights' segment ids. */
  removeSliceIds: string[];
  segmentIds: string[][];
};

type Leg = { origin: string; destination: string; segments: FlightSegment[] };
const legsOf = (itinerary: PricedItinerary): Leg[] =>
  itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.map((option) => ({
    origin: option.FlightSegment[0]!.DepartureAirport.LocationCode,
    destination: option.FlightSegment[option.FlightSegment.length - 1]!.ArrivalAirport.LocationCode,
    segments: option.FlightSegment,
  }));

const instantOf = (segment: FlightSegment, arrival = false) =>
  new Date(
    arrival
      ? `${segment.ArrivalDateTime}${segment.ArrivalUTCOffset}`
      : `${segment.DepartureDateTime}${segment.DepartureUTCOffset}`,
  );

/** The booking's itinerary with the changed legs flown by the new flights (pricing as it was). */
function withLegs(
  itinerary: PricedItinerary,
  legs: readonly { leg_index: number; segments: FlightSegment[] }[],
) {
  const options = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.map(
    (option, index) => {
      const leg = legs.find((l) => l.leg_index === index);
      if (!leg) return option;
      const first = leg.segments[0]!;
      const last = leg.segments[leg.segments.length - 1]!;
      const minutes = Math.max(
        1,
        Math.round((instantOf(last, true).getTime() - instantOf(first).getTime()) / 60_000),
      );
      return { ...option, ElapsedTime: minutes, FlightSegment: leg.segments };
    },
  );
  return {
    ...itinerary,
    AirItinerary: {
      ...itinerary.AirItinerary,
      OriginDestinationOptions: {
        ...itinerary.AirItinerary.OriginDestinationOptions,
        OriginDestinationOption: options,
      },
    },
  } as PricedItinerary;
}

/** Shares `total` over `parts` evenly, the remainder on the first (as issuing shares a fare). */
function shares(total: number, parts: number): number[] {
  if (parts === 0) return [];
  const each = Math.trunc(total / parts);
  return Array.from({ length: parts }, (_, i) => each + (i === 0 ? total - each * parts : 0));
}

/** The step's window (`settleWindowMs`): a change still unconfirmed by then is confirmed again or given up. */
export type OrderChangeDeps = OrderStepDeps & { changes: RemoteChanges };

export function createOrderChangeSteps(deps: OrderChangeDeps) {
  const { db, clock, orders, changes } = deps;

  /** Why the booking cannot be changed now, as the sandbox's change says it. */
  function refuseUnchangeable(booking: SupplierBookingRow, now: Date) {
    if (booking.status !== 'ticketed') {
      throw new AppError('conflict', ORDER_CHANGES.notTicketed(booking.pnr, booking.status));
    }
    if (booking.supplier_state !== 'confirmed' || !booking.supplier_order_id) throw deps.waiting(booking);
    if (now.getTime() >= booking.first_departure_at.getTime()) {
      throw new AppError('conflict', ORDER_CHANGES.departed(booking.pnr));
    }
  }

  /** A refusal while asking for offers: the fare's rule is the agent's to read (422, as the sandbox's Basic). */
  function offersRefusal(error: SupplierCallError): AppError {
    if (error.kind === 'refused') return new AppError('validation', error.message);
    return deps.refusal(error);
  }

  async function offers(
    principal: CompanyPrincipal,
    booking: SupplierBookingRow,
    body: ChangeOffersBody,
  ): Promise<ChangeOffer[]> {
    const now = clock.now();
    refuseUnchangeable(booking, now);
    const legs = legsOf(booking.itinerary);
    const fieldErrors: Record<string, string[]> = {};
    body.legs.forEach((leg, i) => {
      if (!legs[leg.leg_index]) fieldErrors[`legs.${i}.leg_index`] = [ORDER_CHANGES.legs];
    });
    if (Object.keys(fieldErrors).length > 0) {
      throw new AppError('validation', Object.values(fieldErrors)[0]![0]!, { fieldErrors });
    }
    const asked = [...body.legs].sort((a, b) => a.leg_index - b.leg_index);
    // The airline is asked outside any transaction (decision 020).
    await commitRequestSoFar();
    let order: RemoteOrder;
    let answer: { requestId: string; offers: RemoteChangeOffer[] };
    try {
      order = await orders.get(booking.supplier_order_id!);
      const slices = order.slices ?? [];
      const cabin = legs[0]!.segments[0]!.CabinClass;
      answer = await changes.requestOffers({
        orderId: order.id,
        remove: asked.map((leg) => slices[leg.leg_index]?.id ?? ''),
        add: asked.map((leg) => ({
          origin: leg.origin ?? legs[leg.leg_index]!.origin,
          destination: leg.destination ?? legs[leg.leg_index]!.destination,
          departureDate: leg.departure_date,
          cabin,
        })),
      });
    } catch (error) {
      if (error instanceof SupplierCallError) throw offersRefusal(error);
      throw error;
    }
    const rate = booking.supplier_offer!.rate;
    const currency = booking.supplier_offer!.price.currency;
    const cap = now.getTime() + OFFER_MINUTES * 60_000;
    const rows: NewChangeOffer[] = answer.offers
      .filter(
        (offer) =>
          offer.add.length === asked.length &&
          [offer.changeTotal, offer.penalty, offer.newTotal].every((money) => money.currency === currency) &&
          offer.expiresAt.getTime() > now.getTime(),
      )
      .sort((a, b) => Number(a.changeTotal.amount) - Number(b.changeTotal.amount))
      .slice(0, MAX_OFFERS)
      .map((offer) => {
        const changeTotalMinor = convertedMinor(offer.changeTotal, rate);
        const penaltyMinor = Math.max(0, convertedMinor(offer.penalty, rate));
        const newLegs = asked.map((leg, i) => ({
          leg_index: leg.leg_index,
          segments: offer.add[i]!.segments,
        }));
        const stored: StoredRemoteChangeOffer = {
          supplier: 'duffel',
          supplierOfferId: offer.id,
          changeTotal: offer.changeTotal,
          penalty: offer.penalty,
          newTotal: offer.newTotal,
          rate,
          removeSliceIds: offer.remove.map((slice) => slice.id),
          segmentIds: offer.add.map((slice) => slice.segmentIds),
        };
        return {
          bookingId: booking.id,
          companyId: principal.companyId,
          kind: 'voluntary',
          scheduleChangeId: null,
          legs: newLegs as unknown as StoredChangeLeg[],
          itinerary: withLegs(booking.itinerary, newLegs),
          bookingOffer: stored,
          // The trip bought new today as the airline prices it, with the portal's markup as sold.
          newTotalMinor: Math.max(0, convertedMinor(offer.newTotal, rate) + Number(booking.markup_minor)),
          fareDifferenceMinor: changeTotalMinor - penaltyMinor,
          penaltyMinor,
          changeTotalMinor,
          currency: booking.currency,
          refundTo: changeTotalMinor < 0 ? 'credits' : null,
          rules: [
            `The airline’s change fee: ${minorMoneyText(penaltyMinor, booking.currency)}`,
            changeTotalMinor < 0
              ? 'The airline gives back the difference: it is returned to your credits once it confirms'
              : 'The amounts are the airline’s, converted at the booking’s rate',
          ],
          services: [],
          expiresAt: new Date(Math.min(offer.expiresAt.getTime(), cap)),
          createdBy: principal.userId,
          at: now,
        } satisfies NewChangeOffer;
      });
    const stored = await insertChangeOffers(db, rows);
    return stored.map(presentChangeOffer);
  }

  async function change(
    principal: CompanyPrincipal,
    booking: SupplierBookingRow,
    offerId: string,
  ): Promise<void> {
    const now = clock.now();
    const row = await changeOfferOfBooking(db, booking.id, offerId);
    if (!row) throw new AppError('not_found', ORDER_CHANGES.offerNotFound);
    if (row.used_at) throw new AppError('conflict', ORDER_CHANGES.used);
    refuseUnchangeable(booking, now);
    if (row.expires_at.getTime() <= now.getTime()) {
      throw new AppError('gone', ORDER_CHANGES.expired, {
        data: { expired_at: row.expires_at.toISOString() },
      });
    }
    const stored = row.booking_offer as StoredRemoteChangeOffer;
    await commitRequestSoFar();
    // The airline's pending change (nothing paid), and the order's e-tickets as they are before it.
    let pending: RemoteOrderChange;
    let before: RemoteOrder;
    try {
      before = await orders.get(booking.supplier_order_id!);
      pending = await changes.createChange(stored.supplierOfferId);
    } catch (error) {
      if (!(error instanceof SupplierCallError)) throw error;
      if (error.kind === 'gone') {
        throw new AppError('gone', ORDER_CHANGES.expired, {
          data: { expired_at: row.expires_at.toISOString() },
        });
      }
      throw deps.refusal(error);
    }
    const changeTotalMinor = Number(row.change_total_minor);
    const debitMinor = Math.max(0, changeTotalMinor);
    const step: StoredChangeStep = {
      offerId: row.id,
      supplierOfferId: stored.supplierOfferId,
      supplierChangeId: pending.id,
      changeTotal: stored.changeTotal,
      penalty: stored.penalty,
      newTotal: stored.newTotal,
      debitMinor,
      ledgerEntryId: null,
      before: { tickets: before.tickets.map((ticket) => ticket.number) },
      expiresAt: pending.expiresAt.toISOString(),
      actorUserId: principal.userId,
    };

    // Before the call: the offer used, the debit when the change costs something, the step journalled.
    await db.transaction().execute(async (trx) => {
      const locked = await lockSupplierBooking(trx, booking.id);
      if (!locked) throw new AppError('not_found', 'Booking not found');
      refuseUnchangeable(locked, now);
      if (!(await useChangeOffer(trx, row.id, now))) throw new AppError('conflict', ORDER_CHANGES.used);
      if (debitMinor > 0) {
        await lockLedger(trx, principal.companyId);
        // 402 'Insufficient credits' when the credits cannot cover it: nothing above is kept.
        const entry = await postLedgerEntry(trx, {
          companyId: principal.companyId,
          kind: 'change',
          amountMinor: -debitMinor,
          bookingId: locked.id,
          note: `${changeNote(amountsOf(row, locked.pnr, []), locked.currency)}; asked of the airline`,
          userId: principal.userId,
        });
        refuseOtherCurrency(locked, entry);
        step.ledgerEntryId = entry.id;
      }
      await updateSupplierBooking(trx, locked.id, {
        supplier_state: 'changing',
        supplier_state_at: now,
        supplier_change_step: step,
        updated_at: now,
      });
      await recordEvent(trx, {
        bookingId: locked.id,
        action: 'airline_change_asked',
        from: locked.status,
        to: locked.status,
        note: `Asking the airline to change the flights${debitMinor > 0 ? `; ${minorMoneyText(debitMinor, locked.currency)} debited from credits` : ''}`,
        actorUserId: principal.userId,
        at: now,
      });
    });

    deps.crashAt('duffel.before-change');
    try {
      await changes.confirmChange(pending);
    } catch (error) {
      if (!(error instanceof SupplierCallError)) throw error;
      // Never confirmed again blind: the change is read now, and by the reconciler until it settles.
      if (error.kind === 'unknown_outcome') return deps.tryResolve(booking.id);
      await recordChangeReversed(booking.id, error.message.replace(/\.$/, ''));
      if (error.kind === 'gone') throw new AppError('gone', ORDER_CHANGES.expired);
      throw deps.refusal(error);
    }
    deps.crashAt('duffel.after-change');
    try {
      await recordChanged(booking.id, await orders.get(booking.supplier_order_id!));
    } catch (error) {
      // The airline changed the order; its new tickets are read by the reconciler if not now.
      if (!(error instanceof SupplierCallError)) throw error;
      await deps.tryResolve(booking.id);
    }
  }

  /**
   * Settles a `changing` step from the airline's change as it is now: confirmed → recorded from the
   * order; unconfirmed past its expiry → the debit reversed; unconfirmed once the window has passed
   * → confirmed again (a confirmed change refuses a second confirmation, so it is paid once) and
   * read again.
   */
  async function settle(booking: SupplierBookingRow, missingMeansNone: boolean): Promise<void> {
    const step = booking.supplier_change_step;
    if (!step || !booking.supplier_order_id) return;
    let change = await changes.getChange(step.supplierChangeId);
    if (!change.confirmedAt && missingMeansNone && change.expiresAt.getTime() > clock.now().getTime()) {
      try {
        change = await changes.confirmChange(change);
      } catch (error) {
        if (!(error instanceof SupplierCallError) || error.kind === 'unknown_outcome') throw error;
        change = await changes.getChange(step.supplierChangeId);
      }
    }
    if (change.confirmedAt) {
      await recordChanged(booking.id, await orders.get(booking.supplier_order_id));
    } else if (missingMeansNone || change.expiresAt.getTime() <= clock.now().getTime()) {
      await recordChangeReversed(booking.id, 'the airline did not confirm the change');
    }
  }

  /** The offer's amounts as the change's words take them. */
  function amountsOf(
    row: {
      fare_difference_minor: unknown;
      penalty_minor: unknown;
      change_total_minor: unknown;
      refund_to: 'credits' | 'forfeited' | null;
    },
    pnr: string,
    tickets: { from: string; to: string }[],
  ) {
    return {
      fareDifferenceMinor: Number(row.fare_difference_minor),
      penaltyMinor: Number(row.penalty_minor),
      changeTotalMinor: Number(row.change_total_minor),
      refundTo: row.refund_to,
      pnr,
      servicesRefundMinor: 0,
      refundedServices: [],
      tickets,
    };
  }

  /**
   * changing → confirmed, the change made: each passenger's ticket exchanged for the airline's new
   * one (new on the order: not there before the call), the trip's flights replaced, the change in the
   * booking's chain, a residual the airline gives back credited. The debit was posted when the step
   * began. Returns false when another path settled it first.
   */
  async function recordChanged(bookingId: string, order: RemoteOrder): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const booking = await lockSupplierBooking(trx, bookingId);
      const step = booking?.supplier_change_step;
      if (booking?.supplier_state !== 'changing' || !step) return false;
      const now = clock.now();
      const offer = await changeOfferById(trx, step.offerId);
      const tickets = await exchangeTickets(
        trx,
        booking,
        order,
        step,
        Number(offer.fare_difference_minor),
        now,
      );

      // The trip as the airline flies it now.
      const oldLegs = legsOf(booking.itinerary);
      const itinerary = offer.itinerary;
      const seatRows = await segmentsOfBooking(trx, booking.id);
      const seats = seatRows[0]?.seats ?? 0;
      const newSegments = legsOf(itinerary).flatMap((leg, legIndex) =>
        leg.segments.map((segment) => ({
          leg: legIndex,
          flight: `${segment.MarketingAirline.Code}${segment.FlightNumber}`,
          departure_date: segment.DepartureDateTime.slice(0, 10),
          cabin: segment.CabinClass,
          seats,
          departs_at: instantOf(segment),
        })),
      );
      await replaceSegments(trx, booking.id, newSegments);
      const fareDifferenceMinor = Number(offer.fare_difference_minor);
      const first = newSegments[0]!;
      const last = newSegments[newSegments.length - 1]!;
      await updateChangedBooking(trx, booking.id, {
        itinerary: JSON.stringify(itinerary),
        total_minor: Number(booking.total_minor) + fareDifferenceMinor,
        net_minor: Number(booking.net_minor) + fareDifferenceMinor,
        first_departure_at: first.departs_at,
        last_departure_date: last.departure_date,
        void_until:
          booking.void_until && booking.void_until.getTime() > now.getTime() ? now : booking.void_until,
        updated_at: now,
      });

      const amounts = amountsOf(offer, booking.pnr, tickets);
      const note = changeNote(amounts, booking.currency);
      let ledgerEntryId = step.ledgerEntryId;
      const credit = Number(offer.change_total_minor) < 0 ? changeLedgerMinor(amounts, 0) : 0;
      if (credit > 0) {
        // Given back only now: the airline has confirmed it returns the difference.
        await lockLedger(trx, booking.company_id);
        const entry = await postLedgerEntry(trx, {
          companyId: booking.company_id,
          kind: 'change',
          amountMinor: credit,
          bookingId: booking.id,
          note,
          userId: step.actorUserId,
        });
        ledgerEntryId = entry.id;
      }
      const changedLegs = (offer.legs as unknown as { leg_index: number }[]).map((leg) => leg.leg_index);
      await insertBookingChange(trx, {
        bookingId: booking.id,
        companyId: booking.company_id,
        offerId: offer.id,
        kind: 'exchange',
        before: changedLegs.map((legIndex) => ({
          leg_index: legIndex,
          segments: oldLegs[legIndex]?.segments ?? [],
        })) as StoredChangeLeg[],
        after: offer.legs,
        fareDifferenceMinor,
        penaltyMinor: Number(offer.penalty_minor),
        changeTotalMinor: Number(offer.change_total_minor),
        servicesRefundMinor: 0,
        currency: booking.currency,
        refundTo: offer.refund_to,
        tickets,
        ledgerEntryId,
        actorUserId: step.actorUserId,
        at: now,
      });
      const supplierOffer = booking.supplier_offer!;
      await updateSupplierBooking(trx, booking.id, {
        supplier_state: 'confirmed',
        supplier_state_at: now,
        supplier_change_step: null,
        supplier_synced_at: now,
        // The order's flights by the airline's new segment ids (bags after issue name them).
        ...(order.segmentIds ? { supplier_offer: { ...supplierOffer, segmentIds: order.segmentIds } } : {}),
        updated_at: now,
      });
      await recordEvent(trx, {
        bookingId: booking.id,
        action: 'exchanged',
        from: booking.status,
        to: booking.status,
        note: `${note} (confirmed by the airline)`,
        actorUserId: step.actorUserId,
        at: now,
      });
      return true;
    });
  }

  /** Each passenger's live ticket exchanged for the airline's new number (the order's, new since the call). */
  async function exchangeTickets(
    trx: Transaction<Database>,
    booking: SupplierBookingRow,
    order: RemoteOrder,
    step: StoredChangeStep,
    fareDifferenceMinor: number,
    now: Date,
  ): Promise<{ from: string; to: string }[]> {
    const passengers = await orderPassengersOf(trx, booking.id);
    const indexes = offerPassengerIndexes(passengers.map((p) => p.passenger_type));
    const supplierIdOf = new Map(
      passengers.map((p, i) => [p.id, booking.supplier_offer!.passengers[indexes[i]!]?.id ?? '']),
    );
    const fresh = new Map<string, string>();
    for (const ticket of order.tickets) {
      if (!step.before.tickets.includes(ticket.number)) fresh.set(ticket.passengerId, ticket.number);
    }
    const live = await liveTicketsOf(trx, booking.id);
    const paid = await livePaidOf(trx, booking.id);
    const difference = shares(fareDifferenceMinor, live.length);
    const tickets: { from: string; to: string }[] = [];
    for (const [i, ticket] of live.entries()) {
      const number = fresh.get(supplierIdOf.get(ticket.passenger_id) ?? '');
      // The airline kept this passenger's ticket (none reissued): it stays as it is.
      if (!number) continue;
      const from = ticket.ticket_number.trim();
      const to = await exchangeTicket(trx, {
        bookingId: booking.id,
        passengerId: ticket.passenger_id,
        old: from,
        paidMinor: Math.max(0, (paid.get(from) ?? 0) + difference[i]!),
        at: now,
        // The airline's own number (never drawn here).
        ticketNumber: () => number,
      });
      tickets.push({ from, to });
    }
    return tickets;
  }

  /**
   * changing → confirmed, nothing changed: a `reversal` credit of exactly the step's debit, in one
   * transaction; the offer stays used (the agent asks for new offers).
   */
  async function recordChangeReversed(bookingId: string, reason: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const booking = await lockSupplierBooking(trx, bookingId);
      const step = booking?.supplier_change_step;
      if (booking?.supplier_state !== 'changing' || !step) return false;
      const now = clock.now();
      if (step.debitMinor > 0) {
        await lockLedger(trx, booking.company_id);
        await postLedgerEntry(trx, {
          companyId: booking.company_id,
          kind: 'reversal',
          amountMinor: step.debitMinor,
          bookingId: booking.id,
          note: `Change of booking ${booking.pnr} given back: ${reason}`,
          userId: null,
        });
      }
      await updateSupplierBooking(trx, booking.id, {
        supplier_state: 'confirmed',
        supplier_state_at: now,
        supplier_change_step: null,
        updated_at: now,
      });
      await recordEvent(trx, {
        bookingId: booking.id,
        action: 'airline_refused',
        from: booking.status,
        to: booking.status,
        note: `The airline did not change the flights: ${reason}.${step.debitMinor > 0 ? ` ${minorMoneyText(step.debitMinor, booking.currency)} returned to credits.` : ''}`,
        actorUserId: null,
        at: now,
      });
      return true;
    });
  }

  return { offers, change, settle, canChange: () => true };
}

export type OrderChangeSteps = ReturnType<typeof createOrderChangeSteps>;
