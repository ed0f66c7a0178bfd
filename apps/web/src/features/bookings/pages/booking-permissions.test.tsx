import { PERMISSIONS, type Permission } from '@skydesk/contract';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { BOOKING_ID, credits, heldBooking, ticketedBooking } from '../testing/bookings';
import { bookingState, renderBookingScreen, routesAnswer } from '../testing/render';

configure({ asyncUtilTimeout: 5000 });

const DETAILS = `GET /api/booking/${BOOKING_ID}`;
const FORBIDDEN = "You don't have access to this page";
const allBut = (...missing: Permission[]) =>
  PERMISSIONS.filter((permission) => !missing.includes(permission));

const detailsAnswer = (booking = heldBooking()) => ({
  'POST /api/booking-all-active-routes': () => ok(routesAnswer),
  [DETAILS]: () => ok(booking),
  'GET /api/booking-credits': () => ok(credits(5000)),
});

/** Issue 13: a booking screen offers only what the user's role may do; a refusal shows the 403 screen. */
describe('booking actions by permission', { timeout: 20_000 }, () => {
  it('hides Issue ticket from a role without bookings.issue, keeping Cancel', async () => {
    fakeApi(detailsAnswer());
    renderBookingScreen(
      bookingDetailsPath(BOOKING_ID),
      bookingState({ permissions: allBut('bookings.issue') }),
    );
    const header = await screen.findByRole('region', { name: /K7Q2ZD/ });
    expect(within(header).getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Issue ticket' })).not.toBeInTheDocument();
  });

  it('hides Cancel from a role without bookings.cancel, and Void tickets likewise', async () => {
    fakeApi(detailsAnswer(ticketedBooking()));
    renderBookingScreen(
      bookingDetailsPath(BOOKING_ID),
      bookingState({ permissions: allBut('bookings.cancel') }),
    );
    const header = await screen.findByRole('region', { name: /K7Q2ZD/ });
    expect(within(header).queryByRole('button', { name: 'Void tickets' })).not.toBeInTheDocument();
    // The e-ticket stays: it needs only bookings.view.
    expect(within(header).getByRole('link', { name: /View e-ticket/ })).toBeInTheDocument();
  });

  it('shows the 403 screen when the server refuses the booking', async () => {
    fakeApi({ ...detailsAnswer(), [DETAILS]: () => fail(403, 'You do not have permission to do this') });
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const refusal = await screen.findByRole('region', { name: FORBIDDEN });
    expect(within(refusal).getByText('See bookings')).toBeInTheDocument();
  });

  it('shows the 403 screen when the server refuses the order history', async () => {
    fakeApi({
      'GET /api/orders/company': () => fail(403, 'You do not have permission to do this'),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    renderBookingScreen(paths.dashboard.orderHistory, bookingState());
    const refusal = await screen.findByRole('region', { name: FORBIDDEN });
    expect(within(refusal).getByText('See history')).toBeInTheDocument();
  });
});
