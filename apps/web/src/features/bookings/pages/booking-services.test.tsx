import type { BookingService, BookingServices } from '@skydesk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { BOOKING_ID, credits, heldBooking, ticketedBooking } from '../testing/bookings';
import { bookingState, OWNER_PERMISSIONS, renderBookingScreen, routesAnswer } from '../testing/render';
import { ba117Map, bagOffer, usd } from '../testing/services';

configure({ asyncUtilTimeout: 5000 });

const DETAILS = `GET /api/booking/${BOOKING_ID}`;
const SERVICES = `GET /api/booking/${BOOKING_ID}/services`;
const ADD = `POST /api/booking/${BOOKING_ID}/services`;

const paidSeat: BookingService = {
  id: '5e1a7c2d-9b3f-4c8e-a1d2-3f4e5a6b7c8d',
  type: 'seat',
  passenger_index: 0,
  segment_index: 0,
  designator: '23C',
  amount: usd(25),
  status: 'issued',
  emd_number: '1258000000001',
};
const includedSeat: BookingService = {
  id: '6f2b8d3e-0c4a-4d9f-b2e3-4a5b6c7d8e9f',
  type: 'seat',
  passenger_index: 1,
  segment_index: 0,
  designator: '23D',
  amount: usd(0),
  status: 'issued',
};
const paidBags: BookingService = {
  id: '7a3c9e4f-1d5b-4e0a-83f4-5b6c7d8e9f0a',
  type: 'bag',
  passenger_index: 1,
  segment_index: 0,
  quantity: 2,
  amount: usd(90),
  status: 'issued',
  emd_number: '1258000000002',
};

const catalog = (overrides: Partial<BookingServices> = {}): BookingServices => ({
  services: [paidSeat, includedSeat],
  bags: [bagOffer(0), bagOffer(1)],
  can_add: true,
  closed_reason: null,
  seats_closed_reason: null,
  ...overrides,
});

describe("a booking's seats and bags (issue 31)", { timeout: 20_000 }, () => {
  it('lists each with its passenger, flight, amount, status and EMD number', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(ticketedBooking({ services: [paidBags, includedSeat, paidSeat] })),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const card = await screen.findByRole('region', { name: 'Seats and bags' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Seat 23C · BA117LAYLA HASSAN · EMD 1258000000001PaidUS$25.00',
      'Seat 23D · BA117OMAR HASSANPaidIncluded',
      '2 extra bags · BA117OMAR HASSAN · EMD 1258000000002PaidUS$90.00',
    ]);
  });

  it('says when there are none; a held booking adds none here', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(heldBooking()),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const card = await screen.findByRole('region', { name: 'Seats and bags' });
    expect(card).toHaveTextContent('No seats or extra bags on this booking');
    expect(within(card).queryByRole('button', { name: /Add bags or change seats/ })).toBeNull();
  });

  it('adds a bag and changes a seat after issue, charged at once with an Idempotency-Key', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(ticketedBooking({ services: [paidSeat, includedSeat] })),
      'GET /api/booking-credits': () => ok(credits(5000)),
      [SERVICES]: () => ok(catalog()),
      [`GET /api/booking/${BOOKING_ID}/seat-maps`]: () => ok([ba117Map(['23B'])]),
      [ADD]: () => ok(catalog()),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const card = await screen.findByRole('region', { name: 'Seats and bags' });
    await user.click(within(card).getByRole('button', { name: /Add bags or change seats/ }));

    // Layla chooses: her seat 23C is shown chosen, Omar's 23D marked as the party's.
    const omarBags = await within(card).findByRole('group', { name: 'Extra bags for OMAR HASSAN on BA117' });
    await user.click(within(omarBags).getByRole('button', { name: 'One bag more' }));
    await user.click(await within(card).findByRole('button', { name: /^12A,/ }));
    await user.click(within(card).getByRole('button', { name: 'Pay US$105.00' }));

    const dialog = await screen.findByRole('dialog', { name: 'Charge US$105.00 now?' });
    expect(dialog).toHaveTextContent('Seat 12A · BA117 · LAYLA HASSAN: US$60.00');
    expect(dialog).toHaveTextContent('1 extra bag · BA117 · OMAR HASSAN: US$45.00');
    await user.click(within(dialog).getByRole('button', { name: 'Pay US$105.00' }));

    await waitFor(() => expect(api.calls(ADD)).toHaveLength(1));
    const [sent] = api.calls(ADD);
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.body).toEqual({
      services: [
        { type: 'bag', passenger_index: 1, segment_index: 0, quantity: 1 },
        { type: 'seat', passenger_index: 0, segment_index: 0, designator: '12A' },
      ],
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('US$105.00 charged; the services are added'));
  });

  it('on a Duffel booking, adds bags from the airline and says seats are sold only when booking', async () => {
    const seatsClosed =
      'The airline sells seats only when the booking is made; extra bags can still be added';
    const success = vi.spyOn(toast, 'success');
    const duffel = {
      code: 'duffel' as const,
      reference: 'ZQ4K2P',
      state: 'confirmed' as const,
      airline_change_at: null,
    };
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(ticketedBooking({ supplier: duffel, services: [] })),
      'GET /api/booking-credits': () => ok(credits(5000)),
      [SERVICES]: () =>
        ok(
          catalog({
            services: [],
            bags: [bagOffer(0, { price: usd(54) })],
            seats_closed_reason: seatsClosed,
          }),
        ),
      [ADD]: () =>
        ok(catalog({ services: [{ ...paidBags, passenger_index: 0, quantity: 1, amount: usd(54) }] })),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const card = await screen.findByRole('region', { name: 'Seats and bags' });
    await user.click(within(card).getByRole('button', { name: 'Add bags' }));
    const seats = await within(card).findByRole('region', { name: 'Seats' });
    expect(seats).toHaveTextContent(seatsClosed);
    expect(api.calls(`GET /api/booking/${BOOKING_ID}/seat-maps`)).toHaveLength(0);
    const laylaBags = within(card).getByRole('group', { name: 'Extra bags for LAYLA HASSAN on BA117' });
    await user.click(within(laylaBags).getByRole('button', { name: 'One bag more' }));
    await user.click(within(card).getByRole('button', { name: 'Pay US$54.00' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay US$54.00' }));
    await waitFor(() => expect(api.calls(ADD)).toHaveLength(1));
    expect(api.calls(ADD)[0]?.body).toEqual({
      services: [{ type: 'bag', passenger_index: 0, segment_index: 0, quantity: 1 }],
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('US$54.00 charged; the services are added'));
  });

  it('says a seat was just taken, and reads its map again', async () => {
    const message = 'Seat 12A on BA117 was just taken: choose another';
    let maps = 0;
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(ticketedBooking({ services: [paidSeat] })),
      'GET /api/booking-credits': () => ok(credits(5000)),
      [SERVICES]: () => ok(catalog({ services: [paidSeat] })),
      [`GET /api/booking/${BOOKING_ID}/seat-maps`]: () => ok([ba117Map(maps++ === 0 ? [] : ['12A'])]),
      [ADD]: () => fail(409, message, { data: { seat_map: ba117Map(['12A']) } }),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const card = await screen.findByRole('region', { name: 'Seats and bags' });
    await user.click(within(card).getByRole('button', { name: /Add bags or change seats/ }));
    await user.click(await within(card).findByRole('button', { name: /^12A,/ }));
    await user.click(within(card).getByRole('button', { name: 'Pay US$60.00' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay US$60.00' }));
    expect(await within(card).findByText(message)).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: /^12A, .*not available/ })).toBeInTheDocument();
    expect(api.calls(`GET /api/booking/${BOOKING_ID}/seat-maps`).length).toBeGreaterThanOrEqual(2);
    expect(within(card).getByRole('button', { name: 'Save the change' })).toBeDisabled();
  });

  it('says why nothing can be added any more', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(ticketedBooking()),
      'GET /api/booking-credits': () => ok(credits(5000)),
      [SERVICES]: () =>
        ok(
          catalog({
            can_add: false,
            closed_reason: 'Seats and bags are sold until 24 hours before departure',
          }),
        ),
    });
    const { user } = renderBookingScreen(bookingDetailsPath(BOOKING_ID), bookingState());
    const card = await screen.findByRole('region', { name: 'Seats and bags' });
    await user.click(within(card).getByRole('button', { name: /Add bags or change seats/ }));
    expect(
      await within(card).findByText('Seats and bags are sold until 24 hours before departure'),
    ).toBeInTheDocument();
  });

  it('offers no change without bookings.issue', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      [DETAILS]: () => ok(ticketedBooking()),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    renderBookingScreen(
      bookingDetailsPath(BOOKING_ID),
      bookingState({
        permissions: OWNER_PERMISSIONS.filter((permission) => permission !== 'bookings.issue'),
      }),
    );
    const card = await screen.findByRole('region', { name: 'Seats and bags' });
    expect(within(card).queryByRole('button', { name: /Add bags or change seats/ })).toBeNull();
  });
});
