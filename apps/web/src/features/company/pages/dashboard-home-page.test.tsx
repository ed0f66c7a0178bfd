import { BOOKING_MESSAGES, type Booking, FALLBACK, PERMISSIONS, type Permission } from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptySearchDraft, type SearchDraft } from '../../../entities/flight-search/search-draft-slice';
import { addDays, todayLocalDate } from '../../../shared/format/date-time';
import { bookingDetailsPath, eTicketPath } from '../../../shared/routing/booking-paths';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok, type SentRequest } from '../../../testing/fake-api';
import { sampleCompany, signedInState } from '../../../testing/fake-session';
import { sampleRoutes } from '../../../testing/itineraries';
import { renderApp } from '../../../testing/render-with-providers';
import { homeBooking, homeCredits, homeKpis, homeProfile, issued } from '../testing/home-fixtures';

const BOOKINGS = `GET /api/booking/company/${sampleCompany.id}`;
const CREDITS = 'GET /api/booking-credits';
const KPIS = 'GET /api/company/company-kpi';
const PROFILE = 'GET /api/company/profile';
const ISSUE = 'POST /api/booking-issue';

type Answer = (request: SentRequest) => Response;

/** Which of the home's three bookings lists a request is: by its filters. */
const listOf = (request: SentRequest) =>
  request.query.has('departs_from')
    ? 'departures'
    : request.query.get('sort') === 'deadline'
      ? 'holds'
      : 'recent';

const hold = homeBooking({ pnr: 'HLD001', total: 1221 });
const laterHold = homeBooking({
  pnr: 'HLD002',
  deadline: new Date(Date.now() + 30 * 3_600_000).toISOString(),
  passengers: [['NOOR', 'AHMED']],
});

type HomeAnswers = Partial<Record<'holds' | 'departures' | 'recent', Answer>> & Record<string, Answer>;

/** Every read of the home answered (empty unless the test says otherwise), plus the test's routes. */
function homeApi({ holds, departures, recent, ...routes }: HomeAnswers = {}) {
  const lists = {
    holds: holds ?? (() => ok([hold, laterHold])),
    departures: departures ?? (() => ok([])),
    recent: recent ?? (() => ok([hold])),
  };
  return fakeApi({
    [CREDITS]: () => ok(homeCredits(5000, { reserved: 1221 })),
    [BOOKINGS]: (request) => lists[listOf(request)](request),
    [KPIS]: () =>
      ok(homeKpis({ bookings: [12, 10], tickets: [9, 12], spend: [10980.5, 9000], searches: [240, 200] })),
    [PROFILE]: () => ok(homeProfile()),
    'GET /api/offer': () => ok([]),
    'GET /api/getAnnouncements': () => ok([]),
    'POST /api/booking-all-active-routes': () => ok(sampleRoutes),
    ...routes,
  });
}

const openHome = (permissions: readonly Permission[] = PERMISSIONS, state: object = {}) =>
  renderApp(paths.dashboard.home, {
    preloadedState: { ...signedInState({ permissions: [...permissions] }), ...state },
  });

const block = (name: string) => screen.findByRole('region', { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('the dashboard home (issue 15)', () => {
  it('shows every block to the owner, and no longer says "coming soon"', async () => {
    homeApi();
    openHome();

    const holds = await block('Holds to ticket');
    const rows = await within(holds).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('HLD001');
    expect(rows[0]).toHaveTextContent('DXB → LHR');
    expect(rows[0]).toHaveTextContent('LAYLA HASSAN +1');
    expect(rows[0]).toHaveTextContent(/(4h 5\dm|5h 00m) left/);
    expect(rows[1]).toHaveTextContent(/1d \d+h left/);
    expect(within(holds).getByRole('link', { name: 'HLD001' })).toHaveAttribute(
      'href',
      expect.stringContaining(paths.dashboard.bookingDetails),
    );

    const credits = await block('Credits');
    await waitFor(() => expect(credits).toHaveTextContent('AvailableUS$5,000.00'));
    expect(credits).toHaveTextContent('Your held bookings would take US$1,221.00 to ticket.');
    expect(within(credits).getByRole('link', { name: 'Add credits' })).toHaveAttribute(
      'href',
      paths.dashboard.createTransaction,
    );

    const figures = await block('Last 30 days');
    // The shared KPI cards (entities/kpi), in the order an agent reads them, each against the period before.
    await waitFor(() => expect(figures).toHaveTextContent(/Bookings\s*12/));
    expect(figures).toHaveTextContent(/Spend\s*US\$10,980\.50/);
    expect(
      within(figures)
        .getAllByText(/^(Bookings|Tickets|Spend|Searches)$/)
        .map((label) => label.textContent),
    ).toEqual(['Bookings', 'Tickets', 'Spend', 'Searches']);
    expect(within(figures).getByRole('link', { name: 'Open analytics' })).toHaveAttribute(
      'href',
      paths.dashboard.analytics,
    );

    expect(await within(await block('Recent bookings')).findByText('HLD001')).toBeInTheDocument();
    expect(await block('Departures today and tomorrow')).toBeInTheDocument();
    expect(await block('Quick search')).toBeInTheDocument();
    expect(await block('Featured offer')).toBeInTheDocument();
    expect(await block('Latest announcement')).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it('asks for the holds by nearest deadline, the latest bookings and the last 30 days', async () => {
    const api = homeApi();
    openHome();
    await waitFor(() => expect(api.calls(BOOKINGS)).toHaveLength(3));
    const queries = api.calls(BOOKINGS).map((request) => Object.fromEntries(request.query));
    expect(queries).toContainEqual({ status: 'booked', sort: 'deadline', limit: '5' });
    expect(queries).toContainEqual({ sort: 'created', limit: '5' });
    // Without dates the server counts the agency's last 30 days (contract KPI_DEFAULT_DAYS).
    await waitFor(() => expect(api.calls(KPIS)).toHaveLength(1));
    expect([...(api.calls(KPIS)[0]?.query.keys() ?? [])]).toEqual([]);
  });

  describe('permissions', () => {
    it('hides the bookings blocks, the figures and the search from a role without them', async () => {
      const api = homeApi();
      openHome([]);
      expect(await block('Credits')).toBeInTheDocument();
      expect(await block('Featured offer')).toBeInTheDocument();
      for (const name of [
        'Holds to ticket',
        'Departures today and tomorrow',
        'Recent bookings',
        'Last 30 days',
        'Quick search',
      ])
        expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
      const credits = await block('Credits');
      await waitFor(() => expect(credits).toHaveTextContent('AvailableUS$5,000.00'));
      expect(api.calls(BOOKINGS)).toHaveLength(0);
      expect(api.calls(KPIS)).toHaveLength(0);
      // Adding credits is for whoever records deposits.
      expect(screen.queryByRole('link', { name: 'Add credits' })).not.toBeInTheDocument();
    });

    it('shows each block to the permission it needs', async () => {
      homeApi();
      openHome(['flights.search', 'analytics.view']);
      expect(await block('Quick search')).toBeInTheDocument();
      expect(await block('Last 30 days')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Holds to ticket' })).not.toBeInTheDocument();
    });

    it('lists the holds without Issue to a role that may not issue', async () => {
      homeApi();
      openHome(['bookings.view']);
      const holds = await block('Holds to ticket');
      await within(holds).findByText('HLD001');
      expect(within(holds).queryByRole('button', { name: /^Issue/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Quick search' })).not.toBeInTheDocument();
    });
  });

  describe('one-click issue', () => {
    it('confirms the amount, issues, and offers the e-ticket; the lists and the credits are asked again', async () => {
      const api = homeApi({
        [ISSUE]: ({ body }) => ok(issued({ ...hold, pnr: (body as { pnr: string }).pnr })),
      });
      const { user } = openHome();
      const holds = await block('Holds to ticket');
      await user.click(await within(holds).findByRole('button', { name: 'Issue HLD001' }));

      const dialog = await screen.findByRole('dialog', { name: 'Issue 2 tickets for HLD001?' });
      expect(dialog).toHaveTextContent('US$1,221.00 is debited from your credits');
      expect(dialog).toHaveTextContent('Available to spend: US$5,000.00.');
      expect(api.calls(ISSUE)).toHaveLength(0);
      const holdsAsked = api.calls(BOOKINGS).filter((request) => listOf(request) === 'holds').length;
      const creditsAsked = api.calls(CREDITS).length;

      await user.click(within(dialog).getByRole('button', { name: 'Issue for US$1,221.00' }));
      const done = await screen.findByRole('dialog', { name: 'Tickets issued for HLD001' });
      expect(api.calls(ISSUE)[0]?.body).toEqual({ pnr: 'HLD001' });
      expect(api.calls(ISSUE)[0]?.headers.get('Idempotency-Key')).toBeTruthy();
      expect(done).toHaveTextContent('2 tickets issued: US$1,221.00 was debited from your credits.');
      expect(within(done).getByRole('link', { name: 'Open e-ticket' })).toHaveAttribute(
        'href',
        eTicketPath(hold.id),
      );
      await waitFor(() =>
        expect(api.calls(BOOKINGS).filter((request) => listOf(request) === 'holds').length).toBeGreaterThan(
          holdsAsked,
        ),
      );
      await waitFor(() => expect(api.calls(CREDITS).length).toBeGreaterThan(creditsAsked));

      await user.click(within(done).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('opens no e-ticket while the airline has not ticketed: it points to the booking, which waits for it', async () => {
      // Issue 29: a remote booking's payment sent to the airline, its tickets still to come.
      const paying = (booking: Booking): Booking => ({
        ...booking,
        allowed_actions: [],
        supplier: { code: 'duffel', reference: 'ZZ7QPL', state: 'paying', airline_change_at: null },
      });
      let sent = false;
      homeApi({
        holds: () => ok(sent ? [paying(hold), laterHold] : [hold, laterHold]),
        recent: () => ok([sent ? paying(hold) : hold]),
        [ISSUE]: () => {
          sent = true;
          return ok(paying(hold));
        },
      });
      const { user } = openHome();
      const holds = await block('Holds to ticket');
      await user.click(await within(holds).findByRole('button', { name: 'Issue HLD001' }));
      const dialog = await screen.findByRole('dialog', { name: 'Issue 2 tickets for HLD001?' });
      await user.click(within(dialog).getByRole('button', { name: 'Issue for US$1,221.00' }));

      const waiting = await screen.findByRole('dialog', { name: 'Waiting for the airline to ticket HLD001' });
      expect(waiting).toHaveTextContent(BOOKING_MESSAGES.ticketsWaitingForAirline);
      expect(waiting).toHaveTextContent('US$1,221.00 was taken from your credits');
      expect(within(waiting).queryByRole('link', { name: /e-ticket/i })).not.toBeInTheDocument();
      expect(within(waiting).getByRole('link', { name: 'Open the booking' })).toHaveAttribute(
        'href',
        bookingDetailsPath(hold.id),
      );
      await user.click(within(waiting).getByRole('button', { name: 'Done' }));
      // The hold, asked again, waits for its airline: no second Issue meanwhile.
      const row = (await within(holds).findByText('Waiting for the airline')).closest('li') as HTMLElement;
      expect(row).toHaveTextContent('HLD001');
      expect(within(holds).queryByRole('button', { name: 'Issue HLD001' })).not.toBeInTheDocument();
      expect(within(holds).getByRole('button', { name: 'Issue HLD002' })).toBeEnabled();
      // The latest bookings say it too.
      expect(
        await within(await block('Recent bookings')).findByText('Waiting for the airline'),
      ).toBeInTheDocument();
    });

    it('explains a 402 with the shortfall and the way to add credits, keeping the hold', async () => {
      let balance = 5000;
      const api = homeApi({
        [CREDITS]: () => ok(homeCredits(balance)),
        [ISSUE]: () => {
          balance = 1000;
          return fail(402, 'Insufficient credits');
        },
      });
      const { user } = openHome();
      await user.click(
        await within(await block('Holds to ticket')).findByRole('button', { name: 'Issue HLD001' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Issue 2 tickets for HLD001?' });
      await user.click(within(dialog).getByRole('button', { name: 'Issue for US$1,221.00' }));

      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Insufficient credits');
      // The credits are asked again after the 402: the shortfall is said against the new figure.
      await waitFor(() => expect(alert).toHaveTextContent('add at least US$221.00'));
      expect(within(alert).getByRole('link', { name: 'Add credits' })).toHaveAttribute(
        'href',
        paths.dashboard.createTransaction,
      );
      expect(api.calls(ISSUE)).toHaveLength(1);
      expect(within(dialog).getByRole('button', { name: 'Issue for US$1,221.00' })).toBeEnabled();
    });
  });

  describe('states', () => {
    it('shows a skeleton while each block loads', async () => {
      const never = () => new Promise<Response>(() => {});
      fakeApi({
        [CREDITS]: never,
        [BOOKINGS]: never,
        [KPIS]: never,
        // The frame waits for the agency's zone before any screen (docs/architecture.md §8).
        [PROFILE]: () => ok(homeProfile()),
        'GET /api/offer': never,
        'GET /api/getAnnouncements': never,
        'POST /api/booking-all-active-routes': never,
      });
      openHome();
      for (const label of [
        'Loading the holds',
        'Loading the departures',
        'Loading your credits',
        "Loading the last 30 days' figures",
        'Loading the recent bookings',
      ])
        expect(await screen.findByRole('status', { name: label })).toBeInTheDocument();
    });

    it('says what to do next when there is nothing to show', async () => {
      homeApi({
        holds: () => ok([]),
        recent: () => ok([]),
        [CREDITS]: () => ok(homeCredits(0)),
        [KPIS]: () => ok(homeKpis({ bookings: [0, 0], tickets: [0, 0], spend: [0, 0], searches: [0, 0] })),
      });
      openHome();
      const holds = await block('Holds to ticket');
      expect(await within(holds).findByText('No holds waiting for tickets')).toBeInTheDocument();
      expect(within(holds).getByRole('link', { name: 'Search flights' })).toHaveAttribute(
        'href',
        paths.dashboard.searchFlights,
      );
      expect(
        await within(await block('Departures today and tomorrow')).findByText(
          'No departures today or tomorrow',
        ),
      ).toBeInTheDocument();
      expect(await within(await block('Recent bookings')).findByText('No bookings yet')).toBeInTheDocument();
      const credits = await block('Credits');
      expect(await within(credits).findByText('No credits yet')).toBeInTheDocument();
      expect(within(credits).getByRole('link', { name: 'Add credits' })).toBeInTheDocument();
      expect(
        await within(await block('Last 30 days')).findByText('Nothing booked in the last 30 days'),
      ).toBeInTheDocument();
    });

    it('says a failure in its block, without a toast, and tries again', async () => {
      const error = vi.spyOn(toast, 'error');
      let failing = true;
      const answer = (good: () => Response) => () => (failing ? fail(500, 'Server error') : good());
      homeApi({
        holds: answer(() => ok([hold])),
        departures: answer(() => ok([])),
        recent: answer(() => ok([hold])),
        [CREDITS]: answer(() => ok(homeCredits(5000))),
        [KPIS]: answer(() => ok(homeKpis({ bookings: [3, 1] }))),
      });
      const { user } = openHome();
      for (const name of [
        'Holds to ticket',
        'Departures today and tomorrow',
        'Recent bookings',
        'Credits',
        'Last 30 days',
      ])
        expect(await within(await block(name)).findByText('Server error')).toBeInTheDocument();
      expect(error).not.toHaveBeenCalled();

      failing = false;
      const holds = await block('Holds to ticket');
      await user.click(within(holds).getByRole('button', { name: 'Try again' }));
      expect(await within(holds).findByText('HLD001')).toBeInTheDocument();
      const credits = await block('Credits');
      await user.click(within(credits).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(credits).toHaveTextContent('AvailableUS$5,000.00'));
      const figures = await block('Last 30 days');
      await user.click(within(figures).getByRole('button', { name: 'Try again' }));
      expect(await within(figures).findByText('Bookings')).toBeInTheDocument();
    });

    it("says so when the agency's time zone, and so its today, cannot be read", async () => {
      let profileFails = true;
      homeApi({ [PROFILE]: () => (profileFails ? fail(500, 'Server error') : ok(homeProfile())) });
      const { user } = openHome();
      const departures = await block('Departures today and tomorrow');
      expect(
        await within(departures).findByText("Your agency's time zone could not be read"),
      ).toBeInTheDocument();
      profileFails = false;
      await user.click(within(departures).getByRole('button', { name: 'Try again' }));
      expect(await within(departures).findByText('No departures today or tomorrow')).toBeInTheDocument();
    });

    it(`falls back to "${FALLBACK.fetchCredits}" when the server gives no reason`, async () => {
      homeApi({ [CREDITS]: () => new Response('', { status: 500 }) });
      openHome();
      expect(await within(await block('Credits')).findByText(FALLBACK.fetchCredits)).toBeInTheDocument();
    });
  });

  describe("departures in the agency's days", () => {
    it('counts today in the agency’s zone: Asia/Dubai at 22:30 UTC is already tomorrow there', async () => {
      vi.useFakeTimers({ now: new Date('2026-12-21T22:30:00Z'), toFake: ['Date'] });
      const api = homeApi({
        departures: () =>
          ok([
            homeBooking({ pnr: 'DEP001', status: 'ticketed', departs: '2026-12-22T23:50' }),
            homeBooking({
              pnr: 'DEP002',
              status: 'booked',
              departs: '2026-12-23T08:15',
              from: 'LHR',
              to: 'JFK',
            }),
          ]),
      });
      openHome();
      const departures = await block('Departures today and tomorrow');
      await waitFor(() =>
        expect(api.calls(BOOKINGS).some((request) => listOf(request) === 'departures')).toBe(true),
      );
      const asked = api.calls(BOOKINGS).find((request) => listOf(request) === 'departures');
      expect(Object.fromEntries(asked?.query ?? [])).toEqual({
        status: 'booked,ticketed,partially_refunded',
        departs_from: '2026-12-22',
        departs_to: '2026-12-23',
        sort: 'departure',
        limit: '20',
      });

      const today = await within(departures).findByRole('region', { name: /Today/ });
      expect(today).toHaveAccessibleName('Today · Tue 22 Dec');
      expect(today).toHaveTextContent('23:50');
      expect(today).toHaveTextContent('DEP001');
      expect(today).toHaveTextContent('EK 1');
      const tomorrow = within(departures).getByRole('region', { name: /Tomorrow/ });
      expect(tomorrow).toHaveAccessibleName('Tomorrow · Wed 23 Dec');
      expect(tomorrow).toHaveTextContent('LHR → JFK');
      // A hold is not ticketed yet: its state says so.
      expect(tomorrow).toHaveTextContent('Booked');
      expect(departures).toHaveTextContent("Days are your agency's, in Asia/Dubai");
    });

    it('counts it in another zone at the same moment: New York is still on the 21st', async () => {
      vi.useFakeTimers({ now: new Date('2026-12-21T22:30:00Z'), toFake: ['Date'] });
      const api = homeApi({
        [PROFILE]: () => ok(homeProfile({ time_zone: 'America/New_York', time_zone_default: false })),
      });
      openHome();
      await waitFor(() =>
        expect(api.calls(BOOKINGS).some((request) => listOf(request) === 'departures')).toBe(true),
      );
      const asked = api.calls(BOOKINGS).find((request) => listOf(request) === 'departures');
      expect(asked?.query.get('departs_from')).toBe('2026-12-21');
      expect(asked?.query.get('departs_to')).toBe('2026-12-22');
    });
  });

  describe('quick search', () => {
    const outbound = addDays(todayLocalDate(), 10);
    const lastSearch: SearchDraft = {
      ...emptySearchDraft,
      cabin: 'Business',
      adult_quantity: 2,
      legs: [{ origin_location_code: 'LHR', destination_location_code: 'JFK', departure_date: outbound }],
    };

    it('starts from the last search and opens its results, as the search screen does', async () => {
      homeApi({
        'POST /api/search': () =>
          ok({ search_id: crypto.randomUUID(), PricedItineraries: { PricedItinerary: [] } }),
      });
      const { user, router, store } = openHome(PERMISSIONS, { searchDraft: lastSearch });
      const search = await block('Quick search');
      const from = within(search).getByRole('combobox', { name: 'From' });
      await waitFor(() => expect(from).toHaveValue('LHR · London, United Kingdom'));
      expect(within(search).getByRole('combobox', { name: 'To' })).toHaveValue(
        'JFK · New York, United States',
      );
      expect(within(search).getByLabelText('Departure')).toHaveValue(outbound);
      expect(
        within(search).getByRole('button', { name: 'Passengers: 2 adults, Business' }),
      ).toBeInTheDocument();

      const later = addDays(outbound, 2);
      const date = within(search).getByLabelText('Departure');
      await user.clear(date);
      await user.type(date, later);
      // Remembered as it is typed: the search screen (and a reload) find the same search.
      await waitFor(() => expect(store.getState().searchDraft.legs[0]?.departure_date).toBe(later));

      await user.click(within(search).getByRole('button', { name: 'Search flights' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.flightResults));
      expect(store.getState().searchDraft).toMatchObject({
        trip_type: 'OneWay',
        cabin: 'Business',
        adult_quantity: 2,
        legs: [{ origin_location_code: 'LHR', destination_location_code: 'JFK', departure_date: later }],
      });
    });

    it('checks the form before searching', async () => {
      homeApi();
      const { user, router } = openHome();
      const search = await block('Quick search');
      await user.click(within(search).getByRole('button', { name: 'Search flights' }));
      expect(await within(search).findAllByText('Choose an airport')).not.toHaveLength(0);
      expect(router.state.location.pathname).toBe(paths.dashboard.home);
    });

    it('adds passengers and a return date', async () => {
      homeApi();
      const { user, store } = openHome(PERMISSIONS, { searchDraft: lastSearch });
      const search = await block('Quick search');
      await user.click(within(search).getByRole('radio', { name: 'Return' }));
      expect(within(search).getByLabelText('Return', { selector: 'input[type="date"]' })).toBeInTheDocument();
      await user.click(within(search).getByRole('button', { name: /^Passengers:/ }));
      await user.click(within(search).getByRole('button', { name: 'Add a child' }));
      expect(
        within(search).getByRole('button', { name: 'Passengers: 2 adults, 1 child, Business' }),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(store.getState().searchDraft).toMatchObject({ trip_type: 'Return', child_quantity: 1 }),
      );
    });

    it('leaves a date already gone for the agent to choose again', async () => {
      homeApi();
      openHome(PERMISSIONS, {
        searchDraft: { ...lastSearch, legs: [{ ...lastSearch.legs[0], departure_date: '2020-01-01' }] },
      });
      const search = await block('Quick search');
      expect(within(search).getByLabelText('Departure')).toHaveValue('');
    });
  });
});
