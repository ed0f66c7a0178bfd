import { SUCCESS, USER_RULES } from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-with-providers';
import { accountantRole, roleOptions, sampleStaff, staffUser, usersState } from '../testing/users';

const CREATE = 'POST /api/user';

async function openForm(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/user/role-options': () => ok(roleOptions()),
    'GET /api/user/company-user': () => ok([sampleStaff(), { total: 4 }]),
    ...routes,
  });
  const view = renderApp(paths.dashboard.createUser, { preloadedState: usersState() });
  // The first screen of a file loads its code on demand, on two shared cores.
  await screen.findByLabelText('Full name', {}, { timeout: 15_000 });
  return { ...view, api };
}

async function fillIn(user: Awaited<ReturnType<typeof openForm>>['user']) {
  await user.type(screen.getByLabelText('Full name'), 'Nadia Aziz');
  await user.type(screen.getByLabelText(/E-mail address/), 'Nadia@Demo-Travels.example');
  await user.type(screen.getByLabelText('Phone'), '+971 50 222 3344');
  await user.click(screen.getByRole('radio', { name: /Accountant/ }));
}

describe('adding a user', () => {
  it("offers each role a manager may give, with what it is for, but not the owner's", async () => {
    await openForm();
    const roles = screen.getByRole('group', { name: 'Role' });
    expect(
      within(roles)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'AgentSearches, holds and tickets bookings.',
      'AccountantDeposits and the statement; no bookings.',
    ]);
  });

  it('checks the fields before sending', async () => {
    const { user, api } = await openForm();
    await user.type(screen.getByLabelText(/E-mail address/), 'not-an-address');
    await user.type(screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Name is too short')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveAccessibleDescription(
      /Enter a valid e-mail address/,
    );
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(/country code/);
    expect(screen.getByText('Choose a role')).toBeInTheDocument();
    expect(api.calls(CREATE)).toHaveLength(0);
  });

  it('invites the user, says so and shows them invited in the list', async () => {
    const invited = staffUser({
      name: 'Nadia Aziz',
      email: 'nadia@demo-travels.example',
      role: { id: accountantRole.id, name: accountantRole.name },
      status: 'invited',
      invitation_expires_at: new Date(Date.now() + 72 * 3600_000).toISOString(),
      last_sign_in_at: null,
    });
    const { user, api, router } = await openForm({
      [CREATE]: () => ok(invited, { status: 201, message: SUCCESS.userCreated }),
      'GET /api/user/company-user': () => ok([[...sampleStaff(), invited], { total: 5 }]),
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText(SUCCESS.userCreated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.users));
    expect(api.calls(CREATE)[0]?.body).toEqual({
      name: 'Nadia Aziz',
      email: 'nadia@demo-travels.example',
      phone: '+971 50 222 3344',
      role_id: accountantRole.id,
    });
    const row = await screen.findByRole('listitem', { name: 'Nadia Aziz' });
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    expect(within(row).getByText('New')).toBeInTheDocument();
  });

  it("shows the server's field errors on their fields and a taken e-mail on the e-mail", async () => {
    let answer = () => invalid({ phone: ['This phone number is not reachable'], name: ['Name is too long'] });
    const { user, api, router } = await openForm({ [CREATE]: () => answer() });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(
        'This phone number is not reachable',
      ),
    );
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Name is too long');
    expect(screen.getByLabelText('Full name')).toHaveFocus();

    answer = () => fail(409, USER_RULES.emailTaken);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/E-mail address/)).toHaveAccessibleDescription(
        new RegExp(USER_RULES.emailTaken),
      ),
    );
    expect(api.calls(CREATE)).toHaveLength(2);
    expect(router.state.location.pathname).toBe(paths.dashboard.createUser);
  });
});
