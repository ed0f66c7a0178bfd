import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminAgencyPath, adminDepositPath, adminPaths } from '../../../shared/routing/admin-paths';
import { fakeApi, invalid, ok } from '../../../testing/fake-api';
import { sampleOperator } from '../../../testing/operator-session';
import { AGENCY_ID, auditEntry, DEPOSIT_ID } from '../testing/admin-fixtures';
import { renderConsole } from '../testing/render';

configure({ asyncUtilTimeout: 10_000 });

const LOG = 'GET /api/admin/audit';

describe('the audit log', { timeout: 20_000 }, () => {
  it('reads each entry as a sentence: who did what to which agency, amounts as money, the reason given', async () => {
    fakeApi({
      [LOG]: () =>
        ok({
          entries: [
            auditEntry({
              id: 'a0000000-0000-4000-8000-000000000002',
              action: 'deposit.approve',
              target_type: 'deposit',
              target_id: DEPOSIT_ID,
              before: { status: 'pending', balance: 120 },
              after: {
                status: 'approved',
                amount: 5000,
                currency: 'USD',
                reference_no: 'DEP-1042',
                balance: 5120,
              },
            }),
            auditEntry(),
            auditEntry({
              id: 'a0000000-0000-4000-8000-000000000003',
              action: 'rate.set',
              target_type: 'rate',
              target_id: '7',
              agency: null,
              before: { currency: 'GBP', rate: 1.25, effective_on: '2026-03-10' },
              after: { currency: 'GBP', rate: 1.27, effective_on: '2026-03-10' },
            }),
            auditEntry({
              id: 'a0000000-0000-4000-8000-000000000004',
              action: 'supplier.update',
              target_type: 'supplier',
              target_id: 'duffel',
              agency: null,
              before: { enabled: true, markup: { percent: 2, fixed_per_passenger: 0 } },
              after: { enabled: false, markup: { percent: 2, fixed_per_passenger: 0 } },
            }),
          ],
          total: 4,
          totalPages: 1,
        }),
    });
    renderConsole(adminPaths.audit);
    const entries = await screen.findByRole('list', { name: 'Audit log entries' });
    const [deposit, rejection, rate, supplier] = within(entries).getAllByRole('listitem');
    // A day reads as every day does (docs/architecture.md §8), never 2026-03-10.
    expect(rate).toHaveTextContent(
      `${sampleOperator.name} set the rate of GBP to 1.27 from Tue 10 Mar 2026 (it was 1.25).`,
    );
    expect(supplier).toHaveTextContent(`${sampleOperator.name} turned off the supplier duffel.`);
    expect(deposit).toHaveTextContent(
      `${sampleOperator.name} credited Horizon Voyages’s deposit of US$5,000.00 (reference DEP-1042).`,
    );
    expect(within(deposit!).getByRole('link', { name: 'deposit of US$5,000.00' })).toHaveAttribute(
      'href',
      adminDepositPath(DEPOSIT_ID),
    );
    expect(rejection).toHaveTextContent(`${sampleOperator.name} rejected Horizon Voyages’s verification.`);
    expect(rejection).toHaveTextContent('“The licence is unreadable”');
    expect(within(rejection!).getByRole('link', { name: 'Horizon Voyages' })).toHaveAttribute(
      'href',
      adminAgencyPath(AGENCY_ID),
    );
    // The raw change is a click away.
    expect(within(rejection!).getByText('What changed').closest('details')).not.toHaveAttribute('open');
  });

  it('lists entries newest first: when, who, what, on which target, and what changed', async () => {
    fakeApi({ [LOG]: () => ok({ entries: [auditEntry()], total: 1, totalPages: 1 }) });
    renderConsole(adminPaths.audit);
    const entries = await screen.findByRole('list', { name: 'Audit log entries' });
    expect(within(entries).getByText('Agency rejected')).toBeInTheDocument();
    expect(within(entries).getByRole('button', { name: sampleOperator.name })).toBeInTheDocument();
    expect(within(entries).getByRole('link', { name: AGENCY_ID })).toHaveAttribute(
      'href',
      adminAgencyPath(AGENCY_ID),
    );
    expect(within(entries).getByText('verification_status')).toBeInTheDocument();
    expect(within(entries).getByText('pending_review')).toBeInTheDocument();
    expect(within(entries).getAllByText('The licence is unreadable')).toHaveLength(2);
  });

  it('filters by action, dates, actor and target, and pages, all in the address', async () => {
    const api = fakeApi({ [LOG]: () => ok({ entries: [auditEntry()], total: 60, totalPages: 3 }) });
    const { user, router } = renderConsole(adminPaths.audit);
    await screen.findByText('Agency rejected', { selector: 'p' });

    await user.selectOptions(screen.getByLabelText('Action'), 'refund.approve');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-10');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.calls(LOG).at(-1)?.query.get('action')).toBe('refund.approve'));
    const query = api.calls(LOG).at(-1)?.query;
    expect(query?.get('from')).toBe('2026-03-01');
    expect(query?.get('to')).toBe('2026-03-10');

    await user.click(await screen.findByRole('button', { name: sampleOperator.name }));
    await waitFor(() => expect(api.calls(LOG).at(-1)?.query.get('actor')).toBe(sampleOperator.id));
    await user.click(await screen.findByRole('button', { name: 'Only this target' }));
    await waitFor(() => expect(api.calls(LOG).at(-1)?.query.get('target')).toBe(AGENCY_ID));

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls(LOG).at(-1)?.query.get('page')).toBe('1'));
    expect(new URLSearchParams(router.state.location.search).get('actor')).toBe(sampleOperator.id);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('checks the filters before asking, and shows the server’s field errors', async () => {
    let answer = () => ok({ entries: [], total: 0, totalPages: 0 });
    const api = fakeApi({ [LOG]: () => answer() });
    const { user } = renderConsole(adminPaths.audit);
    expect(await screen.findByRole('heading', { name: 'Nothing logged yet' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Actor'), 'not-an-id');
    await user.type(screen.getByLabelText('From'), '2026-03-10');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText("An operator's id (pick one from an entry)")).toBeInTheDocument();
    expect(screen.getByText('The end is before the start')).toBeInTheDocument();
    expect(api.calls(LOG)).toHaveLength(1);

    answer = () => invalid({ from: ['Dates from 2000 to 2100'] });
    await user.clear(screen.getByLabelText('Actor'));
    await user.clear(screen.getByLabelText('To'));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Dates from 2000 to 2100')).toBeInTheDocument();
  });

  it('says when no entry matches the filters', async () => {
    fakeApi({ [LOG]: () => ok({ entries: [], total: 0, totalPages: 0 }) });
    renderConsole(`${adminPaths.audit}?action=bank.retire`);
    expect(await screen.findByRole('heading', { name: 'No entry matches' })).toBeInTheDocument();
  });
});
