import { type PenaltyAnswer, SERVER, SUCCESS } from '@skydesk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { bookingDetailsPath, eTicketPath } from '../../../shared/routing/booking-paths';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { startOver } from '../../../testing/render-with-providers';
import { asListed, BOOKING_ID, credits, heldBooking, ticketedBooking } from '../testing/bookings';
import { bookingState, OWNER_PERMISSIONS, renderBookingScreen, routesAnswer } from '../testing/render';

configure({ asyncUtilTimeout: 5000 });

const DETAILS = `GET /api/booking/${BOOKING_ID}`;
const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });

describe('booking details', { timeout: 20_000 }, () => {
  it('shows everything about a held booking: status, PNR, deadline, flights, passengers, fare, history', async () => {
    const booking = heldBooking();
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(booking),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());

    const header = await screen.findByRole('region', { name: /K7Q2ZD/ });
    expect(within(header).getByText('Booked')).toBeInTheDocument();
    expect(within(header).getByText('LHR → JFK')).toBeInTheDocument();
    expect(within(header).getByText(/Ticket by/)).toBeInTheDocument();
    expect(within(header).getByText(/left$/)).toBeInTheDocument();
    // Only what allowed_actions lists.
    expect(within(header).getByRole('button', { name: 'Issue ticket' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Request refund' })).toBeNull();
    expect(within(header).queryByRole('button', { name: /Download/ })).toBeNull();

    expect(screen.getByRole('region', { name: 'Flights' })).toHaveTextContent('BA 117');
    expect(screen.getByRole('region', { name: 'Flights' })).toHaveTextContent('09:35');
    const passengers = screen.getByRole('region', { name: 'Passengers' });
    expect(within(passengers).getByText('Mrs LAYLA HASSAN')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Fare' })).toHaveTextContent('US$1,221.00');
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Booked')).toBeInTheDocument();
    expect(within(history).getByText(/Amina Rahman/)).toBeInTheDocument();
  });

  it('shows a total with seats and bags as fare plus services, not as a price change (issue 31)', async () => {
    // The fare's quote is US$1,221.00; the agency paid US$50.00 more for a seat and a bag.
    const booking = ticketedBooking({ total: usd(1271), services_total: usd(50) });
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(booking),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());

    const header = await screen.findByRole('region', { name: /K7Q2ZD/ });
    expect(within(header).getByText('US$1,271.00')).toBeInTheDocument();
    expect(within(header).getByText('Fare US$1,221.00 · seats and bags US$50.00')).toBeInTheDocument();
    const fare = screen.getByRole('region', { name: 'Fare' });
    expect(fare).toHaveTextContent('Seats and bagsUS$50.00');
    expect(within(fare).getByTestId('fare-total')).toHaveTextContent('US$1,271.00');
    expect(fare).not.toHaveTextContent('Quoted total');
    expect(fare).not.toHaveTextContent('New total');
  });

  it('issues from the credits and opens the e-ticket', async () => {
    const ticketed = ticketedBooking();
    let issued = false;
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(issued ? ticketed : heldBooking()),
      'GET /api/booking-credits': () => ok(credits(5000)),
      'POST /api/booking-issue': () => {
        issued = true;
        return ok(asListed(ticketed));
      },
    });
    const { user, router } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Issue ticket' }));

    const panel = screen.getByRole('region', { name: 'Issue 2 tickets' });
    expect(await within(panel).findByText('US$5,000.00')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Issue for US$1,221.00' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.eTicket));
    expect(router.state.location.search).toBe(`?id=${BOOKING_ID}`);
    const [sent] = api.calls('POST /api/booking-issue');
    expect(sent?.body).toEqual({ pnr: 'K7Q2ZD' });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('Tickets issued')).toBeInTheDocument();
    expect(screen.getByText('1250000000001')).toBeInTheDocument();
  });

  it('explains "Insufficient credits" with the balance and where to add credits', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(heldBooking()),
      'GET /api/booking-credits': () => ok(credits(200)),
      'POST /api/booking-issue': () => fail(402, SERVER.insufficientCredits),
    });
    const { user, router } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Issue ticket' }));
    const panel = screen.getByRole('region', { name: 'Issue 2 tickets' });
    await within(panel).findByText(/not enough/);
    await user.click(within(panel).getByRole('button', { name: 'Issue for US$1,221.00' }));

    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(SERVER.insufficientCredits);
    expect(alert).toHaveTextContent(
      'Issuing needs US$1,221.00 and you have US$200.00 available: add at least US$1,021.00',
    );
    await user.click(within(alert).getByRole('link', { name: /Add credits/ }));
    expect(router.state.location.pathname).toBe(paths.dashboard.createTransaction);
  });

  it('cancels a hold with a reason: says what it does, then "Booking cancelled successfully"', async () => {
    const success = vi.spyOn(toast, 'success');
    let cancelled = false;
    const cancelledBooking = heldBooking({
      status: 'cancelled',
      allowed_actions: [],
      history: [
        ...heldBooking().history,
        {
          id: '7d7d7d7d-7d7d-4d7d-8d7d-7d7d7d7d7d7d',
          action: 'cancelled',
          from_status: 'booked',
          to_status: 'cancelled',
          note: 'Client changed plans',
          actor: { id: '3f1c8a52-7d0e-4b8a-9f1e-2c6d5a4b3e21', name: 'Amina Rahman' },
          created_at: new Date().toISOString(),
        },
      ],
    });
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(cancelled ? cancelledBooking : heldBooking()),
      'GET /api/booking-credits': () => ok(credits(5000)),
      'POST /api/request-cancel-booking': () => {
        cancelled = true;
        return ok(asListed(cancelledBooking));
      },
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const panel = screen.getByRole('region', { name: 'Cancel this booking' });
    expect(panel).toHaveTextContent('the seats are released and nothing is charged');

    await user.click(within(panel).getByRole('button', { name: 'Cancel booking' }));
    expect(within(panel).getByText('Say why, in a few words')).toBeInTheDocument();
    expect(api.calls('POST /api/request-cancel-booking')).toHaveLength(0);

    await user.type(within(panel).getByLabelText('Reason'), 'Client changed plans');
    await user.click(within(panel).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(SUCCESS.bookingCancelled));
    const [sent] = api.calls('POST /api/request-cancel-booking');
    expect(sent?.body).toEqual({ booking_id: BOOKING_ID, reason: 'Client changed plans' });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();

    const header = await screen.findByRole('region', { name: /K7Q2ZD/ });
    await waitFor(() => expect(within(header).getByText('Cancelled')).toBeInTheDocument());
    expect(within(screen.getByRole('main')).getByText(SUCCESS.bookingCancelled)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'History' })).getByText('Client changed plans'),
    ).toBeInTheDocument();
  });

  it('offers one way out while the void window is open: a void, saying why nothing is deducted', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(ticketedBooking()),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const header = await screen.findByRole('region', { name: /K7Q2ZD/ });
    expect(within(header).getByText(/Free void until/)).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: /Download e-ticket PDF/ })).toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: 'Void tickets' }));
    expect(screen.getByRole('region', { name: 'Void the tickets' })).toHaveTextContent(
      'This voids all 2 tickets and cancels the booking: US$1,221.00 goes back to your credits in full. Nothing is deducted: no penalty is taken inside the void window.',
    );
    expect(within(header).queryByRole('button', { name: 'Request refund' })).not.toBeInTheDocument();
  });

  it('refunds the tickets the agent picks, with the penalty of each', async () => {
    const success = vi.spyOn(toast, 'success');
    const booking = ticketedBooking({
      allowed_actions: ['refund'],
      void_until: new Date(Date.now() - 1000).toISOString(),
    });
    const penalty: PenaltyAnswer = {
      refundable: false,
      void_until: null,
      rules: ['Non-refundable fare: only taxes are returned.', 'Refunds are possible until departure.'],
      tickets: booking.tickets.map((ticket) => ({
        ticket_number: ticket.ticket_number,
        passenger_name: ticket.passenger_name,
        paid: usd(610.5),
        penalty: usd(420),
        refund_amount: usd(190.5),
      })),
      refund_amount: usd(381),
      supplier_quote: null,
    };
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(booking),
      'GET /api/booking-credits': () => ok(credits(5000)),
      'POST /api/getPenalty': () => ok(penalty),
      'POST /api/request-ticket-refund': () =>
        ok(asListed({ ...booking, status: 'refund_requested', allowed_actions: [] })),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Request refund' }));

    const panel = screen.getByRole('region', { name: 'Request a refund' });
    const omar = await within(panel).findByRole('checkbox', { name: /OMAR HASSAN/ });
    const layla = within(panel).getByRole('checkbox', { name: /LAYLA HASSAN/ });
    expect(api.calls('POST /api/getPenalty')[0]?.body).toEqual({ booking_id: BOOKING_ID });
    expect(within(panel).getByText('Refunds are possible until departure.')).toBeInTheDocument();
    // Everyone is ticked at first.
    expect(layla).toBeChecked();
    expect(omar).toBeChecked();
    expect(within(panel).getByTestId('refund-total')).toHaveTextContent('US$381.00');
    expect(within(panel).getAllByText('−US$420.00')).toHaveLength(2);

    // Omar still flies: only Layla's ticket is refunded.
    await user.click(omar);
    expect(within(panel).getByTestId('refund-total')).toHaveTextContent('US$190.50');
    expect(within(panel).getByText(/1 of 2 tickets/)).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Reason'), 'Layla cannot travel');
    await user.click(within(panel).getByRole('button', { name: 'Request refund' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(SUCCESS.refundRequestedShort));
    const [sent] = api.calls('POST /api/request-ticket-refund');
    expect(sent?.body).toEqual({
      booking_id: BOOKING_ID,
      reason: 'Layla cannot travel',
      ticket_numbers: ['1250000000001'],
    });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('refuses to refund no ticket at all', async () => {
    const booking = ticketedBooking({ allowed_actions: ['refund'] });
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(booking),
      'GET /api/booking-credits': () => ok(credits(5000)),
      'POST /api/getPenalty': () =>
        ok({
          refundable: true,
          void_until: null,
          rules: [],
          tickets: booking.tickets.map((ticket) => ({
            ticket_number: ticket.ticket_number,
            passenger_name: ticket.passenger_name,
            paid: usd(610.5),
            penalty: usd(150),
            refund_amount: usd(460.5),
          })),
          refund_amount: usd(921),
        }),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Request refund' }));
    const panel = screen.getByRole('region', { name: 'Request a refund' });
    for (const box of await within(panel).findAllByRole('checkbox')) await user.click(box);
    await user.type(within(panel).getByLabelText('Reason'), 'Trip called off');
    await user.click(within(panel).getByRole('button', { name: 'Request refund' }));
    expect(within(panel).getByText('Choose at least one ticket')).toBeInTheDocument();
    expect(api.calls('POST /api/request-ticket-refund')).toHaveLength(0);
  });

  it('offers to ask support about the booking, its reference filled in, to a role that may', async () => {
    const routes = {
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(heldBooking()),
      'GET /api/booking-credits': () => ok(credits(5000)),
    };
    fakeApi(routes);
    const view = renderBookingScreen(
      bookingDetailsPath(BOOKING_ID),
      bookingState({ permissions: [...OWNER_PERMISSIONS, 'support.use'] }),
    );
    expect(await screen.findByRole('link', { name: 'Ask support about this booking' })).toHaveAttribute(
      'href',
      `${paths.dashboard.createTicket}?pnr=K7Q2ZD`,
    );
    await startOver(view);
    fakeApi(routes);
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await screen.findByRole('region', { name: /K7Q2ZD/ });
    expect(screen.queryByRole('link', { name: 'Ask support about this booking' })).toBeNull();
  });

  it('says so when the booking does not exist for this agency', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => fail(404, SERVER.notFound),
    });
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeInTheDocument();
  });
});

describe('the e-ticket', { timeout: 20_000 }, () => {
  it('shows the tickets, segments in local times and the total, and downloads the PDF with the token', async () => {
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(ticketedBooking()),
      [`GET /api/booking/${BOOKING_ID}/ticket.pdf`]: () =>
        new Response('%PDF-1.7 e-ticket', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderBookingScreen(eTicketPath(BOOKING_ID), bookingState());

    const ticket = await screen.findByRole('article', { name: 'Electronic ticket' });
    expect(within(ticket).getByText('K7Q2ZD')).toBeInTheDocument();
    expect(within(ticket).getByText('Demo Travels')).toBeInTheDocument();
    expect(within(ticket).getByText('1250000000001')).toBeInTheDocument();
    expect(within(ticket).getByText('1250000000002')).toBeInTheDocument();
    expect(within(ticket).getByText('09:35')).toBeInTheDocument();
    expect(within(ticket).getByText('12:30')).toBeInTheDocument();
    expect(within(ticket).getByText(/1 × 23 kg/)).toBeInTheDocument();
    expect(within(ticket).getByText('US$1,221.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const [sent] = api.calls(`GET /api/booking/${BOOKING_ID}/ticket.pdf`);
    expect(sent?.headers.get('Authorization')).toMatch(/^Bearer /);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('e-ticket-K7Q2ZD.pdf');
    expect(link.href).toMatch(/^blob:/);
  });

  it('sends a booking without tickets to its details', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(heldBooking()),
    });
    renderBookingScreen(eTicketPath(BOOKING_ID), bookingState());
    expect(await screen.findByText('No tickets yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the booking' })).toHaveAttribute(
      'href',
      bookingDetailsPath(BOOKING_ID),
    );
  });
});
