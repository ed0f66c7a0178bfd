import type { PenaltyAnswer } from '@skydesk/contract';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { fakeApi, ok } from '../../../testing/fake-api';
import { asListed, BOOKING_ID, credits, ticketedBooking } from '../testing/bookings';
import { bookingState, renderBookingScreen, routesAnswer } from '../testing/render';

configure({ asyncUtilTimeout: 5000 });

const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });

/**
 * Issue 31: the refund quote shows each passenger's paid seats and bags under their ticket — what
 * comes back and why — and the total counts those of the passengers ticked.
 */
describe('refund panel with seats and bags', { timeout: 20_000 }, () => {
  it('lists the services refunded and not refunded with their reasons, in the total of the tickets ticked', async () => {
    const booking = ticketedBooking({
      allowed_actions: ['refund'],
      void_until: new Date(Date.now() - 1000).toISOString(),
    });
    const [layla] = booking.tickets;
    const penalty: PenaltyAnswer = {
      refundable: false,
      void_until: null,
      rules: [
        'Non-refundable: only taxes are returned',
        'Seats and bags: extra bags are refunded in full before departure; seats are not refunded unless the airline changes or cancels the flight',
      ],
      tickets: booking.tickets.map((ticket) => ({
        ticket_number: ticket.ticket_number,
        passenger_name: ticket.passenger_name,
        paid: usd(610.5),
        penalty: usd(420),
        refund_amount: usd(190.5),
      })),
      refund_amount: usd(421),
      services: [
        {
          service_id: '5e000000-0000-4000-8000-000000000001',
          ticket_number: layla!.ticket_number,
          passenger_name: layla!.passenger_name,
          type: 'seat',
          description: 'Seat 23C BA117',
          paid: usd(25),
          refund_amount: usd(0),
          reason: 'Seats are not refunded unless the airline changes or cancels the flight',
        },
        {
          service_id: '5e000000-0000-4000-8000-000000000002',
          ticket_number: layla!.ticket_number,
          passenger_name: layla!.passenger_name,
          type: 'bag',
          description: 'Extra bag 23 kg BA117',
          paid: usd(40),
          refund_amount: usd(40),
          reason: 'Extra bags are refunded in full before their flight leaves',
        },
      ],
      supplier_quote: null,
    };
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [`GET /api/booking/${BOOKING_ID}`]: () => ok(booking),
      'GET /api/booking-credits': () => ok(credits(5000)),
      'POST /api/getPenalty': () => ok(penalty),
      'POST /api/request-ticket-refund': () =>
        ok(asListed({ ...booking, status: 'refund_requested', allowed_actions: [] })),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(await screen.findByRole('button', { name: 'Request refund' }, { timeout: 15_000 }));

    const panel = screen.getByRole('region', { name: 'Request a refund' });
    const lines = await within(panel).findByRole('list', { name: 'Seats and bags' });
    const [seat, bag] = within(lines).getAllByRole('listitem');
    expect(seat).toHaveTextContent('Seat 23C BA117');
    expect(seat).toHaveTextContent('Paid US$25.00');
    expect(seat).toHaveTextContent('Not refunded');
    expect(seat).toHaveTextContent('Seats are not refunded unless the airline changes or cancels the flight');
    expect(bag).toHaveTextContent('Extra bag 23 kg BA117');
    expect(bag).toHaveTextContent('Refund US$40.00');
    expect(bag).toHaveTextContent('Extra bags are refunded in full before their flight leaves');
    // Both tickets and Layla's bag.
    expect(within(panel).getByTestId('refund-total')).toHaveTextContent('US$421.00');
    expect(within(panel).getByText(/seats and bags included/)).toBeInTheDocument();

    // Layla flies after all: her bag stays with her, out of the total.
    await user.click(within(panel).getByRole('checkbox', { name: new RegExp(layla!.passenger_name, 'i') }));
    expect(within(panel).getByTestId('refund-total')).toHaveTextContent('US$190.50');
    expect(within(panel).queryByText(/seats and bags included/)).toBeNull();
  });
});
