import {
  type BookingDetails,
  CABIN_LABELS as CABIN_LABEL,
  TRIP_TYPE_LABELS as TRIP_LABEL,
} from '@skydesk/contract';
import type { Face } from '../../../../platform/pdf/fonts.js';
import { utcDay, utcStamp } from '../../../../platform/pdf/format.js';
import { COLOR, LEFT, PAGE, type Sheet, TONE, WIDTH } from '../../../../platform/pdf/sheet.js';
import { BOOKING_STATUS } from '../labels.js';
import type { TicketPdfInput } from '../ticket-pdf.js';
import { invalidity } from '../validity.js';

export function header(sheet: Sheet, { booking, agency, generatedAt }: TicketPdfInput): void {
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
  // A remote supplier's booking also carries the airline's own reference (its PNR), which the
  // traveller quotes at the airline's desk and website.
  const airlineReference = booking.supplier.reference;
  const references = airlineReference
    ? `Booking reference ${booking.pnr} · Airline reference ${airlineReference}`
    : `Booking reference ${booking.pnr}`;
  sheet.cell(references, LEFT + WIDTH * 0.55, 41, WIDTH * 0.45, {
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
      label: airlineReference ? 'Airline reference (PNR)' : 'Booking reference (PNR)',
      value: airlineReference ?? booking.pnr,
      sub: airlineReference
        ? `SkyDesk ${booking.pnr} · carrier ${booking.validating_carrier}`
        : `Validating carrier ${booking.validating_carrier}`,
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

/** A document that is not a valid ticket must say so where the eye lands first (validity.ts). */
function validityNotice(booking: BookingDetails): string | null {
  if (booking.status === 'booked') {
    return `Not ticketed: this is a reservation held until ${utcStamp(booking.ticketing_deadline)}. It is not valid for travel until tickets are issued.`;
  }
  return invalidity(booking)?.notice ?? null;
}
