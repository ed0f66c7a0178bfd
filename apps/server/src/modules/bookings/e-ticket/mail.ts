import type { BookingDetails } from '@skydesk/contract';
import { mailLayout } from '../../../platform/mail/layout.js';
import type { Mail } from '../../../platform/mail/mailer.js';
import { localStamp } from '../../../platform/pdf/format.js';
import type { TicketAgency } from './ticket-pdf.js';

/**
 * The mail that carries the e-ticket PDF to a traveller: who sends it (the agency, by name, so the
 * traveller knows whom to answer), the booking reference, the passengers and flights in a few
 * lines for a phone's preview, and the PDF itself attached. One mail per address, so travellers
 * never see each other's addresses.
 */
export function eTicketMail(input: {
  to: string;
  booking: BookingDetails;
  agency: TicketAgency;
  sender: string;
  pdf: Buffer;
}): Mail {
  const { booking, agency, sender } = input;
  const title = `Your e-ticket, booking ${booking.pnr}`;
  const passengers = booking.passengers
    .map((passenger) => `${passenger.title} ${passenger.first_name} ${passenger.last_name}`)
    .join(', ');
  const flights = booking.segments
    .map(
      (segment) =>
        `${segment.MarketingAirline.Code}${segment.FlightNumber} ${segment.DepartureAirport.LocationCode} → ${segment.ArrivalAirport.LocationCode}, ${localStamp(segment.DepartureDateTime, segment.DepartureUTCOffset)}`,
    )
    .join('\n');
  const paragraphs = [
    'Hello,',
    `${agency.name} has sent you the electronic ticket for booking ${booking.pnr}. It is attached as a PDF: keep it with you when you travel and show it at check-in if asked.`,
    `Passengers: ${passengers}`,
    `Flights (local times):\n${flights}`,
    `Questions about this booking? Contact ${agency.name}: ${agency.phone}, ${agency.email}.`,
  ];
  const footnote = `Sent by ${sender} of ${agency.name} through SkyDesk.`;
  return {
    to: input.to,
    subject: `E-ticket ${booking.pnr} from ${agency.name}`,
    text: `${[...paragraphs, footnote].join('\n\n')}\n`,
    html: mailLayout(title, paragraphs, { footnote }),
    attachments: [
      { filename: `e-ticket-${booking.pnr}.pdf`, contentType: 'application/pdf', content: input.pdf },
    ],
  };
}
