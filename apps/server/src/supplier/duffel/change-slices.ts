import type { Cabin, FlightSegment } from '@skydesk/contract';
import type { RemoteChangeSlice } from '../remote-changes.js';
import { CABIN_OF, localInstant } from './offers.js';
import type { CabinClass } from './types.js';

/**
 * A slice of a Duffel order change offer, order change or airline-initiated change (issue 32), read
 * into the portal's shape: the supplier's slice and segment ids, and the flights as the contract's
 * FlightSegment (as an offer's are, supplier/duffel/offers.ts).
 */

/** A segment of a change offer's or an airline change's slice, as the reference lists it. */
type DuffelChangeSegment = {
  id: string;
  origin: { iata_code: string | null; time_zone?: string | null };
  destination: { iata_code: string | null; time_zone?: string | null };
  origin_terminal?: string | null;
  destination_terminal?: string | null;
  departing_at: string;
  arriving_at: string;
  marketing_carrier: { iata_code: string | null; name: string };
  marketing_carrier_flight_number: string;
  operating_carrier?: { iata_code: string | null; name: string } | null;
  aircraft?: { iata_code: string | null } | null;
  stops?: unknown[] | null;
  passengers?: { cabin_class?: CabinClass | null; fare_basis_code?: string | null }[];
};

export type DuffelChangeSlice = {
  id: string;
  origin: { iata_code: string | null };
  destination: { iata_code: string | null };
  fare_brand_name?: string | null;
  segments: DuffelChangeSegment[];
};

const CABIN_LETTER: Record<Cabin, string> = { Economy: 'Y', PremiumEconomy: 'W', Business: 'J', First: 'F' };

function presentSegment(segment: DuffelChangeSegment): FlightSegment {
  const departure = localInstant(segment.departing_at, segment.origin.time_zone);
  const arrival = localInstant(segment.arriving_at, segment.destination.time_zone);
  const cabinClass = segment.passengers?.[0]?.cabin_class;
  const cabin = (cabinClass && CABIN_OF[cabinClass]) ?? 'Economy';
  const basis = segment.passengers?.[0]?.fare_basis_code ?? '';
  const marketing = segment.marketing_carrier;
  const operating = segment.operating_carrier;
  return {
    DepartureAirport: {
      LocationCode: segment.origin.iata_code ?? '',
      Terminal: segment.origin_terminal ?? null,
    },
    ArrivalAirport: {
      LocationCode: segment.destination.iata_code ?? '',
      Terminal: segment.destination_terminal ?? null,
    },
    DepartureDateTime: segment.departing_at.slice(0, 19),
    ArrivalDateTime: segment.arriving_at.slice(0, 19),
    DepartureUTCOffset: departure.offset,
    ArrivalUTCOffset: arrival.offset,
    FlightNumber: segment.marketing_carrier_flight_number,
    MarketingAirline: { Code: marketing.iata_code ?? '', Name: marketing.name },
    OperatingAirline: {
      Code: /^[A-Z0-9]{2}$/.test(operating?.iata_code ?? '')
        ? operating!.iata_code!
        : (marketing.iata_code ?? ''),
      Name: operating?.name ?? marketing.name,
    },
    Equipment: { AirEquipType: segment.aircraft?.iata_code ?? '' },
    ResBookDesigCode: /^[A-Z]/.test(basis) ? basis[0]! : CABIN_LETTER[cabin],
    CabinClass: cabin,
    ElapsedTime: Math.max(1, Math.round((arrival.at - departure.at) / 60_000)),
    StopQuantity: segment.stops?.length ?? 0,
    // Duffel gives no seat count (as its offers: decision 019).
    SeatsRemaining: 9,
  };
}

export function toChangeSlice(slice: DuffelChangeSlice): RemoteChangeSlice {
  const first = slice.segments[0];
  const last = slice.segments[slice.segments.length - 1];
  return {
    id: slice.id,
    origin: slice.origin.iata_code ?? first?.origin.iata_code ?? '',
    destination: slice.destination.iata_code ?? last?.destination.iata_code ?? '',
    fareBrand: slice.fare_brand_name ?? null,
    segmentIds: slice.segments.map((segment) => segment.id),
    segments: slice.segments.map(presentSegment),
  };
}
