import { COLOR, LEFT, type Sheet, WIDTH } from '../../../../platform/pdf/sheet.js';
import { keyValues } from '../../../../platform/pdf/tables.js';
import type { TicketPdfInput } from '../ticket-pdf.js';

/** The closing blocks: whom to contact, and what a passenger must know before flying. */

export function contact(sheet: Sheet, { booking, agency }: TicketPdfInput): void {
  keyValues(sheet, 'Contact', [
    ['Passenger contact', `${booking.contact.email}   ·   ${booking.contact.phone}`],
    ['Issued by', `${agency.name}, on behalf of ${booking.created_by.name}`],
    ['Agency', `${agency.phone}   ·   ${agency.email}`],
  ]);
}

export function importantInformation(sheet: Sheet): void {
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
