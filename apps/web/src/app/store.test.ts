import { persistStore } from 'redux-persist';
import { describe, expect, it } from 'vitest';
import { travellerDisabled } from '../entities/booking-draft/booking-draft-slice';
import { emptySearchDraft, searchDraftSaved } from '../entities/flight-search/search-draft-slice';
import { sessionStarted } from '../shared/session/session-slice';
import { fakeJwt, sampleUser } from '../testing/fake-session';
import { trackPersistor } from '../testing/live-persistors';
import { persistedState } from '../testing/persisted-state';
import { createLogout } from './logout';
import { makeStore, PERSISTED_ITEM } from './store';

const EXP = 1_900_000_000;

/** Resolves once the saved state has been read back (or found empty). */
function startPersistence(store: ReturnType<typeof makeStore>) {
  return new Promise<ReturnType<typeof persistStore>>((resolve) => {
    const persistor = trackPersistor(persistStore(store, null, () => resolve(persistor)));
  });
}

const saved = (): Record<string, unknown> => {
  const raw = localStorage.getItem(PERSISTED_ITEM);
  if (!raw) return {};
  const outer = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(Object.entries(outer).map(([key, value]) => [key, JSON.parse(value)]));
};

describe('the store', () => {
  it('saves the session’s user and expiry, never its token (docs/architecture.md §6)', async () => {
    const store = makeStore();
    const persistor = await startPersistence(store);
    const token = fakeJwt({ exp: EXP });

    store.dispatch(sessionStarted({ token, user: sampleUser }));
    await persistor.flush();

    expect(store.getState().session).toMatchObject({ token, expiresAt: EXP, user: sampleUser });
    expect(saved().session).toEqual({ user: sampleUser, expiresAt: EXP });
    expect(localStorage.getItem(PERSISTED_ITEM)).not.toContain(token);
  });

  it('saves the search and booking drafts (docs/product-spec.md §3)', async () => {
    const store = makeStore();
    const persistor = await startPersistence(store);
    const draft = { ...emptySearchDraft, trip_type: 'Return' as const, return_date: '2026-12-27' };

    store.dispatch(searchDraftSaved(draft));
    store.dispatch(travellerDisabled('traveller-1'));
    await persistor.flush();

    expect(saved().searchDraft).toEqual(draft);
    expect(saved().bookingDraft).toMatchObject({ disabledTravellerIds: ['traveller-1'] });
  });

  it('reads the saved session back at start, without a token', async () => {
    localStorage.setItem(
      PERSISTED_ITEM,
      JSON.stringify({
        session: JSON.stringify({ user: sampleUser, expiresAt: EXP }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    const store = makeStore();
    await startPersistence(store);

    expect(store.getState().session).toEqual({
      user: sampleUser,
      token: null,
      expiresAt: EXP,
      permissions: [],
      company: null,
    });
  });

  it('logout wipes every slice and the saved state (docs/product-spec.md §4)', async () => {
    const store = makeStore();
    const persistor = await startPersistence(store);
    const initial = store.getState();
    store.dispatch(sessionStarted({ token: fakeJwt({ exp: EXP }), user: sampleUser }));
    store.dispatch(searchDraftSaved({ ...emptySearchDraft, adult_quantity: 3 }));
    store.dispatch(travellerDisabled('traveller-1'));
    await persistor.flush();
    expect(localStorage.getItem(PERSISTED_ITEM)).toContain(sampleUser.email);

    await createLogout(store, persistor)();

    const { _persist: _, ...state } = store.getState();
    const { _persist: __, ...initialState } = initial;
    expect(state).toEqual(initialState);
    expect(localStorage.getItem(PERSISTED_ITEM)).toBeNull();
  });

  it('keeps each store’s saving its own: a paused one writes nothing, whatever a newer store does', async () => {
    // Tests make a store each; one left from an earlier test must not save into the next one's.
    const earlier = makeStore();
    const earlierPersistor = await startPersistence(earlier);
    earlierPersistor.pause();
    await startPersistence(makeStore());

    earlier.dispatch(sessionStarted({ token: fakeJwt({ exp: EXP }), user: sampleUser }));
    await earlierPersistor.flush();

    expect(persistedState()).not.toContain(sampleUser.email);
  });
});
