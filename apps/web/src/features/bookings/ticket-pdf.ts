import { bookingEndpoints } from '@skydesk/contract';
import { useState } from 'react';
import { apiBlob } from '../../shared/http/api-request';

/**
 * API.md `GET /api/booking/{id}/ticket.pdf`: a file, not an envelope. The access token lives in
 * memory (DESIGN.md §6), so a plain link would arrive without it: the PDF is fetched with the
 * bearer token and handed to the browser as a download.
 */
export async function downloadTicketPdf(booking: { id: string; pnr: string }): Promise<void> {
  const blob = await apiBlob(bookingEndpoints.ticketPdf, { params: { id: booking.id } });
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

/** A download button's state: busy while the PDF comes; a failure has been told by apiBlob. */
export function useTicketDownload(booking: { id: string; pnr: string }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadTicketPdf(booking);
    } catch {
      // apiBlob has told the user.
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
}
