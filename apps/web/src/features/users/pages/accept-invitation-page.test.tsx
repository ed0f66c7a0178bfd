import { INVITATION, type Invitation } from '@skydesk/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-with-providers';

const TOKEN = 'inv_4f2a9c1e7b3d5a8f6c0e2b4d';
const SHOW = 'GET /api/invitation';
const ACCEPT = 'POST /api/accept-invitation';
const PASSWORD = 'Tr4vel-Desk-2026!';

const invitation: Invitation = {
  email: 'nadia@demo-travels.example',
  name: 'Nadia Aziz',
  company_name: 'Demo Travels',
  expires_at: '2099-11-20T10:30:00.000Z',
};

const open = (route = `${paths.acceptInvitation}?token=${TOKEN}`) => renderApp(route);
/** The first screen of a file loads its code on demand, on two shared cores. */
const heading = (name: string | RegExp) => screen.findByRole('heading', { name }, { timeout: 15_000 });

describe('accepting an invitation', () => {
  it('names the agency and the e-mail, sets the password and leads to sign in with the e-mail filled in', async () => {
    const api = fakeApi({ [SHOW]: () => ok(invitation), [ACCEPT]: () => ok({}) });
    const { user, router } = open();

    expect(await heading('Join Demo Travels on SkyDesk')).toBeInTheDocument();
    expect(screen.getByText(invitation.email, { selector: 'dd' })).toBeInTheDocument();
    expect(api.calls(SHOW)[0]?.query.get('token')).toBe(TOKEN);

    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.type(screen.getByLabelText('Confirm password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password and join' }));

    expect(await heading("You're on the team")).toBeInTheDocument();
    expect(screen.getByText(INVITATION.accepted)).toBeInTheDocument();
    expect(api.calls(ACCEPT)[0]?.body).toEqual({
      token: TOKEN,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(await screen.findByLabelText(/E-mail/)).toHaveValue(invitation.email);
  });

  it('checks the password before sending: its rules, and that both match', async () => {
    const api = fakeApi({ [SHOW]: () => ok(invitation) });
    const { user } = open();
    await heading('Join Demo Travels on SkyDesk');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Set password and join' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Use at least 10 characters/),
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'The passwords do not match',
    );
    expect(api.calls(ACCEPT)).toHaveLength(0);
  });

  it('says an expired link has expired and what to do, with no form', async () => {
    fakeApi({ [SHOW]: () => fail(410, INVITATION.expired) });
    open();
    expect(await heading('This invitation has expired')).toBeInTheDocument();
    expect(screen.getByText(INVITATION.expired)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('sends a user whose invitation was already accepted to sign in', async () => {
    fakeApi({ [SHOW]: () => fail(410, INVITATION.used) });
    const { user, router } = open();
    expect(await heading('This invitation was already accepted')).toBeInTheDocument();
    expect(screen.getByText(INVITATION.used)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
  });

  it('says an unknown link is not valid', async () => {
    fakeApi({ [SHOW]: () => fail(404, INVITATION.invalid) });
    open();
    expect(await heading("This invitation link doesn't work")).toBeInTheDocument();
    expect(screen.getByText(INVITATION.invalid)).toBeInTheDocument();
  });

  it('says so when the link dies while the page is open', async () => {
    fakeApi({ [SHOW]: () => ok(invitation), [ACCEPT]: () => fail(410, INVITATION.expired) });
    const { user } = open();
    await heading('Join Demo Travels on SkyDesk');
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.type(screen.getByLabelText('Confirm password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password and join' }));
    expect(await heading('This invitation has expired')).toBeInTheDocument();
  });

  it("shows the server's password errors on the field", async () => {
    fakeApi({
      [SHOW]: () => ok(invitation),
      [ACCEPT]: () => invalid({ password: ['This password is too common'] }),
    });
    const { user } = open();
    await heading('Join Demo Travels on SkyDesk');
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.type(screen.getByLabelText('Confirm password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password and join' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/This password is too common/),
    );
  });

  it('explains a page opened without its link, and asks nothing', async () => {
    const api = fakeApi({});
    open(paths.acceptInvitation);
    expect(await heading('This page needs your invitation link')).toBeInTheDocument();
    expect(api.sent).toHaveLength(0);
  });
});
