import { SESSION, SUCCESS } from '@skydesk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { agency, agencyList } from '../../features/admin/testing/admin-fixtures';
import { bothSignedInState, renderConsole } from '../../features/admin/testing/render';
import { adminPaths } from '../../shared/routing/admin-paths';
import { loggedOut } from '../../shared/session/session-slice';
import { fail, fakeApi, invalid, ok } from '../../testing/fake-api';
import { fakeJwt, sampleUser, signedInState } from '../../testing/fake-session';
import { liveOperatorToken, operatorSignedOutState, sampleOperator } from '../../testing/operator-session';
import { PERSIST_WAIT, persistedState } from '../../testing/persisted-state';
import { makeStore } from '../store';

configure({ asyncUtilTimeout: 10_000 });

const QUEUE = 'GET /api/admin/companies';
const WORK = 'GET /api/admin/work-queue';
/** The mark a browser keeps of an operator having signed in there (never the token). */
const HINT = 'skydesk:operator-signed-in';
const hadSignedIn = () => localStorage.setItem(HINT, '1');
const CHALLENGE = fakeJwt({ exp: 1_900_000_000, sub: 'operator-challenge' });

describe('the operator console: its session apart from the agency’s', { timeout: 20_000 }, () => {
  it('asks the operator refresh cookie at the start of /admin, then opens the work queue', async () => {
    hadSignedIn();
    const token = liveOperatorToken();
    const line = { waiting: 0, oldest_since: null };
    const api = fakeApi({
      'POST /api/admin/auth/refresh': () => ok({ token, operator: sampleOperator }),
      'GET /api/admin/me': () => ok({ operator: sampleOperator }),
      [WORK]: () =>
        ok({
          agencies: { waiting: 1, oldest_since: '2026-03-08T09:30:00Z' },
          deposits: line,
          refunds: line,
          tickets: { ...line, unassigned: 0 },
          total: 1,
        }),
      [QUEUE]: () => ok(agencyList([agency()])),
    });
    const { router, store } = renderConsole(adminPaths.home, {});

    expect(await screen.findByText('Opening the operator console')).toBeInTheDocument();
    // Issue 30: the console opens on what waits for a decision, not on a list.
    expect(await screen.findByRole('heading', { level: 1, name: 'Work queue' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(adminPaths.home);
    const nav = screen.getByRole('navigation', { name: 'Console navigation' });
    for (const label of ['Agency review', 'Deposit desk', 'Refunds', 'Bank accounts', 'Audit log'])
      expect(within(nav).getByRole('link', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Horizon Voyages/ })).toBeInTheDocument();
    expect(api.calls('POST /api/admin/auth/refresh')).toHaveLength(1);
    expect(api.calls('GET /api/admin/me')[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(api.calls(WORK)[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(Object.fromEntries(api.calls(QUEUE)[0]!.query)).toMatchObject({ status: 'pending_review' });
    // Never persisted: the operator's token lives in memory only.
    expect(store.getState().operatorSession?.token).toBe(token);
    await waitFor(() => expect(persistedState()).not.toContain(token), PERSIST_WAIT);
  });

  it('shows the console’s sign-in, quietly, when the cookie gives no session', async () => {
    hadSignedIn();
    const toastError = vi.spyOn(toast, 'error');
    const api = fakeApi({ 'POST /api/admin/auth/refresh': () => fail(401, 'Unauthenticated') });
    const { router } = renderConsole(adminPaths.refunds, {});

    expect(await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(adminPaths.login);
    expect(router.state.location.state).toEqual({ from: adminPaths.refunds });
    expect(toastError).not.toHaveBeenCalled();
    expect(api.calls('POST /api/admin/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem(HINT)).toBeNull();
  });

  it('asks no cookie in a browser where no operator ever signed in', async () => {
    const api = fakeApi({});
    renderConsole(adminPaths.agencies, {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeInTheDocument();
    expect(api.sent).toHaveLength(0);
  });

  it('sends the operator’s token to the back office only, while an agency user is signed in too', async () => {
    const api = fakeApi({ [QUEUE]: () => ok(agencyList([])) });
    const state = bothSignedInState();
    renderConsole(adminPaths.agencies, state);
    expect(await screen.findByRole('heading', { name: 'No agencies here' })).toBeInTheDocument();
    const sent = api.calls(QUEUE)[0]?.headers.get('Authorization');
    expect(sent).toBe(`Bearer ${state.operatorSession?.token}`);
    expect(sent).not.toContain(state.session?.token ?? 'none');
  });

  it('ends the operator’s session on a 401 ("Session Expired"), leaving the agency’s', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const api = fakeApi({
      [QUEUE]: () => fail(401, 'Unauthenticated'),
      'POST /api/admin/auth/logout': () => ok({}),
    });
    const { router, store } = renderConsole(adminPaths.agencies, bothSignedInState());

    expect(await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(adminPaths.login);
    expect(toastError).toHaveBeenCalledWith(SESSION.unauthorized, expect.anything());
    expect(store.getState().operatorSession?.token).toBeNull();
    expect(store.getState().session.user).toEqual(sampleUser);
    expect(api.calls('POST /api/auth/logout')).toHaveLength(0);
  });

  it('signs out: the server session ends, the agency’s stays', async () => {
    const state = bothSignedInState();
    hadSignedIn();
    const api = fakeApi({ [QUEUE]: () => ok(agencyList([])), 'POST /api/admin/auth/logout': () => ok({}) });
    const { user, router, store } = renderConsole(adminPaths.agencies, state);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(adminPaths.login);
    // Through the operator's refresh cookie, which works even after the token expired.
    await waitFor(() => expect(api.calls('POST /api/admin/auth/logout')).toHaveLength(1));
    expect(api.calls('POST /api/auth/logout')).toHaveLength(0);
    expect(store.getState().session.token).toBe(state.session?.token);
    expect(localStorage.getItem(HINT)).toBeNull();
  });

  it('keeps the operator signed in when the agency user logs out', () => {
    const store = makeStore(bothSignedInState());
    store.dispatch(loggedOut());
    expect(store.getState().session.user).toBeNull();
    expect(store.getState().operatorSession?.operator).toEqual(sampleOperator);
  });
});

describe('operator sign-in', { timeout: 20_000 }, () => {
  it('password, then the authenticator code, then where the operator was going', async () => {
    const token = liveOperatorToken();
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      'POST /api/admin/login': () =>
        ok({ next: 'verify_2fa', challenge_token: CHALLENGE, email: sampleOperator.email }),
      'POST /api/admin/verify-google-authenticator': () => ok({ token, operator: sampleOperator }),
      'GET /api/admin/refunds': () => ok({ refunds: [], total: 0, totalPages: 0 }),
    });
    const { user, router, store } = renderConsole(adminPaths.login, operatorSignedOutState());
    router.navigate(adminPaths.login, { state: { from: adminPaths.refunds } });

    await user.type(await screen.findByLabelText('E-mail'), sampleOperator.email);
    await user.type(screen.getByLabelText('Password', { exact: true }), 'SkyDesk-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-step verification' }),
    ).toBeInTheDocument();
    // The reminder is the step's guidance, not a success toast that would outlive it.
    expect(success).not.toHaveBeenCalledWith(SUCCESS.checkAuthenticator);
    expect(screen.getByRole('status')).toHaveTextContent(`${SUCCESS.checkAuthenticator}.`);
    expect(api.calls('POST /api/admin/login')[0]?.body).toEqual({
      email: sampleOperator.email,
      password: 'SkyDesk-demo-2026',
    });
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Refunds' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(adminPaths.refunds);
    const verify = api.calls('POST /api/admin/verify-google-authenticator')[0];
    expect(verify?.headers.get('Authorization')).toBe(`Bearer ${CHALLENGE}`);
    expect(verify?.body).toEqual({ code: '123456' });
    expect(store.getState().operatorSession).toMatchObject({
      token,
      operator: sampleOperator,
      challenge: null,
    });
  });

  it('shows the QR code to set up the app on a first sign-in', async () => {
    fakeApi({
      'POST /api/admin/login': () =>
        ok({ next: 'setup_2fa', challenge_token: CHALLENGE, email: sampleOperator.email }),
      'POST /api/admin/generate-qrcode': () =>
        ok({
          qr_code: 'data:image/png;base64,iVBORw0KGgo=',
          otpauth_url: 'otpauth://totp/SkyDesk%20ops:ops?secret=JBSWY3DPEHPK3PXP&issuer=SkyDesk',
        }),
    });
    const { user } = renderConsole(adminPaths.login, operatorSignedOutState());
    await user.type(await screen.findByLabelText('E-mail'), sampleOperator.email);
    await user.type(screen.getByLabelText('Password', { exact: true }), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your authenticator app' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('setup-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
  });

  it('puts the 422 field errors on the fields', async () => {
    fakeApi({ 'POST /api/admin/login': () => invalid({ email: ['No operator has this e-mail'] }) });
    const { user } = renderConsole(adminPaths.login, operatorSignedOutState());
    await user.type(await screen.findByLabelText('E-mail'), 'nobody@skydesk.local');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('No operator has this e-mail'),
    );
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('starts over at the sign-in when the challenge died (401)', async () => {
    fakeApi({
      'POST /api/admin/login': () =>
        ok({ next: 'verify_2fa', challenge_token: CHALLENGE, email: sampleOperator.email }),
      'POST /api/admin/verify-google-authenticator': () => fail(401, 'The sign-in expired. Start again.'),
    });
    const { user, router } = renderConsole(adminPaths.login, operatorSignedOutState());
    await user.type(await screen.findByLabelText('E-mail'), sampleOperator.email);
    await user.type(screen.getByLabelText('Password', { exact: true }), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(adminPaths.login));
  });
});

describe('operator set-up link', { timeout: 20_000 }, () => {
  it('asks for the link when the page has no token', async () => {
    renderConsole(adminPaths.setup, operatorSignedOutState());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page needs your set-up link' }),
    ).toBeInTheDocument();
  });

  it('sets the password with the token, then opens the sign-in', async () => {
    const api = fakeApi({ 'POST /api/admin/setup-password': () => ok({}) });
    const { user, router } = renderConsole(
      `${adminPaths.setup}?token=${'t'.repeat(40)}`,
      operatorSignedOutState(),
    );
    await user.type(await screen.findByLabelText('Password', { exact: true }), 'Operator-Pass-2026!');
    await user.type(screen.getByLabelText('Confirm password'), 'Operator-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(adminPaths.login));
    expect(api.calls('POST /api/admin/setup-password')[0]?.body).toEqual({
      token: 't'.repeat(40),
      password: 'Operator-Pass-2026!',
      password_confirmation: 'Operator-Pass-2026!',
    });
  });

  it('says the link no longer works when the server refuses its token', async () => {
    fakeApi({ 'POST /api/admin/setup-password': () => invalid({ token: ['This link has expired'] }) });
    const { user } = renderConsole(`${adminPaths.setup}?token=${'t'.repeat(40)}`, operatorSignedOutState());
    await user.type(await screen.findByLabelText('Password', { exact: true }), 'Operator-Pass-2026!');
    await user.type(screen.getByLabelText('Confirm password'), 'Operator-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This set-up link no longer works' }),
    ).toBeInTheDocument();
  });
});

describe('the agency’s start-up', () => {
  it('an agency user signed in never sees the console without signing in to it', async () => {
    fakeApi({ 'POST /api/admin/auth/refresh': () => fail(401, 'Unauthenticated') });
    renderConsole(adminPaths.agencies, signedInState());
    expect(await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeInTheDocument();
  });
});
