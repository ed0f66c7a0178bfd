import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  amountToMinor,
  type BookingDetails,
  type BookingSegment,
  type BookingStatus,
  CABIN_LABELS as CABIN_LABEL,
  type FareInfo,
  type Money,
  PASSENGER_TYPE_LABELS as PASSENGER_LABEL,
  PTC_LABELS as PTC_LABEL,
  type TicketStatus,
  TRIP_TYPE_LABELS as TRIP_LABEL,
  type TripType,
} from '@skydesk/contract';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { FLEET } from '../../../supplier/fleet.js';

/**
 * The e-ticket / itinerary receipt an agency hands to its passengers (API.md: GET
 * /api/booking/{id}/ticket.pdf), drawn on A4 with pdfkit.
 *
 * Fonts: pdfkit's built-in Helvetica only encodes WinAnsi, so "Zürich" prints but "Москва" or
 * "Αθήνα" would come out as garbage. We embed DejaVu Sans Condensed (Latin, Greek, Cyrillic,
 * Armenian, Georgian, Hebrew, much of Arabic) from the `dejavu-fonts-ttf` npm package, resolved
 * through node_modules like any other dependency, so the server never relies on system fonts.
 * What DejaVu has no glyph for (CJK, Thai, …) is first reduced to its base letter ("ẞ" stays,
 * "ǅ" → "Dž"), and otherwise shown as "?" — airport codes always print beside names, so a
 * name degraded that way still identifies the airport. pdfkit does no bidi reordering: an
 * Arabic or Hebrew name prints its letters left to right; acceptable for a secondary label.
 *
 * Layout is laid out by hand (a y cursor, with `ensure()` opening a new page before a block that
 * would not fit) rather than by pdfkit's flowing text, so blocks never split mid-way and nothing
 * ever runs into the footer. Single-line cells are truncated with an ellipsis to their column;
 * passenger names and the agency address wrap instead, as they must stay complete.
 */

export type TicketAgency = {
  name: string;
  address: string;
  city: string;
  country: string;
  phone: string;
  email: string;
  iata_number: string | null;
};

export type TicketPdfInput = {
  booking: BookingDetails;
  agency: TicketAgency;
  /** The airport's name for a code, when known. */
  airportName?: (code: string) => string | undefined;
  /** Printed in the footer and used as the PDF's creation date, so equal input gives equal bytes. */
  generatedAt: Date;
};

// ── fonts ───────────────────────────────────────────────────────────────────────────────────

const FACES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  mono: 'DejaVuSansMono-Bold.ttf',
} as const;
type Face = keyof typeof FACES;
type LoadedFace = { path: string; data: Buffer; covers: (codePoint: number) => boolean };

let loadedFaces: Record<Face, LoadedFace> | undefined;

/** Read once per process: the files are ~1.5 MB together and never change. */
function faces(): Record<Face, LoadedFace> {
  if (loadedFaces) return loadedFaces;
  const require = createRequire(import.meta.url);
  const load = (file: string): LoadedFace => {
    const path = require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
    const data = readFileSync(path);
    const font = fontkit.create(data);
    if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
    return { path, data, covers: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
  };
  loadedFaces = { regular: load(FACES.regular), bold: load(FACES.bold), mono: load(FACES.mono) };
  return loadedFaces;
}

/** Text the face can draw: controls become spaces, missing letters their base letter or '?'. */
function printable(text: string, face: Face): string {
  const { covers } = faces()[face];
  let out = '';
  let lastMissing = false;
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0x3f;
    if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) {
      out += ' ';
      lastMissing = false;
    } else if (covers(codePoint)) {
      out += char;
      lastMissing = false;
    } else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      if (base && [...base].every((part) => covers(part.codePointAt(0) ?? 0))) {
        out += base;
        lastMissing = false;
      } else if (!lastMissing) {
        // One '?' per run: a whole CJK name would otherwise print as a row of question marks.
        out += '?';
        lastMissing = true;
      }
    }
  }
  return out;
}

// ── formatting ──────────────────────────────────────────────────────────────────────────────

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad2 = (value: number) => String(value).padStart(2, '0');

type LocalTime = { year: number; month: number; day: number; hour: number; minute: number };

/** Segment times are airport-local wall clock ('YYYY-MM-DDTHH:mm:ss'): read, never shifted. */
function parseLocal(value: string): LocalTime {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0] = value.match(/\d+/g)?.map(Number) ?? [];
  return { year, month, day, hour, minute };
}

function localDate({ year, month, day }: LocalTime): string {
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day} ${MONTHS[month - 1]} ${year}`;
}

const localClock = ({ hour, minute }: LocalTime) => `${pad2(hour)}:${pad2(minute)}`;

/** "Tue 1 Dec 2026 09:40 (UTC+00:00)": the passenger's time at that airport, with its offset. */
const localStamp = (value: string, offset: string) =>
  `${localDate(parseLocal(value))} ${localClock(parseLocal(value))} (UTC${offset})`;

function offsetMinutes(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours = 0, minutes = 0] = offset.slice(1).split(':').map(Number);
  return sign * (hours * 60 + minutes);
}

/** Minutes since the epoch of an airport-local time, for layovers that cross time zones. */
function utcMinutes(value: string, offset: string): number {
  const { year, month, day, hour, minute } = parseLocal(value);
  return Date.UTC(year, month - 1, day, hour, minute) / 60_000 - offsetMinutes(offset);
}

function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest}m` : `${hours}h ${pad2(rest)}m`;
}

/** Instants (created_at, void_until, …) are printed in UTC, labelled so. */
function utcStamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())} UTC`;
}

function utcDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** Integer minor units to "1,234.50": hand-rolled so the output does not depend on ICU data. */
function minorAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(Math.round(minor));
  const whole = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${pad2(absolute % 100)}`;
}

const money = (value: Money) => `${value.CurrencyCode} ${minorAmount(amountToMinor(value.Amount))}`;
const moneyTimes = (value: Money, count: number) =>
  `${value.CurrencyCode} ${minorAmount(amountToMinor(value.Amount) * count)}`;

type Tone = 'good' | 'warn' | 'bad' | 'muted';

const BOOKING_STATUS: Record<BookingStatus, { label: string; tone: Tone }> = {
  booked: { label: 'On hold – not ticketed', tone: 'warn' },
  ticketed: { label: 'Ticketed', tone: 'good' },
  cancelled: { label: 'Cancelled', tone: 'bad' },
  voided: { label: 'Voided', tone: 'bad' },
  refund_requested: { label: 'Refund requested', tone: 'warn' },
  refunded: { label: 'Refunded', tone: 'bad' },
  partially_refunded: { label: 'Partially refunded', tone: 'warn' },
  refund_rejected: { label: 'Ticketed (refund rejected)', tone: 'good' },
  expired: { label: 'Expired', tone: 'bad' },
};

const TICKET_STATUS: Record<TicketStatus, { label: string; tone: Tone }> = {
  issued: { label: 'Issued', tone: 'good' },
  voided: { label: 'Voided', tone: 'bad' },
  refund_requested: { label: 'Refund requested', tone: 'warn' },
  refunded: { label: 'Refunded', tone: 'bad' },
  refund_rejected: { label: 'Issued (refund rejected)', tone: 'good' },
};

function equipmentLabel(code: string): string {
  const known = FLEET.find((equipment) => equipment.code === code);
  return known ? `${known.name} (${code})` : code;
}

function baggageLabel(info: FareInfo | undefined): string {
  if (!info) return 'See fare rules';
  if (info.Baggage.Pieces === 0) return 'No checked bag';
  const pieces = `${info.Baggage.Pieces} piece${info.Baggage.Pieces > 1 ? 's' : ''}`;
  return info.Baggage.WeightKg > 0 ? `${pieces} × ${info.Baggage.WeightKg} kg` : pieces;
}

function legTitle(tripType: TripType, leg: number, legCount: number): string {
  if (tripType === 'Return') return leg === 0 ? 'Outbound' : 'Return';
  if (tripType === 'OneWay') return 'Outbound';
  return `Flight ${leg + 1} of ${legCount}`;
}

// ── page geometry and palette ───────────────────────────────────────────────────────────────

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const LEFT = MARGIN;
const WIDTH = PAGE.width - 2 * MARGIN;
const RIGHT = LEFT + WIDTH;
/** Content stops here; below it only the footer is drawn. */
const CONTENT_BOTTOM = PAGE.height - MARGIN - 28;
const FOOTER_Y = PAGE.height - MARGIN - 12;

const COLOR = {
  ink: '#0f172a',
  text: '#334155',
  muted: '#64748b',
  rule: '#cbd5e1',
  faint: '#e2e8f0',
  panel: '#f1f5f9',
  brand: '#1e3a8a',
  brandSoft: '#e0e7ff',
  brandText: '#c7d2fe',
  layover: '#fff7ed',
  layoverText: '#9a3412',
  white: '#ffffff',
};

const TONE: Record<Tone, string> = { good: '#15803d', warn: '#b45309', bad: '#b91c1c', muted: '#64748b' };

type TextStyle = { face?: Face; size?: number; color?: string };
type CellStyle = TextStyle & { align?: 'left' | 'right' | 'center' };

/** Where the cursor is and how to draw on the current page, with page breaks we decide. */
class Sheet {
  y = MARGIN;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly continuationTitle: string,
  ) {}

  private use({ face = 'regular', size = 9, color = COLOR.text }: TextStyle): void {
    this.doc.font(face).fontSize(size).fillColor(color);
  }

  /** Width of a string in a style, as it would be drawn. */
  measure(text: string, style: TextStyle): number {
    this.use(style);
    return this.doc.widthOfString(printable(text, style.face ?? 'regular'));
  }

  /** One line at (x, y) within `width`, cut with an ellipsis rather than spilling. */
  cell(text: string, x: number, y: number, width: number, style: CellStyle = {}): void {
    this.use(style);
    let line = printable(text, style.face ?? 'regular');
    if (this.doc.widthOfString(line) > width) {
      while (line.length > 1 && this.doc.widthOfString(`${line}…`) > width) line = line.slice(0, -1);
      line = `${line.trimEnd()}…`;
    }
    const lineWidth = this.doc.widthOfString(line);
    const left =
      style.align === 'right'
        ? x + width - lineWidth
        : style.align === 'center'
          ? x + (width - lineWidth) / 2
          : x;
    // No `width` option: pdfkit's line wrapper would otherwise be free to open pages on its own.
    this.doc.text(line, left, y, { lineBreak: false });
  }

  /** Height that `paragraph` will take. */
  paragraphHeight(text: string, width: number, style: TextStyle): number {
    this.use(style);
    return this.doc.heightOfString(printable(text, style.face ?? 'regular'), { width, lineGap: 1 });
  }

  /** Wrapped text; callers reserve its height with `ensure` first. */
  paragraph(text: string, x: number, y: number, width: number, style: TextStyle): number {
    const height = this.paragraphHeight(text, width, style);
    this.use(style);
    this.doc.text(printable(text, style.face ?? 'regular'), x, y, { width, lineGap: 1 });
    return height;
  }

  rect(x: number, y: number, width: number, height: number, fill: string): void {
    this.doc.rect(x, y, width, height).fill(fill);
  }

  rule(y: number, color = COLOR.rule, x1 = LEFT, x2 = RIGHT, thickness = 0.6): void {
    this.doc.moveTo(x1, y).lineTo(x2, y).lineWidth(thickness).strokeColor(color).stroke();
  }

  /** Opens a new page unless `height` still fits; `onNewPage` redraws e.g. a table's header. */
  ensure(height: number, onNewPage?: () => void): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.doc.addPage();
    this.y = MARGIN;
    this.cell(this.continuationTitle, LEFT, this.y, WIDTH, { face: 'bold', size: 8.5, color: COLOR.muted });
    this.rule(this.y + 14, COLOR.faint);
    this.y += 24;
    onNewPage?.();
    return true;
  }

  /** A section title, kept on the same page as the block that follows it. */
  section(title: string, firstBlockHeight: number): void {
    this.ensure(30 + firstBlockHeight);
    this.y += 8;
    this.cell(title.toUpperCase(), LEFT, this.y, WIDTH, { face: 'bold', size: 9.5, color: COLOR.brand });
    this.rule(this.y + 14, COLOR.brand, LEFT, RIGHT, 0.9);
    this.y += 22;
  }
}

// ── blocks ──────────────────────────────────────────────────────────────────────────────────

function header(sheet: Sheet, { booking, agency, generatedAt }: TicketPdfInput): void {
  const band = 66;
  sheet.rect(0, 0, PAGE.width, band, COLOR.brand);
  sheet.cell(agency.name, LEFT, 20, WIDTH * 0.55, { face: 'bold', size: 17, color: COLOR.white });
  sheet.cell(
    agency.iata_number ? `IATA accredited agent ${agency.iata_number}` : 'Travel agency',
    LEFT,
    43,
    WIDTH * 0.55,
    { size: 8.5, color: COLOR.brandText },
  );
  sheet.cell('Electronic ticket – itinerary receipt', LEFT + WIDTH * 0.55, 22, WIDTH * 0.45, {
    face: 'bold',
    size: 11.5,
    color: COLOR.white,
    align: 'right',
  });
  sheet.cell(`Booking reference ${booking.pnr}`, LEFT + WIDTH * 0.55, 41, WIDTH * 0.45, {
    size: 8.5,
    color: COLOR.brandText,
    align: 'right',
  });

  sheet.y = band + 14;
  const address = [agency.address, [agency.city, agency.country].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(', ');
  sheet.y += sheet.paragraph(address, LEFT, sheet.y, WIDTH, { size: 8.5, color: COLOR.text }) + 2;
  sheet.cell(`Tel ${agency.phone}   ·   ${agency.email}`, LEFT, sheet.y, WIDTH, {
    size: 8.5,
    color: COLOR.text,
  });
  sheet.y += 18;

  // The four facts an agent is asked for first, in one strip.
  const issued = booking.tickets.map((ticket) => ticket.issued_at).sort()[0];
  const status = BOOKING_STATUS[booking.status];
  const facts: { label: string; value: string; sub: string; face?: Face; size?: number; color?: string }[] = [
    {
      label: 'Booking reference (PNR)',
      value: booking.pnr,
      sub: `Validating carrier ${booking.validating_carrier}`,
      face: 'mono',
      size: 17,
      color: COLOR.ink,
    },
    {
      label: issued ? 'Date of issue' : 'Booked on',
      value: utcDay(issued ?? booking.created_at),
      sub: utcStamp(issued ?? booking.created_at),
    },
    {
      label: 'Status',
      value: status.label,
      sub: `Generated ${utcDay(generatedAt.toISOString())}`,
      color: TONE[status.tone],
    },
    {
      label: 'Trip',
      value: `${TRIP_LABEL[booking.trip_type]} · ${CABIN_LABEL[booking.cabin]}`,
      sub: `${booking.passengers.length} passenger${booking.passengers.length === 1 ? '' : 's'}`,
    },
  ];
  const stripHeight = 50;
  sheet.rect(LEFT, sheet.y, WIDTH, stripHeight, COLOR.panel);
  const cellWidth = WIDTH / facts.length;
  facts.forEach((fact, index) => {
    const x = LEFT + index * cellWidth + 10;
    if (index > 0) {
      sheet.doc
        .moveTo(LEFT + index * cellWidth, sheet.y + 8)
        .lineTo(LEFT + index * cellWidth, sheet.y + stripHeight - 8)
        .lineWidth(0.6)
        .strokeColor(COLOR.rule)
        .stroke();
    }
    sheet.cell(fact.label.toUpperCase(), x, sheet.y + 7, cellWidth - 16, { size: 6.5, color: COLOR.muted });
    sheet.cell(fact.value, x, sheet.y + (fact.size ? 16 : 19), cellWidth - 16, {
      face: fact.face ?? 'bold',
      size: fact.size ?? 10,
      color: fact.color ?? COLOR.ink,
    });
    sheet.cell(fact.sub, x, sheet.y + 36, cellWidth - 16, { size: 7, color: COLOR.muted });
  });
  sheet.y += stripHeight + 6;

  const notice = validityNotice(booking);
  if (notice) {
    const height = sheet.paragraphHeight(notice, WIDTH - 20, { face: 'bold', size: 8.5 }) + 10;
    sheet.rect(LEFT, sheet.y, WIDTH, height, '#fef2f2');
    sheet.paragraph(notice, LEFT + 10, sheet.y + 5, WIDTH - 20, { face: 'bold', size: 8.5, color: TONE.bad });
    sheet.y += height + 4;
  }
}

/** A document that is not a valid ticket must say so where the eye lands first. */
function validityNotice(booking: BookingDetails): string | null {
  switch (booking.status) {
    case 'booked':
      return `Not ticketed: this is a reservation held until ${utcStamp(booking.ticketing_deadline)}. It is not valid for travel until tickets are issued.`;
    case 'cancelled':
    case 'voided':
    case 'refunded':
    case 'expired':
      return `This booking is ${booking.status}: this document is not valid for travel.`;
    default:
      return null;
  }
}

type Column = { title: string; width: number; align?: 'left' | 'right' | 'center' };

function tableHeader(sheet: Sheet, columns: Column[]): void {
  sheet.rect(LEFT, sheet.y, WIDTH, 16, COLOR.panel);
  let x = LEFT;
  for (const column of columns) {
    sheet.cell(column.title.toUpperCase(), x + 6, sheet.y + 5, column.width - 12, {
      face: 'bold',
      size: 6.5,
      color: COLOR.muted,
      align: column.align,
    });
    x += column.width;
  }
  sheet.y += 16;
}

function passengers(sheet: Sheet, { booking }: TicketPdfInput): void {
  const columns: Column[] = [
    { title: '#', width: 24 },
    { title: 'Passenger', width: 205 },
    { title: 'Type', width: 56 },
    { title: 'E-ticket number', width: 120 },
    { title: 'Ticket status', width: WIDTH - 405 },
  ];
  const nameWidth = (columns[1]?.width ?? 0) - 12;
  const firstRow = 20;
  sheet.section('Passengers and tickets', 16 + firstRow);
  tableHeader(sheet, columns);

  booking.passengers.forEach((passenger, index) => {
    // Airline style: SURNAME/GIVEN NAMES TITLE, complete even when long (it must match the passport).
    const name = `${passenger.last_name}/${passenger.first_name} ${passenger.title}`;
    const nameHeight = sheet.paragraphHeight(name, nameWidth, { face: 'bold', size: 9 });
    const rowHeight = Math.max(firstRow, nameHeight + 9);
    sheet.ensure(rowHeight, () => tableHeader(sheet, columns));
    const ticket = booking.tickets.find((candidate) => candidate.passenger_id === passenger.id);
    const top = sheet.y + 6;
    let x = LEFT;
    sheet.cell(String(index + 1), x + 6, top, 12, { size: 9, color: COLOR.muted });
    x += columns[0]?.width ?? 0;
    sheet.paragraph(name, x + 6, top, nameWidth, { face: 'bold', size: 9, color: COLOR.ink });
    x += columns[1]?.width ?? 0;
    sheet.cell(PASSENGER_LABEL[passenger.passenger_type], x + 6, top, 44, { size: 9 });
    x += columns[2]?.width ?? 0;
    sheet.cell(ticket?.ticket_number ?? '—', x + 6, top, 108, {
      face: 'mono',
      size: 9,
      color: COLOR.ink,
    });
    x += columns[3]?.width ?? 0;
    const status = ticket ? TICKET_STATUS[ticket.status] : { label: 'Not issued', tone: 'muted' as const };
    sheet.cell(status.label, x + 6, top, (columns[4]?.width ?? 0) - 12, {
      face: 'bold',
      size: 8.5,
      color: TONE[status.tone],
    });
    sheet.y += rowHeight;
    sheet.rule(sheet.y, COLOR.faint);
  });
  sheet.y += 6;
}

type PlaceName = (code: string) => string | undefined;

const SEGMENT_HEIGHT = 104;
const LAYOVER_HEIGHT = 22;
const LEG_HEADER_HEIGHT = 26;

function itinerary(sheet: Sheet, input: TicketPdfInput): void {
  const { booking } = input;
  const legs = [...new Set(booking.segments.map((segment) => segment.leg))].sort((a, b) => a - b);
  // contract: FareInfo.SegmentRef counts segments across all legs from 1, in itinerary order.
  let segmentRef = 0;
  sheet.section('Itinerary', 10 + LEG_HEADER_HEIGHT + SEGMENT_HEIGHT);
  sheet.cell('All times are local to the airport, with its offset from UTC.', LEFT, sheet.y - 4, WIDTH, {
    size: 7.5,
    color: COLOR.muted,
  });
  sheet.y += 10;

  // A name our font cannot draw a single letter of (e.g. only CJK) would print as '?': leave it
  // out, the airport code identifies the airport on its own.
  const placeName: PlaceName = (code) => {
    const name = input.airportName?.(code);
    return name && /\p{L}/u.test(printable(name, 'regular')) ? name : undefined;
  };

  legs.forEach((leg, legIndex) => {
    const segments = booking.segments.filter((segment) => segment.leg === leg);
    const first = segments[0];
    const last = segments.at(-1);
    if (!first || !last) return;
    const title = legTitle(booking.trip_type, legIndex, legs.length);
    const drawLegHeader = (suffix: string) =>
      legHeader(sheet, `${title}${suffix}`, first, last, segments.length);
    sheet.ensure(LEG_HEADER_HEIGHT + SEGMENT_HEIGHT);
    drawLegHeader('');
    // A leg that runs onto the next page says again which leg it is.
    const continueLeg = () => drawLegHeader(' (continued)');

    segments.forEach((segment, index) => {
      segmentRef += 1;
      const fare = booking.pricing.FareInfos.find((info) => info.SegmentRef === segmentRef);
      const previous = segments[index - 1];
      if (previous) {
        sheet.ensure(LAYOVER_HEIGHT + SEGMENT_HEIGHT, continueLeg);
        layover(sheet, previous, segment, placeName);
      }
      flight(sheet, segment, fare, placeName);
    });
    sheet.y += 8;
  });
}

function legHeader(
  sheet: Sheet,
  legName: string,
  first: BookingSegment,
  last: BookingSegment,
  segmentCount: number,
): void {
  sheet.rect(LEFT, sheet.y, WIDTH, 20, COLOR.brandSoft);
  const title = `${legName}   ${first.DepartureAirport.LocationCode} → ${last.ArrivalAirport.LocationCode}`;
  sheet.cell(title, LEFT + 8, sheet.y + 5.5, WIDTH * 0.5, { face: 'bold', size: 9.5, color: COLOR.brand });
  const journey =
    utcMinutes(last.ArrivalDateTime, last.ArrivalUTCOffset) -
    utcMinutes(first.DepartureDateTime, first.DepartureUTCOffset);
  const stops =
    segmentCount === 1 ? 'direct' : `${segmentCount - 1} connection${segmentCount > 2 ? 's' : ''}`;
  sheet.cell(
    `${localDate(parseLocal(first.DepartureDateTime))} · ${stops} · journey ${duration(journey)}`,
    LEFT + WIDTH * 0.5,
    sheet.y + 6,
    WIDTH * 0.5 - 8,
    { size: 8.5, color: COLOR.brand, align: 'right' },
  );
  sheet.y += LEG_HEADER_HEIGHT;
}

function flight(
  sheet: Sheet,
  segment: BookingSegment,
  fare: FareInfo | undefined,
  airportName: PlaceName,
): void {
  const top = sheet.y;
  const marketing = segment.MarketingAirline;
  const operating = segment.OperatingAirline;
  const flightNumber = `${marketing.Code} ${segment.FlightNumber}`;

  // Title row: who sells it, under which number; what cabin and class.
  const numberWidth = sheet.measure(flightNumber, { face: 'bold', size: 11 });
  sheet.cell(flightNumber, LEFT, top, numberWidth + 1, { face: 'bold', size: 11, color: COLOR.ink });
  sheet.cell(marketing.Name, LEFT + numberWidth + 8, top + 1.5, WIDTH * 0.6 - numberWidth - 8, {
    size: 9,
    color: COLOR.text,
  });
  const brand = fare ? ` · ${fare.BrandName}` : '';
  sheet.cell(
    `${CABIN_LABEL[segment.CabinClass]} · class ${segment.ResBookDesigCode}${brand}`,
    LEFT + WIDTH * 0.6,
    top + 1.5,
    WIDTH * 0.4,
    { face: 'bold', size: 8.5, color: COLOR.brand, align: 'right' },
  );
  if (operating.Code !== marketing.Code) {
    sheet.cell(`Operated by ${operating.Name} (${operating.Code})`, LEFT, top + 15, WIDTH * 0.6, {
      size: 7.5,
      color: COLOR.muted,
    });
  }

  // Departure | duration | arrival.
  const rowTop = top + 28;
  const sideWidth = 200;
  const arrivalX = RIGHT - sideWidth;
  endpoint(sheet, LEFT, rowTop, sideWidth, {
    code: segment.DepartureAirport.LocationCode,
    name: airportName(segment.DepartureAirport.LocationCode),
    terminal: segment.DepartureAirport.Terminal,
    time: segment.DepartureDateTime,
    offset: segment.DepartureUTCOffset,
  });
  endpoint(sheet, arrivalX, rowTop, sideWidth, {
    code: segment.ArrivalAirport.LocationCode,
    name: airportName(segment.ArrivalAirport.LocationCode),
    terminal: segment.ArrivalAirport.Terminal,
    time: segment.ArrivalDateTime,
    offset: segment.ArrivalUTCOffset,
  });
  const middleX = LEFT + sideWidth + 10;
  const middleWidth = arrivalX - middleX - 10;
  sheet.cell(duration(segment.ElapsedTime), middleX, rowTop + 2, middleWidth, {
    face: 'bold',
    size: 8.5,
    color: COLOR.text,
    align: 'center',
  });
  const lineY = rowTop + 16;
  sheet.rule(lineY, COLOR.rule, middleX + 6, middleX + middleWidth - 10, 0.8);
  sheet.doc
    .moveTo(middleX + middleWidth - 10, lineY - 3)
    .lineTo(middleX + middleWidth - 4, lineY)
    .lineTo(middleX + middleWidth - 10, lineY + 3)
    .fill(COLOR.rule);
  const stops =
    segment.StopQuantity === 0
      ? 'Non-stop'
      : `${segment.StopQuantity} technical stop${segment.StopQuantity > 1 ? 's' : ''}`;
  sheet.cell(stops, middleX, rowTop + 22, middleWidth, { size: 7.5, color: COLOR.muted, align: 'center' });

  // Details strip.
  const stripTop = top + 80;
  const details: [string, string][] = [
    ['Aircraft', equipmentLabel(segment.Equipment.AirEquipType)],
    ['Checked baggage', baggageLabel(fare)],
    ['Fare basis', fare?.FareBasisCode ?? '—'],
    ['Fare brand', fare?.BrandName ?? '—'],
  ];
  const widths = [WIDTH * 0.3, WIDTH * 0.28, WIDTH * 0.24, WIDTH * 0.18];
  let x = LEFT;
  details.forEach(([label, value], index) => {
    const width = widths[index] ?? 0;
    sheet.cell(label.toUpperCase(), x, stripTop, width - 8, { size: 6.5, color: COLOR.muted });
    sheet.cell(value, x, stripTop + 8.5, width - 8, { size: 8.5, color: COLOR.ink });
    x += width;
  });
  sheet.y = top + SEGMENT_HEIGHT - 6;
  sheet.rule(sheet.y, COLOR.faint);
  sheet.y += 6;
}

function endpoint(
  sheet: Sheet,
  x: number,
  y: number,
  width: number,
  at: { code: string; name: string | undefined; terminal: string | null; time: string; offset: string },
): void {
  sheet.cell(at.code, x, y, width, { face: 'bold', size: 15, color: COLOR.ink });
  const codeWidth = sheet.measure(at.code, { face: 'bold', size: 15 });
  const terminal = at.terminal ? `Terminal ${at.terminal}` : '';
  sheet.cell(terminal, x + codeWidth + 8, y + 5, width - codeWidth - 8, {
    face: 'bold',
    size: 8,
    color: COLOR.muted,
  });
  sheet.cell(localStamp(at.time, at.offset), x, y + 20, width, { face: 'bold', size: 9, color: COLOR.ink });
  if (at.name) sheet.cell(at.name, x, y + 32, width, { size: 8, color: COLOR.text });
}

function layover(
  sheet: Sheet,
  arriving: BookingSegment,
  departing: BookingSegment,
  airportName: PlaceName,
): void {
  const minutes =
    utcMinutes(departing.DepartureDateTime, departing.DepartureUTCOffset) -
    utcMinutes(arriving.ArrivalDateTime, arriving.ArrivalUTCOffset);
  const code = arriving.ArrivalAirport.LocationCode;
  const place = airportName(code);
  const changesAirport = departing.DepartureAirport.LocationCode !== code;
  const text = [
    `Connection in ${code}${place ? ` (${place})` : ''}: ${duration(Math.max(0, minutes))} layover`,
    changesAirport ? `change airport to ${departing.DepartureAirport.LocationCode}` : '',
    arriving.ArrivalDateTime.slice(0, 10) !== departing.DepartureDateTime.slice(0, 10) ? 'overnight' : '',
  ]
    .filter(Boolean)
    .join(' · ');
  sheet.rect(LEFT + 40, sheet.y, WIDTH - 80, 15, COLOR.layover);
  sheet.cell(text, LEFT + 48, sheet.y + 3.5, WIDTH - 96, {
    size: 7.5,
    color: COLOR.layoverText,
    align: 'center',
  });
  sheet.y += LAYOVER_HEIGHT;
}

function fare(sheet: Sheet, { booking }: TicketPdfInput): void {
  const pricing = booking.pricing;
  const breakdowns = pricing.PTC_FareBreakdowns.PTC_FareBreakdown;
  const columns: Column[] = [
    { title: 'Passenger type', width: 120 },
    { title: 'Passengers', width: 60, align: 'right' },
    { title: 'Base fare each', width: 85, align: 'right' },
    { title: 'Taxes each', width: 80, align: 'right' },
    { title: 'Total each', width: 80, align: 'right' },
    { title: 'Subtotal', width: WIDTH - 425, align: 'right' },
  ];
  const rowHeight = 18;
  sheet.section('Fare', 16 + rowHeight * breakdowns.length + 60);
  tableHeader(sheet, columns);
  for (const breakdown of breakdowns) {
    sheet.ensure(rowHeight, () => tableHeader(sheet, columns));
    const { Code, Quantity } = breakdown.PassengerTypeQuantity;
    const each = breakdown.PassengerFare;
    const values = [
      PTC_LABEL[Code] ?? Code,
      String(Quantity),
      money(each.BaseFare),
      money(each.Taxes),
      money(each.TotalFare),
      moneyTimes(each.TotalFare, Quantity),
    ];
    let x = LEFT;
    columns.forEach((column, index) => {
      sheet.cell(values[index] ?? '', x + 6, sheet.y + 5, column.width - 12, {
        face: index === 0 ? 'bold' : 'regular',
        size: 8.5,
        color: COLOR.ink,
        align: column.align,
      });
      x += column.width;
    });
    sheet.y += rowHeight;
    sheet.rule(sheet.y, COLOR.faint);
  }

  // Totals, right-aligned under the amounts.
  sheet.ensure(60);
  sheet.y += 6;
  const labelX = RIGHT - 260;
  const totals: [string, string][] = [
    ['Base fare', money(pricing.ItinTotalFare.BaseFare)],
    ['Taxes, fees and charges', money(pricing.ItinTotalFare.Taxes.Total)],
  ];
  for (const [label, value] of totals) {
    sheet.cell(label, labelX, sheet.y, 140, { size: 8.5, color: COLOR.text });
    sheet.cell(value, labelX + 140, sheet.y, 254 - 140, { size: 8.5, color: COLOR.ink, align: 'right' });
    sheet.y += 13;
  }
  sheet.rule(sheet.y + 1, COLOR.brand, labelX, RIGHT - 6, 0.9);
  sheet.y += 6;
  sheet.cell('Total', labelX, sheet.y + 1, 100, { face: 'bold', size: 10.5, color: COLOR.ink });
  sheet.cell(money(pricing.ItinTotalFare.TotalFare), labelX + 100, sheet.y, 254 - 100, {
    face: 'bold',
    size: 12,
    color: COLOR.brand,
    align: 'right',
  });
  sheet.y += 22;
}

function fareRules(sheet: Sheet, { booking }: TicketPdfInput): void {
  const pricing = booking.pricing;
  const cancel = pricing.Refundable
    ? `Refundable. Cancellation penalty ${money(pricing.Penalties.Cancel)} per adult ticket; the rest of the fare and the taxes are refunded. Refunds are possible until departure.`
    : 'Non-refundable. On cancellation only the taxes are refunded; the fare is kept.';
  const voidRule = booking.void_until
    ? `Tickets can be voided for a full refund until ${utcStamp(booking.void_until)}, and not after the first departure.`
    : booking.status === 'booked'
      ? `Not ticketed yet. The reservation is held until ${utcStamp(booking.ticketing_deadline)}; it expires unless tickets are issued.`
      : 'The void window does not apply to this booking.';
  const rules: [string, string][] = [
    ['Cancellation', cancel],
    [
      'Changes',
      `Change penalty ${money(pricing.Penalties.Change)} per adult ticket, plus any fare difference.`,
    ],
    ['Void', voidRule],
  ];
  keyValues(sheet, 'Fare rules', rules);
}

function contact(sheet: Sheet, { booking, agency }: TicketPdfInput): void {
  keyValues(sheet, 'Contact', [
    ['Passenger contact', `${booking.contact.email}   ·   ${booking.contact.phone}`],
    ['Issued by', `${agency.name}, on behalf of ${booking.created_by.name}`],
    ['Agency', `${agency.phone}   ·   ${agency.email}`],
  ]);
}

function keyValues(sheet: Sheet, title: string, rows: [string, string][]): void {
  const labelWidth = 110;
  const valueWidth = WIDTH - labelWidth;
  const heights = rows.map(([, value]) => sheet.paragraphHeight(value, valueWidth, { size: 8.5 }) + 6);
  sheet.section(title, heights[0] ?? 0);
  rows.forEach(([label, value], index) => {
    const height = heights[index] ?? 0;
    sheet.ensure(height);
    sheet.cell(label, LEFT, sheet.y, labelWidth - 10, { face: 'bold', size: 8.5, color: COLOR.ink });
    sheet.paragraph(value, LEFT + labelWidth, sheet.y, valueWidth, { size: 8.5, color: COLOR.text });
    sheet.y += height;
  });
  sheet.y += 4;
}

function importantInformation(sheet: Sheet): void {
  const notes = [
    'Check in at least 3 hours before international flights and 2 hours before domestic flights; check-in and boarding gates close earlier.',
    'Carry a passport valid for at least 6 months after your last flight, and any visa or transit permit your destinations require.',
    'Present this receipt or your booking reference at check-in. Seats and baggage beyond the allowance above are subject to airline rules.',
  ];
  const width = WIDTH - 24;
  const heights = notes.map((note) => sheet.paragraphHeight(note, width - 10, { size: 8 }) + 3);
  const boxHeight = 26 + heights.reduce((sum, height) => sum + height, 0) + 6;
  sheet.ensure(boxHeight + 10);
  sheet.y += 8;
  sheet.rect(LEFT, sheet.y, WIDTH, boxHeight, COLOR.panel);
  sheet.rect(LEFT, sheet.y, 3, boxHeight, COLOR.brand);
  sheet.cell('Important information', LEFT + 12, sheet.y + 8, width, {
    face: 'bold',
    size: 9,
    color: COLOR.ink,
  });
  let y = sheet.y + 24;
  notes.forEach((note, index) => {
    sheet.cell('•', LEFT + 12, y, 8, { size: 8, color: COLOR.brand });
    sheet.paragraph(note, LEFT + 22, y, width - 10, { size: 8, color: COLOR.text });
    y += heights[index] ?? 0;
  });
  sheet.y += boxHeight;
}

/** Drawn last, on every buffered page, once the page count is known. */
function footers(sheet: Sheet, { booking, generatedAt }: TicketPdfInput): void {
  const { start, count } = sheet.doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    sheet.doc.switchToPage(page);
    sheet.rule(FOOTER_Y - 6, COLOR.faint);
    sheet.cell(
      `Generated ${utcStamp(generatedAt.toISOString())} · ${booking.pnr} · Check in at least 3 hours before international flights.`,
      LEFT,
      FOOTER_Y,
      WIDTH - 70,
      { size: 7, color: COLOR.muted },
    );
    sheet.cell(`Page ${page - start + 1} of ${count}`, RIGHT - 70, FOOTER_Y, 70, {
      size: 7,
      color: COLOR.muted,
      align: 'right',
    });
  }
}

// ── entry point ─────────────────────────────────────────────────────────────────────────────

export async function renderTicketPdf(input: TicketPdfInput): Promise<Buffer> {
  const { booking, agency, generatedAt } = input;
  const loaded = faces();
  const doc = new PDFDocument({
    size: 'A4',
    // The bottom margin is smaller than the content area's on purpose: pdfkit adds pages itself
    // when text crosses it, and we want only `Sheet.ensure` to decide page breaks.
    margins: { top: MARGIN, bottom: 10, left: MARGIN, right: MARGIN },
    bufferPages: true,
    // Our TTF as the default keeps pdfkit from loading its Helvetica metrics at all.
    font: loaded.regular.path,
    info: {
      Title: `E-ticket ${booking.pnr}`,
      Author: agency.name,
      Subject: 'Electronic ticket – itinerary receipt',
      Creator: 'SkyDesk',
      CreationDate: generatedAt,
      ModDate: generatedAt,
    },
  });
  for (const face of Object.keys(FACES) as Face[]) doc.registerFont(face, loaded[face].data);
  doc.font('regular');

  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const sheet = new Sheet(doc, `${agency.name} · E-ticket ${booking.pnr} (continued)`);
  header(sheet, input);
  passengers(sheet, input);
  itinerary(sheet, input);
  fare(sheet, input);
  fareRules(sheet, input);
  contact(sheet, input);
  importantInformation(sheet);
  footers(sheet, input);
  doc.end();
  return done;
}
