import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, todayLocalDate } from '../../shared/format/date-time';
import { paths } from '../../shared/routing/paths';
import { fakeApi, ok } from '../../testing/fake-api';
import { signedInState } from '../../testing/fake-session';
import { sampleRoutes } from '../../testing/itineraries';
import { renderApp } from '../../testing/render-with-providers';
import { emptySearchDraft, type SearchDraft } from '../flight-search/search-draft-slice';

const savedDraft: SearchDraft = {
  ...emptySearchDraft,
  legs: [
    {
      origin_location_code: 'LHR',
      destination_location_code: 'JFK',
      departure_date: addDays(todayLocalDate(), 7),
    },
  ],
};

/** The airports call held open until the test lets it answer. */
function lateAirports() {
  let answer: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const api = fakeApi({
    'POST /api/booking-all-active-routes': async () => {
      await arrived;
      return ok(sampleRoutes);
    },
    'GET /api/searchhistory': () => ok([]),
  });
  return { api, answer };
}

describe('the airport picker while the airports are loading', { timeout: 20_000 }, () => {
  it('keeps what was typed over a saved airport when the airports arrive afterwards', async () => {
    const { api, answer } = lateAirports();
    renderApp(paths.dashboard.searchFlights, {
      preloadedState: { ...signedInState(), searchDraft: savedDraft },
    });
    // The screen is loaded on first use: give its import time on a busy machine.
    await screen.findByRole('heading', { name: 'Where to?' }, { timeout: 10_000 });
    await waitFor(() => expect(api.calls('POST /api/booking-all-active-routes')).toHaveLength(1));
    const from = screen.getByRole('combobox', { name: 'From' });
    // Before the list, the saved airport is shown by its code.
    expect(from).toHaveValue('LHR');

    // The user types over it (as a browser's fill does: focus, then one input event)…
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: 'Gatwick' } });
    expect(from).toHaveValue('Gatwick');

    // …and only then the airports arrive. A field the user did not touch now shows its saved
    // airport's full label: the list is in and every field has taken it.
    answer();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'To' })).toHaveValue('JFK · New York, United States'),
    );
    // The typed text stays, and its matches are offered.
    expect(from).toHaveValue('Gatwick');
    fireEvent.mouseDown(screen.getByRole('option', { name: /^LGW · / }));
    expect(from).toHaveValue('LGW · London, United Kingdom');
  });

  it('gives the saved airport back on Escape, and empties on leaving unmatched text', async () => {
    fakeApi({
      'POST /api/booking-all-active-routes': () => ok(sampleRoutes),
      'GET /api/searchhistory': () => ok([]),
    });
    const { store } = renderApp(paths.dashboard.searchFlights, {
      preloadedState: { ...signedInState(), searchDraft: savedDraft },
    });
    const from = await screen.findByRole('combobox', { name: 'From' }, { timeout: 10_000 });
    await waitFor(() => expect(from).toHaveValue('LHR · London, United Kingdom'));

    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: 'Dub' } });
    fireEvent.keyDown(from, { key: 'Escape' });
    expect(from).toHaveValue('LHR · London, United Kingdom');

    fireEvent.change(from, { target: { value: 'Nowhere' } });
    fireEvent.blur(from);
    expect(from).toHaveValue('');
    expect(store.getState().searchDraft.legs[0]?.origin_location_code).toBe('');
  });
});
