import type { BookingBody } from '@skydesk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { asListed, credits, familyOffer, heldBooking } from '../testing/bookings';
import { bookingState, OWNER_PERMISSIONS, renderBookingScreen, routesAnswer } from '../testing/render';
import { ba117Map, bagCatalog, bagOffer, EXIT_ROW_RULE, familyForm, usd } from '../testing/services';

configure({ asyncUtilTimeout: 5000 });

const readyState = (draft = {}) =>
  bookingState({ itinerary: familyOffer, draft: { form: familyForm, ...draft } });

const seatApi = (maps = [ba117Map()]) =>
  fakeApi({
    'POST /api/booking-all-active-routes': () => ok(routesAnswer),
    'GET /api/seat-maps': () => ok(maps),
  });

describe('the seats step (issue 31)', { timeout: 20_000 }, () => {
  it('chooses a seat for each passenger by name, flight by flight, and adds up their prices', async () => {
    const api = seatApi();
    const { user, store, router } = renderBookingScreen(paths.dashboard.chooseSeats, readyState());

    const steps = await screen.findByRole('navigation', { name: 'Booking steps' });
    expect(within(steps).getByText('Seats').closest('[aria-current]')).toHaveAttribute(
      'aria-current',
      'step',
    );
    // Named as typed, never 'Passenger 1'; the infant on Layla's lap has no seat of its own.
    const picker = await screen.findByRole('region', { name: 'Who is choosing' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      expect.stringContaining('Layla Hassan'),
      expect.stringContaining('Omar Hassan'),
      expect.stringContaining('Noor Hassan'),
    ]);
    expect(within(picker).getByRole('button', { name: /Layla Hassan/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(api.calls('GET /api/seat-maps')[0]?.query.get('offer_id')).toBe(familyOffer.offer_id);

    await user.click(await screen.findByRole('button', { name: /^23C, aisle, 25 USD/ }));
    // Layla has 23C; Omar, next without a seat on BA117, chooses now and sees her mark on it.
    expect(within(picker).getByRole('button', { name: /Omar Hassan/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('heading', { name: 'Seat for Omar Hassan' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^23D, aisle, included in the fare/ }));

    expect(store.getState().bookingDraft.services).toEqual([
      {
        type: 'seat',
        passenger_index: 0,
        segment_index: 0,
        designator: '23C',
        amount: usd(25),
        flight: 'BA117',
      },
      {
        type: 'seat',
        passenger_index: 1,
        segment_index: 0,
        designator: '23D',
        amount: null,
        flight: 'BA117',
      },
    ]);
    const chosen = screen.getByRole('region', { name: 'Seats chosen' });
    expect(chosen).toHaveTextContent('BA117 23C · Layla HassanUS$25.00');
    expect(chosen).toHaveTextContent('BA117 23D · Omar HassanIncluded');
    expect(screen.getByTestId('seats-total')).toHaveTextContent('US$25.00');
    // The fare (1,863.75) and the seat.
    expect(screen.getByRole('region', { name: 'Your trip' })).toHaveTextContent('US$1,888.75');

    // Omar changes his mind: choosing his seat again lets it go.
    await user.click(within(picker).getByRole('button', { name: /Omar Hassan/ }));
    await user.click(screen.getByRole('button', { name: /^23D,/ }));
    expect(store.getState().bookingDraft.services).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /Continue to bags/ }));
    expect(router.state.location.pathname).toBe(paths.dashboard.extraBags);
  });

  it('refuses a child an exit-row seat and says why', async () => {
    seatApi();
    const { user, store } = renderBookingScreen(paths.dashboard.chooseSeats, readyState());
    await user.click(await screen.findByRole('button', { name: /Noor Hassan/ }));
    expect(await screen.findByText('Choosing for a child')).toBeInTheDocument();

    const exit = await screen.findByRole('button', { name: /^12A,/ });
    expect(exit).toHaveAccessibleName(
      `12A, window, exit row, extra legroom, 60 USD, not for a child: ${EXIT_ROW_RULE}`,
    );
    expect(exit).toHaveAttribute('aria-disabled', 'true');
    await user.click(exit);
    expect(store.getState().bookingDraft.services).toEqual([]);
    // Pointed at, the seat says it in words under the map.
    expect(screen.getAllByText(new RegExp(`not for a child: ${EXIT_ROW_RULE}`)).length).toBeGreaterThan(0);

    // Omar, an adult without an infant, may sit there.
    await user.click(screen.getByRole('button', { name: /Omar Hassan/ }));
    await user.click(screen.getByRole('button', { name: /^12A,/ }));
    expect(store.getState().bookingDraft.services).toMatchObject([
      { passenger_index: 1, designator: '12A', amount: usd(60) },
    ]);
  });

  it('skips seats: none is kept, and the bags come next', async () => {
    seatApi();
    const { user, store, router } = renderBookingScreen(paths.dashboard.chooseSeats, readyState());
    await user.click(await screen.findByRole('button', { name: /^23C,/ }));
    expect(store.getState().bookingDraft.services).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Skip seats' }));
    expect(router.state.location.pathname).toBe(paths.dashboard.extraBags);
    expect(store.getState().bookingDraft.services).toEqual([]);
  });

  it('says seats are chosen with the airline when it has no seat map here', async () => {
    seatApi([]);
    const { user, router } = renderBookingScreen(paths.dashboard.chooseSeats, readyState());
    expect(await screen.findByText('Seats are chosen with the airline.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Who is choosing' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Continue to bags/ }));
    expect(router.state.location.pathname).toBe(paths.dashboard.extraBags);
  });

  it('lets go of a chosen seat the map now shows taken, and says so', async () => {
    seatApi([ba117Map(['23C'])]);
    const { store } = renderBookingScreen(
      paths.dashboard.chooseSeats,
      readyState({
        services: [
          {
            type: 'seat',
            passenger_index: 0,
            segment_index: 0,
            designator: '23C',
            amount: usd(25),
            flight: 'BA117',
          },
        ],
      }),
    );
    expect(
      await screen.findByText('23C on BA117 for Layla Hassan: choose another seat.'),
    ).toBeInTheDocument();
    expect(store.getState().bookingDraft.services).toEqual([]);
  });

  it('shows why the maps could not be read', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/seat-maps': () => fail(410, 'This offer has expired. Search again.'),
    });
    renderBookingScreen(paths.dashboard.chooseSeats, readyState());
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip seats' })).toBeInTheDocument();
  });

  it('is not offered before the travellers are entered', async () => {
    fakeApi({ 'POST /api/booking-all-active-routes': () => ok(routesAnswer) });
    renderBookingScreen(paths.dashboard.chooseSeats, bookingState({ itinerary: familyOffer }));
    expect(await screen.findByRole('heading', { name: 'Travellers first' })).toBeInTheDocument();
  });

  it('is refused without bookings.create', async () => {
    fakeApi({ 'POST /api/booking-all-active-routes': () => ok(routesAnswer) });
    renderBookingScreen(
      paths.dashboard.chooseSeats,
      bookingState({
        itinerary: familyOffer,
        draft: { form: familyForm },
        permissions: OWNER_PERMISSIONS.filter((permission) => permission !== 'bookings.create'),
      }),
    );
    expect(
      await screen.findByRole('region', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Who is choosing' })).toBeNull();
  });
});

const bagApi = (catalog = bagCatalog()) =>
  fakeApi({
    'POST /api/booking-all-active-routes': () => ok(routesAnswer),
    'GET /api/services': () => ok(catalog),
  });

describe('the bags step (issue 31)', { timeout: 20_000 }, () => {
  it('adds extra bags per passenger and flight, from none up to the most the airline allows', async () => {
    const api = bagApi();
    const { user, store, router } = renderBookingScreen(paths.dashboard.extraBags, readyState());
    const omar = await screen.findByRole('group', { name: 'Extra bags for Omar Hassan on BA117' });
    expect(api.calls('GET /api/services')[0]?.query.get('offer_id')).toBe(familyOffer.offer_id);
    const row = omar.closest('li') as HTMLElement;
    expect(row).toHaveTextContent('1 × 23 kg included; add up to 2 more');
    expect(row).toHaveTextContent('Each extra bag up to 23 kg: US$45.00');

    const fewer = within(omar).getByRole('button', { name: 'One bag fewer' });
    const more = within(omar).getByRole('button', { name: 'One bag more' });
    expect(fewer).toBeDisabled();
    await user.click(more);
    await user.click(more);
    expect(more).toBeDisabled();
    expect(within(omar).getByLabelText('Extra bags')).toHaveTextContent('2');
    expect(omar).toHaveTextContent('US$90.00');
    expect(store.getState().bookingDraft.services).toEqual([
      { type: 'bag', passenger_index: 1, segment_index: 0, quantity: 2, amount: usd(90), flight: 'BA117' },
    ]);
    expect(screen.getByTestId('bags-total')).toHaveTextContent('US$90.00');
    expect(screen.getByRole('region', { name: 'Your trip' })).toHaveTextContent('US$1,953.75');

    await user.click(fewer);
    await user.click(fewer);
    expect(fewer).toBeDisabled();
    expect(store.getState().bookingDraft.services).toEqual([]);

    await user.click(more);
    await user.click(screen.getByRole('button', { name: /Continue to price summary/ }));
    expect(router.state.location.pathname).toBe(paths.dashboard.priceSummary);
    expect(store.getState().bookingDraft.services).toHaveLength(1);
  });

  it('skips bags: none is kept', async () => {
    bagApi();
    const { user, store, router } = renderBookingScreen(
      paths.dashboard.extraBags,
      readyState({
        services: [
          {
            type: 'bag',
            passenger_index: 0,
            segment_index: 0,
            quantity: 1,
            amount: usd(45),
            flight: 'BA117',
          },
        ],
      }),
    );
    const layla = await screen.findByRole('group', { name: 'Extra bags for Layla Hassan on BA117' });
    expect(within(layla).getByLabelText('Extra bags')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Skip bags' }));
    expect(router.state.location.pathname).toBe(paths.dashboard.priceSummary);
    expect(store.getState().bookingDraft.services).toEqual([]);
  });

  it("says when the fare's allowance is all there may be", async () => {
    const first = bagApi(
      bagCatalog({ bags: [bagOffer(0, { max_quantity: 0, included: { pieces: 2, weight_kg: 32 } })] }),
    );
    renderBookingScreen(paths.dashboard.extraBags, readyState());
    expect(await screen.findByText('2 × 32 kg included; no more can be added')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'One bag more' })).toBeDisabled();
    expect(first.calls('GET /api/services')).toHaveLength(1);
  });

  it('says why the bags could not be read', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/services': () => fail(500, 'Failed to load the extra services'),
    });
    renderBookingScreen(paths.dashboard.extraBags, readyState());
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says when bags cannot be added, and why', async () => {
    bagApi(
      bagCatalog({
        bags: [],
        can_add: false,
        closed_reason: 'The airline sells extra bags at the airport only.',
      }),
    );
    renderBookingScreen(paths.dashboard.extraBags, readyState());
    expect(await screen.findByText('The airline sells extra bags at the airport only.')).toBeInTheDocument();
  });

  it('says when no extra bags are on sale', async () => {
    bagApi(bagCatalog({ bags: [] }));
    renderBookingScreen(paths.dashboard.extraBags, readyState());
    expect(await screen.findByText('No extra bags on sale for these flights.')).toBeInTheDocument();
  });
});

const chosenServices = [
  {
    type: 'seat' as const,
    passenger_index: 0,
    segment_index: 0,
    designator: '23C',
    amount: usd(25),
    flight: 'BA117',
  },
  {
    type: 'seat' as const,
    passenger_index: 2,
    segment_index: 0,
    designator: '23D',
    amount: null,
    flight: 'BA117',
  },
  {
    type: 'bag' as const,
    passenger_index: 1,
    segment_index: 0,
    quantity: 2,
    amount: usd(90),
    flight: 'BA117',
  },
];

describe('the price summary and the booking with seats and bags (issue 31)', { timeout: 20_000 }, () => {
  it('adds a line per service and weighs the new total against the credits', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(1900)),
    });
    renderBookingScreen(paths.dashboard.priceSummary, readyState({ services: chosenServices }));
    const lines = await screen.findByRole('region', { name: 'Seats and bags' });
    const items = within(lines)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Seat 23C · BA117Layla HassanUS$25.00',
      'Seat 23D · BA117Noor HassanIncluded',
      '2 extra bags · BA117Omar HassanUS$90.00',
    ]);
    expect(within(lines).getByTestId('services-total')).toHaveTextContent('US$115.00');
    // The fare (1,863.75) and the services.
    expect(within(lines).getByTestId('grand-total')).toHaveTextContent('US$1,978.75');
    expect(screen.getByRole('region', { name: 'Your trip' })).toHaveTextContent('US$1,978.75');
    const balance = screen.getByRole('region', { name: 'Your credits' });
    expect(await within(balance).findByText(/Short by/)).toHaveTextContent(
      'Short by US$78.75 of available credits to ticket',
    );
  });

  it('says when none were chosen, and where to choose them', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/booking-credits': () => ok(credits(5000)),
    });
    renderBookingScreen(paths.dashboard.priceSummary, readyState());
    const lines = await screen.findByRole('region', { name: 'Seats and bags' });
    expect(lines).toHaveTextContent('No seats or extra bags chosen');
    expect(within(lines).getByRole('link', { name: 'Choose seats' })).toHaveAttribute(
      'href',
      paths.dashboard.chooseSeats,
    );
    expect(await screen.findByText('Covers the US$1,863.75 of this booking.')).toBeInTheDocument();
  });

  it('sends the services with the booking', async () => {
    const created = heldBooking();
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'POST /api/booking': () => ok(asListed(created), { status: 201 }),
      [`GET /api/booking/${created.id}`]: () => ok(created),
    });
    const { user, router, store } = renderBookingScreen(
      paths.dashboard.confirmBooking,
      readyState({ services: chosenServices }),
    );
    const lines = await screen.findByRole('region', { name: 'Seats and bags' });
    expect(within(lines).getByTestId('grand-total')).toHaveTextContent('US$1,978.75');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.bookingDetails));
    const body = api.calls('POST /api/booking')[0]?.body as BookingBody;
    expect(body.services).toEqual([
      { type: 'seat', passenger_index: 0, segment_index: 0, designator: '23C' },
      { type: 'seat', passenger_index: 2, segment_index: 0, designator: '23D' },
      { type: 'bag', passenger_index: 1, segment_index: 0, quantity: 2 },
    ]);
    expect(store.getState().bookingDraft.services).toEqual([]);
  });

  it('sends the agent back to the seats, on the map as it is now, when a chosen seat was just taken', async () => {
    const message = 'Seat 23C on BA117 was just taken: choose another';
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'POST /api/booking': () => fail(409, message, { data: { seat_map: ba117Map(['23B', '23C']) } }),
      'GET /api/seat-maps': () => ok([ba117Map(['23B', '23C'])]),
    });
    const { user, router, store } = renderBookingScreen(
      paths.dashboard.confirmBooking,
      readyState({ services: chosenServices }),
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.chooseSeats));
    const title = await screen.findByText('A seat you chose was taken');
    expect(title.closest('[role="alert"]')).toHaveTextContent(message);
    // The fresh map shows 23C taken: Layla's seat is let go, the others' stay.
    expect(
      await screen.findByText('23C on BA117 for Layla Hassan: choose another seat.'),
    ).toBeInTheDocument();
    expect(
      store.getState().bookingDraft.services.map((service) => service.designator ?? service.quantity),
    ).toEqual(['23D', 2]);
    expect(await screen.findByRole('button', { name: /^23C, aisle, not available/ })).toBeInTheDocument();
    expect(api.calls('GET /api/seat-maps')).toHaveLength(1);
  });
});
