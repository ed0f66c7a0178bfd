import { SESSION_MODAL } from '@skydesk/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshSession, renewSession } from '../features/auth/renew-session';
import { paths } from '../shared/routing/paths';
import { fail, fakeApi, ok } from '../testing/fake-api';
import { fakeJwt, sampleMe, sampleUser, signedInState } from '../testing/fake-session';
import { PERSIST_WAIT, persistedState } from '../testing/persisted-state';
import { renderApp } from '../testing/render-with-providers';
import { makeStore } from './store';

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
const tokenFor = (seconds: number) => fakeJwt({ exp: inSeconds(seconds), sub: sampleUser.id });

/** A reload: the saved user is back, the access token (memory only) is not. */
const afterReload = () => signedInState({ token: null, company: null });

afterEach(() => {
  vi.useRealTimers();
});

describe('starting with a saved session but no token (docs/architecture.md §6)', () => {
  it('shows a spinner, renews the token from the refresh cookie, loads the profile, then the screen', async () => {
    const token = tokenFor(1800);
    let answerRefresh: (response: Response) => void = () => {};
    const api = fakeApi({
      'POST /api/auth/refresh': () =>
        new Promise<Response>((resolve) => {
          answerRefresh = resolve;
        }),
      'GET /api/me': () => ok(sampleMe()),
    });
    const { store, router } = renderApp(paths.dashboard.users, { preloadedState: afterReload() });

    expect(await screen.findByText('Restoring your session')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST /api/auth/refresh')).toHaveLength(1));
    await act(async () => answerRefresh(ok({ token, user: sampleUser })));

    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard.users);
    expect(store.getState().session).toMatchObject({ token, company: sampleMe().company });
    // One refresh, however many times start-up effects ran; the profile asked with the new token.
    expect(api.calls('POST /api/auth/refresh')).toHaveLength(1);
    expect(api.calls('GET /api/me')[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('clears the saved session quietly and shows sign in when the cookie is refused', async () => {
    const toastError = vi.spyOn(toast, 'error');
    fakeApi({ 'POST /api/auth/refresh': () => fail(401, 'Unauthenticated') });
    const { store, router } = renderApp(paths.dashboard.users, { preloadedState: afterReload() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(store.getState().session.user).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
    await waitFor(() => expect(persistedState()).not.toContain(sampleUser.email), PERSIST_WAIT);
  });

  it('gives up quietly, and ends the server session, when the profile cannot be read', async () => {
    const token = tokenFor(1800);
    const api = fakeApi({
      'POST /api/auth/refresh': () => ok({ token, user: sampleUser }),
      'GET /api/me': () => fail(500, 'Something went wrong on our side. Please try again.'),
      'POST /api/auth/logout': () => ok({}),
    });
    const { store } = renderApp(paths.dashboard.home, { preloadedState: afterReload() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    // Ended through the refresh cookie (sent by the browser), not a token.
    await waitFor(() => expect(api.calls('POST /api/auth/logout')).toHaveLength(1));
  });
});

describe('renewing the token', () => {
  it('renewSession stores the new token and its expiry', async () => {
    const fresh = tokenFor(1800);
    fakeApi({ 'POST /api/auth/refresh': () => ok({ token: fresh, user: sampleUser }) });
    const store = makeStore(signedInState({ token: tokenFor(30) }));
    await expect(store.dispatch(renewSession())).resolves.toBe(true);
    expect(store.getState().session.token).toBe(fresh);
    expect(store.getState().session.expiresAt).toBe(inSeconds(1800));
  });

  it('renewSession keeps the old token when the cookie is refused', async () => {
    const old = tokenFor(30);
    fakeApi({ 'POST /api/auth/refresh': () => fail(401, 'Unauthenticated') });
    const store = makeStore(signedInState({ token: old }));
    await expect(store.dispatch(renewSession())).resolves.toBe(false);
    expect(store.getState().session.token).toBe(old);
    expect(store.getState().session.user).toEqual(sampleUser);
  });

  it('shares one refresh call between callers (the server treats a reused cookie as theft)', async () => {
    const api = fakeApi({ 'POST /api/auth/refresh': () => ok({ token: tokenFor(1800), user: sampleUser }) });
    const [first, second] = await Promise.all([refreshSession(), refreshSession()]);
    expect(first).toBe(second);
    expect(api.calls('POST /api/auth/refresh')).toHaveLength(1);
  });

  it('"Continue Session" renews the token, and the timer starts over from the new expiry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fresh = tokenFor(1800);
    fakeApi({ 'POST /api/auth/refresh': () => ok({ token: fresh, user: sampleUser }) });
    const { store, user } = renderApp(paths.dashboard.home, {
      preloadedState: signedInState({ token: tokenFor(90) }),
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    await user.click(await screen.findByRole('button', { name: SESSION_MODAL.action }));

    await waitFor(() => expect(store.getState().session.token).toBe(fresh));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    // The old token's expiry has passed: still signed in, no warning until 60 s before the new one.
    expect(store.getState().session.user).toEqual(sampleUser);
    expect(screen.queryByRole('dialog', { name: SESSION_MODAL.title })).not.toBeInTheDocument();
  });
});

describe('logout', () => {
  it('ends the session on the server through the refresh cookie, then wipes it here', async () => {
    const token = tokenFor(1800);
    const api = fakeApi({ 'POST /api/auth/logout': () => ok({}) });
    const { user, store, router } = renderApp(paths.dashboard.home, {
      preloadedState: signedInState({ token }),
    });
    await user.click(await screen.findByRole('button', { name: `Account menu for ${sampleUser.name}` }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(store.getState().session).toMatchObject({ user: null, token: null });
    expect(api.calls('POST /api/auth/logout')).toHaveLength(1);
  });

  it('signs out here even when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const toastError = vi.spyOn(toast, 'error');
    const { user, store } = renderApp(paths.dashboard.home, { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: `Account menu for ${sampleUser.name}` }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(store.getState().session.user).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
  });
});
