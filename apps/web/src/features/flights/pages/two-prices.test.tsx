import type { PricedItinerary } from '@skydesk/contract';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptySearchDraft, type SearchDraft } from '../../../entities/flight-search/search-draft-slice';
import { addDays, todayLocalDate } from '../../../shared/format/date-time';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, ok } from '../../../testing/fake-api';
import { sampleUser, signedInState } from '../../../testing/fake-session';
import { lhrJfk, sampleRoutes } from '../../../testing/itineraries';
import { renderApp } from '../../../testing/render-with-providers';

configure({ asyncUtilTimeout: 10_000 });

const outbound = addDays(todayLocalDate(), 7);
const draft: SearchDraft = {
  ...emptySearchDraft,
  legs: [{ origin_location_code: 'LHR', destination_location_code: 'JFK', departure_date: outbound }],
};

/** The BA morning flight as the server sends it under a 6 % rule: its net beside the selling price. */
const withSelling = (itinerary: PricedItinerary): PricedItinerary => {
  const net = itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare;
  return {
    ...itinerary,
    net,
    selling: { Amount: Math.round(net.Amount * 106) / 100, CurrencyCode: net.CurrencyCode },
    markup_rule: { id: '30000000-0000-4000-8000-000000000001', name: 'Long-haul economy' },
  };
};

const routes = () => ({
  'POST /api/booking-all-active-routes': () => ok(sampleRoutes),
  'POST /api/search': () =>
    ok({
      search_id: crypto.randomUUID(),
      PricedItineraries: { PricedItinerary: [withSelling(lhrJfk.baMorning)] },
    }),
  'POST /api/search/calendar': () =>
    ok(
      [0].map((shift) => ({ date: addDays(outbound, shift), lowest: { Amount: 390, CurrencyCode: 'USD' } })),
    ),
});

describe('two prices on the results (issue 33)', { timeout: 30_000 }, () => {
  it('shows the client’s selling price with the net and margin under it; the client view hides the net, remembered per user', async () => {
    fakeApi(routes());
    const { user } = renderApp(paths.dashboard.flightResults, {
      preloadedState: { ...signedInState(), searchDraft: draft },
    });
    const net = lhrJfk.baMorning.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount;
    const card = await screen.findByRole('article', { name: /British Airways/ });
    expect(card).toHaveTextContent('client price');
    expect(card).toHaveTextContent(`Net US$${net.toFixed(2)}`);
    expect(
      within(screen.getByRole('navigation', { name: 'Fares on nearby dates' })).getByText('US$390'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Client view' }));
    expect(screen.getByRole('button', { name: 'Client view' })).toHaveAttribute('aria-pressed', 'true');
    expect(card).not.toHaveTextContent('Net US$');
    expect(screen.queryByText('US$390')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(`skydesk.client-view.${sampleUser.id}`)).toBe('on');

    await user.click(screen.getByRole('button', { name: 'Client view' }));
    expect(card).toHaveTextContent('Net US$');
  });

  it('prices the flight’s details for the client too: the breakdown at net only outside the client view', async () => {
    fakeApi(routes());
    const { user } = renderApp(paths.dashboard.flightResults, {
      preloadedState: { ...signedInState(), searchDraft: draft },
    });
    const selling = withSelling(lhrJfk.baMorning).selling!.Amount;
    const card = await screen.findByRole('article', { name: /British Airways/ });
    await user.click(within(card).getByRole('button', { name: 'View details' }));
    const price = (await screen.findByRole('heading', { name: 'Price' })).closest('section')!;
    expect(price).toHaveTextContent(`Client price, all passengersUS$${selling.toFixed(2)}`);
    expect(within(price).getByRole('table', { name: 'Fare per passenger type' })).toBeVisible();
    expect(price).toHaveTextContent('Net US$');

    await user.click(screen.getByRole('button', { name: 'Client view' }));
    expect(within(price).queryByRole('table')).not.toBeInTheDocument();
    expect(price).not.toHaveTextContent('Net US$');
    expect(price).toHaveTextContent(`US$${selling.toFixed(2)}`);
    await user.click(screen.getByRole('button', { name: 'Client view' }));
  });
});
