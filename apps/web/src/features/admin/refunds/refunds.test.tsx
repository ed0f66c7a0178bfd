import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { adminPaths, adminRefundPath } from '../../../shared/routing/admin-paths';
import { fakeApi, invalid, ok } from '../../../testing/fake-api';
import { ADMIN_SUCCESS } from '../admin-labels';
import { REFUND_ID, refundRequest } from '../testing/admin-fixtures';
import { renderConsole } from '../testing/render';

configure({ asyncUtilTimeout: 10_000 });

const QUEUE = 'GET /api/admin/refunds';
const ONE = `GET /api/admin/refunds/${REFUND_ID}`;
const APPROVE = `POST /api/admin/refunds/${REFUND_ID}/approve`;
const REJECT = `POST /api/admin/refunds/${REFUND_ID}/reject`;

describe('the refund queue', { timeout: 20_000 }, () => {
  it('lists pending requests with their agency, booking and the amount the rules allow', async () => {
    const api = fakeApi({ [QUEUE]: () => ok({ refunds: [refundRequest()], total: 1, totalPages: 1 }) });
    renderConsole(adminPaths.refunds);
    const row = await screen.findByRole('link', {
      name: /Refund RF-2026-000017 for Horizon Voyages, booking K7Q2ZD/,
    });
    expect(row).toHaveAttribute('href', adminRefundPath(REFUND_ID));
    expect(within(row).getByText('US$921.00')).toBeInTheDocument();
    expect(within(row).getByText('2 tickets · refund')).toBeInTheDocument();
    expect(api.calls(QUEUE)[0]?.query.get('status')).toBe('pending');
  });

  it('shows decided requests on their tab, and says when nothing waits', async () => {
    const api = fakeApi({ [QUEUE]: () => ok({ refunds: [], total: 0, totalPages: 0 }) });
    const { user } = renderConsole(adminPaths.refunds);
    expect(await screen.findByRole('heading', { name: 'No refund waits' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approved' }));
    await waitFor(() => expect(api.calls(QUEUE).at(-1)?.query.get('status')).toBe('approved'));
    expect(await screen.findByRole('heading', { name: 'No refund requests here' })).toBeInTheDocument();
  });
});

describe('a refund request', { timeout: 20_000 }, () => {
  it('shows the booking, each ticket’s penalty and allowance, and the rules', async () => {
    fakeApi({ [ONE]: () => ok(refundRequest()) });
    renderConsole(adminRefundPath(REFUND_ID));
    const tickets = await screen.findByRole('region', { name: 'Tickets (2)' });
    expect(within(tickets).getByText('Leila Haddad')).toBeInTheDocument();
    expect(within(tickets).getAllByText('−US$150.00')).toHaveLength(2);
    expect(within(tickets).getAllByText('US$460.50')).toHaveLength(2);
    expect(screen.getByText('Refund before departure: USD 150 penalty per ticket')).toBeInTheDocument();
    expect(screen.getByText('K7Q2ZD')).toBeInTheDocument();
  });

  it('approves the allowed amount as it is', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      [ONE]: () => ok(refundRequest()),
      [APPROVE]: () => ok(refundRequest({ status: 'approved' })),
    });
    const { user } = renderConsole(adminRefundPath(REFUND_ID));
    await user.click(await screen.findByRole('button', { name: 'Approve refund' }));
    // Money moves only once the operator confirms, the amount and the agency named.
    const company = refundRequest().company.name;
    const dialog = await screen.findByRole('dialog', { name: `Credit US$921.00 to ${company}?` });
    expect(dialog).toHaveTextContent(`${company}'s credits go up by US$921.00`);
    expect(api.calls(APPROVE)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(APPROVE)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Approve refund' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Credit and approve' }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith(ADMIN_SUCCESS.refundApproved));
    expect(api.calls(APPROVE)[0]?.body).toEqual({ amount: 921 });
  });

  it('shows the request as the agency made it, with its reason, not the rule that priced it', async () => {
    fakeApi({
      [ONE]: () =>
        ok(
          refundRequest({
            phase: 'void',
            request: {
              tickets: 2,
              of_tickets: 3,
              reason: 'The traveller fell ill',
              requested_by: { id: REFUND_ID, name: 'Amira Haddad' },
            },
          }),
        ),
    });
    renderConsole(adminRefundPath(REFUND_ID));
    expect(await screen.findByText('The traveller fell ill')).toBeInTheDocument();
    expect(screen.getByText(/The agency.s reason · Amira Haddad/)).toBeInTheDocument();
    expect(
      screen.getByText('Refund of 2 of 3 tickets, inside the void window: no penalty, everything back'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Void/)).not.toBeInTheDocument();
  });

  it('approves less with a reason, never more than the rules allow', async () => {
    let answer = () => invalid({ amount: ['More than the fare rules allow'] });
    const api = fakeApi({ [ONE]: () => ok(refundRequest()), [APPROVE]: () => answer() });
    const { user } = renderConsole(adminRefundPath(REFUND_ID));
    const form = await screen.findByRole('form', { name: 'Approve the refund' });
    const amount = within(form).getByLabelText('Amount to credit (USD)');
    expect(amount).toHaveValue('921.00');

    await user.clear(amount);
    await user.type(amount, '921.01');
    await user.click(within(form).getByRole('button', { name: 'Approve refund' }));
    expect(await within(form).findByText('At most US$921.00: what the fare rules allow')).toBeInTheDocument();
    expect(api.calls(APPROVE)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '800');
    await user.click(within(form).getByRole('button', { name: 'Approve refund' }));
    expect(await within(form).findByText('Give the reason, in a few words')).toBeInTheDocument();
    expect(api.calls(APPROVE)).toHaveLength(0);

    await user.type(within(form).getByLabelText('Why less'), 'Service fee kept');
    await user.click(within(form).getByRole('button', { name: 'Approve refund' }));
    const dialog = await screen.findByRole('dialog', { name: /Credit US\$800\.00 to/ });
    expect(dialog).toHaveTextContent('less than the US$921.00 the fare rules allow');
    await user.click(within(dialog).getByRole('button', { name: 'Credit and approve' }));
    // The server's 422 lands on its field.
    expect(await within(form).findByText('More than the fare rules allow')).toBeInTheDocument();
    expect(api.calls(APPROVE)[0]?.body).toEqual({ amount: 800, reason: 'Service fee kept' });

    answer = () => ok(refundRequest({ status: 'approved', amount: { Amount: 800, CurrencyCode: 'USD' } }));
    await user.click(within(form).getByRole('button', { name: 'Approve refund' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Credit and approve' }),
    );
    await waitFor(() => expect(api.calls(APPROVE)).toHaveLength(2));
  });

  it('rejects with a reason', async () => {
    const api = fakeApi({
      [ONE]: () => ok(refundRequest()),
      [REJECT]: () => ok(refundRequest({ status: 'rejected', decision_reason: 'Flown already' })),
    });
    const { user } = renderConsole(adminRefundPath(REFUND_ID));
    await user.click(await screen.findByRole('button', { name: 'Reject refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the refund' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Flown already');
    await user.click(within(dialog).getByRole('button', { name: 'Reject refund' }));
    await waitFor(() => expect(api.calls(REJECT)[0]?.body).toEqual({ reason: 'Flown already' }));
  });

  it('shows a decided request’s outcome instead of the form', async () => {
    fakeApi({
      [ONE]: () =>
        ok(
          refundRequest({
            status: 'approved',
            amount: { Amount: 800, CurrencyCode: 'USD' },
            decided_by: { id: '0f8e7d6c-5b4a-4392-8180-7f6e5d4c3b2a', name: 'Omar Haddad' },
            decided_at: '2026-03-10T10:00:00Z',
            decision_reason: 'Service fee kept',
          }),
        ),
    });
    renderConsole(adminRefundPath(REFUND_ID));
    expect(await screen.findByText('Approved: US$800.00 credited')).toBeInTheDocument();
    expect(screen.getByText('Less than the US$921.00 the rules allowed.')).toBeInTheDocument();
    expect(screen.getByText('Service fee kept')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve refund' })).not.toBeInTheDocument();
  });
});
