import type { BookingDetails } from '@skydesk/contract';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { FakeWebSocket } from '../../../testing/fake-websocket';
import { asListed, BOOKING_ID, credits } from '../testing/bookings';
import { bookingState, OWNER_PERMISSIONS, renderBookingScreen, routesAnswer } from '../testing/render';
import { changeOffer, pendingScheduleChange, ticketedReturn } from './testing';

configure({ asyncUtilTimeout: 5000 });

const DETAILS = `GET /api/booking/${BOOKING_ID}`;
const ACCEPT = `POST /api/booking/${BOOKING_ID}/schedule-change/accept`;
const CANCEL = `POST /api/booking/${BOOKING_ID}/schedule-change/cancel`;
const OFFERS = `POST /api/booking/${BOOKING_ID}/change-offers`;

function answering(booking: () => BookingDetails, routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'POST /api/booking-all-active-routes': () => ok(routesAnswer),
    [DETAILS]: () => ok(booking()),
    'GET /api/booking-credits': () => ok(credits(5000)),
    ...routes,
  });
}

const withPending = (overrides: Parameters<typeof pendingScheduleChange>[0] = {}) =>
  ticketedReturn({ schedule_change: pendingScheduleChange(overrides) });

const banner = () =>
  screen.findByRole('region', { name: /The airline (changed|cancelled) a flight/ }, { timeout: 15_000 });

describe('schedule change banner (issue 32)', { timeout: 30_000 }, () => {
  it('says before and after in words with the deadline, and accepts the new times', async () => {
    let answered = false;
    const api = answering(
      () =>
        answered
          ? ticketedReturn({
              schedule_change: pendingScheduleChange({
                status: 'accepted',
                actions: [],
                answered_at: new Date().toISOString(),
              }),
            })
          : withPending(),
      {
        [ACCEPT]: () => {
          answered = true;
          return ok(asListed(ticketedReturn()));
        },
      },
    );
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const region = await banner();
    expect(region).toHaveTextContent('BA117 LHR → JFK on Tue 22 Dec now leaves at 11:45 instead of 09:35');
    const flights = within(region).getByRole('list', { name: 'Flights changed' });
    expect(flights).toHaveTextContent('BA 117 LHR → JFK');
    expect(flights).toHaveTextContent('Before: Tue 22 Dec, 09:35 → 12:30');
    expect(flights).toHaveTextContent('Now: Tue 22 Dec, 11:45 → 14:40');
    expect(region).toHaveTextContent(/Answer by .* left/);
    expect(region).toHaveTextContent('Without an answer by');
    expect(region).not.toHaveTextContent('break a connection');

    await user.click(within(region).getByRole('button', { name: 'Accept new times' }));
    await waitFor(() => expect(api.calls(ACCEPT)).toHaveLength(1));
    expect(api.calls(ACCEPT)[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // Answered: a quiet note instead of the banner.
    expect(await screen.findByText(/Airline schedule change: New times accepted/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /The airline changed a flight/ })).toBeNull();
  });

  it('offers no accept when the new times break a connection, and says why', async () => {
    answering(() => withPending({ connection_broken: true, actions: ['alternative', 'cancel'] }));
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const region = await banner();
    expect(region).toHaveTextContent('The new times break a connection');
    expect(within(region).queryByRole('button', { name: 'Accept new times' })).toBeNull();
    expect(within(region).getByRole('button', { name: 'Choose another flight' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Cancel with full refund' })).toBeInTheDocument();
  });

  it('says a cancelled flight as cancelled', async () => {
    answering(() => withPending({ kind: 'cancelled', after: [], actions: ['alternative', 'cancel'] }));
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const region = await banner();
    expect(region).toHaveAccessibleName('The airline cancelled a flight');
    expect(within(region).getByRole('list', { name: 'Flights changed' })).toHaveTextContent(
      'Cancelled by the airline',
    );
    // What the deadline does: the new times cannot be accepted, so the booking is refunded.
    expect(region).toHaveTextContent('the booking is cancelled with a full refund.');
  });

  it('opens the change panel on the changed leg for the free alternative, and takes it', async () => {
    let answered = false;
    const changed = () =>
      ticketedReturn({
        schedule_change: pendingScheduleChange({
          status: 'changed',
          actions: [],
          answered_at: new Date().toISOString(),
        }),
      });
    const api = answering(() => (answered ? changed() : withPending()), {
      [`POST /api/booking/${BOOKING_ID}/change`]: () => ok(asListed(changed())),
      [OFFERS]: () =>
        ok([
          changeOffer({
            kind: 'schedule_change',
            new_total: { Amount: 1221, CurrencyCode: 'USD' },
            fare_difference: { Amount: 0, CurrencyCode: 'USD' },
            penalty: { Amount: 0, CurrencyCode: 'USD' },
            change_total: { Amount: 0, CurrencyCode: 'USD' },
            services: [],
          }),
        ]),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(within(await banner()).getByRole('button', { name: 'Choose another flight' }));
    const panel = screen.getByRole('region', { name: 'Choose another flight' });
    expect(panel).toHaveTextContent('offered at no cost');
    expect(within(panel).getByRole('checkbox', { name: /Change outbound/ })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: /Change outbound/ })).toHaveAccessibleName(
      /changed by the airline/,
    );
    expect(within(panel).getByRole('checkbox', { name: /Change return/ })).not.toBeChecked();
    // Within a day either side, on the same airports.
    expect(within(panel).getByLabelText('New date')).toHaveAttribute('max', '2026-12-23');
    expect(within(panel).getByLabelText('New date')).toHaveAttribute('min', '2026-12-21');
    await user.click(within(panel).getByRole('button', { name: 'Find flights' }));
    const offer = await within(panel).findByRole('article', { name: /Change offer/ });
    expect(api.calls(OFFERS)[0]?.body).toEqual({ legs: [{ leg_index: 0, departure_date: '2026-12-22' }] });
    expect(offer).toHaveTextContent("Free alternative to the airline's change");
    expect(offer).toHaveTextContent('Nothing to pay');
    answered = true;
    await user.click(within(offer).getByRole('button', { name: 'Change at no cost' }));
    // The panel keeps its title while the booking, asked again, no longer waits for an answer.
    expect(await within(panel).findByText('Flights changed')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Nothing was charged.');
    expect(
      await screen.findByText(/Airline schedule change: Answered with another flight/),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Choose another flight' })).toBe(panel);
  });

  it('cancels with a full refund after a confirmation, and says a refusal in the dialog', async () => {
    let attempts = 0;
    const api = answering(() => withPending(), {
      [CANCEL]: () => {
        attempts += 1;
        return attempts === 1
          ? fail(409, 'The schedule change was already answered')
          : ok(asListed({ ...ticketedReturn(), status: 'refunded' }));
      },
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await user.click(within(await banner()).getByRole('button', { name: 'Cancel with full refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel with a full refund?' });
    expect(dialog).toHaveTextContent('no penalty is kept');
    expect(dialog).toHaveTextContent('US$1,221.00 goes back to your credits');
    expect(api.calls(CANCEL)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking and refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The schedule change was already answered',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking and refund' }));
    await waitFor(() => expect(api.calls(CANCEL)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the change without its answers to a role that may not issue tickets', async () => {
    answering(() => withPending());
    renderBookingScreen(
      bookingDetailsPath(BOOKING_ID),
      bookingState({ permissions: OWNER_PERMISSIONS.filter((p) => p !== 'bookings.issue') }),
    );
    const region = await banner();
    expect(region).toHaveTextContent('View only');
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('shows the banner live when the airline change is pushed, without a reload', async () => {
    let published = false;
    const api = answering(() => (published ? withPending() : ticketedReturn()));
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    await screen.findByRole('region', { name: /K7Q2ZD/ }, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: /The airline changed a flight/ })).toBeNull();
    await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    published = true;
    act(() => {
      socket.accept();
      socket.push({ type: 'ready' });
      socket.push({
        type: 'notification',
        notification: {
          id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
          kind: 'airline_change',
          title: 'K7Q2ZD: the airline changed a flight',
          body: pendingScheduleChange().summary,
          link: bookingDetailsPath(BOOKING_ID),
          read_at: null,
          created_at: new Date().toISOString(),
        },
      });
    });
    expect(await banner()).toHaveTextContent('now leaves at 11:45');
    expect(api.calls(DETAILS).length).toBeGreaterThan(1);
  });

  it('says an answered change as a quiet note', async () => {
    answering(() =>
      ticketedReturn({
        schedule_change: pendingScheduleChange({
          status: 'auto_accepted',
          actions: [],
          answered_at: '2026-12-01T10:00:00.000Z',
        }),
      }),
    );
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    expect(
      await screen.findByText(/New times accepted automatically at the deadline/, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /The airline changed a flight/ })).toBeNull();
  });
});
