import { BOOKING_MESSAGES, type BookingDetails, type PenaltyAnswer, SUCCESS } from '@skydesk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { INSTANT_TICKETING } from '../../../entities/itinerary/ticketing';
import { bookingDetailsPath, eTicketPath } from '../../../shared/routing/booking-paths';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, ok } from '../../../testing/fake-api';
import { asListed, BOOKING_ID, credits, heldBooking, ticketedBooking } from '../testing/bookings';
import { bookingState, renderBookingScreen, routesAnswer } from '../testing/render';

configure({ asyncUtilTimeout: 8000 });

/** Issue 29 on the booking screens: a booking with a remote supplier (Duffel) and its airline. */

const DETAILS = `GET /api/booking/${BOOKING_ID}`;
const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });

const duffel = (
  state: BookingDetails['supplier']['state'],
  reference: string | null = 'RZ4KQ8',
): BookingDetails['supplier'] => ({ code: 'duffel', reference, state, airline_change_at: null });

describe('a booking with a remote supplier', { timeout: 20_000 }, () => {
  it('waits for the airline with no action offered, asks again by itself, then shows its reference', async () => {
    let reads = 0;
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(5000)),
      [DETAILS]: () => {
        reads += 1;
        return ok(
          reads === 1
            ? heldBooking({ supplier: duffel('confirming', null), allowed_actions: [] })
            : heldBooking({ supplier: duffel('confirmed') }),
        );
      },
    });
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());

    const header = await screen.findByRole('region', { name: /K7Q2ZD/ });
    expect(within(header).getByText('Waiting for the airline')).toBeInTheDocument();
    expect(screen.getByText('Waiting for the airline to confirm the hold')).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Issue ticket' })).toBeNull();

    // Polled while waiting: the airline's answer shows without a reload.
    expect(await within(header).findByTestId('airline-reference', {}, { timeout: 10_000 })).toHaveTextContent(
      'RZ4KQ8',
    );
    expect(within(header).queryByText('Waiting for the airline')).toBeNull();
    expect(within(header).getByRole('button', { name: 'Issue ticket' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent('Airline referenceRZ4KQ8');
    expect(api.calls(DETAILS).length).toBeGreaterThan(1);
  });

  it('says a fare held here only must be issued before its offer expires', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(5000)),
      [DETAILS]: () => ok(heldBooking({ supplier: duffel('local', null) })),
    });
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    expect(await screen.findByText(INSTANT_TICKETING.title)).toBeInTheDocument();
    expect(screen.getByText(/Nothing is held at the airline: issue it before/)).toBeInTheDocument();
  });

  it('stays on the booking when the airline has not ticketed yet', async () => {
    const success = vi.spyOn(toast, 'success');
    let issued = false;
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(5000)),
      [DETAILS]: () =>
        ok(
          issued
            ? heldBooking({ supplier: duffel('paying'), allowed_actions: [] })
            : heldBooking({ supplier: duffel('confirmed') }),
        ),
      'POST /api/booking-issue': () => {
        issued = true;
        return ok(asListed(heldBooking({ supplier: duffel('paying'), allowed_actions: [] })));
      },
    });
    const { user, router } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Issue ticket' }));
    await user.click(await screen.findByRole('button', { name: /Issue for/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(BOOKING_MESSAGES.ticketsWaitingForAirline));
    expect(router.state.location.pathname).toBe(paths.dashboard.bookingDetails);
    expect(await screen.findByText('Waiting for the airline to confirm the tickets')).toBeInTheDocument();
  });

  it('says what cancelling a hold at the airline does — its order cancelled, nothing charged — with no quote to ask', async () => {
    const success = vi.spyOn(toast, 'success');
    const held = heldBooking({ supplier: duffel('confirmed'), allowed_actions: ['issue', 'cancel'] });
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(5000)),
      [DETAILS]: () => ok(held),
      'POST /api/request-cancel-booking': () =>
        ok(asListed({ ...held, status: 'cancelled', supplier: duffel('cancelled'), allowed_actions: [] })),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const panel = await screen.findByRole('region', { name: 'Cancel this booking' });
    expect(panel).toHaveTextContent(
      'This cancels the hold at the airline: its order there is cancelled and the seats go back. Nothing is charged, and as the hold was not paid for, nothing comes back.',
    );
    // The server quotes and confirms the airline's cancellation in the cancel call itself.
    expect(api.calls('POST /api/getPenalty')).toHaveLength(0);

    await user.type(within(panel).getByLabelText('Reason'), 'The travellers changed plans');
    await user.click(within(panel).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(SUCCESS.bookingCancelled));
    expect(api.calls('POST /api/request-cancel-booking')[0]?.body).toEqual({
      booking_id: BOOKING_ID,
      reason: 'The travellers changed plans',
    });
  });

  it('says a fare held here only is cancelled here, with nothing charged', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(5000)),
      [DETAILS]: () =>
        ok(heldBooking({ supplier: duffel('local', null), allowed_actions: ['issue', 'cancel'] })),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const panel = await screen.findByRole('region', { name: 'Cancel this booking' });
    expect(panel).toHaveTextContent(
      'Nothing is held at the airline for this fare: this cancels the booking here, and nothing is charged.',
    );
  });

  it('prints the airline reference on the e-ticket, which the traveller checks in with', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(ticketedBooking({ supplier: duffel('confirmed') })),
    });
    renderBookingScreen(eTicketPath(BOOKING_ID), bookingState());
    const ticket = await screen.findByRole('article', { name: /Electronic ticket/ });
    expect(within(ticket).getByText('K7Q2ZD')).toBeInTheDocument();
    expect(within(ticket).getByText('RZ4KQ8')).toBeInTheDocument();
  });

  it("refunds the whole booking on the airline's quote, and says when it has run out", async () => {
    const success = vi.spyOn(toast, 'success');
    const booking = ticketedBooking({
      supplier: duffel('confirmed'),
      allowed_actions: ['refund'],
      void_until: null,
    });
    const quote = (expiresAt: string): PenaltyAnswer => ({
      refundable: true,
      void_until: null,
      rules: [
        "The airline's quote: US$900.00 of the US$1,221.00 paid comes back if the booking is cancelled now",
      ],
      tickets: booking.tickets.map((ticket) => ({
        ticket_number: ticket.ticket_number,
        passenger_name: ticket.passenger_name,
        paid: usd(610.5),
        penalty: usd(160.5),
        refund_amount: usd(450),
      })),
      refund_amount: usd(900),
      supplier_quote: { expires_at: expiresAt },
    });
    let quotes = 0;
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(5000)),
      [DETAILS]: () => ok(booking),
      'POST /api/getPenalty': () => {
        quotes += 1;
        return ok(quote(new Date(Date.now() + (quotes === 1 ? -60_000 : 600_000)).toISOString()));
      },
      'POST /api/request-ticket-refund': () =>
        ok(asListed({ ...booking, status: 'refunded', supplier: duffel('cancelled') })),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Request refund' }));
    const panel = await screen.findByRole('region', { name: 'Request a refund' });
    expect(await within(panel).findByText(/The airline's quote: US\$900.00/)).toBeInTheDocument();
    // The airline refunds the booking whole: no ticket can be left out.
    for (const box of within(panel).getAllByRole('checkbox')) expect(box).toBeDisabled();

    expect(within(panel).getByText("The airline's quote has expired")).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Refund at this quote' })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Ask for a new quote' }));
    await waitFor(() => expect(within(panel).queryByText("The airline's quote has expired")).toBeNull());

    await user.type(within(panel).getByLabelText('Reason'), 'The travellers cancelled the trip');
    await user.click(within(panel).getByRole('button', { name: 'Refund at this quote' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(BOOKING_MESSAGES.refundCredited));
    expect(api.calls('POST /api/request-ticket-refund')[0]?.body).toMatchObject({
      ticket_numbers: booking.tickets.map((ticket) => ticket.ticket_number),
    });
  });
});
