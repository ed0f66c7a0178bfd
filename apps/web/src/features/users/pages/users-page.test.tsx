import { INVITATION, SUCCESS, USER_RULES, type User } from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { sampleUser } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';
import { accountantRole, roleOptions, sampleStaff, staffUser, usersState } from '../testing/users';

const USERS = 'GET /api/user/company-user';

function listApi(users: User[] = sampleStaff(), routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [USERS]: () => ok([users, { total: users.length }]),
    'GET /api/user/role-options': () => ok(roleOptions()),
    ...routes,
  });
}

/** The first screen of a file loads its code on demand, on two shared cores. */
const row = (name: string) => screen.findByRole('listitem', { name }, { timeout: 15_000 });
/** The names of the users listed, in order (the sidebar's items are list items too). */
const listed = () =>
  within(screen.getByRole('region', { name: 'Users' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
const buttonsOf = (item: HTMLElement) =>
  within(item)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

describe('the users screen', () => {
  it('lists each user: name, e-mail, phone, role, status and last sign-in', async () => {
    const api = listApi();
    renderApp(paths.dashboard.users, { preloadedState: usersState() });

    const samir = await row('Samir Khan');
    expect(samir).toHaveTextContent('samir@demo-travels.example');
    expect(samir).toHaveTextContent('+971 50 555 0000');
    expect(samir).toHaveTextContent('Agent');
    expect(within(samir).getByText('Active')).toBeInTheDocument();
    expect(samir).toHaveTextContent('Last signed in Tue 17 Nov 2026');

    const leila = await row('Leila Haddad');
    expect(within(leila).getByText('Invited')).toBeInTheDocument();
    expect(leila).toHaveTextContent(/Link works until/);
    expect(leila).toHaveTextContent('Never signed in');
    expect(leila).toHaveTextContent('Accountant');
    expect(within(await row('Omar Farouk')).getByText('Deactivated')).toBeInTheDocument();

    const owner = await row(sampleUser.name);
    expect(owner).toHaveTextContent(/Owner/);
    expect(within(owner).getByText('You')).toBeInTheDocument();
    expect(screen.getByText('4 users · 2 active · 1 invited · 1 deactivated')).toBeInTheDocument();
    expect(api.calls(USERS)).toHaveLength(1);
  });

  it('says when an invitation has expired', async () => {
    listApi([
      staffUser({
        name: 'Late Comer',
        status: 'invited',
        invitation_expires_at: '2020-01-01T00:00:00.000Z',
        last_sign_in_at: null,
      }),
    ]);
    renderApp(paths.dashboard.users, { preloadedState: usersState() });
    const late = await row('Late Comer');
    // No count of nobody.
    expect(screen.getByText('1 user · 1 invited')).toBeInTheDocument();
    expect(within(late).getByText('Invitation expired')).toBeInTheDocument();
    expect(within(late).getByRole('button', { name: 'Resend invitation Late Comer' })).toBeInTheDocument();
  });

  it('offers no deactivation or deletion for the owner nor for yourself', async () => {
    // Signed in as a manager who is not the owner: Samir.
    const staff = sampleStaff();
    const samir = staff[1]!;
    listApi(staff);
    renderApp(paths.dashboard.users, {
      preloadedState: usersState(['users.manage'], {
        user: { ...sampleUser, id: samir.id, name: samir.name, is_owner: false },
      }),
    });

    expect(buttonsOf(await row('Samir Khan'))).toEqual(['Edit Samir Khan']);
    expect(buttonsOf(await row(sampleUser.name))).toEqual([`Edit ${sampleUser.name}`]);
    expect(buttonsOf(await row('Leila Haddad'))).toEqual([
      'Resend invitation Leila Haddad',
      'Edit Leila Haddad',
      'Deactivate Leila Haddad',
      'Delete Leila Haddad',
    ]);
    expect(buttonsOf(await row('Omar Farouk'))).toEqual([
      'Edit Omar Farouk',
      'Reactivate Omar Farouk',
      'Delete Omar Farouk',
    ]);
  });

  it('deactivates a user after saying they are signed out at once', async () => {
    const staff = sampleStaff();
    const samir = staff[1]!;
    const api = listApi(staff, {
      [`PUT /api/user/${samir.id}`]: () =>
        ok({ ...samir, is_active: false, status: 'deactivated' }, { message: SUCCESS.userUpdated }),
    });
    const { user } = renderApp(paths.dashboard.users, { preloadedState: usersState() });

    await user.click(within(await row('Samir Khan')).getByRole('button', { name: 'Deactivate Samir Khan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Samir Khan?' });
    expect(dialog).toHaveTextContent(/signed out at once on every device/);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText(SUCCESS.userUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const after = await row('Samir Khan');
    expect(within(after).getByText('Deactivated')).toBeInTheDocument();
    expect(within(after).getByRole('button', { name: 'Reactivate Samir Khan' })).toBeInTheDocument();
    expect(api.calls(`PUT /api/user/${samir.id}`)[0]?.body).toEqual({ is_active: false });
    // The list took the answer: it was not asked for again.
    expect(api.calls(USERS)).toHaveLength(1);
  });

  it("says the server's refusal and leaves the user as they were", async () => {
    const staff = sampleStaff();
    const samir = staff[1]!;
    listApi(staff, { [`PUT /api/user/${samir.id}`]: () => fail(409, USER_RULES.notSelf) });
    const { user } = renderApp(paths.dashboard.users, { preloadedState: usersState() });

    await user.click(within(await row('Samir Khan')).getByRole('button', { name: 'Deactivate Samir Khan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Samir Khan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(USER_RULES.notSelf)).toBeInTheDocument();
    expect(within(await row('Samir Khan')).getByText('Active')).toBeInTheDocument();
  });

  it('deletes a user after confirmation and takes them off the list', async () => {
    const staff = sampleStaff();
    const omar = staff[3]!;
    const api = listApi(staff, {
      [`DELETE /api/user/${omar.id}`]: () => ok({ id: omar.id }, { message: SUCCESS.userDeleted }),
    });
    const { user } = renderApp(paths.dashboard.users, { preloadedState: usersState() });

    await user.click(within(await row('Omar Farouk')).getByRole('button', { name: 'Delete Omar Farouk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Omar Farouk?' });
    expect(dialog).toHaveTextContent(/signed out at once/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));

    expect(await screen.findByText(SUCCESS.userDeleted)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Omar Farouk' })).not.toBeInTheDocument(),
    );
    expect(api.calls(`DELETE /api/user/${omar.id}`)).toHaveLength(1);
  });

  it('sends an invitation again and shows its new expiry', async () => {
    const staff = sampleStaff();
    const leila = staff[2]!;
    const renewed = { ...leila, invitation_expires_at: '2099-12-31T10:00:00.000Z' };
    const api = listApi(staff, { [`POST /api/user/${leila.id}/invitation`]: () => ok(renewed) });
    const { user } = renderApp(paths.dashboard.users, { preloadedState: usersState() });

    await user.click(
      within(await row('Leila Haddad')).getByRole('button', { name: 'Resend invitation Leila Haddad' }),
    );
    expect(await screen.findByText(INVITATION.resent)).toBeInTheDocument();
    await waitFor(async () => expect(await row('Leila Haddad')).toHaveTextContent('31 Dec 2099'));
    expect(api.calls(`POST /api/user/${leila.id}/invitation`)).toHaveLength(1);
  });

  it('edits name, phone and role, sending only what changed', async () => {
    const staff = sampleStaff();
    const samir = staff[1]!;
    const api = listApi(staff, {
      [`PUT /api/user/${samir.id}`]: () =>
        ok({ ...samir, role: { id: accountantRole.id, name: accountantRole.name } }),
    });
    const { user } = renderApp(paths.dashboard.users, { preloadedState: usersState() });

    await user.click(within(await row('Samir Khan')).getByRole('button', { name: 'Edit Samir Khan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Samir Khan' });
    const role = within(dialog).getByLabelText('Role');
    // The fixed Owner role is not on offer.
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Agent', 'Accountant']);
    await user.selectOptions(role, 'Accountant');
    expect(role).toHaveAccessibleDescription(/Deposits and the statement; no bookings\. A new role applies/);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(SUCCESS.userUpdated)).toBeInTheDocument();
    expect(api.calls(`PUT /api/user/${samir.id}`)[0]?.body).toEqual({ role_id: accountantRole.id });
    expect(await row('Samir Khan')).toHaveTextContent('Accountant');
  });

  it('shows field errors from the server in the edit dialog', async () => {
    const staff = sampleStaff();
    const samir = staff[1]!;
    listApi(staff, {
      [`PUT /api/user/${samir.id}`]: () =>
        fail(422, 'The given data was invalid.', { data: { errors: { phone: ['Phone is not reachable'] } } }),
    });
    const { user } = renderApp(paths.dashboard.users, { preloadedState: usersState() });
    await user.click(within(await row('Samir Khan')).getByRole('button', { name: 'Edit Samir Khan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Samir Khan' });
    const phone = within(dialog).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+971 50 999 1234');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Phone is not reachable'));
  });

  it("keeps the owner's role fixed in the edit dialog", async () => {
    listApi();
    const { user } = renderApp(paths.dashboard.users, { preloadedState: usersState() });
    await user.click(
      within(await row(sampleUser.name)).getByRole('button', { name: `Edit ${sampleUser.name}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Edit ${sampleUser.name}` });
    expect(within(dialog).getByLabelText('Role')).toBeDisabled();
    expect(within(dialog).getByLabelText('Role')).toHaveDisplayValue('Owner');
  });

  it('filters by name or e-mail and by status, in the address', async () => {
    listApi();
    const { user, router } = renderApp(paths.dashboard.users, { preloadedState: usersState() });
    await row('Samir Khan');

    await user.type(screen.getByLabelText('Search'), 'LEILA@');
    expect(listed()).toEqual(['Leila Haddad']);
    expect(screen.getByText('Showing 1 of 4 users')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search'));
    await user.selectOptions(screen.getByLabelText('Status'), 'Deactivated');
    expect(listed()).toEqual(['Omar Farouk']);
    expect(router.state.location.search).toBe('?status=deactivated');

    await user.type(screen.getByLabelText('Search'), 'nobody');
    expect(screen.getByRole('heading', { name: 'No user matches' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(listed()).toHaveLength(4);
  });

  it('links to adding a user', async () => {
    listApi();
    const { user, router } = renderApp(paths.dashboard.users, { preloadedState: usersState() });
    await row('Samir Khan');
    await user.click(screen.getByRole('link', { name: 'Add user' }));
    expect(router.state.location.pathname).toBe(paths.dashboard.createUser);
  });

  it('says so when the list cannot be had, and asks again', async () => {
    let answer = () => fail(500, 'Failed to fetch users');
    const api = fakeApi({
      [USERS]: () => answer(),
      'GET /api/user/role-options': () => ok(roleOptions()),
    });
    const { user } = renderApp(paths.dashboard.users, { preloadedState: usersState() });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 15_000 });
    answer = () => ok([sampleStaff(), { total: 4 }]);
    await user.click(retry);
    await row('Samir Khan');
    expect(api.calls(USERS)).toHaveLength(2);
  });

  it('shows no list when the server refuses the role (403)', async () => {
    listApi(sampleStaff(), { [USERS]: () => fail(403, 'Forbidden') });
    renderApp(paths.dashboard.users, { preloadedState: usersState() });
    expect(
      await screen.findByRole(
        'heading',
        { name: /cannot manage users|don't have access/ },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('asks nothing of the server for a role without users.manage', async () => {
    const api = listApi();
    renderApp(paths.dashboard.users, { preloadedState: usersState(['bookings.view']) });
    expect(
      await screen.findByRole(
        'heading',
        { name: /cannot manage users|don't have access/ },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(api.calls(USERS)).toHaveLength(0);
  });
});
