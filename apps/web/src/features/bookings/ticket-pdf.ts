import { saveAs } from '../../shared/files/save-file';
import { bookingsApi } from './bookings-api';

/**
 * docs/api.md `GET /api/booking/{id}/ticket.pdf`: a file, not an envelope. The access token lives in
 * memory (docs/architecture.md §6), so a plain link would arrive without it: the PDF is fetched with the
 * bearer token and handed to the browser as a download. Busy while the PDF comes; a failure has
 * been told by the call.
 */
export function useTicketDownload(booking: { id: string; pnr: string }) {
  const [fetchTicket, { isLoading: downloading }] = bookingsApi.useTicketPdfMutation();
  const download = async () => {
    try {
      saveAs(await fetchTicket({ params: { id: booking.id } }).unwrap(), `e-ticket-${booking.pnr}.pdf`);
    } catch {
      // The call has told the user.
    }
  };
  return { downloading, download };
}
