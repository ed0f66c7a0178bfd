import { defineEndpoint, FALLBACK, TICKET_PDF_PATH } from '@skydesk/contract';
import { z } from 'zod';
import { apiBlob } from '../../shared/http/api-request';

/**
 * API.md `GET /api/booking/{id}/ticket.pdf`: a file, not an envelope. The access token lives in
 * memory (DESIGN.md §6), so a plain link would arrive without it: the PDF is fetched with the
 * bearer token and handed to the browser as a download.
 */
const ticketPdf = defineEndpoint({
  method: 'GET',
  path: TICKET_PDF_PATH as `/api/${string}`,
  summary: 'The e-ticket as PDF',
  access: 'company',
  permission: 'bookings.view',
  params: z.strictObject({ id: z.uuid() }),
  response: z.unknown(),
  fallbackMessage: FALLBACK.fetchBookingDetails,
});

export async function downloadTicketPdf(booking: { id: string; pnr: string }): Promise<void> {
  const blob = await apiBlob(ticketPdf, { params: { id: booking.id } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `e-ticket-${booking.pnr}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
