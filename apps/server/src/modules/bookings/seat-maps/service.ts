import type { SeatMap } from '@skydesk/contract';
import { AppError } from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../../platform/http/principal.js';
import type { FlightSupplier } from '../../../supplier/port.js';
import { seatMapFlights } from '../../../supplier/seat-maps.js';
import { loadBookingRecord } from '../booking/repo.js';
import { bookingScopeOf } from '../booking/scope.js';
import { offerForServices } from './offer-services.js';

/**
 * Seat maps before and after booking (issue 31, docs/api.md's third wave). The flights, cabin and
 * brand come from the priced offer or from the booking's itinerary as it was sold; the supplier
 * draws the maps. A remote supplier's offer (Duffel) gets the supplier's maps, asked with its own
 * offer; after booking a remote booking answers none (Duffel sells seats when the order is made, not
 * later: the SPA says so). A supplier without seat maps answers none.
 */

export function createSeatMapService(deps: { db: Kysely<Database>; supplier: FlightSupplier }) {
  const { db, supplier } = deps;
  return {
    async forOffer(offerId: string): Promise<SeatMap[]> {
      const offer = await offerForServices(supplier, offerId);
      if (!supplier.seatMaps || offer.remote === null) return [];
      return supplier.seatMaps.seatMaps({
        flights: seatMapFlights(offer.itinerary),
        passengers: offer.passengers,
        ...(offer.remote ? { remote: offer.remote } : {}),
      });
    },

    async forBooking(principal: CompanyPrincipal, bookingId: string): Promise<SeatMap[]> {
      const record = await loadBookingRecord(db, bookingScopeOf(principal), bookingId);
      if (!record) throw new AppError('not_found', 'Booking not found');
      if (record.booking.supplier !== 'sandbox' || !supplier.seatMaps) return [];
      return supplier.seatMaps.seatMaps({
        flights: seatMapFlights(record.booking.itinerary),
        passengers: record.passengers.map((passenger) => passenger.passenger_type),
        bookingId,
      });
    },
  };
}
