import { ROLE_RULES, SUCCESS } from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-with-providers';
import { agentRole, ownerRole, rolesState, sampleRoles, viewerRole } from '../testing/roles';

const listAnswer = (roles = sampleRoles()) => ({
  'GET /api/role': () => ok({ roles, totalPages: 1 }),
});

const roleCard = (name: string) => screen.getByRole('listitem', { name });

describe('the roles screen', () => {
  it('lists each role: users, description, permissions by group as agents read them, its bookings scope', async () => {
    fakeApi(listAnswer());
    renderApp(paths.dashboard.roles, { preloadedState: rolesState() });

    const agent = await screen.findByRole('listitem', { name: 'Ticketing agent' });
    expect(agent).toHaveTextContent('3 users');
    expect(agent).toHaveTextContent('Books and tickets for walk-in customers.');
    expect(within(agent).getByText('Own bookings only')).toBeInTheDocument();
    const flights = within(agent).getByRole('list', { name: 'Ticketing agent: Flights and bookings' });
    expect(
      within(flights)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Search flights', 'See bookings', 'Hold bookings', 'Issue tickets']);
    // Groups the role holds nothing of are left out.
    expect(within(agent).queryByText('Money')).not.toBeInTheDocument();

    const viewer = roleCard('Viewer');
    expect(viewer).toHaveTextContent('0 users');
    expect(within(viewer).getByRole('list', { name: 'Viewer: Money' })).toHaveTextContent(
      'See paymentsSee history',
    );
    expect(within(viewer).queryByText('Own bookings only')).not.toBeInTheDocument();
    expect(within(viewer).getByRole('link', { name: 'Edit Viewer' })).toHaveAttribute(
      'href',
      `${paths.dashboard.createRole}?id=${viewerRole.id}`,
    );
  });

  it('marks the Owner role fixed: no edit, no delete', async () => {
    fakeApi(listAnswer());
    renderApp(paths.dashboard.roles, { preloadedState: rolesState() });
    const owner = await screen.findByRole('listitem', { name: 'Owner' });
    expect(within(owner).getByText('Fixed')).toBeInTheDocument();
    expect(owner).toHaveTextContent('cannot be changed or deleted');
    expect(within(owner).queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(owner).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(
      within(roleCard('Ticketing agent')).getByRole('button', { name: 'Delete Ticketing agent' }),
    ).toBeVisible();
  });

  it('shows the server’s 409 for a role users still hold, and deletes one nobody holds', async () => {
    let roles = sampleRoles();
    const api = fakeApi({
      'GET /api/role': () => ok({ roles, totalPages: 1 }),
      [`DELETE /api/role/${agentRole.id}`]: () => fail(409, ROLE_RULES.inUse(3)),
      [`DELETE /api/role/${viewerRole.id}`]: () => {
        roles = roles.filter((role) => role.id !== viewerRole.id);
        return ok({ id: viewerRole.id }, { message: SUCCESS.roleDeleted });
      },
    });
    const { user } = renderApp(paths.dashboard.roles, { preloadedState: rolesState() });

    await user.click(await screen.findByRole('button', { name: 'Delete Ticketing agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the Ticketing agent role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '3 users still hold this role: give them another role first',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Viewer' }));
    const second = await screen.findByRole('dialog', { name: 'Delete the Viewer role?' });
    // The earlier refusal is not carried over to another role.
    expect(within(second).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Delete role' }));
    expect(await screen.findByText(SUCCESS.roleDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Viewer' })).not.toBeInTheDocument());
    expect(api.calls(`DELETE /api/role/${viewerRole.id}`)).toHaveLength(1);
    expect(roleCard('Ticketing agent')).toBeInTheDocument();
  });

  it('shows the 403 screen when the server refuses the list', async () => {
    fakeApi({ 'GET /api/role': () => fail(403, 'You do not have permission to do this') });
    renderApp(paths.dashboard.roles, { preloadedState: rolesState() });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Manage roles')).toBeInTheDocument();
  });
});

describe('the role form', () => {
  it('creates a role from grouped permissions, each explained, with a whole group at once and the bookings scope', async () => {
    const api = fakeApi({
      ...listAnswer(),
      'POST /api/role': ({ body }) =>
        ok(
          { ...viewerRole, id: '10000000-0000-4000-8000-000000000009', ...(body as object) },
          {
            status: 201,
            message: SUCCESS.roleCreated,
          },
        ),
    });
    const { user, router } = renderApp(paths.dashboard.createRole, { preloadedState: rolesState() });

    await user.type(await screen.findByLabelText('Role name'), 'Accountant');
    await user.type(screen.getByLabelText(/Description/), 'Deposits and the statement');
    const money = screen.getByRole('group', { name: /^Money/ });
    // Each permission says what it lets a user do.
    expect(within(money).getByRole('checkbox', { name: 'Make deposits' })).toHaveAccessibleDescription(
      'Report deposits and set the low-balance alert.',
    );
    await user.click(screen.getByRole('button', { name: 'Select all in Money' }));
    for (const name of ['See payments', 'Make deposits', 'See analytics', 'See history', 'Manage pricing'])
      expect(within(money).getByRole('checkbox', { name })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Clear all in Money' })).toBeInTheDocument();

    // The bookings scope is asked only with "See bookings".
    expect(
      screen.queryByRole('radio', { name: 'Only bookings they made themselves' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'See bookings' }));
    expect(screen.getByRole('radio', { name: "All the agency's bookings" })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Only bookings they made themselves' }));

    await user.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText(SUCCESS.roleCreated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.roles));
    const [sent] = api.calls('POST /api/role');
    expect(sent?.body).toEqual({
      name: 'Accountant',
      description: 'Deposits and the statement',
      permissions: [
        'payments.view',
        'payments.create',
        'analytics.view',
        'history.view',
        'pricing.manage',
        'bookings.view',
      ],
      bookings_scope: 'own',
    });
  });

  it('puts the server’s field errors and a taken name on their fields', async () => {
    let answer = invalid({ description: ['Description is too long'] });
    fakeApi({ ...listAnswer(), 'POST /api/role': () => answer });
    const { user } = renderApp(paths.dashboard.createRole, { preloadedState: rolesState() });
    await user.type(await screen.findByLabelText('Role name'), 'Agent');
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Description/)).toHaveAccessibleDescription(/Description is too long/),
    );

    answer = fail(409, ROLE_RULES.nameTaken);
    await user.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Role name')).toHaveAccessibleDescription(ROLE_RULES.nameTaken),
    );
  });

  it('changes a role opened by its id, keeps the id in the address and says when it applies', async () => {
    const api = fakeApi({
      ...listAnswer(),
      [`PUT /api/role/${agentRole.id}`]: ({ body }) =>
        ok({ ...agentRole, ...(body as object) }, { message: SUCCESS.roleUpdated }),
    });
    const { user, router } = renderApp(`${paths.dashboard.createRole}?id=${agentRole.id}`, {
      preloadedState: rolesState(),
    });

    expect(await screen.findByLabelText('Role name')).toHaveValue('Ticketing agent');
    expect(screen.getByText(/3 users hold this role/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Issue tickets' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Only bookings they made themselves' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Issue tickets' }));
    // Without "See bookings" the scope is not asked, and the default is stored.
    await user.click(screen.getByRole('checkbox', { name: 'See bookings' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText('Role updated successfully, Changes will relfect after login'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.roles));
    expect(api.calls(`PUT /api/role/${agentRole.id}`)[0]?.body).toEqual({
      name: 'Ticketing agent',
      description: 'Books and tickets for walk-in customers.',
      permissions: ['flights.search', 'bookings.create'],
      bookings_scope: 'all',
    });
  });

  it('does not offer the fixed Owner role for editing, and says when a role is gone', async () => {
    fakeApi(listAnswer());
    const { router } = renderApp(`${paths.dashboard.createRole}?id=${ownerRole.id}`, {
      preloadedState: rolesState(),
    });
    expect(await screen.findByRole('heading', { name: 'The Owner role is fixed' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Role name')).not.toBeInTheDocument();

    await router.navigate(`${paths.dashboard.createRole}?id=10000000-0000-4000-8000-0000000000ff`);
    expect(await screen.findByRole('heading', { name: 'Role not found' })).toBeInTheDocument();
  });
});
