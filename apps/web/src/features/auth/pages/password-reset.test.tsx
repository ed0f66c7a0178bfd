import { SUCCESS } from '@skydesk/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, invalid, ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-with-providers';

const TOKEN = 'k3Jd9sQmW2xYz8pLr4Tn6vBc1HgFa0Ee5uIoPjKl7Ms';
const NEW_PASSWORD = 'Fresh-Skies-Over-Dubai-7';

describe('/forget-password', () => {
  it('asks for a link, says it was sent, and shows where to look', async () => {
    const api = fakeApi({ 'POST /api/forgot-password': () => ok({}, { message: SUCCESS.resetLinkSent }) });
    const { user } = renderApp(paths.forgetPassword);
    await user.type(await screen.findByLabelText('E-mail'), 'Leila@Horizon.example');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(SUCCESS.resetLinkSent)).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('leila@horizon.example')).toBeInTheDocument();
    expect(api.calls('POST /api/forgot-password')[0]?.body).toEqual({ email: 'leila@horizon.example' });

    await user.click(screen.getByRole('button', { name: 'Use another e-mail' }));
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  it('explains a missing token and links to a new request', async () => {
    fakeApi({});
    renderApp(paths.resetPassword);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page needs your reset link' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      paths.forgetPassword,
    );
  });

  it('sets the new password with the link’s token, says so, and goes to sign in', async () => {
    const api = fakeApi({ 'POST /api/reset-password': () => ok({}, { message: SUCCESS.passwordReset }) });
    const { user, router } = renderApp(`${paths.resetPassword}?token=${TOKEN}`);
    const password = await screen.findByLabelText('New password', { selector: 'input' });
    await user.type(password, NEW_PASSWORD);
    expect(password).toHaveAccessibleDescription(/Password strength: Strong/);
    await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText(SUCCESS.passwordReset)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(api.calls('POST /api/reset-password')[0]?.body).toEqual({
      token: TOKEN,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
  });

  it('refuses a confirmation that differs, before sending', async () => {
    const api = fakeApi({});
    const { user } = renderApp(`${paths.resetPassword}?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password', { selector: 'input' }), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), 'something else entirely');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('offers a new link when the server says this one is used or expired', async () => {
    const dead = 'This reset link is invalid or has expired. Request a new one.';
    fakeApi({ 'POST /api/reset-password': () => invalid({ token: [dead] }) });
    const { user } = renderApp(`${paths.resetPassword}?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password', { selector: 'input' }), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText(dead)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This reset link no longer works' }),
    ).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });
});
