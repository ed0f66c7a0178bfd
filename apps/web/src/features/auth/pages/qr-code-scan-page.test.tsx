import { SESSION } from '@skydesk/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { groupInFours, otpauthSecret } from '../../../shared/format/otpauth-secret';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import {
  CHALLENGE_TOKEN,
  fakeJwt,
  sampleMe,
  sampleUser,
  signingInState,
} from '../../../testing/fake-session';
import { renderApp, startOver } from '../../../testing/render-with-providers';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR_PNG = 'data:image/png;base64,iVBORw0KGgo=';
const OTPAUTH = `otpauth://totp/SkyDesk:amina%40demo-travels.example?secret=${SECRET}&issuer=SkyDesk&algorithm=SHA1&digits=6&period=30`;
const ACCESS_TOKEN = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 1800, sub: sampleUser.id });

const answers = {
  'POST /api/user/generate-qrcode': () => ok({ qr_code: QR_PNG, otpauth_url: OTPAUTH }),
  'POST /api/user/verify-google-authenticator': () => ok({ token: ACCESS_TOKEN, user: sampleUser }),
  'GET /api/me': () => ok(sampleMe()),
};

describe('the manual key', () => {
  it('is read from the otpauth URL and grouped in fours', () => {
    expect(otpauthSecret(OTPAUTH)).toBe(SECRET);
    expect(otpauthSecret('otpauth://totp/x')).toBeNull();
    expect(groupInFours(SECRET)).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
  });
});

describe('/qr-code-scan', () => {
  it('shows the QR code, the key in groups of four with a copy button, and the code field', async () => {
    fakeApi(answers);
    const { user } = renderApp(paths.qrCodeScan, { preloadedState: signingInState('setup_2fa') });

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      QR_PNG,
    );
    expect(screen.getByTestId('setup-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getAllByText(/Check your authenticator app for the code/)[0]).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('asks for the QR code once per challenge, however often the screen mounts meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({
      'POST /api/user/generate-qrcode': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const first = renderApp(paths.qrCodeScan, { preloadedState: signingInState('setup_2fa') });
    await waitFor(() => expect(api.calls('POST /api/user/generate-qrcode')).toHaveLength(1));
    await startOver(first);
    renderApp(paths.qrCodeScan, { preloadedState: signingInState('setup_2fa') });
    expect(await screen.findByText('Loading the QR code')).toBeInTheDocument();
    answer(ok({ qr_code: QR_PNG, otpauth_url: OTPAUTH }));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/user/generate-qrcode')).toHaveLength(1);
  });

  it('signs in with the code: session, profile, then where the user was going', async () => {
    const api = fakeApi(answers);
    const { user, store, router } = renderApp(paths.qrCodeScan, {
      preloadedState: signingInState('setup_2fa', paths.dashboard.users),
    });
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    await user.type(screen.getByLabelText('Authenticator code'), '123 456');
    expect(screen.getByLabelText('Authenticator code')).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.users));
    const [verify] = api.calls('POST /api/user/verify-google-authenticator');
    expect(verify?.body).toEqual({ code: '123456' });
    expect(verify?.headers.get('Authorization')).toBe(`Bearer ${CHALLENGE_TOKEN}`);
    expect(api.calls('GET /api/me')[0]?.headers.get('Authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(store.getState().session).toMatchObject({
      token: ACCESS_TOKEN,
      user: sampleUser,
      company: sampleMe().company,
    });
    expect(store.getState().signIn.challenge).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  });

  it('goes to the dashboard home when the user was not going anywhere', async () => {
    fakeApi(answers);
    const { user, router } = renderApp(paths.qrCodeScan, { preloadedState: signingInState('verify_2fa') });
    await user.type(await screen.findByLabelText('Authenticator code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.home));
    // The reminder belonged to the code step: nothing of it follows the user into the dashboard.
    expect(screen.queryByText(/Check your authenticator app for the code/)).toBeNull();
  });

  it('shows a wrong code on the field and stays', async () => {
    const wrong = 'The authenticator code is not correct';
    fakeApi({ ...answers, 'POST /api/user/verify-google-authenticator': () => invalid({ code: [wrong] }) });
    const { user, router } = renderApp(paths.qrCodeScan, { preloadedState: signingInState('verify_2fa') });
    await user.type(await screen.findByLabelText('Authenticator code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Authenticator code')).toHaveAccessibleDescription(/not correct/),
    );
    expect(router.state.location.pathname).toBe(paths.qrCodeScan);
  });

  it('starts over at "/" with the server’s message when the challenge is dead (401)', async () => {
    const dead = 'Your sign-in has expired. Please sign in again.';
    fakeApi({ ...answers, 'POST /api/user/verify-google-authenticator': () => fail(401, dead) });
    const { user, router, store } = renderApp(paths.qrCodeScan, {
      preloadedState: signingInState('verify_2fa'),
    });
    await user.type(await screen.findByLabelText('Authenticator code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(await screen.findByText(dead)).toBeInTheDocument();
    expect(screen.queryByText(SESSION.unauthorized)).not.toBeInTheDocument();
    expect(store.getState().signIn.challenge).toBeNull();
  });

  it('starts over when the QR code cannot be had because the challenge died', async () => {
    fakeApi({
      'POST /api/user/generate-qrcode': () => fail(401, 'Your sign-in has expired. Please sign in again.'),
    });
    const { router } = renderApp(paths.qrCodeScan, { preloadedState: signingInState('setup_2fa') });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
  });
});
