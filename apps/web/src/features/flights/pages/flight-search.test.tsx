import { EMPTY_RESULT, type SearchHistoryEntry } from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptySearchDraft, type SearchDraft } from '../../../entities/flight-search/search-draft-slice';
import { addDays, formatDay, todayLocalDate } from '../../../shared/format/date-time';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { sampleUser, signedInState } from '../../../testing/fake-session';
import { allLhrJfk, groupedLhrJfkReturn, sampleRoutes } from '../../../testing/itineraries';
import { renderApp } from '../../../testing/render-with-providers';

const outbound = addDays(todayLocalDate(), 7);

const lhrJfkDraft: SearchDraft = {
  ...emptySearchDraft,
  legs: [{ origin_location_code: 'LHR', destination_location_code: 'JFK', departure_date: outbound }],
};

const calendar = () =>
  ok(
    [-3, -2, -1, 0, 1, 2, 3].map((shift) => ({
      date: addDays(outbound, shift),
      lowest: shift === 2 ? null : { Amount: 390 + shift * 10, CurrencyCode: 'USD' },
    })),
  );

const flightRoutes = (search: () => Response) => ({
  'POST /api/booking-all-active-routes': () => ok(sampleRoutes),
  'POST /api/search': search,
  'POST /api/search/calendar': calendar,
});

const withDraft = (draft: SearchDraft) => ({ ...signedInState(), searchDraft: draft });

describe('the search form', () => {
  it('finds airports by city, enforces the passenger limits and opens the results', async () => {
    const api = fakeApi({
      ...flightRoutes(() =>
        ok({ search_id: crypto.randomUUID(), PricedItineraries: { PricedItinerary: allLhrJfk } }),
      ),
      'GET /api/searchhistory': () => ok([]),
    });
    const { user, router, store } = renderApp(paths.dashboard.searchFlights, {
      preloadedState: signedInState(),
    });

    await screen.findByRole('heading', { name: 'Where to?' });
    await waitFor(() => expect(api.calls('POST /api/booking-all-active-routes')).toHaveLength(1));
    const from = screen.getByRole('combobox', { name: 'From' });
    await user.type(from, 'london');
    const options = await within(
      screen.getByRole('listbox', { name: 'From airports', hidden: true }),
    ).findAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual([
      'LGW · London, United Kingdom — Gatwick Airport',
      'LHR · London, United Kingdom — Heathrow Airport',
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(from).toHaveValue('LHR · London, United Kingdom');

    await user.type(screen.getByRole('combobox', { name: 'To' }), 'kennedy');
    await user.click(await screen.findByRole('option', { name: /JFK/ }));

    // Infants never outnumber adults; adults cannot drop below the infants they hold.
    await user.click(screen.getByRole('button', { name: 'Add an infant' }));
    expect(screen.getByRole('button', { name: 'Add an infant' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove an adult' })).toBeDisabled();
    expect(screen.getByText(/Each infant travels on an adult’s lap/)).toBeInTheDocument();
    // At most 9 seated: 1 adult + 8 children, then nothing more can be added.
    for (let i = 0; i < 8; i += 1) await user.click(screen.getByRole('button', { name: 'Add a child' }));
    expect(screen.getByRole('button', { name: 'Add a child' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add an adult' })).toBeDisabled();
    expect(screen.getByText(/At most 9 seated passengers/)).toBeInTheDocument();
    for (let i = 0; i < 8; i += 1) await user.click(screen.getByRole('button', { name: 'Remove a child' }));

    await user.click(screen.getByRole('button', { name: 'Search flights' }));
    expect(await screen.findByText('Choose a date')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Departure'), outbound);
    await user.click(screen.getByRole('button', { name: 'Search flights' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.flightResults));
    expect(store.getState().searchDraft.legs[0]).toEqual({
      origin_location_code: 'LHR',
      destination_location_code: 'JFK',
      departure_date: outbound,
    });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect(api.calls('POST /api/search')[0]?.body).toMatchObject({
      trip_type: 'OneWay',
      adult_quantity: 1,
      infant_quantity: 1,
      origin_destinations: [{ origin_location_code: 'LHR', destination_location_code: 'JFK' }],
    });
  });

  it('swaps origin and destination, and adds and removes multi-city flights', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(sampleRoutes),
      'GET /api/searchhistory': () => ok([]),
    });
    const { user, store } = renderApp(paths.dashboard.searchFlights, {
      preloadedState: withDraft(lhrJfkDraft),
    });
    await screen.findByRole('heading', { name: 'Where to?' });
    await user.click(screen.getByRole('button', { name: 'Swap origin and destination' }));
    expect(store.getState().searchDraft.legs[0]).toMatchObject({
      origin_location_code: 'JFK',
      destination_location_code: 'LHR',
    });

    await user.click(screen.getByRole('radio', { name: 'Multi-city' }));
    expect(screen.getAllByRole('group', { name: /^Flight \d$/ })).toHaveLength(2);
    for (let i = 0; i < 4; i += 1) await user.click(screen.getByRole('button', { name: 'Add flight' }));
    expect(screen.getAllByRole('group', { name: /^Flight \d$/ })).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Add flight' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove flight 6' }));
    expect(screen.getAllByRole('group', { name: /^Flight \d$/ })).toHaveLength(5);
    // A new flight starts where the one before it ends.
    expect(store.getState().searchDraft.legs[1]?.origin_location_code).toBe('LHR');
  });

  it('shows a multi-city flight’s errors once a field is left or the search is sent, as on one-way', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(sampleRoutes),
      'GET /api/searchhistory': () => ok([]),
    });
    const { user } = renderApp(paths.dashboard.searchFlights, { preloadedState: withDraft(lhrJfkDraft) });
    await screen.findByRole('heading', { name: 'Where to?' });

    await user.click(screen.getByRole('radio', { name: 'Multi-city' }));
    await user.click(screen.getByRole('button', { name: 'Add flight' }));
    expect(screen.getAllByRole('group', { name: /^Flight \d$/ })).toHaveLength(3);
    // Nothing was touched yet: no field says anything.
    expect(screen.queryByText('Choose an airport')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);

    // Leaving the third flight's To empty says so there, and only there.
    const third = screen.getByRole('group', { name: 'Flight 3' });
    await user.click(within(third).getByRole('combobox', { name: 'To' }));
    await user.tab();
    expect(await within(third).findByText('Choose an airport')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Flight 2' })).queryByText('Choose an airport'),
    ).toBeNull();

    // Sending the search shows every field that is still missing.
    await user.click(screen.getByRole('button', { name: 'Search flights' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Flight 2' })).getByText('Choose an airport'),
      ).toBeInTheDocument(),
    );
  });
});

describe('the results', () => {
  it('shows every itinerary, filters and sorts them at once, and opens the details', async () => {
    fakeApi(
      flightRoutes(() =>
        ok({ search_id: crypto.randomUUID(), PricedItineraries: { PricedItinerary: allLhrJfk } }),
      ),
    );
    const { user, router, store } = renderApp(paths.dashboard.flightResults, {
      preloadedState: withDraft(lhrJfkDraft),
    });

    expect(await screen.findByRole('heading', { name: '4 flights' })).toBeInTheDocument();
    const cards = () => screen.getAllByRole('article');
    // Best first: the cheap one-stop, then BA's nonstop.
    expect(within(cards()[0] as HTMLElement).getByText('Aer Lingus')).toBeInTheDocument();
    expect(within(cards()[3] as HTMLElement).getByText('4 seats left')).toBeInTheDocument();
    expect(within(cards()[2] as HTMLElement).getByText('+1')).toBeInTheDocument();

    const filters = screen.getByRole('complementary', { name: 'Filters' });
    await user.click(within(filters).getByRole('checkbox', { name: /Nonstop/ }));
    expect(screen.getByRole('heading', { name: '2 of 4 flights' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cheapest' }));
    expect(within(cards()[0] as HTMLElement).getByText('British Airways')).toBeInTheDocument();
    await user.click(within(filters).getByRole('checkbox', { name: 'Refundable only' }));
    expect(cards()).toHaveLength(1);

    // The fare strip: the chosen day is marked, a day without fares shows a dash.
    const strip = screen.getByRole('navigation', { name: 'Fares on nearby dates' });
    expect(within(strip).getByRole('button', { current: 'date' })).toHaveTextContent('US$390');
    expect(within(strip).getByText('—')).toBeInTheDocument();

    await user.click(within(cards()[0] as HTMLElement).getByRole('button', { name: 'View details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.flightDetails));
    expect(store.getState().bookingDraft.selectedItinerary?.offer_id).toBe('offer-2');
    expect(await screen.findByText(/Offer valid for/)).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Adult × 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Continue to travellers/ }));
    expect(router.state.location.pathname).toBe(paths.dashboard.travelersDetails);
  });

  it('moves the search to another day from the fare strip', async () => {
    const api = fakeApi(
      flightRoutes(() =>
        ok({ search_id: crypto.randomUUID(), PricedItineraries: { PricedItinerary: allLhrJfk } }),
      ),
    );
    const { user, store } = renderApp(paths.dashboard.flightResults, {
      preloadedState: withDraft(lhrJfkDraft),
    });
    await screen.findByRole('heading', { name: '4 flights' });
    const strip = screen.getByRole('navigation', { name: 'Fares on nearby dates' });
    await user.click(within(strip).getByRole('button', { name: /US\$400/ }));
    await waitFor(() => expect(api.calls('POST /api/search')).toHaveLength(2));
    expect(store.getState().searchDraft.legs[0]?.departure_date).toBe(addDays(outbound, 1));
  });

  it('shows "No Flight Found!" as an empty state, without a toast, with a way back to the form', async () => {
    fakeApi(flightRoutes(() => fail(404, EMPTY_RESULT.noFlights)));
    const { user, router } = renderApp(paths.dashboard.flightResults, {
      preloadedState: withDraft(lhrJfkDraft),
    });
    expect(await screen.findByRole('heading', { name: EMPTY_RESULT.noFlights })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: EMPTY_RESULT.noFlights })).not.toBeInTheDocument();
    expect(screen.getAllByText(EMPTY_RESULT.noFlights)).toHaveLength(1);
    await user.click(screen.getAllByRole('link', { name: 'Edit search' })[1] as HTMLElement);
    expect(router.state.location.pathname).toBe(paths.dashboard.searchFlights);
  });

  it('takes a refused search back to the form with the server’s message on the field', async () => {
    fakeApi({
      ...flightRoutes(() =>
        fail(422, 'The given data was invalid.', {
          data: {
            errors: {
              'origin_destinations.0.destination_location_code': ['No flights are sold to this airport'],
            },
          },
        }),
      ),
      'GET /api/searchhistory': () => ok([]),
    });
    const { router } = renderApp(paths.dashboard.flightResults, { preloadedState: withDraft(lhrJfkDraft) });
    expect(await screen.findByRole('combobox', { name: 'To' })).toHaveAccessibleDescription(
      'No flights are sold to this airport',
    );
    expect(router.state.location.pathname).toBe(paths.dashboard.searchFlights);
  });
});

describe('the search history', () => {
  const entry: SearchHistoryEntry = {
    id: '5b0c7d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
    trip_type: 'Return',
    origin_destinations: [
      { departure_date_time: outbound, origin_location_code: 'LHR', destination_location_code: 'JFK' },
      {
        departure_date_time: addDays(outbound, 7),
        origin_location_code: 'JFK',
        destination_location_code: 'LHR',
      },
    ],
    adult_quantity: 2,
    child_quantity: 1,
    infant_quantity: 0,
    cabin: 'Business',
    result_count: 37,
    user: { id: sampleUser.id, name: sampleUser.name },
    created_at: '2026-03-02T09:15:00.000Z',
  };

  it('lists the searches and runs one again in one click', async () => {
    // A return trip: the grouped answer (issue 16).
    const api = fakeApi({
      ...flightRoutes(() => ok(groupedLhrJfkReturn())),
      'GET /api/searchhistory': () => ok({ searches: [entry], total: 1, totalPages: 1 }),
    });
    const { user, router, store } = renderApp(paths.dashboard.searchHistory, {
      preloadedState: signedInState(),
    });
    expect(await screen.findByText('LHR ⇄ JFK')).toBeInTheDocument();
    expect(screen.getByText(/2 adults, 1 child · Business/)).toBeInTheDocument();
    expect(screen.getByText(/37 results · by Amina Rahman/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Search again/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.flightResults));
    expect(store.getState().searchDraft).toMatchObject({
      trip_type: 'Return',
      return_date: addDays(outbound, 7),
      cabin: 'Business',
    });
    await waitFor(() => expect(api.calls('POST /api/search')).toHaveLength(1));
    expect(api.calls('POST /api/search')[0]?.body).toMatchObject({
      trip_type: 'Return',
      view: 'itineraries',
      adult_quantity: 2,
      child_quantity: 1,
      cabin: 'Business',
    });
  });

  it('asks the server for one page, filtered by route and day, and says how many searches there are', async () => {
    const api = fakeApi({
      'GET /api/searchhistory': () => ok({ searches: [entry], total: 1122, totalPages: 57 }),
    });
    const { user, router } = renderApp(paths.dashboard.searchHistory, { preloadedState: signedInState() });
    expect(await screen.findByText(/1,122 searches · page 1 of 57/)).toBeInTheDocument();
    expect(Object.fromEntries(api.calls('GET /api/searchhistory')[0]!.query)).toMatchObject({
      view: 'page',
      page: '0',
    });

    await user.type(screen.getByRole('textbox', { name: 'From airport' }), 'lhr');
    await user.type(screen.getByRole('textbox', { name: 'To airport' }), 'jf');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // A code of two letters is no airport: said on the field, nothing asked.
    expect(screen.getByRole('textbox', { name: 'To airport' })).toHaveAccessibleDescription(
      'Enter a 3-letter airport code',
    );
    await user.type(screen.getByRole('textbox', { name: 'To airport' }), 'k');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls('GET /api/searchhistory')).toHaveLength(2));
    expect(Object.fromEntries(api.calls('GET /api/searchhistory')[1]!.query)).toMatchObject({
      view: 'page',
      origin: 'LHR',
      destination: 'JFK',
    });
    expect(router.state.location.search).toBe('?origin=LHR&destination=JFK');

    await user.click(await screen.findByRole('button', { name: /Next/ }));
    await waitFor(() => expect(api.calls('GET /api/searchhistory')).toHaveLength(3));
    expect(api.calls('GET /api/searchhistory')[2]!.query.get('page')).toBe('1');
  });

  it('runs a search whose dates have passed again from tomorrow, not into a form error', async () => {
    const past: SearchHistoryEntry = {
      ...entry,
      origin_destinations: [
        {
          departure_date_time: addDays(todayLocalDate(), -40),
          origin_location_code: 'LHR',
          destination_location_code: 'JFK',
        },
        {
          departure_date_time: addDays(todayLocalDate(), -33),
          origin_location_code: 'JFK',
          destination_location_code: 'LHR',
        },
      ],
    };
    const api = fakeApi({
      ...flightRoutes(() => ok(groupedLhrJfkReturn())),
      'GET /api/searchhistory': () => ok({ searches: [past], total: 1, totalPages: 1 }),
    });
    const { user, router, store } = renderApp(paths.dashboard.searchHistory, {
      preloadedState: signedInState(),
    });
    const tomorrow = addDays(todayLocalDate(), 1);
    const again = await screen.findByRole('button', { name: /Search again/ });
    expect(again).toHaveAccessibleDescription(`Dates passed: from ${formatDay(tomorrow)}`);
    await user.click(again);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.flightResults));
    expect(store.getState().searchDraft).toMatchObject({
      legs: [{ departure_date: tomorrow }],
      return_date: addDays(tomorrow, 7),
    });
    await waitFor(() => expect(api.calls('POST /api/search')).toHaveLength(1));
    expect(router.state.location.pathname).toBe(paths.dashboard.flightResults);
  });
});
