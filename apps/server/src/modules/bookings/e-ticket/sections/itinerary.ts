import {
  type Booking,
  type BookingSegment,
  CABIN_LABELS as CABIN_LABEL,
  type FareInfo,
} from '@skydesk/contract';
import { printable } from '../../../../platform/pdf/fonts.js';
import { duration, localDate, localStamp, parseLocal, utcMinutes } from '../../../../platform/pdf/format.js';
import { COLOR, LEFT, RIGHT, type Sheet, WIDTH } from '../../../../platform/pdf/sheet.js';
import { baggageLabel, equipmentLabel, legTitle } from '../labels.js';
import type { TicketPdfInput } from '../ticket-pdf.js';

type PlaceName = (code: string) => string | undefined;

const SEGMENT_HEIGHT = 104;
const LAYOVER_HEIGHT = 22;
const LEG_HEADER_HEIGHT = 26;

export function itinerary(sheet: Sheet, input: TicketPdfInput): void {
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
      flight(sheet, segment, fare, placeName, cancelledByAirline(booking, segmentRef - 1));
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

/**
 * Issue 32: a flight its airline cancelled and the agency has not replaced — the ticket still
 * names it, so it says it no longer flies (a moved flight already shows its new times).
 */
function cancelledByAirline(booking: Booking, segmentIndex: number): boolean {
  const change = booking.schedule_change;
  return (
    !!change &&
    change.kind === 'cancelled' &&
    change.status !== 'changed' &&
    change.before.some((flight) => flight.segment_index === segmentIndex)
  );
}

function flight(
  sheet: Sheet,
  segment: BookingSegment,
  fare: FareInfo | undefined,
  airportName: PlaceName,
  cancelled = false,
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
  if (cancelled) {
    sheet.cell('Cancelled by the airline', LEFT + WIDTH * 0.6, top + 15, WIDTH * 0.4, {
      face: 'bold',
      size: 8.5,
      color: COLOR.layoverText,
      align: 'right',
    });
  }
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
