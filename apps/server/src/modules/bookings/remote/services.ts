import { AppError, type PassengerType, type PricedItinerary, type ServiceRequest } from '@skydesk/contract';
import type { FlightSupplier, OfferBooking } from '../../../supplier/port.js';
import { type RemoteOffer, withServices } from '../../../supplier/remote-orders.js';
import { seatMapFlights } from '../../../supplier/seat-maps.js';
import type { NewService } from '../services/repo.js';

/**
 * Seats and bags chosen with a remote supplier's offer (issue 31, `services` on POST /api/booking):
 * priced by the supplier (Duffel: its seat maps' and offer's services) and folded into the offer the
 * booking stores, so the order saga (decision 020) orders and pays them with the fare:
 *
 * - the booking's `total_minor` is the fare's total plus `totalMinor`: the saga's ticket debit, its
 *   reversal and the order's payment are one amount, recorded before the call, as for the fare alone
 *   (every crash point settles as before); `net_minor` is the folded offer's (services at cost, no
 *   markup), so the markup stays the fare's;
 * - the rows are the booking's services (held), each with its amount, for the booking's details;
 * - Duffel takes no services on a hold order: the folded offer is ordered at once on issue
 *   (`instantPaymentOnly`), so the booking is held here only, and the seats are the airline's until then.
 */
export async function quoteRemoteServices(
  supplier: FlightSupplier,
  input: {
    offer: OfferBooking;
    itinerary: PricedItinerary;
    /** The booking's passengers' types, in its order (the services' `passenger_index`). */
    passengers: readonly PassengerType[];
    services: readonly ServiceRequest[];
  },
): Promise<{ rows: NewService[]; totalMinor: number; remote: RemoteOffer }> {
  const { offer, itinerary, services } = input;
  const remote = offer.remote!;
  if (services.length === 0) return { rows: [], totalMinor: 0, remote };
  if (!supplier.remoteServices || !offer.supplier || offer.supplier === 'sandbox') {
    const message = "This airline's seats and bags cannot be chosen here: book without them";
    throw new AppError('validation', message, { fieldErrors: { services: [message] } });
  }
  const inOffer = offerPassengerIndexes(input.passengers);
  const aimed = services.map((service) => ({
    ...service,
    // A passenger the booking does not have stays out of range: the supplier refuses it.
    passenger_index: inOffer[service.passenger_index] ?? input.passengers.length + service.passenger_index,
  }));
  const quote = await supplier.remoteServices.quote({
    supplier: offer.supplier,
    offer: remote,
    services: aimed,
  });
  if (quote.status === 'invalid') {
    throw new AppError('validation', quote.message, { fieldErrors: { [quote.field]: [quote.message] } });
  }
  const flights = seatMapFlights(itinerary);
  const rows: NewService[] = services.map((service, index) => {
    const flight = flights[service.segment_index]!;
    return {
      type: service.type,
      passenger_index: service.passenger_index,
      segment_index: service.segment_index,
      flight: flight.flight,
      departure_date: flight.date,
      designator: service.type === 'seat' ? service.designator! : null,
      quantity: service.type === 'bag' ? service.quantity! : null,
      weight_kg: quote.weightsKg[index] ?? null,
      amount_minor: quote.amountsMinor[index]!,
      currency: offer.currency,
    };
  });
  return { rows, totalMinor: quote.totalMinor, remote: withServices(remote, quote.services) };
}

/**
 * Each of the booking's passengers' place among the supplier offer's (adults, then children, then
 * infants): the k-th passenger of a type is the offer's k-th of it, as the order names them.
 */
export function offerPassengerIndexes(types: readonly PassengerType[]): number[] {
  const order: PassengerType[] = ['adult', 'child', 'infant'];
  const before = (type: PassengerType) =>
    types.filter((other) => order.indexOf(other) < order.indexOf(type)).length;
  const seen = new Map<PassengerType, number>();
  return types.map((type) => {
    const k = seen.get(type) ?? 0;
    seen.set(type, k + 1);
    return before(type) + k;
  });
}
