import type { BookingDetails } from '@skydesk/contract';
import PDFDocument from 'pdfkit';
import { FACES, type Face, faces } from '../../../platform/pdf/fonts.js';
import { MARGIN, Sheet } from '../../../platform/pdf/sheet.js';
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
  services(sheet, input);
  fare(sheet, input);
  fareRules(sheet, input);
  contact(sheet, input);
  importantInformation(sheet);
  footers(sheet, input);
  invalidMark(sheet, input);
  doc.end();
  return done;
}
