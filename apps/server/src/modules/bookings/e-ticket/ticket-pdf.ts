import type { BookingDetails } from '@skydesk/contract';
import { openDocument } from '../../../platform/pdf/document.js';
import { Sheet } from '../../../platform/pdf/sheet.js';
import { contact, importantInformation } from './sections/closing.js';
import { fare, fareRules } from './sections/fare.js';
import { footers } from './sections/footers.js';
import { header } from './sections/header.js';
import { itinerary } from './sections/itinerary.js';
import { invalidMark } from './sections/mark.js';
import { passengers } from './sections/passengers.js';
import { services } from './sections/services.js';

/**
 * The e-ticket / itinerary receipt an agency hands to its passengers (docs/api.md: GET
 * /api/booking/{id}/ticket.pdf), drawn on A4 with pdfkit.
 *
 * Its parts: the PDF toolkit of platform/pdf (fonts.ts: embedded faces, text they can print;
 * format.ts: dates, durations, money; sheet.ts: page geometry, palette, the hand-laid page;
 * tables.ts), labels.ts (the e-ticket's wording) and sections/ (the blocks, top to bottom), put
 * together here.
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

export async function renderTicketPdf(input: TicketPdfInput): Promise<Buffer> {
  const { booking, agency, generatedAt } = input;
  const { doc, bytes } = openDocument({
    title: `E-ticket ${booking.pnr}`,
    author: agency.name,
    subject: 'Electronic ticket – itinerary receipt',
    generatedAt,
  });
  const sheet = new Sheet(doc, `${agency.name} · E-ticket ${booking.pnr} (continued)`);
  header(sheet, input);
  passengers(sheet, input);
  itinerary(sheet, input);
  services(sheet, input);
  fare(sheet, input);
  fareRules(sheet, input);
  contact(sheet, input);
  importantInformation(sheet);
  footers(sheet, input);
  invalidMark(sheet, input);
  doc.end();
  return bytes;
}
