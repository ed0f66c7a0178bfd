import type { Cabin } from '@skydesk/contract';
import { type FlightSegment, PricedItinerary } from '@skydesk/contract';
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock.js';
import { inventoryFromMap, seatKey } from '../inventory.js';
import type { FlightSearchRequest } from '../port.js';
import { SupplierRequestError } from '../port.js';
import { buildTimetable } from './build-timetable.js';
import { MAX_LAYOVER_MINUTES, minimumConnectionMinutes } from './routing.js';
import { createSandboxSupplier, type SandboxSupplier } from './shopping.js';

const NOW = new Date('2026-11-22T12:00:00Z');
const clock = createManualClock(NOW);
const sold = new Map<string, number>();
let supplier: SandboxSupplier;

beforeAll(async () => {
  const { timetable } = await buildTimetable();
  supplier = await createSandboxSupplier({
    offerKey: 'test-offer-key',
    clock,
    inventory: inventoryFromMap(sold),
    timetable,
  });
});

beforeEach(() => {
  clock.set(NOW);
  sold.clear();
});

const oneWay = (
  origin: string,
  destination: string,
  departureDate: string,
  overrides: Partial<FlightSearchRequest> = {},
) =>
  supplier.search({
    tripType: 'OneWay',
    legs: [{ origin, destination, departureDate }],
    passengers: { adults: 1, children: 0, infants: 0 },
    cabin: 'Economy',
    maxStops: 2,
    preferredAirlines: [],
    ...overrides,
  });

/** A return trip out on one date and back on another, one connection at most. */
const returnTrip = (
  origin: string,
  destination: string,
  [out, back]: [string, string],
  overrides: Partial<FlightSearchRequest> = {},
) =>
  oneWay(origin, destination, out, {
    tripType: 'Return',
    legs: [
      { origin, destination, departureDate: out },
      { origin: destination, destination: origin, departureDate: back },
    ],
    maxStops: 1,
    ...overrides,
  });

/** The exact instant of an airport-local date-time with its offset, in epoch minutes. */
const instant = (dateTime: string, offset: string) => Date.parse(`${dateTime}${offset}`) / 60_000;
const departs = (segment: FlightSegment) => instant(segment.DepartureDateTime, segment.DepartureUTCOffset);
const arrives = (segment: FlightSegment) => instant(segment.ArrivalDateTime, segment.ArrivalUTCOffset);
const segmentsOf = (itinerary: PricedItinerary) =>
  itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.flatMap(
    (option) => option.FlightSegment,
  );
const total = (itinerary: PricedItinerary) =>
  itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount;

/** What breaks the connection rules between consecutive segments (within and across legs). */
function connectionBreaks(itinerary: PricedItinerary): string[] {
  const t = supplier.timetable;
  const country = (code: string) => t.airport(t.airportIndex(code)!).countryCode;
  const crosses = (segment: FlightSegment) =>
    country(segment.DepartureAirport.LocationCode) !== country(segment.ArrivalAirport.LocationCode);
  const breaks: string[] = [];
  itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.forEach((option, leg) => {
    const { FlightSegment: segments } = option;
    const first = segments[0]!;
    const last = segments[segments.length - 1]!;
    if (arrives(last) - departs(first) !== option.ElapsedTime) breaks.push(`leg ${leg} elapsed time`);
    segments.forEach((segment, index) => {
      if (arrives(segment) - departs(segment) !== segment.ElapsedTime)
        breaks.push(`leg ${leg} segment ${index} block`);
      const previous = segments[index - 1];
      if (!previous) return;
      const connection = minimumConnectionMinutes(crosses(previous), crosses(segment));
      const layover = departs(segment) - arrives(previous);
      if (previous.ArrivalAirport.LocationCode !== segment.DepartureAirport.LocationCode)
        breaks.push('not connected');
      if (layover < connection) breaks.push(`connection ${layover} < ${connection} min`);
      if (layover > MAX_LAYOVER_MINUTES) breaks.push('layover over 24 h');
    });
  });
  const all = segmentsOf(itinerary);
  const airports = all.map((segment) => segment.DepartureAirport.LocationCode);
  for (let i = 1; i < all.length; i++) {
    if (departs(all[i]!) < arrives(all[i - 1]!) + 45)
      breaks.push(`segment ${i} leaves before the last lands`);
  }
  if (itinerary.AirItinerary.DirectionInd === 'OneWay' && new Set(airports).size !== airports.length) {
    breaks.push('airport visited twice');
  }
  return breaks;
}

describe('search', () => {
  it('answers priced itineraries in the API shape, cheapest first then shortest, each with a 30-minute offer', async () => {
    const { itineraries } = await oneWay('LHR', 'JFK', '2026-12-20');
    expect(itineraries.length).toBeGreaterThan(5);
    itineraries.forEach((itinerary, index) => {
      expect(() => PricedItinerary.parse(itinerary)).not.toThrow();
      expect(itinerary.SequenceNumber).toBe(index + 1);
      expect(itinerary.offer_expires_at).toBe('2026-11-22T12:30:00.000Z');
      expect(connectionBreaks(itinerary)).toEqual([]);
      const previous = itineraries[index - 1];
      if (previous) {
        expect(total(itinerary)).toBeGreaterThanOrEqual(total(previous));
        if (total(itinerary) === total(previous)) {
          const elapsed = (it: PricedItinerary) =>
            it.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0]!.ElapsedTime;
          expect(elapsed(itinerary)).toBeGreaterThanOrEqual(elapsed(previous));
        }
      }
    });
    const nonstop = itineraries.find((itinerary) => segmentsOf(itinerary).length === 1)!;
    expect(nonstop).toBeDefined();
    expect(segmentsOf(nonstop)[0]!.DepartureDateTime.startsWith('2026-12-20')).toBe(true);
  });

  it('gives local times with their UTC offsets across the date line: Auckland → Honolulu lands the day before', async () => {
    const { itineraries } = await oneWay('AKL', 'HNL', '2026-12-20');
    expect(itineraries.length).toBeGreaterThan(0);
    const arrivesTheDayBefore = itineraries.some((itinerary) => {
      const segments = segmentsOf(itinerary);
      return segments.at(-1)!.ArrivalDateTime.slice(0, 10) < segments[0]!.DepartureDateTime.slice(0, 10);
    });
    expect(arrivesTheDayBefore).toBe(true);
    for (const itinerary of itineraries) {
      const segments = segmentsOf(itinerary);
      expect(segments[0]!.DepartureUTCOffset).toBe('+13:00');
      expect(segments.at(-1)!.ArrivalUTCOffset).toBe('-10:00');
      expect(connectionBreaks(itinerary)).toEqual([]);
    }
  });

  it('applies summer time by date: New York is -05:00 in January and -04:00 in July', async () => {
    const winter = await oneWay('JFK', 'LHR', '2027-01-15', { maxStops: 0 });
    const offsets = (list: PricedItinerary[]) =>
      new Set(list.map((it) => segmentsOf(it)[0]!.DepartureUTCOffset));
    expect(offsets(winter.itineraries)).toEqual(new Set(['-05:00']));
    expect(new Set(winter.itineraries.map((it) => segmentsOf(it)[0]!.ArrivalUTCOffset))).toEqual(
      new Set(['+00:00']),
    );
    clock.set(new Date('2026-06-01T00:00:00Z'));
    const july = await oneWay('JFK', 'LHR', '2026-07-15', { maxStops: 0 });
    expect(july.itineraries.length).toBeGreaterThan(0);
    expect(offsets(july.itineraries)).toEqual(new Set(['-04:00']));
    expect(new Set(july.itineraries.map((it) => segmentsOf(it)[0]!.ArrivalUTCOffset))).toEqual(
      new Set(['+01:00']),
    );
  });

  it('prices a return trip as a whole: both legs in order, inbound after outbound', async () => {
    const { itineraries } = await returnTrip('CDG', 'BKK', ['2026-12-20', '2027-01-03']);
    expect(itineraries.length).toBeGreaterThan(10);
    for (const itinerary of itineraries) {
      const [outbound, inbound] = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption;
      expect(itinerary.AirItinerary.DirectionInd).toBe('Return');
      expect(outbound!.FlightSegment[0]!.DepartureAirport.LocationCode).toBe('CDG');
      expect(outbound!.FlightSegment.at(-1)!.ArrivalAirport.LocationCode).toBe('BKK');
      expect(inbound!.FlightSegment[0]!.DepartureAirport.LocationCode).toBe('BKK');
      expect(inbound!.FlightSegment[0]!.DepartureDateTime.slice(0, 10)).toBe('2027-01-03');
      expect(inbound!.FlightSegment.at(-1)!.ArrivalAirport.LocationCode).toBe('CDG');
      expect(
        itinerary.AirItineraryPricingInfo.FareInfos.every((info) => info.FareBasisCode.slice(1, 3) === 'RT'),
      ).toBe(true);
      expect(connectionBreaks(itinerary)).toEqual([]);
    }
    for (let i = 1; i < itineraries.length; i++) {
      expect(total(itineraries[i]!)).toBeGreaterThanOrEqual(total(itineraries[i - 1]!));
    }
  });

  it('combines a multi-city trip, each leg on its own date', async () => {
    const legs = [
      { origin: 'LHR', destination: 'FCO', departureDate: '2026-12-20' },
      { origin: 'FCO', destination: 'ATH', departureDate: '2026-12-23' },
      { origin: 'ATH', destination: 'IST', departureDate: '2026-12-27' },
      { origin: 'IST', destination: 'LHR', departureDate: '2026-12-30' },
    ];
    const { itineraries } = await supplier.search({
      tripType: 'MultiCity',
      legs,
      passengers: { adults: 2, children: 0, infants: 0 },
      cabin: 'Economy',
      maxStops: 1,
      preferredAirlines: [],
    });
    expect(itineraries.length).toBeGreaterThan(10);
    for (const itinerary of itineraries) {
      const options = itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption;
      expect(options).toHaveLength(4);
      options.forEach((option, index) => {
        expect(option.FlightSegment[0]!.DepartureAirport.LocationCode).toBe(legs[index]!.origin);
        expect(option.FlightSegment[0]!.DepartureDateTime.slice(0, 10)).toBe(legs[index]!.departureDate);
        expect(option.FlightSegment.at(-1)!.ArrivalAirport.LocationCode).toBe(legs[index]!.destination);
      });
      expect(connectionBreaks(itinerary)).toEqual([]);
    }
  });

  it('prices children at 75 % and infants at 10 %, without a seat for the infant', async () => {
    const { itineraries } = await oneWay('LHR', 'JFK', '2026-12-20', {
      passengers: { adults: 2, children: 1, infants: 1 },
      maxStops: 0,
    });
    const pricing = itineraries[0]!.AirItineraryPricingInfo;
    const breakdown = Object.fromEntries(
      pricing.PTC_FareBreakdowns.PTC_FareBreakdown.map((b) => [b.PassengerTypeQuantity.Code, b]),
    );
    expect(breakdown.ADT!.PassengerTypeQuantity.Quantity).toBe(2);
    expect(breakdown.CNN!.PassengerTypeQuantity.Quantity).toBe(1);
    expect(breakdown.INF!.PassengerTypeQuantity.Quantity).toBe(1);
    const adultBase = breakdown.ADT!.PassengerFare.BaseFare.Amount;
    expect(breakdown.CNN!.PassengerFare.BaseFare.Amount).toBe(Math.round(adultBase * 0.75));
    expect(breakdown.INF!.PassengerFare.BaseFare.Amount).toBe(Math.round(adultBase * 0.1));
    const cents = (amount: number) => Math.round(amount * 100);
    const sum = pricing.PTC_FareBreakdowns.PTC_FareBreakdown.reduce(
      (acc, b) => acc + cents(b.PassengerFare.TotalFare.Amount) * b.PassengerTypeQuantity.Quantity,
      0,
    );
    expect(cents(pricing.ItinTotalFare.TotalFare.Amount)).toBe(sum);

    // One seat left: an adult with an infant on the lap still fits, two adults do not.
    const segment = segmentsOf(itineraries[0]!)[0]!;
    const flight = `${segment.MarketingAirline.Code}${segment.FlightNumber}`;
    const capacity = segment.SeatsRemaining;
    sold.set(seatKey(flight, segment.DepartureDateTime.slice(0, 10), 'Economy'), capacity - 1);
    const flights = (list: PricedItinerary[]) =>
      list.map((it) => segmentsOf(it)[0]!).map((s) => `${s.MarketingAirline.Code}${s.FlightNumber}`);
    const withInfant = await oneWay('LHR', 'JFK', '2026-12-20', {
      passengers: { adults: 1, children: 0, infants: 1 },
      maxStops: 0,
    });
    expect(flights(withInfant.itineraries)).toContain(flight);
    const seatOf = withInfant.itineraries.find((it) => flights([it])[0] === flight)!;
    expect(segmentsOf(seatOf)[0]!.SeatsRemaining).toBe(1);
    const twoAdults = await oneWay('LHR', 'JFK', '2026-12-20', {
      passengers: { adults: 2, children: 0, infants: 0 },
      maxStops: 0,
    });
    expect(flights(twoAdults.itineraries)).not.toContain(flight);
  });

  it('refuses more infants than adults, more than nine seats, and unknown airports, naming the field', async () => {
    const attempt = (overrides: Partial<FlightSearchRequest>) =>
      oneWay('LHR', 'JFK', '2026-12-20', overrides);
    await expect(attempt({ passengers: { adults: 1, children: 0, infants: 2 } })).rejects.toMatchObject({
      field: 'infant_quantity',
    });
    await expect(attempt({ passengers: { adults: 5, children: 5, infants: 0 } })).rejects.toBeInstanceOf(
      SupplierRequestError,
    );
    await expect(oneWay('LHR', 'XQQ', '2026-12-20')).rejects.toMatchObject({
      field: 'origin_destinations.0.destination_location_code',
    });
  });

  it('keeps to the preferred airlines and to max stops', async () => {
    const { itineraries: all } = await oneWay('FRA', 'SIN', '2026-12-20');
    const carriers = [...new Set(all.flatMap((it) => segmentsOf(it).map((s) => s.MarketingAirline.Code)))];
    const preferred = carriers.slice(0, 2);
    const { itineraries } = await oneWay('FRA', 'SIN', '2026-12-20', { preferredAirlines: preferred });
    expect(itineraries.length).toBeGreaterThan(0);
    for (const itinerary of itineraries) {
      for (const segment of segmentsOf(itinerary)) expect(preferred).toContain(segment.MarketingAirline.Code);
    }
    const { itineraries: nonstops } = await oneWay('FRA', 'SIN', '2026-12-20', { maxStops: 0 });
    for (const itinerary of nonstops) expect(segmentsOf(itinerary)).toHaveLength(1);
  });

  it('sells in dearer booking classes as seats sell: the price rises', async () => {
    const first = (await oneWay('LHR', 'JFK', '2026-12-20', { maxStops: 0 })).itineraries[0]!;
    const segment = segmentsOf(first)[0]!;
    const flight = `${segment.MarketingAirline.Code}${segment.FlightNumber}`;
    const key = seatKey(flight, segment.DepartureDateTime.slice(0, 10), 'Economy');
    const capacity = segment.SeatsRemaining;
    const seen: { code: string; price: number; seats: number }[] = [];
    for (const share of [0, 0.2, 0.4, 0.55, 0.7, 0.85, 0.95]) {
      sold.set(key, Math.floor(capacity * share));
      const { itineraries } = await oneWay('LHR', 'JFK', '2026-12-20', { maxStops: 0 });
      const same = itineraries.find(
        (it) => `${segmentsOf(it)[0]!.MarketingAirline.Code}${segmentsOf(it)[0]!.FlightNumber}` === flight,
      )!;
      const s = segmentsOf(same)[0]!;
      seen.push({ code: s.ResBookDesigCode, price: total(same), seats: s.SeatsRemaining });
    }
    expect(seen.map((step) => step.code)).toEqual(['L', 'V', 'Q', 'H', 'M', 'B', 'Y']);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.price).toBeGreaterThan(seen[i - 1]!.price);
      expect(seen[i]!.seats).toBeLessThan(seen[i - 1]!.seats);
    }
  });

  it('gives the lowest fare alone as the whole search would, for every kind of trip and party', async () => {
    const requests: FlightSearchRequest[] = [
      ['LHR', 'JFK', '2026-12-20'],
      ['ABZ', 'ADL', '2026-12-03'],
      ['CDG', 'NRT', '2026-12-09'],
    ].flatMap(([origin, destination, date]) => [
      {
        tripType: 'OneWay',
        legs: [{ origin: origin!, destination: destination!, departureDate: date! }],
        passengers: { adults: 2, children: 1, infants: 1 },
        cabin: 'Economy',
        maxStops: 2,
        preferredAirlines: [],
      },
      {
        tripType: 'Return',
        legs: [
          { origin: origin!, destination: destination!, departureDate: date! },
          { origin: destination!, destination: origin!, departureDate: '2026-12-27' },
        ],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: 'Business',
        maxStops: 1,
        preferredAirlines: [],
      },
    ]);
    requests.push({
      tripType: 'MultiCity',
      legs: [
        { origin: 'CDG', destination: 'FRA', departureDate: '2026-12-01' },
        { origin: 'FRA', destination: 'MAD', departureDate: '2026-12-03' },
        { origin: 'MAD', destination: 'LIS', departureDate: '2026-12-05' },
      ],
      passengers: { adults: 1, children: 2, infants: 0 },
      cabin: 'Economy',
      maxStops: 2,
      preferredAirlines: [],
    });
    // Seats sold on a flight change the fare: the lowest fare reads them as the search does.
    const first = segmentsOf((await oneWay('LHR', 'JFK', '2026-12-20')).itineraries[0]!)[0]!;
    sold.set(seatKey(`${first.MarketingAirline.Code}${first.FlightNumber}`, '2026-12-20', 'Economy'), 150);
    let found = 0;
    for (const request of requests) {
      const { itineraries } = await supplier.search(request);
      const cheapest = itineraries.length > 0 ? Math.min(...itineraries.map(total)) : null;
      const lowest = await supplier.lowestFare(request);
      expect(lowest?.Amount ?? null, JSON.stringify(request.legs)).toBe(cheapest);
      if (lowest) {
        expect(lowest.CurrencyCode).toBe('USD');
        found += 1;
      }
    }
    expect(found).toBeGreaterThanOrEqual(5);
    // Aberdeen has no nonstop to Adelaide: nothing for sale.
    const nothing = { ...requests[2]!, maxStops: 0 };
    expect((await supplier.search(nothing)).itineraries).toEqual([]);
    expect(await supplier.lowestFare(nothing)).toBeNull();
  });

  it('answers the route map for the autocomplete', async () => {
    const { Routes, Airports } = await supplier.routes();
    expect(Routes.length).toBeGreaterThanOrEqual(3_000);
    const heathrow = Routes.find((route) => route.origin_location_code === 'LHR')!;
    expect(heathrow.destination_location_codes).toContain('JFK');
    const codes = new Set(Airports.map((airport) => airport.code));
    for (const route of Routes.slice(0, 200)) {
      for (const code of route.destination_location_codes) expect(codes.has(code)).toBe(true);
    }
    expect(Airports.find((airport) => airport.code === 'AKL')).toEqual({
      code: 'AKL',
      name: 'Auckland Airport',
      city: 'Auckland',
      country_code: 'NZ',
      time_zone: 'Pacific/Auckland',
    });
  });
});

describe('offers', () => {
  it('re-price to exactly the same itinerary while nothing has sold', async () => {
    const { itineraries } = await oneWay('SYD', 'LAX', '2026-12-20', {
      passengers: { adults: 2, children: 1, infants: 1 },
    });
    clock.advance(10 * 60_000);
    for (const itinerary of itineraries.slice(0, 5)) {
      const answer = await supplier.price(itinerary.offer_id);
      expect(answer).toMatchObject({ status: 'priced', priceChanged: false });
      if (answer.status !== 'priced') continue;
      // A priced offer is one brand: it lists no others.
      expect(answer.itinerary).toEqual({ ...itinerary, SequenceNumber: 1, FareFamilies: [] });
      // Each other brand's offer re-prices to that brand's pricing, on the same flights.
      expect(itinerary.FareFamilies.map((family) => family.BrandName)).toEqual(['Standard', 'Flex']);
      for (const family of itinerary.FareFamilies) {
        const branded = await supplier.price(family.offer_id!);
        if (branded.status !== 'priced') throw new Error(branded.status);
        expect(branded.itinerary.AirItineraryPricingInfo).toEqual(family.AirItineraryPricingInfo);
        expect(branded.itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.length).toBe(
          1,
        );
        expect(segmentsOf(branded.itinerary).map((segment) => segment.FlightNumber)).toEqual(
          segmentsOf(itinerary).map((segment) => segment.FlightNumber),
        );
      }
    }
  });

  it('re-price a return trip to the same itinerary, though a search presents each leg once for all', async () => {
    const { itineraries } = await returnTrip('LHR', 'JFK', ['2026-12-20', '2027-01-03'], {
      passengers: { adults: 2, children: 1, infants: 1 },
    });
    const outbound = (i: number) =>
      itineraries[i]!.AirItinerary.OriginDestinationOptions.OriginDestinationOption[0];
    const shared = itineraries.findIndex((_, i) => i > 0 && outbound(i) === outbound(0));
    expect(shared).toBeGreaterThan(0);
    for (const itinerary of [itineraries[0]!, itineraries[shared]!, itineraries.at(-1)!]) {
      const answer = await supplier.price(itinerary.offer_id);
      if (answer.status !== 'priced') throw new Error(answer.status);
      expect(answer.itinerary).toEqual({ ...itinerary, SequenceNumber: 1, FareFamilies: [] });
    }
  });

  it('say what a booking takes: each flight with its date, cabin, capacity and instant, each fare', async () => {
    const passengers = { adults: 2, children: 1, infants: 1 };
    const { itineraries } = await oneWay('SYD', 'LAX', '2026-12-20', { passengers, cabin: 'Business' });
    const itinerary = itineraries.find((candidate) => segmentsOf(candidate).length > 1)!;
    const first = segmentsOf(itinerary)[0]!;
    sold.set(
      seatKey(
        `${first.MarketingAirline.Code}${first.FlightNumber}`,
        first.DepartureDateTime.slice(0, 10),
        'Business',
      ),
      2,
    );
    const answer = await supplier.price(itinerary.offer_id);
    if (answer.status !== 'priced') throw new Error(answer.status);
    const { booking } = answer;
    expect(booking).toMatchObject({
      tripType: 'OneWay',
      cabin: 'Business',
      passengers,
      currency: 'USD',
      validatingCarrier: answer.itinerary.ValidatingCarrier,
    });
    expect(booking.totalMinor / 100).toBe(total(answer.itinerary));
    const breakdown = answer.itinerary.AirItineraryPricingInfo.PTC_FareBreakdowns.PTC_FareBreakdown;
    const fareOf = { ADT: booking.fares.adult, CNN: booking.fares.child, INF: booking.fares.infant };
    for (const { PassengerTypeQuantity, PassengerFare } of breakdown) {
      const fare = fareOf[PassengerTypeQuantity.Code];
      expect(fare.base / 100).toBe(PassengerFare.BaseFare.Amount);
      expect(fare.taxes / 100).toBe(PassengerFare.Taxes.Amount);
    }
    const segments = segmentsOf(answer.itinerary);
    expect(booking.segments).toHaveLength(segments.length);
    booking.segments.forEach((segment, index) => {
      const shown = segments[index]!;
      expect(segment).toMatchObject({
        leg: 0,
        flight: `${shown.MarketingAirline.Code}${shown.FlightNumber}`,
        date: shown.DepartureDateTime.slice(0, 10),
        cabin: 'Business',
      });
      expect(segment.departsAt.getTime()).toBe(departs(shown) * 60_000);
      expect(segment.capacity).toBe(shown.SeatsRemaining + (index === 0 ? 2 : 0));
    });
  });

  it('re-price higher once the booking class has closed, in the same brand, with a new offer', async () => {
    const itinerary = (await oneWay('LHR', 'JFK', '2026-12-20', { maxStops: 0 })).itineraries[0]!;
    const segment = segmentsOf(itinerary)[0]!;
    expect(segment.ResBookDesigCode).toBe('L');
    const flight = `${segment.MarketingAirline.Code}${segment.FlightNumber}`;
    // L sells up to 15 % of the cabin, V (Basic too) up to 30 %.
    sold.set(
      seatKey(flight, segment.DepartureDateTime.slice(0, 10), 'Economy'),
      Math.floor(segment.SeatsRemaining * 0.15),
    );
    const answer = await supplier.price(itinerary.offer_id);
    expect(answer).toMatchObject({
      status: 'priced',
      priceChanged: true,
      previousTotal: { Amount: total(itinerary) },
    });
    if (answer.status !== 'priced') return;
    expect(total(answer.itinerary)).toBeGreaterThan(total(itinerary));
    expect(answer.itinerary.offer_id).not.toBe(itinerary.offer_id);
    expect(answer.itinerary.offer_expires_at).toBe(itinerary.offer_expires_at);
    expect(await supplier.price(answer.itinerary.offer_id)).toMatchObject({
      status: 'priced',
      priceChanged: false,
    });
  });

  it('say when their brand is sold out, with the same flights’ brands now (issue 16)', async () => {
    const itinerary = (await oneWay('LHR', 'JFK', '2026-12-20', { maxStops: 0 })).itineraries[0]!;
    const segment = segmentsOf(itinerary)[0]!;
    const flight = `${segment.MarketingAirline.Code}${segment.FlightNumber}`;
    const [standard, flex] = itinerary.FareFamilies;
    // Basic's classes sell up to 30 % of the cabin: all of it gone.
    sold.set(
      seatKey(flight, segment.DepartureDateTime.slice(0, 10), 'Economy'),
      Math.floor(segment.SeatsRemaining * 0.3),
    );
    const answer = await supplier.price(itinerary.offer_id);
    if (answer.status !== 'soldOut') throw new Error(answer.status);
    expect(answer.alternatives.map((family) => [family.BrandName, family.SoldOut])).toEqual([
      ['Basic', true],
      ['Standard', false],
      ['Flex', false],
    ]);
    expect(answer.alternatives[0]).toMatchObject({ offer_id: null, AirItineraryPricingInfo: null });
    // Nothing of Standard or Flex has sold: their offers are the search's.
    expect(answer.alternatives[1]!.offer_id).toBe(standard!.offer_id);
    expect(answer.alternatives[2]!.offer_id).toBe(flex!.offer_id);
    expect(await supplier.price(standard!.offer_id!)).toMatchObject({
      status: 'priced',
      priceChanged: false,
    });
  });

  it('say when the seats are gone', async () => {
    const itinerary = (await oneWay('LHR', 'JFK', '2026-12-20', { maxStops: 0 })).itineraries[0]!;
    const segment = segmentsOf(itinerary)[0]!;
    const flight = `${segment.MarketingAirline.Code}${segment.FlightNumber}`;
    sold.set(seatKey(flight, segment.DepartureDateTime.slice(0, 10), 'Economy'), segment.SeatsRemaining);
    expect(await supplier.price(itinerary.offer_id)).toMatchObject({ status: 'unavailable' });
  });

  it('are invalid when tampered with', async () => {
    const { offer_id } = (await oneWay('LHR', 'JFK', '2026-12-20')).itineraries[0]!;
    const payloadEnd = offer_id.lastIndexOf('.');
    // A cheaper total written into the offer, and a forged tag.
    const parts = offer_id.slice(0, payloadEnd).split('.');
    parts[4] = (Number.parseInt(parts[4]!, 36) - 100).toString(36);
    const cheaper = `${parts.join('.')}${offer_id.slice(payloadEnd)}`;
    const forged = `${offer_id.slice(0, -1)}${offer_id.endsWith('A') ? 'B' : 'A'}`;
    for (const tampered of [cheaper, forged, 'nonsense', '']) {
      expect(await supplier.price(tampered)).toMatchObject({ status: 'invalid' });
    }
  });

  it('expire 30 minutes after the search', async () => {
    const { offer_id } = (await oneWay('LHR', 'JFK', '2026-12-20')).itineraries[0]!;
    clock.advance(30 * 60_000);
    expect(await supplier.price(offer_id)).toMatchObject({ status: 'priced' });
    clock.advance(1_000);
    expect(await supplier.price(offer_id)).toMatchObject({ status: 'expired' });
  });
});

describe('every itinerary is time-consistent (property)', () => {
  it('each flight leaves after the last one lands plus the connection time, within 24 h', async () => {
    const t = supplier.timetable;
    const airports = t.airports.filter((airport) => airport.size !== 'small').map((airport) => airport.code);
    const cabins: Cabin[] = ['Economy', 'Business'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...airports),
        fc.constantFrom(...airports),
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom(...cabins),
        async (origin, destination, days, maxStops, cabin) => {
          fc.pre(origin !== destination);
          const date = new Date(Date.parse('2026-11-25T00:00:00Z') + days * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const { itineraries } = await oneWay(origin, destination, date, { maxStops, cabin });
          for (const itinerary of itineraries) {
            expect(connectionBreaks(itinerary)).toEqual([]);
            const segments = segmentsOf(itinerary);
            expect(segments.length).toBeLessThanOrEqual(maxStops + 1);
            expect(segments[0]!.DepartureDateTime.slice(0, 10)).toBe(date);
            for (const segment of segments) expect(segment.CabinClass).toBe(cabin);
          }
        },
      ),
      { numRuns: 60, seed: 20_261_122 },
    );
  });
});

describe('the grouped answer (issue 16)', () => {
  it('sells any path through its combinations, in any brand, at the sum of its options’ totals; each pair’s total is its cheapest such trip (property)', async () => {
    const request: FlightSearchRequest = {
      tripType: 'MultiCity',
      legs: [
        { origin: 'LHR', destination: 'JFK', departureDate: '2026-12-20' },
        { origin: 'JFK', destination: 'LAX', departureDate: '2026-12-23' },
        { origin: 'LAX', destination: 'LHR', departureDate: '2026-12-28' },
      ],
      passengers: { adults: 2, children: 1, infants: 1 },
      cabin: 'Economy',
      maxStops: 1,
      preferredAirlines: [],
      view: 'itineraries',
    };
    const answer = (await supplier.search(request)).grouped!.answer;
    const option = (leg: number, id: string) => answer.legs[leg]!.options.find((o) => o.id === id)!;
    const cents = (amount: number) => Math.round(amount * 100);
    const brands = ['Basic', 'Standard', 'Flex'] as const;
    /** A whole trip's total in one brand (null when sold out on a leg), and its cheapest brand's. */
    const inBrand = (ids: string[], brand: number) => {
      let sum = 0;
      for (const [leg, id] of ids.entries()) {
        const total = option(leg, id).brands[brand]!.total;
        if (total === null) return null;
        sum += cents(total);
      }
      return sum;
    };
    const cheapest = (ids: string[]) =>
      Math.min(...brands.map((_, brand) => inBrand(ids, brand) ?? Number.POSITIVE_INFINITY));
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), fc.nat(), fc.constantFrom(0, 1, 2), async (i, j, k, brand) => {
        const first = answer.legs[0]!.options[i % answer.legs[0]!.options.length]!;
        const afterFirst = answer.combinations[0]![first.id]!;
        const [second, pairTotal] = afterFirst[j % afterFirst.length]!;
        const afterSecond = answer.combinations[1]![second]!;
        const [third, lastPairTotal] = afterSecond[k % afterSecond.length]!;
        const ids = [first.id, second, third];

        const priced = await supplier.priceSelection({ request, optionIds: ids, brand: brands[brand]! });
        const expected = inBrand(ids, brand);
        if (expected === null) {
          expect(priced.status).toBe('soldOut');
        } else {
          if (priced.status !== 'priced') throw new Error(priced.status);
          expect(cents(total(priced.itinerary))).toBe(expected);
        }
        // The first pair's total is the cheapest trip through it, the third leg at its cheapest.
        const throughPair = Math.min(...afterSecond.map(([next]) => cheapest([first.id, second, next])));
        expect(throughPair).toBe(cents(pairTotal));
        expect(cheapest(ids)).toBeGreaterThanOrEqual(cents(lastPairTotal));
        expect(cents(first.cheapest_total)).toBe(cents(afterFirst[0]![1]));
      }),
      { numRuns: 30, seed: 16 },
    );
  });
});

describe('grouped option ids (issue 16)', () => {
  it('price back for every option, connections across the date line included', async () => {
    let earlier = 0;
    for (const [origin, destination] of [
      ['NRT', 'LAX'],
      ['SYD', 'SFO'],
      ['AKL', 'LAX'],
      ['LAX', 'SYD'],
      ['HNL', 'NRT'],
    ] as const) {
      const request: FlightSearchRequest = {
        tripType: 'OneWay',
        legs: [{ origin, destination, departureDate: '2026-12-20' }],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: 'Economy',
        maxStops: 1,
        preferredAirlines: [],
        view: 'itineraries',
      };
      const answer = (await supplier.search(request)).grouped!.answer;
      for (const option of answer.legs[0]!.options) {
        if (option.id.includes('~')) earlier++;
        const brand = option.brands.find((candidate) => !candidate.sold_out)!;
        const priced = await supplier.priceSelection({ request, optionIds: [option.id], brand: brand.brand });
        if (priced.status !== 'priced') throw new Error(`${option.id}: ${priced.status}`);
        expect(total(priced.itinerary)).toBe(brand.total);
      }
    }
    // Some of these connections leave on the local day before the leg's date.
    expect(earlier).toBeGreaterThan(0);
  });
});
