import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chatMessage, messageFrame } from '../../../entities/chat/testing/chat-fixtures';
import { adminAgencyPath, adminPaths, adminTicketPath } from '../../../shared/routing/admin-paths';
import { fail, fakeApi, ok, type SentRequest } from '../../../testing/fake-api';
import { FakeWebSocket } from '../../../testing/fake-websocket';
import { AGENCY_ID } from '../testing/admin-fixtures';
import { renderConsole } from '../testing/render';
import {
  adminTicket,
  assignedToMe,
  TICKET_ID,
  ticketDetails,
  ticketQueue,
} from '../testing/support-fixtures';
import { TICKET_ACTION_DONE } from './admin-ticket-page';

configure({ asyncUtilTimeout: 10_000 });

const QUEUE = 'GET /api/admin/tickets';
const ONE = `GET /api/admin/tickets/${TICKET_ID}`;
const MESSAGES = `GET /api/admin/tickets/${TICKET_ID}/messages`;
const REPLY = `POST /api/admin/tickets/${TICKET_ID}/messages`;
const READ = `POST /api/admin/tickets/${TICKET_ID}/read`;
const ASSIGN = `POST /api/admin/tickets/${TICKET_ID}/assign`;
const CLOSE = `POST /api/admin/tickets/${TICKET_ID}/close`;
const REOPEN = `POST /api/admin/tickets/${TICKET_ID}/reopen`;

const conversation = () => [
  chatMessage(1, { body: 'The surname is misspelt on QX7P2M.' }),
  chatMessage(2, { side: 'operator', body: 'Looking at it now.', read_at: '2026-03-10T09:10:00Z' }),
  chatMessage(3, { body: 'Thank you!' }),
];

const readAnswer = ({ body }: SentRequest) =>
  ok({
    ticket_id: TICKET_ID,
    side: 'operator',
    up_to_seq: (body as { up_to_seq: number }).up_to_seq,
    read_at: new Date().toISOString(),
  });

describe('the support queue', { timeout: 30_000 }, () => {
  it('lists tickets as the server orders them: agency, priority, state, assignee, unread and waiting time', async () => {
    const waiting = new Date(Date.now() - (5 * 60 + 12) * 60_000).toISOString();
    const api = fakeApi({
      [QUEUE]: () =>
        ok(
          ticketQueue([
            adminTicket({ waiting_since: waiting }),
            adminTicket({
              id: '71c4e700-0000-4000-8000-000000000009',
              number: 1001,
              subject: 'Invoice copy',
              priority: 'low',
              status: 'answered',
              booking: null,
              assignee: assignedToMe,
              // A colleague answered before it came to me (issue 30: the answer names who).
              answered_by: { id: '0c0ffee0-0000-4000-8000-00000000c01a', name: 'Cora Colleague' },
              unread_count: 0,
              waiting_since: null,
              last_message: {
                side: 'operator',
                body: 'Sent it by e-mail.',
                created_at: '2026-03-09T09:00:00Z',
              },
            }),
          ]),
        ),
    });
    renderConsole(adminPaths.support);
    const first = await screen.findByRole('link', {
      name: 'Ticket #1042: Name correction on QX7P2M, from Horizon Voyages',
    });
    expect(first).toHaveAttribute('href', adminTicketPath(TICKET_ID));
    expect(first).toHaveTextContent('PNR QX7P2M');
    expect(first).toHaveTextContent('Agency: The surname is misspelt.');
    expect(within(first).getByText('High priority')).toBeInTheDocument();
    expect(within(first).getByText('1 unread')).toBeInTheDocument();
    expect(within(first).getByText('Unassigned')).toBeInTheDocument();
    expect(within(first).getByText('waiting 5h 12m')).toHaveClass('text-amber-800');
    const second = screen.getByRole('link', { name: /Ticket #1001/ });
    expect(within(second).getByText('You')).toBeInTheDocument();
    expect(within(second).getByText('Answered')).toBeInTheDocument();
    expect(within(second).getByText('by Cora Colleague')).toBeInTheDocument();
    expect(second).toHaveTextContent('Cora Colleague: Sent it by e-mail.');
    // The server's order is kept.
    const links = within(screen.getByRole('list', { name: 'Support tickets' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      adminTicketPath(TICKET_ID),
      adminTicketPath('71c4e700-0000-4000-8000-000000000009'),
    ]);
    expect(Object.fromEntries(api.calls(QUEUE)[0]!.query)).toEqual({
      status: 'active',
      assignee: 'any',
      page: '0',
      limit: '25',
    });
  });

  it('keeps the state, assignee and search filters and the page in the address', async () => {
    const api = fakeApi({ [QUEUE]: () => ok(ticketQueue([adminTicket()], { total: 60, totalPages: 3 })) });
    const { user, router } = renderConsole(adminPaths.support);
    await screen.findByRole('link', { name: /Ticket #1042/ });
    await user.click(screen.getByRole('button', { name: 'Closed' }));
    await user.selectOptions(screen.getByLabelText('Looked after by'), 'Mine');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'qx7p2m');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=closed&assignee=me&q=qx7p2m'));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=closed&assignee=me&q=qx7p2m&page=1'),
    );
    expect(Object.fromEntries(api.calls(QUEUE).at(-1)!.query)).toMatchObject({
      status: 'closed',
      assignee: 'me',
      q: 'qx7p2m',
      page: '1',
    });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when nothing waits, and when the queue could not be read, with a retry', async () => {
    let answer = () => ok(ticketQueue([]));
    fakeApi({ [QUEUE]: () => answer() });
    const { user, router } = renderConsole(adminPaths.support);
    expect(await screen.findByRole('heading', { name: 'No ticket needs looking after' })).toBeInTheDocument();
    answer = () => fail(500, 'Boom');
    await act(() => router.navigate(`${adminPaths.support}?status=all`));
    expect(await screen.findByText('The support queue could not be loaded')).toBeInTheDocument();
    answer = () => ok(ticketQueue([adminTicket()]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Ticket #1042/ })).toBeInTheDocument();
  });
});

describe('a support ticket in the console', { timeout: 30_000 }, () => {
  async function openTicket(routes: Parameters<typeof fakeApi>[0] = {}, details = ticketDetails()) {
    const api = fakeApi({
      [ONE]: () => ok(details),
      [MESSAGES]: () => ok(conversation()),
      [READ]: readAnswer,
      ...routes,
    });
    const view = renderConsole(adminTicketPath(TICKET_ID));
    await screen.findByText('Thank you!');
    return { ...view, api };
  }

  it('shows the chat with the operator’s messages on the right, the agency’s contact and bookings beside it', async () => {
    const { api } = await openTicket();
    expect(screen.getByRole('heading', { name: '#1042 Name correction on QX7P2M' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Horizon Voyages' })).toHaveAttribute(
      'href',
      adminAgencyPath(AGENCY_ID),
    );
    const log = screen.getByRole('log', { name: 'Messages' });
    const items = within(log).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Amina Rahman · Horizon Voyages');
    expect(items[0]).toHaveClass('items-start');
    expect(items[1]).toHaveTextContent('You');
    expect(items[1]).toHaveClass('items-end');
    expect(items[1]).toHaveTextContent('Read');

    // The agency's messages are read once shown.
    await waitFor(() => expect(api.calls(READ)[0]?.body).toEqual({ up_to_seq: 3 }));

    expect(screen.getByRole('link', { name: 'leila@horizon-voyages.example' })).toHaveAttribute(
      'href',
      'mailto:leila@horizon-voyages.example',
    );
    const own = screen.getByRole('listitem', { name: 'Booking QX7P2M, this ticket’s booking' });
    expect(own).toHaveTextContent('DXB → LHR');
    expect(own).toHaveTextContent('US$1,840.50');
    expect(own).toHaveTextContent('Ticketed');
    expect(own).toHaveTextContent('departs Sun 20 Dec, 09:35');
    expect(own).toHaveTextContent('2 travellers');
    expect(screen.getByRole('listitem', { name: 'Booking ZK4T9A' })).toHaveTextContent('Booked');
  });

  it('takes the ticket: the answer shows who looks after it', async () => {
    const { user, api } = await openTicket({
      [ASSIGN]: () =>
        ok(
          ticketDetails({
            assignee: assignedToMe,
            answered_by: { id: '0c0ffee0-0000-4000-8000-00000000c01a', name: 'Cora Colleague' },
          }),
        ),
    });
    expect(screen.getByText('Nobody yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take ticket' }));
    expect(await screen.findByText(TICKET_ACTION_DONE.assigned)).toBeInTheDocument();
    // The toast and the page's new state are two renders: wait for the page.
    const handling = screen.getByRole('region', { name: 'Handling' });
    expect(await within(handling).findByText('You')).toBeInTheDocument();
    // Who the agency last heard from stays named (issue 30).
    expect(within(handling).getByText('Last answered by').nextSibling).toHaveTextContent('Cora Colleague');
    expect(within(handling).queryByRole('button', { name: /Take/ })).not.toBeInTheDocument();
    expect(api.calls(ASSIGN)).toHaveLength(1);
  });

  it('says why taking failed (another operator was quicker)', async () => {
    const { user } = await openTicket({
      [ASSIGN]: () => fail(409, 'Sara Malik took this ticket a moment ago'),
    });
    await user.click(screen.getByRole('button', { name: 'Take ticket' }));
    expect(await screen.findByText('Sara Malik took this ticket a moment ago')).toBeInTheDocument();
  });

  it('closes the ticket (no composer) and reopens it (the composer is back)', async () => {
    const { user } = await openTicket({
      [CLOSE]: () => ok(ticketDetails({ status: 'closed', closed_at: '2026-03-10T11:00:00Z' })),
      [REOPEN]: () => ok(ticketDetails({ status: 'open' })),
    });
    await user.click(screen.getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText(TICKET_ACTION_DONE.closed)).toBeInTheDocument();
    expect(
      await screen.findByText('This ticket is closed. Reopen it to reply to the agency.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();

    const handling = screen.getByRole('region', { name: 'Handling' });
    await user.click(within(handling).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText(TICKET_ACTION_DONE.reopened)).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('replies optimistically, once, with the frame of the stored reply arriving too; shows the agency typing', async () => {
    const { user, api } = await openTicket({
      [REPLY]: (request) =>
        ok(
          chatMessage(4, {
            side: 'operator',
            body: (request.body as { body: string }).body,
            client_id: (request.body as { client_id: string }).client_id,
          }),
          { status: 201 },
        ),
    });
    await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    act(() => {
      socket.accept();
      socket.push({ type: 'ready' });
    });
    expect(socket.frames()[0]).toMatchObject({ type: 'auth' });

    act(() =>
      socket.push({ type: 'ticket_typing', ticket_id: TICKET_ID, side: 'agency', name: 'Amina Rahman' }),
    );
    expect(screen.getByText('Amina Rahman is typing…')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Corrected: RAHMAN.{Enter}');
    await waitFor(() => expect(api.calls(REPLY)).toHaveLength(1));
    const log = screen.getByRole('log', { name: 'Messages' });
    await waitFor(() => expect(within(log).queryByText('Sending…')).not.toBeInTheDocument());
    const clientId = (api.calls(REPLY)[0]!.body as { client_id: string }).client_id;
    act(() =>
      socket.push(
        messageFrame(chatMessage(4, { side: 'operator', body: 'Corrected: RAHMAN.', client_id: clientId })),
      ),
    );
    expect(within(log).getAllByText('Corrected: RAHMAN.')).toHaveLength(1);
  });

  it('says a ticket that does not exist was not found', async () => {
    fakeApi({ [ONE]: () => fail(404, 'Ticket not found') });
    renderConsole(adminTicketPath(TICKET_ID));
    expect(await screen.findByRole('heading', { name: 'Ticket not found' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Support queue' })).toHaveAttribute(
      'href',
      adminPaths.support,
    );
  });

  it('is in the console’s navigation', async () => {
    fakeApi({ [QUEUE]: () => ok(ticketQueue([])) });
    renderConsole(adminPaths.support);
    const nav = await screen.findByRole('navigation', { name: 'Console navigation' });
    expect(within(nav).getByRole('link', { name: 'Support queue' })).toHaveAttribute(
      'href',
      adminPaths.support,
    );
  });
});
