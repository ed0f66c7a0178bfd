import type { AdminWorkQueue } from '@skydesk/contract';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  adminAgencyPath,
  adminDepositPath,
  adminPaths,
  adminRefundPath,
  adminTicketPath,
} from '../../../shared/routing/admin-paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import {
  AGENCY_ID,
  agency,
  agencyList,
  DEPOSIT_ID,
  deposit,
  depositList,
  REFUND_ID,
  refundRequest,
} from '../testing/admin-fixtures';
import { renderConsole } from '../testing/render';
import { adminTicket, TICKET_ID, ticketQueue } from '../testing/support-fixtures';

configure({ asyncUtilTimeout: 10_000 });

const WORK = 'GET /api/admin/work-queue';
const AGENCIES = 'GET /api/admin/companies';
const DEPOSITS = 'GET /api/admin/transactions';
const REFUNDS = 'GET /api/admin/refunds';
const TICKETS = 'GET /api/admin/tickets';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const nothing = { waiting: 0, oldest_since: null };
const queueOf = (overrides: Partial<AdminWorkQueue>): AdminWorkQueue => {
  const queue = {
    agencies: nothing,
    deposits: nothing,
    refunds: nothing,
    tickets: { ...nothing, unassigned: 0 },
    ...overrides,
  };
  return {
    ...queue,
    total: queue.agencies.waiting + queue.deposits.waiting + queue.refunds.waiting + queue.tickets.waiting,
  };
};

describe('the console’s work queue (issue 30)', { timeout: 30_000 }, () => {
  it('opens on what waits, desk by desk, with its oldest items, and counts each desk in the menu', async () => {
    const api = fakeApi({
      [WORK]: () =>
        ok(
          queueOf({
            agencies: { waiting: 1, oldest_since: hoursAgo(3) },
            deposits: { waiting: 2, oldest_since: hoursAgo(50) },
            refunds: { waiting: 1, oldest_since: hoursAgo(5.2) },
            tickets: { waiting: 1, oldest_since: hoursAgo(1), unassigned: 1 },
          }),
        ),
      [AGENCIES]: () => ok(agencyList([agency({ waiting_since: hoursAgo(3) })])),
      [DEPOSITS]: () =>
        ok(
          depositList([
            deposit({ created_at: hoursAgo(50) }),
            deposit({ id: 'de90517e-0000-4000-8000-000000000002', amount: 1250.5, created_at: hoursAgo(2) }),
          ]),
        ),
      [REFUNDS]: () =>
        ok({ refunds: [refundRequest({ requested_at: hoursAgo(5.2) })], total: 1, totalPages: 1 }),
      [TICKETS]: () => ok(ticketQueue([adminTicket({ waiting_since: hoursAgo(1) })])),
    });
    renderConsole(adminPaths.home);

    expect(await screen.findByRole('heading', { level: 1, name: 'Work queue' })).toBeInTheDocument();
    expect(await screen.findByText('things wait', { exact: false })).toHaveTextContent(
      '5 things wait for a decision',
    );

    const agencies = screen.getByRole('region', { name: 'Agencies to review' });
    expect(agencies).toHaveTextContent('1 waiting · the oldest for 3h 00m');
    expect(await within(agencies).findByRole('link', { name: /Horizon Voyages/ })).toHaveAttribute(
      'href',
      adminAgencyPath(AGENCY_ID),
    );

    const deposits = screen.getByRole('region', { name: 'Deposits to credit' });
    // Two days and more: the wait stands out, in the one duration format.
    expect(within(deposits).getByText('2d 2h', { selector: 'p time' })).toHaveClass('text-amber-800');
    const depositLinks = await within(deposits).findAllByRole('link', { name: /Horizon Voyages/ });
    expect(depositLinks[0]).toHaveAttribute('href', adminDepositPath(DEPOSIT_ID));
    expect(depositLinks[0]).toHaveTextContent('US$5,000.00 · reference ENBD-7781-2026');
    expect(depositLinks[1]).toHaveTextContent('US$1,250.50');

    const refunds = screen.getByRole('region', { name: 'Refund requests' });
    expect(await within(refunds).findByRole('link', { name: /Horizon Voyages/ })).toHaveAttribute(
      'href',
      adminRefundPath(REFUND_ID),
    );
    expect(within(refunds).getByText(/Booking K7Q2ZD/)).toBeInTheDocument();

    const tickets = screen.getByRole('region', { name: 'Tickets waiting for an answer' });
    const ticket = await within(tickets).findByRole('link', { name: /Horizon Voyages/ });
    expect(ticket).toHaveAttribute('href', adminTicketPath(TICKET_ID));
    expect(ticket).toHaveTextContent('nobody has it yet');

    // The menu counts the same, each desk beside its link, the home the total.
    const nav = screen.getByRole('navigation', { name: 'Console navigation' });
    expect(within(nav).getByRole('link', { name: 'Work queue 5 waiting' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Agency review 1 waiting' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Deposit desk 2 waiting' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Refunds 1 waiting' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Support queue 1 waiting' })).toBeInTheDocument();
    // A desk with nothing waiting shows no count.
    expect(within(nav).getByRole('link', { name: 'Bank accounts' })).toBeInTheDocument();

    // Each desk's list asks for its waiting items, the oldest few.
    expect(Object.fromEntries(api.calls(AGENCIES)[0]!.query)).toMatchObject({
      status: 'pending_review',
      limit: '3',
    });
    expect(Object.fromEntries(api.calls(DEPOSITS)[0]!.query)).toMatchObject({
      status: 'pending',
      limit: '3',
    });
    expect(Object.fromEntries(api.calls(REFUNDS)[0]!.query)).toMatchObject({ status: 'pending', limit: '3' });
  });

  it('says when nothing waits, asking no desk', async () => {
    const api = fakeApi({ [WORK]: () => ok(queueOf({})) });
    renderConsole(adminPaths.home);
    expect(await screen.findByRole('heading', { name: 'Nothing waits for a decision' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Refund requests' })).toHaveTextContent(
      'No refund request waits for a decision.',
    );
    expect(api.calls(AGENCIES)).toHaveLength(0);
    expect(api.calls(DEPOSITS)).toHaveLength(0);
    expect(api.calls(REFUNDS)).toHaveLength(0);
    expect(api.calls(TICKETS)).toHaveLength(0);
  });

  it('says when what waits could not be read, with a retry', async () => {
    let broken = true;
    fakeApi({ [WORK]: () => (broken ? fail(500, 'Server Error') : ok(queueOf({}))) });
    const { user } = renderConsole(adminPaths.home);
    expect(await screen.findByText('What waits for a decision could not be loaded')).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { name: 'Nothing waits for a decision' })).toBeInTheDocument();
  });
});
