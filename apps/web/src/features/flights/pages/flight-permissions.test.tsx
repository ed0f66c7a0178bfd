import { PERMISSIONS, type Permission } from '@skydesk/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyBookingDraft } from '../../../entities/booking-draft/booking-draft-slice';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, ok } from '../../../testing/fake-api';
import { signedInState } from '../../../testing/fake-session';
import { lhrJfk, sampleRoutes } from '../../../testing/itineraries';
import { renderApp } from '../../../testing/render-with-providers';

const allBut = (...missing: Permission[]) =>
  PERMISSIONS.filter((permission) => !missing.includes(permission));

const chosenOffer = (permissions: Permission[]) => ({
  ...signedInState({ permissions }),
  bookingDraft: { ...emptyBookingDraft, selectedItinerary: lhrJfk.baMorning },
});

/** Issue 13: a role that searches but does not book sees fares without the way to book them. */
describe('flight details by permission', () => {
  it('does not offer to continue to the travellers without bookings.create', async () => {
    fakeApi({ 'POST /api/booking-all-active-routes': () => ok(sampleRoutes) });
    renderApp(paths.dashboard.flightDetails, {
      preloadedState: chosenOffer(allBut('bookings.create')),
    });
    expect(await screen.findByText(/Your role can search fares but not book them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue to travellers/ })).not.toBeInTheDocument();
  });

  it('offers it with bookings.create', async () => {
    fakeApi({ 'POST /api/booking-all-active-routes': () => ok(sampleRoutes) });
    renderApp(paths.dashboard.flightDetails, { preloadedState: chosenOffer([...PERMISSIONS]) });
    expect(await screen.findByRole('button', { name: /Continue to travellers/ })).toBeInTheDocument();
  });

  it('does not ask for the recent searches of a role without history.view', async () => {
    const api = fakeApi({ 'POST /api/booking-all-active-routes': () => ok(sampleRoutes) });
    renderApp(paths.dashboard.searchFlights, {
      preloadedState: signedInState({ permissions: allBut('history.view') }),
    });
    expect(await screen.findByRole('button', { name: /Search/ })).toBeInTheDocument();
    expect(api.calls('GET /api/searchhistory')).toHaveLength(0);
  });
});
