import { randomInt } from 'node:crypto';
import { AppError, minorToAmount, type PricedItinerary } from '@skydesk/contract';
import type { Clock } from '../../src/platform/clock.js';
import {
  type FlightSearchRequest,
  type FlightSupplier,
  type HeldSeats,
  type OfferBooking,
  type PriceAnswer,
  SupplierRequestError,
} from '../../src/supplier/port.js';

/**
 * A second flight supplier, as small as the port allows: one daily flight London → New York, its
 * seats counted in memory, offers that are plain JSON. It proves the portal needs nothing of a
 * supplier beyond the port (no seat_inventory table, no sandbox network). Seats it holds inside a
 * transaction that later rolls back are not given back: a remote supplier's outbox would.
 */
export type InMemorySupplier = FlightSupplier & {
  /** Seats held per 'flight date', as the supplier counts them. */
  readonly held: Map<string, number>;
  readonly calls: string[];
};

const FLIGHT = { carrier: 'ZZ', number: '100', origin: 'LHR', destination: 'JFK', capacity: 4 };
const ADULT_FARE = { base: 40_000, taxes: 8_000 };
const money = (minor: number) => ({ Amount: minorToAmount(minor), CurrencyCode: 'USD' });

type Offer = { date: string; adults: number; children: number; infants: number; quotedAt: number };

export function createInMemorySupplier(clock: Clock): InMemorySupplier {
  const held = new Map<string, number>();
  const calls: string[] = [];
  const key = (flight: string, date: string) => `${flight} ${date}`;
  const flight = `${FLIGHT.carrier}${FLIGHT.number}`;
  const seatsLeft = (date: string) => FLIGHT.capacity - (held.get(key(flight, date)) ?? 0);

  function itinerary(offer: Offer): PricedItinerary {
    const party = offer.adults + offer.children + offer.infants;
    const total = ADULT_FARE.base * party + ADULT_FARE.taxes * party;
    const offerId = Buffer.from(JSON.stringify(offer)).toString('base64url');
    const types = [
      ['ADT', offer.adults],
      ['CNN', offer.children],
      ['INF', offer.infants],
    ] as const;
    return {
      SequenceNumber: 1,
      offer_id: offerId,
      offer_expires_at: new Date(offer.quotedAt + 30 * 60_000).toISOString(),
      ValidatingCarrier: FLIGHT.carrier,
      // One brand: this stand-in sells a single fare.
      FareFamilies: [],
      AirItinerary: {
        DirectionInd: 'OneWay',
        OriginDestinationOptions: {
          OriginDestinationOption: [
            {
              ElapsedTime: 480,
              FlightSegment: [
                {
                  DepartureAirport: { LocationCode: FLIGHT.origin, Terminal: null },
                  ArrivalAirport: { LocationCode: FLIGHT.destination, Terminal: null },
                  DepartureDateTime: `${offer.date}T10:00:00`,
                  ArrivalDateTime: `${offer.date}T13:00:00`,
                  DepartureUTCOffset: '+00:00',
                  ArrivalUTCOffset: '-05:00',
                  FlightNumber: FLIGHT.number,
                  MarketingAirline: { Code: FLIGHT.carrier, Name: 'Zed Air' },
                  OperatingAirline: { Code: FLIGHT.carrier, Name: 'Zed Air' },
                  Equipment: { AirEquipType: '789' },
                  ResBookDesigCode: 'Y',
                  CabinClass: 'Economy',
                  ElapsedTime: 480,
                  StopQuantity: 0,
                  SeatsRemaining: seatsLeft(offer.date),
                },
              ],
            },
          ],
        },
      },
      AirItineraryPricingInfo: {
        ItinTotalFare: {
          BaseFare: money(ADULT_FARE.base * party),
          Taxes: { Total: money(ADULT_FARE.taxes * party) },
          TotalFare: money(total),
        },
        PTC_FareBreakdowns: {
          PTC_FareBreakdown: types
            .filter(([, quantity]) => quantity > 0)
            .map(([code, quantity]) => ({
              PassengerTypeQuantity: { Code: code, Quantity: quantity },
              PassengerFare: {
                BaseFare: money(ADULT_FARE.base),
                Taxes: money(ADULT_FARE.taxes),
                TotalFare: money(ADULT_FARE.base + ADULT_FARE.taxes),
              },
            })),
        },
        FareInfos: [
          { FareBasisCode: 'YFLEX', BrandName: 'Flex', Baggage: { Pieces: 1, WeightKg: 23 }, SegmentRef: 1 },
        ],
        Refundable: true,
        Penalties: { Cancel: money(5_000), Change: money(0) },
      },
    };
  }

  function booking(offer: Offer): OfferBooking {
    const party = offer.adults + offer.children + offer.infants;
    const fare = { base: ADULT_FARE.base, taxes: ADULT_FARE.taxes };
    return {
      tripType: 'OneWay',
      cabin: 'Economy',
      passengers: { adults: offer.adults, children: offer.children, infants: offer.infants },
      fares: { adult: fare, child: fare, infant: fare },
      totalMinor: (ADULT_FARE.base + ADULT_FARE.taxes) * party,
      currency: 'USD',
      validatingCarrier: FLIGHT.carrier,
      segments: [
        {
          leg: 0,
          flight,
          date: offer.date,
          cabin: 'Economy',
          capacity: FLIGHT.capacity,
          departsAt: new Date(`${offer.date}T10:00:00Z`),
        },
      ],
    };
  }

  const serves = (request: FlightSearchRequest) =>
    request.tripType === 'OneWay' &&
    request.cabin === 'Economy' &&
    request.legs[0]?.origin === FLIGHT.origin &&
    request.legs[0]?.destination === FLIGHT.destination;

  return {
    held,
    calls,
    inventory: {
      soldSeats: (queries) => queries.map((query) => held.get(key(query.flight, query.date)) ?? 0),
    },

    async routes() {
      return {
        Routes: [{ origin_location_code: FLIGHT.origin, destination_location_codes: [FLIGHT.destination] }],
        Airports: [
          { code: 'LHR', name: 'Heathrow', city: 'London', country_code: 'GB', time_zone: 'Europe/London' },
          {
            code: 'JFK',
            name: 'John F Kennedy',
            city: 'New York',
            country_code: 'US',
            time_zone: 'America/New_York',
          },
        ],
      };
    },

    async search(request) {
      calls.push('search');
      const leg = request.legs[0];
      if (!leg) throw new SupplierRequestError('origin_destinations', 'One leg, please');
      const seated = request.passengers.adults + request.passengers.children;
      if (!serves(request) || seatsLeft(leg.departureDate) < seated) return { itineraries: [] };
      return {
        itineraries: [
          itinerary({
            date: leg.departureDate,
            adults: request.passengers.adults,
            children: request.passengers.children,
            infants: request.passengers.infants,
            quotedAt: Math.floor(clock.now().getTime() / 1000) * 1000,
          }),
        ],
      };
    },

    async price(offerId): Promise<PriceAnswer> {
      calls.push('price');
      let offer: Offer;
      try {
        offer = JSON.parse(Buffer.from(offerId, 'base64url').toString('utf8')) as Offer;
      } catch {
        return { status: 'invalid', message: 'This offer is not ours' };
      }
      if (seatsLeft(offer.date) < offer.adults + offer.children) {
        return { status: 'unavailable', message: 'Sold out' };
      }
      const priced = itinerary(offer);
      return {
        status: 'priced',
        itinerary: priced,
        booking: booking(offer),
        priceChanged: false,
        previousTotal: priced.AirItineraryPricingInfo.ItinTotalFare.TotalFare,
      };
    },

    bookings: {
      async hold(_trx, offer, seatsPerFlight) {
        calls.push('hold');
        for (const segment of offer.segments) {
          const now = held.get(key(segment.flight, segment.date)) ?? 0;
          if (now + seatsPerFlight > segment.capacity) {
            throw new AppError('conflict', `Seats are no longer available on ${segment.flight}`);
          }
        }
        for (const segment of offer.segments) {
          const k = key(segment.flight, segment.date);
          held.set(k, (held.get(k) ?? 0) + seatsPerFlight);
        }
      },
      async release(_trx, seats: readonly HeldSeats[]) {
        calls.push('release');
        for (const seat of seats) {
          const k = key(seat.flight, seat.date);
          held.set(k, Math.max(0, (held.get(k) ?? 0) - seat.seats));
        }
      },
      ticketNumber() {
        calls.push('ticket');
        return `999${String(randomInt(10_000_000_000)).padStart(10, '0')}`;
      },
    },
  };
}
