import { AppError, type PassengerType, type PricedItinerary } from '@skydesk/contract';
import type { FlightSupplier } from '../../../supplier/port.js';
import type { RemoteOffer, SupplierCode } from '../../../supplier/remote-orders.js';

/**
 * An offer as its seats and bags are read before booking (issue 31): priced again, refused as
 * booking it would be (422 not ours, 410 expired, 409 unavailable or sold out), with its party in
 * the booking's order and, for a remote supplier's offer, what that supplier reads them with.
 */
export type OfferForServices = {
  itinerary: PricedItinerary;
  /** Adults, then children, then infants, as the booking will list them. */
  passengers: PassengerType[];
  /** A remote supplier's offer: its own offer to ask with; null when it kept none (none to sell). */
  remote: { supplier: SupplierCode; offer: RemoteOffer } | null | undefined;
};

export async function offerForServices(supplier: FlightSupplier, offerId: string): Promise<OfferForServices> {
  const answer = await supplier.price(offerId);
  switch (answer.status) {
    case 'invalid':
      throw new AppError('validation', answer.message, { fieldErrors: { offer_id: [answer.message] } });
    case 'expired':
      throw new AppError('gone', answer.message, { data: { expired_at: answer.expiredAt.toISOString() } });
    case 'unavailable':
    case 'soldOut':
      throw new AppError('conflict', answer.message);
  }
  const { supplier: code, remote } = answer.booking;
  const isRemote = code !== undefined && code !== null && code !== 'sandbox';
  return {
    itinerary: answer.itinerary,
    passengers: partyOf(answer.itinerary),
    remote: isRemote ? (remote ? { supplier: code, offer: remote } : null) : undefined,
  };
}

function partyOf(itinerary: PricedItinerary): PassengerType[] {
  const types = { ADT: 'adult', CNN: 'child', INF: 'infant' } as const;
  const breakdowns = itinerary.AirItineraryPricingInfo.PTC_FareBreakdowns.PTC_FareBreakdown;
  return (['ADT', 'CNN', 'INF'] as const).flatMap((code) => {
    const quantity = breakdowns.find((entry) => entry.PassengerTypeQuantity.Code === code)
      ?.PassengerTypeQuantity.Quantity;
    return Array.from({ length: quantity ?? 0 }, () => types[code]);
  });
}
