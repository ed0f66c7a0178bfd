import { BOOKING_MESSAGES, type BookingDetails, SUCCESS } from '@skydesk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { bookingDetailsPath, eTicketPath } from '../../../shared/routing/booking-paths';
import { fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { asListed, BOOKING_ID, credits, ticketedBooking } from '../testing/bookings';
import { bookingState, renderBookingScreen, routesAnswer } from '../testing/render';

configure({ asyncUtilTimeout: 5000 });

const DETAILS = `GET /api/booking/${BOOKING_ID}`;
const EMAIL = `POST /api/booking/${BOOKING_ID}/ticket-email`;
const VOIDED_AT = '2026-11-25T09:15:00.000Z';

/** The ticketed fixture after a void: every ticket voided, the void in its history. */
function voidedBooking(): BookingDetails {
  const ticketed = ticketedBooking();
  return {
    ...ticketed,
    status: 'voided',
    allowed_actions: [],
    tickets: ticketed.tickets.map((ticket) => ({ ...ticket, status: 'voided' })),
    history: [
      ...ticketed.history,
      {
        id: '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f',
        action: 'voided',
        from_status: 'ticketed',
        to_status: 'voided',
        note: '2 tickets voided; 1221.00 USD refunded to credits; the seats were released. Reason: Client changed plans',
        actor: ticketed.history[0]!.actor,
        created_at: VOIDED_AT,
      },
    ],
  };
}

describe('voiding', { timeout: 20_000 }, () => {
  it('says the tickets were voided and refunded, not that a booking was cancelled', async () => {
    const success = vi.spyOn(toast, 'success');
    let voided = false;
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(voided ? voidedBooking() : ticketedBooking()),
      'GET /api/booking-credits': () => ok(credits(5000)),
      'POST /api/request-cancel-booking': () => {
        voided = true;
        return ok(asListed(voidedBooking()));
      },
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Void tickets' }));
    const panel = screen.getByRole('region', { name: 'Void the tickets' });
    await user.type(within(panel).getByLabelText('Reason'), 'Client changed plans');
    await user.click(within(panel).getByRole('button', { name: 'Void tickets' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(BOOKING_MESSAGES.ticketsVoided));
    expect(success).not.toHaveBeenCalledWith(SUCCESS.bookingCancelled);
    const main = screen.getByRole('main');
    expect(await within(main).findByText(BOOKING_MESSAGES.ticketsVoided)).toBeInTheDocument();
    expect(within(main).queryByText(SUCCESS.bookingCancelled)).toBeNull();
  });
});

describe('a voided booking', { timeout: 20_000 }, () => {
  it('shows its e-ticket stamped VOID, since when, the money returned, and no "Total paid" or e-mail', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(voidedBooking()),
    });
    renderBookingScreen(eTicketPath(BOOKING_ID), bookingState());

    const banner = await screen.findByRole('region', { name: /Tickets voided on/ });
    expect(banner).toHaveTextContent('VOID');
    expect(banner).toHaveTextContent('Not valid for travel');
    expect(banner).toHaveTextContent('US$1,221.00 was returned in full to your credits.');
    expect(within(banner).getByRole('time')).toHaveAttribute('dateTime', VOIDED_AT);
    const ticket = screen.getByRole('article', { name: /Electronic ticket · tickets voided, not valid/ });
    expect(within(ticket).queryByText(/Total paid/)).toBeNull();
    expect(within(ticket).getByText(/Charged for 2 passengers/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'E-mail e-ticket' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download PDF (marked VOID)' })).toBeInTheDocument();
  });

  it('is marked on its details too: banner, the e-ticket named void, no e-mail', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(voidedBooking()),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    expect(await screen.findByRole('region', { name: /Tickets voided on/ })).toBeInTheDocument();
    const header = screen.getByRole('region', { name: /K7Q2ZD/ });
    expect(within(header).getByText('Total · returned in full')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'View e-ticket (void)' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Download PDF (marked VOID)' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'E-mail e-ticket' })).toBeNull();
  });
});

describe('e-mailing the e-ticket', { timeout: 20_000 }, () => {
  it('sends it to the contact and typed addresses, checking them first', async () => {
    const success = vi.spyOn(toast, 'success');
    const booking = ticketedBooking();
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(booking),
      [EMAIL]: () =>
        ok({ sent_to: [booking.contact.email, 'omar@example.com'], sent_at: new Date().toISOString() }),
    });
    const { user } = renderBookingScreen(eTicketPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'E-mail e-ticket' }));
    const dialog = screen.getByRole('dialog', { name: 'E-mail the e-ticket K7Q2ZD' });
    expect(within(dialog).getByRole('checkbox', { name: /Booking contact/ })).toBeChecked();
    expect(within(dialog).getByText(booking.contact.email)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Other addresses/), 'omar@example.com, omar@');
    await user.click(within(dialog).getByRole('button', { name: 'Send e-ticket' }));
    expect(within(dialog).getByText('“omar@” is not an e-mail address')).toBeInTheDocument();
    expect(api.calls(EMAIL)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Other addresses/));
    await user.type(within(dialog).getByLabelText(/Other addresses/), 'omar@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send e-ticket' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(BOOKING_MESSAGES.ticketEmailed(2)));
    expect(api.calls(EMAIL)[0]?.body).toEqual({ recipients: [booking.contact.email, 'omar@example.com'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal in the dialog, and the address a 422 names', async () => {
    let answer = () => fail(409, 'Booking K7Q2ZD is voided: its tickets are not valid for travel');
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(ticketedBooking()),
      [EMAIL]: () => answer(),
    });
    const { user } = renderBookingScreen(eTicketPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'E-mail e-ticket' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send e-ticket' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'its tickets are not valid for travel',
    );

    answer = () => invalid({ 'recipients.0': ['Enter a valid e-mail address'] });
    await user.click(within(dialog).getByRole('button', { name: 'Send e-ticket' }));
    expect(
      await within(dialog).findByText(`${ticketedBooking().contact.email}: Enter a valid e-mail address`),
    ).toBeInTheDocument();
  });
});

describe('the booking history', { timeout: 20_000 }, () => {
  it('shows a stored note’s instant and amount in the portal’s formats, old rows included', async () => {
    const booking = ticketedBooking();
    booking.history[0] = {
      ...booking.history[0]!,
      note: 'Seats held until 2026-11-25 00:18 UTC; total 1062.88 USD',
    };
    booking.history.push({
      ...booking.history[0]!,
      id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
      action: 'e_ticket_sent',
      from_status: null,
      to_status: 'ticketed',
      note: 'E-ticket e-mailed to layla@example.com',
    });
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(booking),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const history = await screen.findByRole('region', { name: 'History' });
    const note = within(history).getByText(/Seats held until/);
    expect(note).toHaveTextContent(
      /^Seats held until \w{3} \d{1,2} \w{3} 2026, \d{2}:\d{2}; total US\$1,062\.88$/,
    );
    expect(within(note).getByRole('time')).toHaveAttribute('dateTime', '2026-11-25T00:18:00.000Z');
    expect(history).not.toHaveTextContent('UTC');
    expect(history).not.toHaveTextContent('1062.88 USD');
    expect(within(history).getByText('E-ticket e-mailed')).toBeInTheDocument();
    expect(within(history).getByText('E-ticket e-mailed to layla@example.com')).toBeInTheDocument();
  });
});
