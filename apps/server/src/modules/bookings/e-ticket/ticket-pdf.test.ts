import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import {
  BookingDetails,
  type BookingPassenger,
  type BookingSegment,
  type FareInfo,
  type PassengerType,
  type Ticket,
} from '@skydesk/contract';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderTicketPdf, type TicketAgency } from './ticket-pdf.js';

// ── fixtures ────────────────────────────────────────────────────────────────────────────────

const agency: TicketAgency = {
  name: 'Horizon Travel & Tours LLC',
  address: 'Office 1204, Bay Square Building 5, Business Bay',
  city: 'Dubai',
  country: 'United Arab Emirates',
  phone: '+971 4 555 0123',
  email: 'tickets@horizon-travel.example',
  iata_number: '96012345',
};

const AIRPORTS: Record<string, string> = {
  LHR: 'London Heathrow',
  FRA: 'Frankfurt am Main',
  JFK: 'New York John F. Kennedy International',
  SVO: 'Москва Шереметьево',
  HND: '東京国際空港',
  ATH: 'Αθήνα Ελευθέριος Βενιζέλος',
  ZRH: 'Zürich',
};
const airportName = (code: string) => AIRPORTS[code];

type SegmentSpec = {
  leg: number;
  from: [string, string | null, string, string];
  to: [string, string | null, string, string];
  airline: [string, string];
  operatedBy?: [string, string];
  flight: string;
  minutes: number;
  equipment?: string;
};

function segment(spec: SegmentSpec): BookingSegment {
  const [fromCode, fromTerminal, departure, departureOffset] = spec.from;
  const [toCode, toTerminal, arrival, arrivalOffset] = spec.to;
  const marketing = { Code: spec.airline[0], Name: spec.airline[1] };
  return {
    leg: spec.leg,
    DepartureAirport: { LocationCode: fromCode, Terminal: fromTerminal },
    ArrivalAirport: { LocationCode: toCode, Terminal: toTerminal },
    DepartureDateTime: departure,
    ArrivalDateTime: arrival,
    DepartureUTCOffset: departureOffset,
    ArrivalUTCOffset: arrivalOffset,
    FlightNumber: spec.flight,
    MarketingAirline: marketing,
    OperatingAirline: spec.operatedBy ? { Code: spec.operatedBy[0], Name: spec.operatedBy[1] } : marketing,
    Equipment: { AirEquipType: spec.equipment ?? '320' },
    ResBookDesigCode: 'Y',
    CabinClass: 'Economy',
    ElapsedTime: spec.minutes,
    StopQuantity: 0,
    SeatsRemaining: 9,
  };
}

function passenger(type: PassengerType, title: BookingPassenger['title'], first: string, last: string) {
  return {
    id: randomUUID(),
    passenger_type: type,
    title,
    first_name: first,
    last_name: last,
    gender: title === 'MR' || title === 'MSTR' ? 'M' : 'F',
    date_of_birth: type === 'adult' ? '1985-04-12' : type === 'child' ? '2018-06-30' : '2026-01-15',
    nationality: 'GB',
    passport_number: `P${Math.floor(Math.random() * 1e8)}`,
    passport_expiry: '2031-01-01',
    traveller_id: null,
  } satisfies BookingPassenger;
}

function ticketFor(person: BookingPassenger, number: string, paid: number): Ticket {
  return {
    ticket_number: number,
    passenger_id: person.id,
    passenger_name: `${person.first_name} ${person.last_name}`,
    status: 'issued',
    paid: { Amount: paid, CurrencyCode: 'USD' },
    issued_at: '2026-11-14T10:02:00.000Z',
  };
}

const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });

function fareInfos(count: number, baggageOf: (ref: number) => FareInfo['Baggage']): FareInfo[] {
  return Array.from({ length: count }, (_, index) => ({
    FareBasisCode: index < count / 2 ? 'YLOWGB1' : 'YFLXGB2',
    BrandName: index < count / 2 ? 'Standard' : 'Flex',
    Baggage: baggageOf(index + 1),
    SegmentRef: index + 1,
  }));
}

/** A return trip London – New York via Frankfurt both ways, 2 adults + 1 child + 1 infant, ticketed. */
function returnTrip(): BookingDetails {
  const people = [
    passenger('adult', 'MR', 'JONATHAN', 'WHITAKER'),
    passenger('adult', 'MRS', 'ELEANOR', 'WHITAKER'),
    passenger('child', 'MSTR', 'OLIVER', 'WHITAKER'),
    passenger('infant', 'MISS', 'AMELIA', 'WHITAKER'),
  ] as const;
  const lufthansa: [string, string] = ['LH', 'Lufthansa'];
  const booking = {
    id: randomUUID(),
    pnr: 'K7Q2ZP',
    status: 'ticketed',
    trip_type: 'Return',
    cabin: 'Economy',
    validating_carrier: 'LH',
    created_at: '2026-11-14T09:55:00.000Z',
    ticketing_deadline: '2026-11-15T09:55:00.000Z',
    void_until: '2026-11-15T10:02:00.000Z',
    total: usd(2053.3),
    services_total: usd(0),
    pricing: {
      ItinTotalFare: { BaseFare: usd(1482), Taxes: { Total: usd(571.3) }, TotalFare: usd(2053.3) },
      PTC_FareBreakdowns: {
        PTC_FareBreakdown: [
          {
            PassengerTypeQuantity: { Code: 'ADT', Quantity: 2 },
            PassengerFare: { BaseFare: usd(520), Taxes: usd(180.4), TotalFare: usd(700.4) },
          },
          {
            PassengerTypeQuantity: { Code: 'CNN', Quantity: 1 },
            PassengerFare: { BaseFare: usd(390), Taxes: usd(180.4), TotalFare: usd(570.4) },
          },
          {
            PassengerTypeQuantity: { Code: 'INF', Quantity: 1 },
            PassengerFare: { BaseFare: usd(52), Taxes: usd(30.1), TotalFare: usd(82.1) },
          },
        ],
      },
      // Outbound segments (refs 1–2) carry one bag, the return (refs 3–4) two: SegmentRef counts across legs.
      FareInfos: fareInfos(4, (ref) => ({ Pieces: ref <= 2 ? 1 : 2, WeightKg: 23 })),
      Refundable: true,
      Penalties: { Cancel: usd(150), Change: usd(75) },
    },
    contact: { email: 'j.whitaker@example.com', phone: '+44 7700 900123' },
    passengers: [...people],
    segments: [
      segment({
        leg: 0,
        from: ['LHR', '2', '2026-12-01T07:00:00', '+00:00'],
        to: ['FRA', '1', '2026-12-01T09:45:00', '+01:00'],
        airline: lufthansa,
        flight: '901',
        minutes: 105,
      }),
      segment({
        leg: 0,
        from: ['FRA', '1', '2026-12-01T11:10:00', '+01:00'],
        to: ['JFK', '1', '2026-12-01T13:55:00', '-05:00'],
        airline: lufthansa,
        flight: '400',
        minutes: 525,
        equipment: '388',
      }),
      segment({
        leg: 1,
        from: ['JFK', '1', '2026-12-10T17:30:00', '-05:00'],
        to: ['FRA', '1', '2026-12-11T07:15:00', '+01:00'],
        airline: lufthansa,
        operatedBy: ['UA', 'United Airlines'],
        flight: '7612',
        minutes: 465,
        equipment: '789',
      }),
      segment({
        leg: 1,
        from: ['FRA', '1', '2026-12-11T09:15:00', '+01:00'],
        to: ['LHR', '2', '2026-12-11T10:00:00', '+00:00'],
        airline: lufthansa,
        flight: '900',
        minutes: 105,
      }),
    ],
    tickets: [
      ticketFor(people[0], '2201234567890', 700.4),
      ticketFor(people[1], '2201234567891', 700.4),
      ticketFor(people[2], '2201234567892', 570.4),
      ticketFor(people[3], '2201234567893', 82.1),
    ],
    created_by: { id: randomUUID(), name: 'Sara Agent' },
    allowed_actions: ['void'],
    supplier: { code: 'sandbox', reference: null, state: null, airline_change_at: null },
    history: [],
    services: [],
  } satisfies BookingDetails;
  // The fixture must be a real BookingDetails, not just something the compiler accepts.
  return BookingDetails.parse(booking);
}

const CITIES = ['LHR', 'SVO', 'HND', 'ATH', 'ZRH', 'FRA', 'JFK'];

/** Six legs of three segments each, nine passengers with passport-length names. */
function grandTour(): BookingDetails {
  const base = returnTrip();
  const segments: BookingSegment[] = [];
  for (let leg = 0; leg < 6; leg += 1) {
    for (let hop = 0; hop < 3; hop += 1) {
      const day = String(1 + leg * 3).padStart(2, '0');
      const from = CITIES[(leg * 3 + hop) % CITIES.length] as string;
      const to = CITIES[(leg * 3 + hop + 1) % CITIES.length] as string;
      segments.push(
        segment({
          leg,
          from: [
            from,
            hop === 0 ? null : 'B',
            `2027-03-${day}T${String(6 + hop * 5).padStart(2, '0')}:15:00`,
            '+03:00',
          ],
          to: [to, 'Satellite 4', `2027-03-${day}T${String(9 + hop * 5).padStart(2, '0')}:05:00`, '+03:00'],
          airline: ['ZZ', 'Very Long Name International Airways Corporation of the Federated Republics'],
          operatedBy: ['QQ', 'Regional Partner Express Operating as Very Long Name Connect'],
          flight: String(1000 + leg * 10 + hop),
          minutes: 170,
        }),
      );
    }
  }
  const passengers = Array.from({ length: 9 }, (_, index) =>
    passenger(
      'adult',
      'MR',
      `MAXIMILIAN ALEXANDER BARTHOLOMEW ${String.fromCharCode(65 + index)}`,
      `VON HOHENZOLLERN SIGMARINGEN WITTELSBACH`,
    ),
  );
  return BookingDetails.parse({
    ...base,
    trip_type: 'MultiCity',
    passengers,
    segments,
    tickets: passengers.map((person, index) =>
      ticketFor(person, `99900000000${String(index).padStart(2, '0')}`, 700),
    ),
    pricing: {
      ...base.pricing,
      PTC_FareBreakdowns: {
        PTC_FareBreakdown: [
          {
            PassengerTypeQuantity: { Code: 'ADT', Quantity: 9 },
            PassengerFare: { BaseFare: usd(520), Taxes: usd(180), TotalFare: usd(700) },
          },
        ],
      },
      ItinTotalFare: { BaseFare: usd(4680), Taxes: { Total: usd(1620) }, TotalFare: usd(6300) },
      FareInfos: fareInfos(18, () => ({ Pieces: 2, WeightKg: 32 })),
    },
    total: usd(6300),
    services_total: usd(0),
  });
}

// ── reading the PDF back ────────────────────────────────────────────────────────────────────

type Run = { page: number; text: string; x: number; y: number; width: number };

async function read(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const runs: Run[] = [];
  const pages: { width: number; height: number }[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const [, , width = 0, height = 0] = page.view;
    pages.push({ width, height });
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      runs.push({
        page: number,
        text: item.str,
        x: item.transform[4],
        y: item.transform[5],
        width: item.width,
      });
    }
  }
  const text = runs
    .map((run) => run.text)
    .join(' ')
    .replace(/\s+/g, ' ');
  return { pageCount: document.numPages, pages, runs, text };
}

const generatedAt = new Date('2026-11-14T10:05:00Z');

// ── tests ───────────────────────────────────────────────────────────────────────────────────

describe('the PDF e-ticket', () => {
  it('prints the booking a passenger needs: agency, PNR, tickets, names, flights, local times, baggage, total', async () => {
    const booking = returnTrip();
    const pdf = await renderTicketPdf({ booking, agency, airportName, generatedAt });
    if (process.env.TICKET_PDF_SAMPLE) writeFileSync(process.env.TICKET_PDF_SAMPLE, pdf);

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pageCount } = await read(pdf);
    expect(pageCount).toBeGreaterThanOrEqual(1);

    expect(text).toContain(agency.name);
    expect(text).toContain('Electronic ticket – itinerary receipt');
    expect(text).toContain('K7Q2ZP');
    expect(text).toContain('Ticketed');
    expect(text).toContain('14 Nov 2026'); // date of issue
    for (const ticket of booking.tickets) expect(text).toContain(ticket.ticket_number);
    for (const person of booking.passengers)
      expect(text).toContain(`${person.last_name}/${person.first_name} ${person.title}`);
    for (const flight of ['LH 901', 'LH 400', 'LH 7612', 'LH 900']) expect(text).toContain(flight);
    expect(text).toContain('Operated by United Airlines (UA)');
    expect(text).toContain('Tue 1 Dec 2026 07:00 (UTC+00:00)');
    expect(text).toContain('Tue 1 Dec 2026 11:10 (UTC+01:00)');
    expect(text).toContain('Tue 1 Dec 2026 13:55 (UTC-05:00)');
    expect(text).toContain('Thu 10 Dec 2026 17:30 (UTC-05:00)');
    expect(text).toContain('Fri 11 Dec 2026 09:15 (UTC+01:00)');
    expect(text).toContain('Frankfurt am Main');
    expect(text).toContain('Terminal 2');
    // FRA 09:45 (+01:00) to 11:10 (+01:00); JFK 17:30 (−05:00) → FRA 07:15 (+01:00) next day is 7h 45m.
    expect(text).toContain('1h 25m layover');
    expect(text).toContain('journey 11h 55m');
    expect(text).toContain('1 piece × 23 kg');
    expect(text).toContain('2 pieces × 23 kg');
    expect(text).toContain('Airbus A380 (388)');
    expect(text).toContain('Boeing 787-9 (789)');
    expect(text).toContain('USD 700.40');
    expect(text).toContain('USD 1,400.80'); // two adults
    expect(text).toContain('USD 571.30');
    expect(text).toContain('USD 2,053.30');
    expect(text).toContain('Cancellation penalty USD 150.00');
    expect(text).toContain('Change penalty USD 75.00');
    expect(text).toContain('15 Nov 2026 10:02 UTC'); // void window
    expect(text).toContain('j.whitaker@example.com');
    expect(text).toContain('Generated 14 Nov 2026 10:05 UTC');
    expect(text).toContain('3 hours before international flights');
  });

  it('prints each issued seat and extra bag with its EMD number, none held or released (issue 31)', async () => {
    const service = (
      over: Partial<BookingDetails['services'][number]>,
    ): BookingDetails['services'][number] => ({
      id: randomUUID(),
      type: 'seat',
      passenger_index: 0,
      segment_index: 0,
      amount: { Amount: 25, CurrencyCode: 'USD' },
      status: 'issued',
      ...over,
    });
    const booking: BookingDetails = {
      ...returnTrip(),
      services: [
        service({ designator: '23C', emd_number: '2204567890123' }),
        service({ designator: '11A', segment_index: 1, amount: { Amount: 0, CurrencyCode: 'USD' } }),
        service({
          type: 'bag',
          quantity: 2,
          passenger_index: 1,
          segment_index: 3,
          emd_number: '2204567890124',
        }),
        service({ designator: '30F', status: 'released', emd_number: '2204567890125' }),
      ],
    };
    const pdf = await renderTicketPdf({ booking, agency, airportName, generatedAt });
    if (process.env.TICKET_PDF_SERVICES_SAMPLE) writeFileSync(process.env.TICKET_PDF_SERVICES_SAMPLE, pdf);
    const { text } = await read(pdf);
    expect(text).toContain('SEATS AND EXTRA BAGS');
    expect(text).toContain('Seat 23C');
    expect(text).toContain('2204567890123');
    expect(text).toContain('Seat 11A');
    expect(text).toContain('2 extra bags');
    expect(text).toContain('2204567890124');
    expect(text).toContain('LH 900');
    expect(text).not.toContain('30F');
    expect(text).not.toContain('2204567890125');
    const bare = await read(
      await renderTicketPdf({ booking: returnTrip(), agency, airportName, generatedAt }),
    );
    expect(bare.text).not.toContain('SEATS AND EXTRA BAGS');
  });

  it('gives the same bytes for the same input', async () => {
    const booking = returnTrip();
    const first = await renderTicketPdf({ booking, agency, airportName, generatedAt });
    const second = await renderTicketPdf({ booking, agency, airportName, generatedAt });
    expect(first.equals(second)).toBe(true);
  });

  it('breaks 6 legs × 3 segments and 9 long-named passengers over pages, keeping text inside the margins', async () => {
    const booking = grandTour();
    const pdf = await renderTicketPdf({ booking, agency, airportName, generatedAt });
    const { text, pageCount, pages, runs } = await read(pdf);

    expect(pageCount).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pageCount} of ${pageCount}`);
    for (const ticket of booking.tickets) expect(text).toContain(ticket.ticket_number);
    for (let leg = 0; leg < 6; leg += 1) expect(text).toContain(`Flight ${leg + 1} of 6`);
    for (const seg of booking.segments) expect(text).toContain(`ZZ ${seg.FlightNumber}`);
    // A passenger's name wraps rather than being cut: its last word is printed.
    expect(text.match(/WITTELSBACH/g)?.length).toBe(9);
    for (const run of runs) {
      const page = pages[run.page - 1];
      if (!page) throw new Error('run on a missing page');
      expect(run.x, run.text).toBeGreaterThanOrEqual(39.5);
      expect(run.x + run.width, run.text).toBeLessThanOrEqual(page.width - 39.5);
      expect(run.y, run.text).toBeGreaterThan(35);
      expect(run.y, run.text).toBeLessThan(page.height);
    }
  });

  it('prints non-Latin airport and agency names without failing, with a wide-coverage font', async () => {
    const booking = returnTrip();
    const segments = booking.segments.map((seg, index) => ({
      ...seg,
      ArrivalAirport: { ...seg.ArrivalAirport, LocationCode: ['HND', 'SVO', 'ATH', 'ZRH'][index] ?? 'LHR' },
    }));
    const pdf = await renderTicketPdf({
      booking: { ...booking, segments },
      agency: {
        ...agency,
        name: 'Туристическое агентство «Горизонт» 東京',
        city: 'Αθήνα',
        iata_number: null,
      },
      airportName,
      generatedAt,
    });
    const { text } = await read(pdf);
    expect(text).toContain('Москва Шереметьево');
    expect(text).toContain('Αθήνα Ελευθέριος Βενιζέλος');
    expect(text).toContain('Zürich');
    expect(text).toContain('Туристическое агентство «Горизонт»');
    // DejaVu has no CJK glyphs: a run of them becomes one '?' instead of empty boxes, and a name
    // with no printable letter at all is left out (its airport code stands alone).
    expect(text).not.toContain('東京');
    expect(text).toContain('Туристическое агентство «Горизонт» ?');
    expect(text).toContain('Connection in HND: ');
  });

  it('says a held booking is not valid for travel and shows no ticket numbers', async () => {
    const booking = BookingDetails.parse({
      ...returnTrip(),
      status: 'booked',
      tickets: [],
      void_until: null,
    });
    const { text } = await read(await renderTicketPdf({ booking, agency, generatedAt }));
    expect(text).toContain('On hold – not ticketed');
    expect(text).toContain('not valid for travel until tickets are issued');
    expect(text).toContain('Not issued');
    expect(text).toContain('BOOKED ON');
    // Without airport names the codes still identify the airports.
    expect(text).toContain('LHR');
  });

  it('prints the ticket that replaced an exchanged one (issue 32), not the exchanged one', async () => {
    const base = returnTrip();
    const [first] = base.tickets;
    if (!first) throw new Error('a ticket expected');
    const replacement = `${first.ticket_number.slice(0, 3)}9999999999`;
    const booking = BookingDetails.parse({
      ...base,
      tickets: [
        { ...first, status: 'exchanged', exchanged_for: replacement },
        ...base.tickets.slice(1),
        { ...first, ticket_number: replacement, replaces: first.ticket_number },
      ],
    });
    const { text } = await read(await renderTicketPdf({ booking, agency, airportName, generatedAt }));
    expect(text).toContain(replacement);
    expect(text).not.toContain(first.ticket_number);
  });

  it('marks a voided booking VOID on every page, says since when, and strikes the total as returned', async () => {
    const base = returnTrip();
    const voidedAt = '2026-11-15T08:30:00.000Z';
    const booking = BookingDetails.parse({
      ...base,
      status: 'voided',
      tickets: base.tickets.map((ticket) => ({ ...ticket, status: 'voided' })),
      history: [
        {
          id: randomUUID(),
          action: 'voided',
          from_status: 'ticketed',
          to_status: 'voided',
          note: null,
          actor: null,
          created_at: voidedAt,
        },
      ],
    });
    const pdf = await renderTicketPdf({ booking, agency, airportName, generatedAt });
    if (process.env.TICKET_PDF_VOID_SAMPLE) writeFileSync(process.env.TICKET_PDF_VOID_SAMPLE, pdf);
    const { text, runs, pageCount } = await read(pdf);
    expect(pageCount).toBeGreaterThan(1);
    for (let page = 1; page <= pageCount; page += 1) {
      expect(runs.some((run) => run.page === page && run.text === 'VOID')).toBe(true);
    }
    expect(text).toContain('Voided on 15 Nov 2026 08:30 UTC. This document is not valid for travel');
    expect(text).toContain('Total charged');
    expect(text).toContain(`Voided: ${booking.total.CurrencyCode}`);
    expect(text).toContain("returned in full to the agency's credits");
    expect(text).toContain(
      'Does not apply any more. Voided on 15 Nov 2026 08:30 UTC; the tickets cannot be used.',
    );
    expect(text).not.toContain('Tickets can be voided');

    // A valid ticket carries none of it.
    const valid = await read(await renderTicketPdf({ booking: base, agency, airportName, generatedAt }));
    expect(valid.runs.some((run) => run.text === 'VOID')).toBe(false);
    expect(valid.text).not.toContain('not valid for travel');
  });
});
