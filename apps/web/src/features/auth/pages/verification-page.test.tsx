import { SUCCESS } from '@skydesk/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { CHALLENGE_TOKEN, sampleUser, signingInState } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';

const EMAIL = 'leila@horizon.example';
const registrationRoute = `${paths.verification}?email=${encodeURIComponent(EMAIL)}`;

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('the code field', () => {
  it('is one labelled field for a phone’s numeric keyboard and the platform’s one-time code', async () => {
    fakeApi({});
    const { user } = renderApp(registrationRoute);
    const code = await screen.findByLabelText('Verification code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(code, '12a3-45 678');
    expect(code).toHaveValue('123456');
    await user.clear(code);
    await user.click(code);
    await user.paste('987 654');
    expect(code).toHaveValue('987654');
  });

  it('asks for six digits before sending', async () => {
    const api = fakeApi({});
    const { user } = renderApp(registrationRoute);
    await user.type(await screen.findByLabelText('Verification code'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveFocus();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});

describe('/verification (after registering)', () => {
  it('verifies the e-mail of the URL, then goes to sign in with it filled in', async () => {
    const api = fakeApi({ 'POST /api/verify-verification-code': () => ok({ verified: true }) });
    const { user, router } = renderApp(registrationRoute);
    expect(await screen.findByText(EMAIL)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify e-mail' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(api.calls('POST /api/verify-verification-code')[0]?.body).toEqual({
      email: EMAIL,
      code: '246810',
    });
    expect(await screen.findByText(/Your e-mail is verified/)).toBeInTheDocument();
    expect(await screen.findByLabelText('E-mail')).toHaveValue(EMAIL);
  });

  it('shows a wrong code on the field', async () => {
    fakeApi({ 'POST /api/verify-verification-code': () => invalid({ code: ['The code is not correct'] }) });
    const { user } = renderApp(registrationRoute);
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription(
        'The code is not correct',
      ),
    );
  });

  it('explains what is missing when there is no e-mail in the URL', async () => {
    fakeApi({});
    renderApp(paths.verification);
    expect(await screen.findByText(/needs the e-mail address/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register your agency' })).toHaveAttribute(
      'href',
      paths.registration,
    );
  });

  it('resends the code, then counts down 60 seconds before offering it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ 'POST /api/resend-verification-code': () => ok({}) });
    const { user } = renderApp(registrationRoute);
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    // Opened directly (not from the registration): nothing to wait for.
    expect(resend).toBeEnabled();

    await user.click(resend);
    expect(await screen.findByText(SUCCESS.codeResent)).toBeInTheDocument();
    expect(api.calls('POST /api/resend-verification-code')[0]?.body).toEqual({ email: EMAIL });
    expect(resend).toBeDisabled();
    expect(screen.getByText('1:00')).toBeInTheDocument();

    await advance(18_000);
    expect(screen.getByText('0:42')).toBeInTheDocument();
    expect(resend).toBeDisabled();
    await advance(42_000);
    expect(resend).toBeEnabled();
    expect(screen.queryByText(/ask for a new one in/)).not.toBeInTheDocument();
  });

  it('waits as long as the server’s 429 says', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({
      'POST /api/resend-verification-code': () =>
        fail(429, 'Please wait 25 seconds before asking for a new code.', {
          data: { retry_after: 25 },
          headers: { 'Retry-After': '25' },
        }),
    });
    const { user } = renderApp(registrationRoute);
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    await user.click(resend);
    expect(
      await screen.findByText('Please wait 25 seconds before asking for a new code.'),
    ).toBeInTheDocument();
    expect(screen.getByText('0:25')).toBeInTheDocument();
    expect(resend).toBeDisabled();
    await advance(25_000);
    expect(resend).toBeEnabled();
  });

  it('starts the cool-down from when the registration sent the code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({});
    const { router } = renderApp(paths.login);
    await act(() => router.navigate(registrationRoute, { state: { codeSentAt: Date.now() - 45_000 } }));
    expect(await screen.findByRole('button', { name: 'Resend code' })).toBeDisabled();
    expect(screen.getByText('0:15')).toBeInTheDocument();
  });
});

describe('/verification-login (a sign-in step)', () => {
  it('verifies the login code with the challenge and follows the next step', async () => {
    const next = 'challenge-after-email';
    const api = fakeApi({
      'POST /api/verify-verification-code-login': () => ok({ next: 'setup_2fa', challenge_token: next }),
      'POST /api/user/generate-qrcode': () =>
        ok({ qr_code: 'data:image/png;base64,AA==', otpauth_url: 'otpauth://totp/x?secret=AAAA' }),
    });
    const { user, router, store } = renderApp(paths.verificationLogin, {
      preloadedState: signingInState('verify_email'),
    });
    expect(await screen.findByText(sampleUser.email)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '135790');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.qrCodeScan));
    expect(api.calls('POST /api/verify-verification-code-login')[0]?.body).toEqual({
      email: sampleUser.email,
      code: '135790',
      challenge_token: CHALLENGE_TOKEN,
    });
    expect(store.getState().signIn.challenge).toMatchObject({ next: 'setup_2fa', token: next });
    await waitFor(() =>
      expect(api.calls('POST /api/user/generate-qrcode')[0]?.headers.get('Authorization')).toBe(
        `Bearer ${next}`,
      ),
    );
  });

  it('resends the login code with the challenge', async () => {
    const api = fakeApi({ 'POST /api/resend-verification-code-login': () => ok({}) });
    const { user } = renderApp(paths.verificationLogin, { preloadedState: signingInState('verify_email') });
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(SUCCESS.codeResent)).toBeInTheDocument();
    expect(api.calls('POST /api/resend-verification-code-login')[0]?.body).toEqual({
      email: sampleUser.email,
      challenge_token: CHALLENGE_TOKEN,
    });
  });

  it('starts over at "/" with the server’s message when the challenge is dead', async () => {
    const dead = 'Your sign-in has expired. Please sign in again.';
    fakeApi({ 'POST /api/verify-verification-code-login': () => fail(401, dead) });
    const { user, router } = renderApp(paths.verificationLogin, {
      preloadedState: signingInState('verify_email'),
    });
    await user.type(await screen.findByLabelText('Verification code'), '135790');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(await screen.findByText(dead)).toBeInTheDocument();
  });
});
