import { bookingsApi } from './bookings-api';

/** How long a downloaded file's object URL lives: revoking at once can cancel it in some browsers. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Hands a fetched file (its object URL) to the browser as a download named `name`. */
function saveAs(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * API.md `GET /api/booking/{id}/ticket.pdf`: a file, not an envelope. The access token lives in
 * memory (DESIGN.md §6), so a plain link would arrive without it: the PDF is fetched with the
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
