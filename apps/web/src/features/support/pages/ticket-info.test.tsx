import { SUCCESS, SUPPORT_MESSAGES } from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-with-providers';
import { answeredTicket, supportState, TICKET_ID, ticket } from '../testing/support';

const INFO = `${paths.dashboard.ticketInfo}?id=${TICKET_ID}`;
const TICKET = `GET /api/ticket/${TICKET_ID}`;
const BOOKING_ID = 'b0000000-0000-4000-8000-000000000001';

const facts = () => screen.getByRole('region', { name: 'Details' });
const fact = (label: string) =>
  [...facts().querySelectorAll('dt')].find((term) => term.textContent === label)
    ?.nextElementSibling as HTMLElement;

describe('the ticket details screen', () => {
  it('shows the ticket’s facts: booking linked, who opened it, who looks after it, and when', async () => {
    fakeApi({
      [TICKET]: () =>
        ok(
          answeredTicket({
            id: TICKET_ID,
            number: 1042,
            subject: 'Name correction',
            category: 'booking',
            priority: 'high',
            booking: { id: BOOKING_ID, pnr: 'QX7P2M' },
          }),
        ),
    });
    renderApp(INFO, { preloadedState: supportState() });
    expect(await screen.findByRole('heading', { name: '#1042 Name correction' })).toBeInTheDocument();
    expect(screen.getByText('Answered')).toBeInTheDocument();
    expect(screen.getByText('High priority')).toBeInTheDocument();
    expect(fact('Category')).toHaveTextContent('Booking');
    expect(within(fact('Booking')).getByRole('link', { name: 'QX7P2M' })).toHaveAttribute(
      'href',
      `${paths.dashboard.bookingDetails}?id=${BOOKING_ID}`,
    );
    expect(fact('Opened by')).toHaveTextContent('Amina Rahman');
    expect(fact('Looked after by')).toHaveTextContent('Omar Haddad, SkyDesk support');
    expect(fact('Last message')).toHaveTextContent('SkyDesk: Done: the name is corrected.');
    expect(screen.getByRole('link', { name: 'Open chat' })).toHaveAttribute(
      'href',
      `${paths.dashboard.supportChat}?id=${TICKET_ID}`,
    );
    // Answered: closed, not deleted.
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close ticket' })).toBeInTheDocument();
  });

  it('names the booking without a link for a role that may not open bookings', async () => {
    fakeApi({ [TICKET]: () => ok(ticket({ id: TICKET_ID, booking: { id: BOOKING_ID, pnr: 'QX7P2M' } })) });
    renderApp(INFO, { preloadedState: supportState(['support.use']) });
    await screen.findByRole('region', { name: 'Details' });
    expect(fact('Booking')).toHaveTextContent('QX7P2M');
    expect(within(fact('Booking')).queryByRole('link')).toBeNull();
    expect(fact('Looked after by')).toHaveTextContent('Not taken by an operator yet');
  });

  it('deletes a ticket nobody replied to and goes back to the list', async () => {
    const api = fakeApi({
      [TICKET]: () => ok(ticket({ id: TICKET_ID })),
      'DELETE /api/ticket': () => ok({ id: TICKET_ID }),
      'GET /api/ticket/company': () => ok([]),
    });
    const { user, router } = renderApp(INFO, { preloadedState: supportState() });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete ticket' }));
    expect(await screen.findByText(SUCCESS.ticketDeleted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.viewTickets));
    expect(api.calls('DELETE /api/ticket')[0]?.query.get('ticket_id')).toBe(TICKET_ID);
  });

  it('closes an answered ticket: the screen shows it closed, with nothing left to do but read', async () => {
    const answered = answeredTicket({ id: TICKET_ID });
    fakeApi({
      [TICKET]: () => ok(answered),
      [`POST /api/ticket/${TICKET_ID}/close`]: () =>
        ok({ ...answered, status: 'closed', closed_at: '2026-03-10T11:00:00Z' }),
    });
    const { user } = renderApp(INFO, { preloadedState: supportState() });
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('Closed on')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close ticket' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open chat' })).toBeInTheDocument();
  });

  it('says when no ticket is named, or the agency has no such ticket', async () => {
    fakeApi({ [TICKET]: () => fail(404, SUPPORT_MESSAGES.ticketNotFound) });
    const { router } = renderApp(paths.dashboard.ticketInfo, { preloadedState: supportState() });
    expect(await screen.findByRole('heading', { name: 'No ticket chosen' })).toBeInTheDocument();
    await router.navigate(INFO);
    expect(await screen.findByRole('heading', { name: SUPPORT_MESSAGES.ticketNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your tickets' })).toHaveAttribute(
      'href',
      paths.dashboard.viewTickets,
    );
  });

  it('shows the 403 screen when the server refuses the role', async () => {
    fakeApi({ [TICKET]: () => fail(403, 'Forbidden') });
    renderApp(INFO, { preloadedState: supportState() });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
  });

  it.each([paths.dashboard.ticketInfo, paths.dashboard.supportChat, paths.dashboard.viewTickets])(
    'shows %s’s 403 screen to a role without support.use, asking nothing',
    async (path) => {
      const api = fakeApi({});
      renderApp(`${path}?id=${TICKET_ID}`, { preloadedState: supportState(['bookings.view']) });
      expect(
        await screen.findByRole('heading', { name: "You don't have access to this page" }),
      ).toBeInTheDocument();
      expect(screen.getByText(/Use support/)).toBeInTheDocument();
      expect(api.sent.filter((request) => request.path.startsWith('/api/ticket'))).toEqual([]);
    },
  );
});
