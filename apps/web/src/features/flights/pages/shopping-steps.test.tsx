import { EMPTY_RESULT, type FareFamily, PERMISSIONS, type PriceSelectionBody } from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptySearchDraft, type SearchDraft } from '../../../entities/flight-search/search-draft-slice';
import { choiceFromParams, resultsUrl } from '../../../entities/flight-search/search-url';
import { addDays, todayLocalDate } from '../../../shared/format/date-time';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { signedInState } from '../../../testing/fake-session';
import {
  groupedLhrJfkReturn,
  lhrJfk,
  makeItinerary,
  pricedSelection,
  sampleRoutes,
} from '../../../testing/itineraries';
import { renderApp } from '../../../testing/render-with-providers';

const outbound = addDays(todayLocalDate(), 25);

const returnTrip: SearchDraft = {
  ...emptySearchDraft,
  trip_type: 'Return',
  legs: [{ origin_location_code: 'LHR', destination_location_code: 'JFK', departure_date: outbound }],
  return_date: addDays(outbound, 7),
};

const calendar = () => ok([]);
const routes = (extra: Record<string, Parameters<typeof fakeApi>[0][string]>) => ({
  'POST /api/booking-all-active-routes': () => ok(sampleRoutes),
  'POST /api/search/calendar': calendar,
  'POST /api/search': () => ok(groupedLhrJfkReturn()),
  ...extra,
});

const card = (name: RegExp) => screen.getByRole('article', { name });

/** The results of the return search opened from a link: nothing saved in this tab. */
const openFromLink = (url = resultsUrl(returnTrip), permissions = [...PERMISSIONS]) =>
  renderApp(url, { preloadedState: signedInState({ permissions }) });

describe('a return trip, step by step (issue 16)', () => {
  it('runs the search the link names, then the outbound, the inbound with its difference, the fares and the offer', async () => {
    const api = fakeApi(
      routes({ 'POST /api/search/price': () => ok(pricedSelection('Flex', 1000, 'offer-flex-trip')) }),
    );
    const { user, router, store } = openFromLink();

    // No form with red errors: the link's search runs, in the grouped view.
    expect(await screen.findByRole('heading', { name: '3 outbound flights' })).toBeInTheDocument();
    expect(api.calls('POST /api/search')[0]?.body).toMatchObject({
      trip_type: 'Return',
      view: 'itineraries',
      origin_destinations: [
        { origin_location_code: 'LHR', destination_location_code: 'JFK', departure_date_time: outbound },
        { origin_location_code: 'JFK', destination_location_code: 'LHR' },
      ],
    });
    // The form shows this search if the agent edits it.
    expect(store.getState().searchDraft).toEqual(returnTrip);
    const steps = screen.getByRole('navigation', { name: 'Booking steps' });
    expect(within(steps).getByText('Outbound').closest('li')).toHaveAttribute('aria-current', 'step');

    // Each outbound shows the cheapest whole trip; sorted as the flat results are.
    expect(within(card(/^British Airways/)).getByText('US$540.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cheapest' }));
    expect(
      within(screen.getAllByRole('article')[0] as HTMLElement).getByText('Aer Lingus'),
    ).toBeInTheDocument();
    // Filters apply to the options of the leg.
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    await user.click(within(filters).getByRole('checkbox', { name: /Nonstop/ }));
    expect(screen.getByRole('heading', { name: '2 of 3 outbound flights' })).toBeInTheDocument();
    // Aircraft by name in an option's flights.
    await user.click(within(card(/^British Airways/)).getByRole('button', { name: 'Flight details' }));
    expect(within(card(/^British Airways/)).getByText(/Airbus A350-900/)).toBeInTheDocument();

    await user.click(within(card(/^British Airways/)).getByRole('button', { name: 'Choose outbound' }));
    expect(choiceFromParams(new URLSearchParams(router.state.location.search)).picks).toEqual(['out-ba117']);
    expect(await screen.findByRole('heading', { name: '3 return flights' })).toBeInTheDocument();
    // The inbounds: the difference against the outbound's cheapest trip (US$540.00).
    expect(within(card(/^British Airways/)).getByText('+US$27.05')).toBeInTheDocument();
    expect(within(card(/^Virgin Atlantic/)).getByText('+US$72.05')).toBeInTheDocument();
    expect(within(card(/^Aer Lingus/)).getByText('same price')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your flights so far' })).toHaveTextContent('09:35');

    await user.click(within(card(/^British Airways/)).getByRole('button', { name: 'Choose return' }));
    const table = await screen.findByRole('table', { name: 'Fares for LHR ⇄ JFK' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'BasicUS$567.05lowest',
      'StandardUS$692.50+US$125.45',
      'FlexUS$1,000.00+US$432.95',
    ]);
    expect(within(table).getByRole('row', { name: /Refundable/ })).toHaveTextContent('Refundable No Yes Yes');
    expect(within(table).getByRole('row', { name: /Cancel fee/ })).toHaveTextContent(
      'Cancel feeTaxes back onlyUS$150.00No fee',
    );
    expect(within(table).getByRole('row', { name: /Seats left/ })).toHaveTextContent('Seats left994');

    await user.click(within(table).getByRole('button', { name: 'Select Flex' }));
    expect(choiceFromParams(new URLSearchParams(router.state.location.search)).brand).toBe('Flex');
    await user.click(screen.getByRole('button', { name: /Continue with Flex/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.travelersDetails));
    const priced = api.calls('POST /api/search/price')[0]?.body as PriceSelectionBody;
    expect(priced).toMatchObject({ option_ids: ['out-ba117', 'in-ba112'], brand: 'Flex' });
    expect(priced.search).toMatchObject({ trip_type: 'Return', adult_quantity: 1 });
    expect(store.getState().bookingDraft.selectedItinerary?.offer_id).toBe('offer-flex-trip');
  });

  it('goes back a step with the browser and with the step indicator, without searching again', async () => {
    const api = fakeApi(routes({}));
    const { user, router } = openFromLink(
      resultsUrl(returnTrip, { picks: ['out-ba117', 'in-ei104'], brand: null }),
    );
    // A link to the fare step opens it.
    await screen.findByRole('table', { name: 'Fares for LHR ⇄ JFK' });
    expect(screen.getByRole('button', { name: 'Basic selected' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change return' }));
    await screen.findByRole('heading', { name: '3 return flights' });
    await router.navigate(-1);
    await screen.findByRole('table', { name: 'Fares for LHR ⇄ JFK' });

    await user.click(
      within(screen.getByRole('navigation', { name: 'Booking steps' })).getByRole('button', {
        name: 'Outbound: change',
      }),
    );
    await screen.findByRole('heading', { name: '3 outbound flights' });
    expect(choiceFromParams(new URLSearchParams(router.state.location.search)).picks).toEqual([]);
    expect(api.calls('POST /api/search')).toHaveLength(1);
  });

  it('shows a brand sold out on one leg greyed, and lets the agent pick another when the chosen one sells out meanwhile', async () => {
    const family = (brand: 'Basic' | 'Standard' | 'Flex', total: number | null): FareFamily => {
      if (total === null)
        return {
          BrandName: brand,
          SoldOut: true,
          offer_id: null,
          SeatsRemaining: 0,
          AirItineraryPricingInfo: null,
        };
      const priced = pricedSelection(brand, total);
      return {
        BrandName: brand,
        SoldOut: false,
        offer_id: priced.offer_id,
        SeatsRemaining: 2,
        AirItineraryPricingInfo: priced.AirItineraryPricingInfo,
      };
    };
    const api = fakeApi(
      routes({
        'POST /api/search/price': (request) =>
          (request.body as PriceSelectionBody).brand === 'Flex'
            ? fail(409, 'Flex is sold out on these flights', {
                data: {
                  alternatives: [family('Basic', 612.05), family('Standard', null), family('Flex', null)],
                },
              })
            : ok(pricedSelection('Basic', 612.05, 'offer-basic-now')),
      }),
    );
    const { user, router, store } = openFromLink(
      resultsUrl(returnTrip, { picks: ['out-ba117', 'in-vs4'], brand: 'Flex' }),
    );
    const table = await screen.findByRole('table', { name: 'Fares for LHR ⇄ JFK' });
    // Virgin's inbound has no Standard seat left: the trip's Standard is shown, greyed, sold out.
    expect(within(table).getByRole('columnheader', { name: /Standard/ })).toHaveTextContent(
      'StandardSold out',
    );
    expect(within(table).queryByRole('button', { name: /Standard/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Continue with Flex/ }));
    expect(await screen.findByText('Flex has just sold out on these flights')).toBeInTheDocument();
    const now = screen.getByRole('table', { name: 'Fares on sale now for LHR ⇄ JFK' });
    expect(within(now).getAllByText('Sold out')).toHaveLength(4);
    await user.click(within(now).getByRole('button', { name: 'Choose Basic' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.travelersDetails));
    expect(
      api.calls('POST /api/search/price').map((call) => (call.body as PriceSelectionBody).brand),
    ).toEqual(['Flex', 'Basic']);
    expect(store.getState().bookingDraft.selectedItinerary?.offer_id).toBe('offer-basic-now');
  });

  it('says a search too old to price is out of date, and searches again', async () => {
    const api = fakeApi(routes({ 'POST /api/search/price': () => fail(410, 'This search has expired.') }));
    const { user } = openFromLink(resultsUrl(returnTrip, { picks: ['out-vs25', 'in-vs4'], brand: null }));
    await screen.findByRole('table', { name: 'Fares for LHR ⇄ JFK' });
    await user.click(screen.getByRole('button', { name: /Continue with Basic/ }));
    expect(await screen.findByText('This search is out of date')).toBeInTheDocument();
    expect(screen.getByText(/This search has expired\. Search again/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search again' }));
    await waitFor(() => expect(api.calls('POST /api/search')).toHaveLength(2));
    // The same choices still stand on the new answer.
    expect(await screen.findByRole('table', { name: 'Fares for LHR ⇄ JFK' })).toBeInTheDocument();
  });

  it('says when a chosen flight is no longer in the answer and starts that leg again', async () => {
    fakeApi(routes({}));
    openFromLink(resultsUrl(returnTrip, { picks: ['out-ei151', 'in-vs4'], brand: null }));
    expect(await screen.findByText('A flight you chose is no longer offered')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 return flights' })).toBeInTheDocument();
  });
});

describe('the results’ states', () => {
  it('shows skeletons while searching, then the empty state for nothing on sale', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeApi(
      routes({
        'POST /api/search': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      }),
    );
    openFromLink();
    expect(await screen.findByRole('status', { name: 'Searching flights' })).toBeInTheDocument();
    answer(fail(404, EMPTY_RESULT.noFlights));
    expect(await screen.findByRole('heading', { name: EMPTY_RESULT.noFlights })).toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    let calls = 0;
    fakeApi(
      routes({
        'POST /api/search': () =>
          ++calls === 1 ? fail(503, 'The flight supplier is not answering') : ok(groupedLhrJfkReturn()),
      }),
    );
    const { user } = openFromLink();
    expect(await screen.findByText('The search did not complete')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: '3 outbound flights' })).toBeInTheDocument();
  });

  it('refuses a role without flights.search, and shows the server’s 403 the same way', async () => {
    const api = fakeApi(routes({}));
    openFromLink(
      resultsUrl(returnTrip),
      PERMISSIONS.filter((p) => p !== 'flights.search'),
    );
    expect(await screen.findByText("You don't have access to this page")).toBeInTheDocument();
    expect(api.calls('POST /api/search')).toHaveLength(0);
  });

  it('shows the server’s 403 as the permission screen', async () => {
    fakeApi(routes({ 'POST /api/search': () => fail(403, 'Your role cannot search flights') }));
    openFromLink();
    expect(await screen.findByText("You don't have access to this page")).toBeInTheDocument();
  });

  it('opens a link to a search that can no longer run on the form, with that search and its problem', async () => {
    const api = fakeApi({ ...routes({}), 'GET /api/searchhistory': () => ok([]) });
    const past: SearchDraft = {
      ...returnTrip,
      legs: [
        {
          origin_location_code: 'LHR',
          destination_location_code: 'JFK',
          departure_date: addDays(todayLocalDate(), -3),
        },
      ],
    };
    const { router, store } = openFromLink(resultsUrl(past));
    expect(await screen.findByText('Choose today or a later date')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard.searchFlights);
    expect(store.getState().searchDraft).toEqual(past);
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('LHR · London, United Kingdom');
    expect(api.calls('POST /api/search')).toHaveLength(0);
  });

  it('completes a bare results address from the saved search', async () => {
    fakeApi(routes({}));
    const { router } = renderApp(paths.dashboard.flightResults, {
      preloadedState: { ...signedInState(), searchDraft: returnTrip },
    });
    await screen.findByRole('heading', { name: '3 outbound flights' });
    expect(router.state.location.search).toContain(`leg=LHR.JFK.${outbound}`);
  });
});

describe('a one-way result’s brands', () => {
  it('shows the cheapest brand and opens the others side by side; choosing one takes its offer', async () => {
    const flex = makeItinerary({
      sequence: 7,
      carrier: 'BA',
      base: 700,
      taxes: 190.5,
      brand: 'Flex',
      refundable: true,
      bags: 2,
      legs: [{ minutes: 1, segments: [] }],
    });
    const itinerary = {
      ...lhrJfk.baMorning,
      FareFamilies: [
        {
          BrandName: 'Flex' as const,
          SoldOut: false,
          offer_id: 'offer-ba-flex',
          SeatsRemaining: 5,
          AirItineraryPricingInfo: flex.AirItineraryPricingInfo,
        },
        {
          BrandName: 'Basic' as const,
          SoldOut: true,
          offer_id: null,
          SeatsRemaining: 0,
          AirItineraryPricingInfo: null,
        },
      ],
    };
    fakeApi(
      routes({
        'POST /api/search': () =>
          ok({ search_id: crypto.randomUUID(), PricedItineraries: { PricedItinerary: [itinerary] } }),
      }),
    );
    const oneWay: SearchDraft = { ...returnTrip, trip_type: 'OneWay', return_date: '' };
    const { user, router, store } = openFromLink(resultsUrl(oneWay));
    const result = await screen.findByRole('article', { name: /British Airways/ });
    expect(within(result).getByText('Standard')).toBeInTheDocument();
    await user.click(within(result).getByRole('button', { name: 'Compare 3 fares' }));
    const table = within(result).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: /Basic/ })).toHaveTextContent('Sold out');
    expect(within(table).getByRole('columnheader', { name: /Flex/ })).toHaveTextContent(
      'US$890.50+US$280.00',
    );
    await user.click(within(table).getByRole('button', { name: 'Choose Flex' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.flightDetails));
    expect(store.getState().bookingDraft.selectedItinerary).toMatchObject({
      offer_id: 'offer-ba-flex',
      AirItineraryPricingInfo: { Refundable: true },
    });
    expect(await screen.findByText('Boeing 777-300ER')).toBeInTheDocument();
  });
});
