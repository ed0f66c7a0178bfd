import {
  type Booking,
  type BookingDetails,
  type BookingSegment,
  instantTextWithZone,
  type Money,
  minorToAmount,
  type Order,
  type Permission,
  servicesNamedIn,
  waitingForSupplier,
} from '@skydesk/contract';
import { presentScheduleChange } from '../schedule-changes/present.js';
import { allowedActions } from './allowed-actions.js';
import { sellingMinorOf } from './earnings.js';
import type { BookingRecord, HistoryRow, OrderRow, PassengerRow } from './repo.js';

/** The one place the wire shapes of bookings and orders are made (docs/api.md#bookings). */

export type Viewer = { now: Date; permissions: readonly Permission[] };

const money = (minor: number, currency: string): Money => ({
  Amount: minorToAmount(minor),
  CurrencyCode: currency,
});

/**
 * A moment in a text the agency keeps — a message, a notification and its e-mail, the history, a
 * fare rule — as docs/architecture.md §8 writes it, in the agency's zone and naming it: "Mon 30
 * Nov 2026, 06:05 Los Angeles time". In UTC ("…, 14:05 UTC") where the zone is not at hand.
 */
export const utcMinute = (at: Date, timeZone = 'UTC') => instantTextWithZone(at, timeZone);

/** As airlines print a name on a ticket: 'SURNAME/GIVEN NAMES TITLE'. */
export const ticketName = (passenger: Pick<PassengerRow, 'first_name' | 'last_name' | 'title'>) =>
  `${passenger.last_name}/${passenger.first_name} ${passenger.title}`;

export function presentBooking(record: BookingRecord, viewer: Viewer): Booking {
  const { booking, passengers, tickets, creator } = record;
  const passengerById = new Map(passengers.map((passenger) => [passenger.id, passenger]));
  const segments: BookingSegment[] =
    booking.itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.flatMap((option, leg) =>
      option.FlightSegment.map((segment) => ({ ...segment, leg })),
    );
  return {
    id: booking.id,
    pnr: booking.pnr,
    status: booking.status,
    trip_type: booking.trip_type,
    cabin: booking.cabin,
    validating_carrier: booking.validating_carrier,
    created_at: booking.created_at.toISOString(),
    ticketing_deadline: booking.ticketing_deadline.toISOString(),
    void_until: booking.void_until?.toISOString() ?? null,
    // Issue 31: fare and seats and bags on every supplier (total.ts), not the stored fare alone.
    total: money(record.totalMinor, booking.currency),
    services_total: money(record.servicesMinor, booking.currency),
    // Issue 33: what the agency pays (the total) and what its client pays for the trip (fees apart).
    net: money(record.totalMinor, booking.currency),
    selling: money(sellingMinorOf(record), booking.currency),
    pricing: booking.itinerary.AirItineraryPricingInfo,
    contact: { email: booking.contact_email, phone: booking.contact_phone },
    passengers: passengers.map((passenger) => ({
      id: passenger.id,
      passenger_type: passenger.passenger_type,
      title: passenger.title,
      first_name: passenger.first_name,
      last_name: passenger.last_name,
      gender: passenger.gender,
      date_of_birth: passenger.date_of_birth,
      nationality: passenger.nationality,
      passport_number: passenger.passport_number,
      passport_expiry: passenger.passport_expiry,
      traveller_id: passenger.traveller_id,
    })),
    segments,
    tickets: tickets.map((ticket) => {
      const passenger = passengerById.get(ticket.passenger_id);
      return {
        ticket_number: ticket.ticket_number,
        passenger_id: ticket.passenger_id,
        passenger_name: passenger ? ticketName(passenger) : '',
        status: ticket.status,
        paid: money(ticket.paid_minor, booking.currency),
        refunded: ticket.refunded_minor === null ? null : money(ticket.refunded_minor, booking.currency),
        issued_at: ticket.issued_at.toISOString(),
        // Issue 32: the chain of a change (changes/), on the tickets a change touched only.
        ...(ticket.exchanged_for ? { exchanged_for: ticket.exchanged_for.trim() } : {}),
        ...(ticket.replaces ? { replaces: ticket.replaces.trim() } : {}),
      };
    }),
    created_by: creator,
    supplier: {
      code: booking.supplier,
      reference: booking.supplier_reference,
      state: booking.supplier_state,
      airline_change_at: booking.supplier_change?.detectedAt ?? null,
    },
    schedule_change: record.scheduleChange ? presentScheduleChange(record.scheduleChange) : null,
    allowed_actions: allowedActions(
      {
        status: booking.status,
        ticketingDeadline: booking.ticketing_deadline,
        voidUntil: booking.void_until,
        firstDepartureAt: booking.first_departure_at,
        ticketStatuses: tickets.map((ticket) => ticket.status),
        waitingForSupplier: waitingForSupplier({ state: booking.supplier_state }),
      },
      viewer.now,
      viewer.permissions,
    ),
  };
}

export function presentBookingDetails(
  record: BookingRecord,
  history: readonly HistoryRow[],
  services: BookingDetails['services'],
  viewer: Viewer,
): BookingDetails {
  return {
    ...presentBooking(record, viewer),
    history: history.map((event) => ({
      id: event.id,
      action: event.action,
      from_status: event.from_status,
      to_status: event.to_status,
      note: event.note,
      actor: event.actor_id && event.actor_name ? { id: event.actor_id, name: event.actor_name } : null,
      created_at: event.created_at.toISOString(),
    })),
    services,
  };
}

export function presentOrder(order: OrderRow & { pnr: string; ledger_note?: string | null }): Order {
  // Issue 31: the seats and bags its statement line names; none, the field stays out (api.md's shape).
  const services = order.kind === 'ticket' ? servicesNamedIn(order.ledger_note) : [];
  return {
    id: order.id,
    order_no: order.order_no,
    booking_id: order.booking_id,
    pnr: order.pnr,
    kind: order.kind,
    amount: minorToAmount(order.amount_minor),
    currency: order.currency,
    status: order.status,
    created_at: order.created_at.toISOString(),
    ...(services.length > 0 ? { service_lines: services } : {}),
  };
}
