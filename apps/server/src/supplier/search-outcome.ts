import type { Cabin, OriginDestinationOption, PricedItinerary } from '@skydesk/contract';
import { type GzipHead, gunzipHead, gzipHead } from '../platform/http/gzip-fragments.js';
import { type SeatQuery, type SeatReading, seatKey } from './inventory.js';
import type { FlightSearchAnswer, GroupedAnswer } from './port.js';

/**
 * A search answer as the portal keeps and sends it: already encoded for the wire (its JSON up to
 * the `search_id`, plain or gzip as its client takes it), with what the history and the shopping
 * cache need to know of it. It is made where the search ran — on a
 * worker thread for the embedded GDS — so the itineraries never cross to the event loop as objects.
 */
export type SearchOutcome = {
  count: number;
  answer: EncodedAnswer;
  /** The flight, date and cabin of every segment shown, once each. */
  seats: SeatQuery[];
  /** Seats sold on each of `seats` when the answer was priced, when the supplier says. */
  sold?: number[];
  /**
   * Issue 29: suppliers that did not answer (the answer names them in `missing_suppliers`). Such
   * an answer is not cached: searching again should ask them again.
   */
  missingSuppliers?: string[];
  /** When the first of a remote supplier's offers in the answer expires (epoch ms): cached no longer. */
  expiresAt?: number;
};

/**
 * The success envelope of every endpoint (platform/http/endpoint-route.ts), written up to where
 * each search adds its own `search_id`: as plain JSON, or gzip, or both. A search encodes what its
 * client takes; the other form is made from it when first asked for, and kept (a cached answer
 * usually lives as its gzip alone, a tenth of the size).
 */
export type EncodedAnswer = { plain?: Buffer; gzip?: GzipHead };

export const searchMessage = (count: number) => `${count} itineraries found`;

/** Level 1, as nginx's default: the answer is compressed while the agent waits. */
const GZIP_LEVEL = 1;

function encodeAnswer(
  itineraries: readonly PricedItinerary[],
  missingSuppliers: readonly string[],
  options: { gzip: boolean },
): EncodedAnswer {
  const plain = answerJson(itineraries, missingSuppliers);
  return options.gzip ? { gzip: gzipHead(plain, GZIP_LEVEL) } : { plain };
}

export function plainOf(answer: EncodedAnswer): Buffer {
  answer.plain ??= gunzipHead(answer.gzip!);
  return answer.plain;
}

export function gzipOf(answer: EncodedAnswer): GzipHead {
  answer.gzip ??= gzipHead(answer.plain!, GZIP_LEVEL);
  return answer.gzip;
}

const COMMA = Buffer.from(',');

/**
 * The answer as JSON.stringify writes it, each leg written once. A return search pairs every
 * outbound option with every inbound one — hundreds of itineraries sharing a few dozen leg objects
 * (present-itinerary.ts) — so most of its megabytes are copies of the same legs. The keys of an
 * itinerary are written here in the contract's order; a test holds this byte for byte to
 * JSON.stringify.
 */
function answerJson(
  itineraries: readonly PricedItinerary[],
  missingSuppliers: readonly string[] = [],
): Buffer {
  const legs = new Map<OriginDestinationOption, Buffer>();
  const parts: Buffer[] = [
    Buffer.from(
      `{"status":true,"message":${JSON.stringify(searchMessage(itineraries.length))},"data":{"PricedItineraries":{"PricedItinerary":[`,
    ),
  ];
  itineraries.forEach((itinerary, index) => {
    parts.push(
      Buffer.from(
        `${index > 0 ? ',' : ''}{"SequenceNumber":${JSON.stringify(itinerary.SequenceNumber)},"offer_id":${JSON.stringify(itinerary.offer_id)},"offer_expires_at":${JSON.stringify(itinerary.offer_expires_at)},"ValidatingCarrier":${JSON.stringify(itinerary.ValidatingCarrier)},"AirItinerary":{"DirectionInd":${JSON.stringify(itinerary.AirItinerary.DirectionInd)},"OriginDestinationOptions":{"OriginDestinationOption":[`,
      ),
    );
    itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.forEach((option, leg) => {
      if (leg > 0) parts.push(COMMA);
      let json = legs.get(option);
      if (!json) {
        json = Buffer.from(JSON.stringify(option));
        legs.set(option, json);
      }
      parts.push(json);
    });
    parts.push(
      Buffer.from(
        `]}},"AirItineraryPricingInfo":${JSON.stringify(itinerary.AirItineraryPricingInfo)},"FareFamilies":${JSON.stringify(itinerary.FareFamilies)}${itinerary.ticketing === undefined ? '' : `,"ticketing":${JSON.stringify(itinerary.ticketing)}`}${sellingJson(itinerary)}}`,
      ),
    );
  });
  parts.push(Buffer.from(`]},"missing_suppliers":${JSON.stringify(missingSuppliers)}`));
  return Buffer.concat(parts);
}

/** Issue 33: the agency's net and its client's price, added as the answer is sent (flights/selling.ts). */
const sellingJson = (itinerary: PricedItinerary) =>
  (itinerary.net === undefined ? '' : `,"net":${JSON.stringify(itinerary.net)}`) +
  (itinerary.selling === undefined ? '' : `,"selling":${JSON.stringify(itinerary.selling)}`) +
  (itinerary.markup_rule === undefined ? '' : `,"markup_rule":${JSON.stringify(itinerary.markup_rule)}`);

/**
 * The grouped answer (issue 16) is one object of a few hundred kilobytes at most, each option once:
 * JSON.stringify writes it, up to where `search_id` is added.
 */
function groupedJson(answer: GroupedAnswer, trips: number, missingSuppliers: readonly string[]): Buffer {
  const data = JSON.stringify(answer);
  return Buffer.from(
    `{"status":true,"message":${JSON.stringify(searchMessage(trips))},"data":${data.slice(0, -1)},"missing_suppliers":${JSON.stringify(missingSuppliers)}`,
  );
}

export function outcomeOf(searched: FlightSearchAnswer, options: { gzip: boolean }): SearchOutcome {
  const missing = searched.missingSuppliers ?? [];
  const remote = {
    ...(missing.length > 0 ? { missingSuppliers: missing } : {}),
    ...(searched.expiresAt === undefined ? {} : { expiresAt: searched.expiresAt }),
  };
  if (searched.grouped) {
    const { answer, trips } = searched.grouped;
    const plain = groupedJson(answer, trips, missing);
    const seats = groupedSeats(answer);
    const sold = searched.seatsRead && soldAmong(seats, searched.seatsRead);
    return {
      count: trips,
      answer: options.gzip ? { gzip: gzipHead(plain, GZIP_LEVEL) } : { plain },
      seats,
      ...(sold ? { sold } : {}),
      ...remote,
    };
  }
  const { itineraries } = searched;
  const seats = seatsShown(itineraries);
  const sold = searched.seatsRead && soldAmong(seats, searched.seatsRead);
  return {
    count: itineraries.length,
    answer: encodeAnswer(itineraries, missing, options),
    seats,
    ...(sold ? { sold } : {}),
    ...remote,
  };
}

/**
 * An encoded answer read back as objects (issue 29): with a remote supplier on, the sandbox's
 * answer — made and encoded on a search worker — is merged with the remote ones, then encoded
 * again. Only then: the sandbox alone is sent as its worker wrote it.
 */
export function decodeOutcome(outcome: SearchOutcome): FlightSearchAnswer {
  const envelope = JSON.parse(`${plainOf(outcome.answer).toString()}}}`) as {
    data: Record<string, unknown>;
  };
  const { missing_suppliers: _missing, ...data } = envelope.data;
  const seatsRead = outcome.sold ? { seatsRead: { seats: outcome.seats, sold: outcome.sold } } : {};
  if (data.view === 'itineraries') {
    return {
      itineraries: [],
      grouped: { answer: data as GroupedAnswer, trips: outcome.count },
      ...seatsRead,
    };
  }
  const flat = data as { PricedItineraries: { PricedItinerary: PricedItinerary[] } };
  return { itineraries: flat.PricedItineraries.PricedItinerary, ...seatsRead };
}

function seatsShown(itineraries: readonly PricedItinerary[]): SeatQuery[] {
  const options = new Set<OriginDestinationOption>();
  for (const itinerary of itineraries) {
    for (const option of itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption) {
      options.add(option);
    }
  }
  const seen = new Map<string, SeatQuery>();
  for (const option of options) {
    for (const segment of option.FlightSegment) {
      const flight = `${segment.MarketingAirline.Code}${segment.FlightNumber}`;
      const date = segment.DepartureDateTime.slice(0, 10);
      const key = seatKey(flight, date, segment.CabinClass);
      if (!seen.has(key)) seen.set(key, { flight, date, cabin: segment.CabinClass });
    }
  }
  return [...seen.values()];
}

function groupedSeats(answer: GroupedAnswer): SeatQuery[] {
  const cabin: Cabin = answer.cabin;
  const seen = new Map<string, SeatQuery>();
  for (const leg of answer.legs) {
    for (const option of leg.options) {
      for (const segment of option.segments) {
        const flight = `${segment.marketing}${segment.flight_number}`;
        const date = segment.departure.at.slice(0, 10);
        const key = seatKey(flight, date, cabin);
        if (!seen.has(key)) seen.set(key, { flight, date, cabin });
      }
    }
  }
  return [...seen.values()];
}

/** The counts read for the seats shown; undefined when a shown flight was not among those read. */
function soldAmong(seats: readonly SeatQuery[], read: SeatReading): number[] | undefined {
  const soldByKey = new Map(
    read.seats.map((seat, i) => [seatKey(seat.flight, seat.date, seat.cabin), read.sold[i]!]),
  );
  const sold: number[] = [];
  for (const seat of seats) {
    const count = soldByKey.get(seatKey(seat.flight, seat.date, seat.cabin));
    if (count === undefined) return undefined;
    sold.push(count);
  }
  return sold;
}
