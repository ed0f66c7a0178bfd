import { type LoginNext, SUCCESS } from '@skydesk/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { CHALLENGE_TOKEN, sampleUser, signedInState } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';

const PASSWORD = 'Horizon-Voyages-2026!';
const QR_PNG = 'data:image/png;base64,iVBORw0KGgo=';
const OTPAUTH = `otpauth://totp/SkyDesk:${encodeURIComponent(sampleUser.email)}?issuer=SkyDesk&secret=JBSWY3DPEHPK3PXPJBSWY3DP&algorithm=SHA1&digits=6&period=30`;

const loginAnswers = (next: LoginNext) => ({
  'POST /api/login': () => ok({ next, challenge_token: CHALLENGE_TOKEN, email: sampleUser.email }),
  'POST /api/user/generate-qrcode': () => ok({ qr_code: QR_PNG, otpauth_url: OTPAUTH }),
});

async function signIn(route: string = paths.login, state?: { from: string }) {
  const view = renderApp(route, {});
  if (state) await view.router.navigate(paths.login, { state });
  const { user } = view;
  await user.type(await screen.findByLabelText('E-mail'), ` ${sampleUser.email.toUpperCase()} `);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return view;
}

describe('sign in at "/"', () => {
  it('offers the way to a new account and to a forgotten password', async () => {
    fakeApi({});
    renderApp(paths.login);
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      paths.forgetPassword,
    );
    expect(screen.getByRole('link', { name: 'Create an agency account' })).toHaveAttribute(
      'href',
      paths.registration,
    );
  });

  it('sends the e-mail (trimmed, lower-cased by the contract) and password', async () => {
    const api = fakeApi(loginAnswers('setup_2fa'));
    await signIn();
    await waitFor(() => expect(api.calls('POST /api/login')).toHaveLength(1));
    expect(api.calls('POST /api/login')[0]?.body).toEqual({ email: sampleUser.email, password: PASSWORD });
  });

  it('goes to /verification-login when the e-mail is not verified yet (verify_email)', async () => {
    fakeApi(loginAnswers('verify_email'));
    const { router } = await signIn();
    expect(await screen.findByRole('heading', { level: 1, name: "Confirm it's you" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.verificationLogin);
    expect(screen.getByText(sampleUser.email)).toBeInTheDocument();
    // The code was e-mailed just now: 'Resend code' waits.
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
  });

  it('goes to /qr-code-scan with the QR code when no authenticator is set up yet (setup_2fa)', async () => {
    const api = fakeApi(loginAnswers('setup_2fa'));
    const { router } = await signIn();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your authenticator app' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.qrCodeScan);
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      QR_PNG,
    );
    // Bearer = the challenge token (docs/api.md).
    expect(api.calls('POST /api/user/generate-qrcode')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${CHALLENGE_TOKEN}`,
    );
  });

  it('goes to /qr-code-scan for the code only, the reminder said by the screen, when it is set up (verify_2fa)', async () => {
    const api = fakeApi(loginAnswers('verify_2fa'));
    const { router } = await signIn();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-step verification' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.qrCodeScan);
    // docs/product-spec.md §8's words, as the step's own guidance (announced), not a success toast.
    expect(screen.getByRole('status')).toHaveTextContent(`${SUCCESS.checkAuthenticator}.`);
    expect(screen.queryByText(SUCCESS.checkAuthenticator)).toBeNull();
    expect(screen.getByLabelText('Authenticator code')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(api.calls('POST /api/user/generate-qrcode')).toHaveLength(0);
  });

  it('keeps the challenge in memory only, never in storage', async () => {
    fakeApi(loginAnswers('verify_2fa'));
    const { store, persistor } = await signIn();
    await screen.findByRole('heading', { level: 1, name: 'Two-step verification' });
    await persistor.flush();
    expect(store.getState().signIn.challenge?.token).toBe(CHALLENGE_TOKEN);
    const everything = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(everything).not.toContain(CHALLENGE_TOKEN);
    expect(everything).not.toContain('signIn');
  });

  it('shows the server’s message for wrong credentials and stays, without ending any session', async () => {
    fakeApi({ 'POST /api/login': () => fail(401, 'Invalid email or password') });
    const { router, store } = await signIn();
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(store.getState().signIn.challenge).toBeNull();
  });

  it('puts the server’s field errors on the fields', async () => {
    fakeApi({ 'POST /api/login': () => invalid({ email: ['Enter a valid e-mail address'] }) });
    await signIn();
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Enter a valid e-mail address'),
    );
  });

  it('checks the fields before sending', async () => {
    const api = fakeApi({});
    const { user } = renderApp(paths.login);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('sends a signed-in user on to the dashboard', async () => {
    fakeApi({});
    const { router } = renderApp(paths.login, { preloadedState: signedInState() });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.home));
  });

  it('starts over at "/" when a step’s screen is opened without a sign-in under way', async () => {
    fakeApi({});
    for (const path of [paths.verificationLogin, paths.qrCodeScan]) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      unmount();
    }
  });
});
