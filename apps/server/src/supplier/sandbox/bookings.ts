import type { SupplierBookings } from '../port.js';
import { releaseSeats, takeSeats } from './seat-inventory-repo.js';
import { newTicketNumber } from './ticket-numbers.js';

/**
 * The sandbox GDS's booking operations: its seats live in the portal's database
 * (`seat_inventory`), so holding and releasing them are statements in the portal's own
 * transaction, and tickets are numbered here.
 */
export const sandboxBookings: SupplierBookings = {
  hold: (trx, offer, seatsPerFlight) =>
    takeSeats(
      trx,
      offer.segments.map((segment) => ({
        flight: segment.flight,
        date: segment.date,
        cabin: segment.cabin,
        seats: seatsPerFlight,
        capacity: segment.capacity,
      })),
    ),
  release: (trx, seats) => releaseSeats(trx, seats),
  ticketNumber: newTicketNumber,
};
