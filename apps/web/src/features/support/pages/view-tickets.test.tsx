import { FALLBACK, SUCCESS, SUPPORT_MESSAGES } from '@skydesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { answerGate, fail, fakeApi, ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-with-providers';
import { supportApi } from '../support-api';
import { answeredTicket, supportState, ticket } from '../testing/support';

const LIST = 'GET /api/ticket/company';
const DELETE = 'DELETE /api/ticket';

const fresh = ticket({
  subject: 'Refund not received',
  category: 'payment',
  priority: 'high',
  booking: { id: 'b0000000-0000-4000-8000-000000000001', pnr: 'QX7P2M' },
});
const answered = answeredTicket({ subject: 'Name correction', unread_count: 2 });
const closed = answeredTicket({
  subject: 'Seat map',
  status: 'closed',
  unread_count: 0,
  closed_at: '2026-03-09T10:00:00Z',
});

const row = (subject: RegExp | string) =>
  screen
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('heading', { name: subject })) as HTMLElement;

describe('the tickets screen', () => {
  it('lists each ticket: number, subject, status, priority, category, PNR, last message and unread', async () => {
    fakeApi({ [LIST]: () => ok([fresh, answered, closed]) });
    renderApp(paths.dashboard.viewTickets, { preloadedState: supportState() });

    const first = await screen.findByRole('heading', { name: `#${fresh.number} Refund not received` });
    const item = row(/Refund not received/);
    expect(first).toBeInTheDocument();
    expect(within(item).getByText('Open')).toBeInTheDocument();
    expect(within(item).getByText('High priority')).toBeInTheDocument();
    expect(within(item).getByText('Payment')).toBeInTheDocument();
    expect(item).toHaveTextContent('PNR QX7P2M');
    expect(item).toHaveTextContent('Your team: Can you help?');
    expect(within(row(/Name correction/)).getByText('2 unread')).toBeInTheDocument();
    expect(row(/Name correction/)).toHaveTextContent('SkyDesk: Done: the name is corrected.');
    expect(screen.getByText('1 open · 1 answered · 1 closed')).toBeInTheDocument();

    // The order is the server's: newest first.
    const headings = within(screen.getByRole('list', { name: 'Tickets' })).getAllByRole('heading');
    expect(headings.map((heading) => heading.textContent)).toEqual([
      `#${fresh.number} Refund not received`,
      `#${answered.number} Name correction`,
      `#${closed.number} Seat map`,
    ]);
    expect(within(item).getByRole('link', { name: `Chat on ticket #${fresh.number}` })).toHaveAttribute(
      'href',
      `${paths.dashboard.supportChat}?id=${fresh.id}`,
    );
    expect(within(item).getByRole('link', { name: `Details of ticket #${fresh.number}` })).toHaveAttribute(
      'href',
      `${paths.dashboard.ticketInfo}?id=${fresh.id}`,
    );
  });

  it('offers delete only while nobody replied, close afterwards, and neither once closed', async () => {
    fakeApi({ [LIST]: () => ok([fresh, answered, closed]) });
    renderApp(paths.dashboard.viewTickets, { preloadedState: supportState() });
    await screen.findByText('Refund not received');
    expect(within(row(/Refund not received/)).getByRole('button', { name: /Delete/ })).toBeInTheDocument();
    expect(within(row(/Refund not received/)).queryByRole('button', { name: /Close/ })).toBeNull();
    expect(within(row(/Name correction/)).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(row(/Name correction/)).getByRole('button', { name: /Close/ })).toBeInTheDocument();
    expect(within(row(/Seat map/)).queryByRole('button', { name: /Delete|Close/ })).toBeNull();
  });

  it('deletes after a confirmation: "Ticket has been deleted" and the list loses it without asking again', async () => {
    const api = fakeApi({ [LIST]: () => ok([fresh, answered]), [DELETE]: () => ok({ id: fresh.id }) });
    const { user } = renderApp(paths.dashboard.viewTickets, { preloadedState: supportState() });
    await user.click(await screen.findByRole('button', { name: `Delete ticket #${fresh.number}` }));
    const dialog = screen.getByRole('dialog', { name: `Delete ticket #${fresh.number}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete ticket' }));

    expect(await screen.findByText(SUCCESS.ticketDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Refund not received')).not.toBeInTheDocument());
    expect(screen.getByText('Name correction')).toBeInTheDocument();
    expect(api.calls(DELETE)[0]?.query.get('ticket_id')).toBe(fresh.id);
    expect(api.calls(LIST)).toHaveLength(1);
  });

  it('says in the confirmation why a ticket answered meanwhile cannot be deleted, and reads the list again', async () => {
    const api = fakeApi({
      [LIST]: () => ok([fresh]),
      [DELETE]: () => fail(409, SUPPORT_MESSAGES.notDeletable),
    });
    const { user } = renderApp(paths.dashboard.viewTickets, { preloadedState: supportState() });
    await user.click(await screen.findByRole('button', { name: `Delete ticket #${fresh.number}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete ticket' }));
    expect(
      await within(screen.getByRole('dialog')).findByText(SUPPORT_MESSAGES.notDeletable),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(2));
  });

  it('closes an answered ticket after a confirmation, merging the answer into the list', async () => {
    const api = fakeApi({
      [LIST]: () => ok([answered]),
      [`POST /api/ticket/${answered.id}/close`]: () =>
        ok({ ...answered, status: 'closed', closed_at: '2026-03-10T11:00:00Z' }),
    });
    const { user } = renderApp(paths.dashboard.viewTickets, { preloadedState: supportState() });
    await user.click(await screen.findByRole('button', { name: `Close ticket #${answered.number}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close ticket' }));
    expect(await within(row(/Name correction/)).findByText('Closed')).toBeInTheDocument();
    expect(within(row(/Name correction/)).queryByRole('button', { name: /Close/ })).toBeNull();
    expect(api.calls(LIST)).toHaveLength(1);
  });

  it('puts a new ticket at the top of the list from the answer (docs/product-spec.md §4)', async () => {
    const created = ticket({ subject: 'Brand new' });
    const api = fakeApi({
      [LIST]: () => ok([answered]),
      'POST /api/ticket': () => ok(created, { status: 201 }),
    });
    const { store } = renderApp(paths.dashboard.viewTickets, { preloadedState: supportState() });
    await screen.findByText('Name correction');
    await act(async () => {
      await store.dispatch(
        supportApi.endpoints.createTicket.initiate({
          body: { subject: 'Brand new', category: 'other', message: 'Hello' },
        }),
      );
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Tickets' })).getAllByRole('heading')[0],
      ).toHaveTextContent('Brand new'),
    );
    expect(api.calls(LIST)).toHaveLength(1);
  });

  it('keeps the status and search filters in the address and reads them from it', async () => {
    fakeApi({ [LIST]: () => ok([fresh, answered, closed]) });
    const { user, router } = renderApp(`${paths.dashboard.viewTickets}?status=answered`, {
      preloadedState: supportState(),
    });
    expect(await screen.findByText('Name correction')).toBeInTheDocument();
    expect(screen.queryByText('Refund not received')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('answered');

    await user.selectOptions(screen.getByLabelText('Status'), 'All statuses');
    await user.type(screen.getByLabelText('Search'), 'qx7p');
    await waitFor(() => expect(router.state.location.search).toBe('?q=qx7p'));
    expect(screen.getByText('Refund not received')).toBeInTheDocument();
    expect(screen.queryByText('Name correction')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), `#${closed.number}`);
    expect(screen.getByText('Seat map')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'nothing like it');
    expect(screen.getByText('No ticket matches these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every ticket' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
  });

  it('says what to do when there is no ticket yet', async () => {
    fakeApi({ [LIST]: () => ok([]) });
    const { user, router } = renderApp(paths.dashboard.viewTickets, { preloadedState: supportState() });
    expect(await screen.findByRole('heading', { name: 'No tickets yet' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'New ticket' })[1] as HTMLElement);
    expect(router.state.location.pathname).toBe(paths.dashboard.createTicket);
  });

  it('shows a skeleton while loading, then the failure with a retry', async () => {
    let answer = () => new Response('oops', { status: 500 });
    const gate = answerGate();
    const api = fakeApi({ [LIST]: gate.hold(() => answer()) });
    const { user } = renderApp(paths.dashboard.viewTickets, { preloadedState: supportState() });
    await screen.findByRole('status', { name: 'Loading tickets' });
    gate.open();
    // Said in the page (and toasted).
    await waitFor(() => expect(screen.getAllByText(FALLBACK.fetchTickets)).toHaveLength(2));
    answer = () => ok([fresh]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Refund not received')).toBeInTheDocument();
    expect(api.calls(LIST)).toHaveLength(2);
  });

  it('shows the 403 screen when the server refuses the role', async () => {
    fakeApi({ [LIST]: () => fail(403, 'Forbidden') });
    renderApp(paths.dashboard.viewTickets, { preloadedState: supportState() });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
  });
});
