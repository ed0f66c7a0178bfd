import { EMPTY_RESULT } from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptySearchDraft, type SearchDraft } from '../../../entities/flight-search/search-draft-slice';
import { addDays, todayLocalDate } from '../../../shared/format/date-time';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { signedInState } from '../../../testing/fake-session';
import { groupedLhrJfkReturn, lhrJfk, sampleRoutes } from '../../../testing/itineraries';
import { renderApp } from '../../../testing/render-with-providers';
import { MISSING_SUPPLIERS_MESSAGE } from '../components/missing-suppliers-notice';

/** Issue 29 on the results: an answer missing a supplier, and offers the airline will not hold. */

const outbound = addDays(todayLocalDate(), 7);
const oneWay: SearchDraft = {
  ...emptySearchDraft,
  legs: [{ origin_location_code: 'LHR', destination_location_code: 'JFK', departure_date: outbound }],
};
const returnTrip: SearchDraft = { ...oneWay, trip_type: 'Return', return_date: addDays(outbound, 7) };

const routes = (search: () => Response) => ({
  'POST /api/booking-all-active-routes': () => ok(sampleRoutes),
  'POST /api/search': search,
  'POST /api/search/calendar': () => ok([]),
});

const flat = (missing: string[], itineraries = [lhrJfk.baMorning, lhrJfk.vsEvening]) =>
  ok({
    search_id: crypto.randomUUID(),
    PricedItineraries: { PricedItinerary: itineraries },
    missing_suppliers: missing,
  });

describe('a search some supplier missed', { timeout: 20_000 }, () => {
  it('says so in words over the flights that came, and searching again brings the answer afresh', async () => {
    let answers = 0;
    const api = fakeApi(
      routes(() => {
        answers += 1;
        return flat(answers === 1 ? ['duffel'] : []);
      }),
    );
    const { user } = renderApp(paths.dashboard.flightResults, {
      preloadedState: { ...signedInState(), searchDraft: oneWay },
    });
    expect(await screen.findByText(MISSING_SUPPLIERS_MESSAGE)).toBeInTheDocument();
    expect(MISSING_SUPPLIERS_MESSAGE).toBe(
      'Some airlines did not answer in time — search again to include them',
    );
    // Never the supplier's code.
    expect(screen.queryByText(/duffel/i)).toBeNull();
    expect(screen.getByRole('heading', { name: '2 flights' })).toBeInTheDocument();

    const notice = screen.getByText(MISSING_SUPPLIERS_MESSAGE).closest('div') as HTMLElement;
    await user.click(
      within(notice.parentElement as HTMLElement).getByRole('button', { name: 'Search again' }),
    );
    await waitFor(() => expect(api.calls('POST /api/search')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText(MISSING_SUPPLIERS_MESSAGE)).toBeNull());
    expect(await screen.findByRole('heading', { name: '2 flights' })).toBeInTheDocument();
  });

  it('says nothing when every supplier answered, nor for an answer without the field', async () => {
    fakeApi(
      routes(() =>
        ok({ search_id: crypto.randomUUID(), PricedItineraries: { PricedItinerary: [lhrJfk.baMorning] } }),
      ),
    );
    renderApp(paths.dashboard.flightResults, { preloadedState: { ...signedInState(), searchDraft: oneWay } });
    expect(await screen.findByRole('heading', { name: '1 flight' })).toBeInTheDocument();
    expect(screen.queryByText(MISSING_SUPPLIERS_MESSAGE)).toBeNull();
  });

  it('says so over a grouped answer too', async () => {
    fakeApi(routes(() => ok({ ...groupedLhrJfkReturn(), missing_suppliers: ['duffel'] })));
    renderApp(paths.dashboard.flightResults, {
      preloadedState: { ...signedInState(), searchDraft: returnTrip },
    });
    expect(await screen.findByText(MISSING_SUPPLIERS_MESSAGE)).toBeInTheDocument();
  });
});

describe("a search some supplier missed that found nothing ('No Flight Found!')", { timeout: 20_000 }, () => {
  const noFlights = (missing?: string[]) =>
    fail(404, EMPTY_RESULT.noFlights, missing ? { data: { missing_suppliers: missing } } : {});

  it('says so over the empty state, and searching again brings the missing airlines’ flights', async () => {
    let answers = 0;
    const api = fakeApi(
      routes(() => {
        answers += 1;
        return answers === 1 ? noFlights(['duffel']) : flat([]);
      }),
    );
    const { user } = renderApp(paths.dashboard.flightResults, {
      preloadedState: { ...signedInState(), searchDraft: oneWay },
    });
    expect(await screen.findByRole('heading', { name: EMPTY_RESULT.noFlights })).toBeInTheDocument();
    expect(screen.getByText(MISSING_SUPPLIERS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(/the airlines that answered have no flights/i)).toBeInTheDocument();
    expect(screen.queryByText(/duffel/i)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Search again' }));
    await waitFor(() => expect(api.calls('POST /api/search')).toHaveLength(2));
    expect(await screen.findByRole('heading', { name: '2 flights' })).toBeInTheDocument();
    expect(screen.queryByText(MISSING_SUPPLIERS_MESSAGE)).toBeNull();
  });

  it('says so over a grouped search’s empty state too', async () => {
    fakeApi(routes(() => noFlights(['duffel'])));
    renderApp(paths.dashboard.flightResults, {
      preloadedState: { ...signedInState(), searchDraft: returnTrip },
    });
    expect(await screen.findByRole('heading', { name: EMPTY_RESULT.noFlights })).toBeInTheDocument();
    expect(screen.getByText(MISSING_SUPPLIERS_MESSAGE)).toBeInTheDocument();
  });

  it('says nothing of airlines when every supplier answered (the bare 404)', async () => {
    fakeApi(routes(() => noFlights()));
    renderApp(paths.dashboard.flightResults, { preloadedState: { ...signedInState(), searchDraft: oneWay } });
    expect(await screen.findByRole('heading', { name: EMPTY_RESULT.noFlights })).toBeInTheDocument();
    expect(screen.queryByText(MISSING_SUPPLIERS_MESSAGE)).toBeNull();
  });
});

describe('an offer the airline will not hold', { timeout: 20_000 }, () => {
  it('is tagged on its result, with the airline’s own name for its fare', async () => {
    const instant = {
      ...lhrJfk.vsEvening,
      ticketing: 'instant' as const,
      AirItineraryPricingInfo: {
        ...lhrJfk.vsEvening.AirItineraryPricingInfo,
        FareInfos: lhrJfk.vsEvening.AirItineraryPricingInfo.FareInfos.map((info) => ({
          ...info,
          BrandLabel: 'Light',
        })),
      },
    };
    fakeApi(routes(() => flat([], [lhrJfk.baMorning, instant])));
    renderApp(paths.dashboard.flightResults, { preloadedState: { ...signedInState(), searchDraft: oneWay } });
    await screen.findByRole('heading', { name: '2 flights' });
    const [ba, vs] = ['British Airways', 'Virgin Atlantic'].map(
      (airline) =>
        screen.getAllByRole('article').find((card) => within(card).queryByText(airline)) as HTMLElement,
    );
    expect(within(vs as HTMLElement).getByText('Issue at once: no hold')).toBeInTheDocument();
    expect(within(vs as HTMLElement).getByText('(Light)')).toBeInTheDocument();
    expect(within(ba as HTMLElement).queryByText('Issue at once: no hold')).toBeNull();
  });
});
