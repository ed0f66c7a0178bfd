import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { adminAgencyPath, adminDepositPath, adminPaths } from '../../../shared/routing/admin-paths';
import { answerGate, fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { startOver } from '../../../testing/render-with-providers';
import { ADMIN_SUCCESS } from '../admin-labels';
import { AGENCY_ID, DEPOSIT_ID, deposit, depositList } from '../testing/admin-fixtures';
import { renderConsole } from '../testing/render';
import { DECIDED_ELSEWHERE } from './deposit-page';

configure({ asyncUtilTimeout: 10_000 });

const DESK = 'GET /api/admin/transactions';
const ONE = `GET /api/admin/transactions/${DEPOSIT_ID}`;
const RECEIPT = `GET /api/admin/transactions/${DEPOSIT_ID}/receipt`;
const APPROVE = `POST /api/admin/transactions/${DEPOSIT_ID}/approve`;
const REJECT = `POST /api/admin/transactions/${DEPOSIT_ID}/reject`;
const file = (type: string) => () => new Response('file', { status: 200, headers: { 'Content-Type': type } });
const OPERATOR = { id: '0f8e7d6c-5b4a-4392-8180-7f6e5d4c3b2a', name: 'Omar Haddad' };

describe('the deposit desk', { timeout: 20_000 }, () => {
  it('lists pending deposits with agency, amount, bank, reference, deposit date and time waiting', async () => {
    const recorded = new Date(Date.now() - (2 * 24 + 3) * 3600_000).toISOString();
    const api = fakeApi({
      [DESK]: () =>
        ok(
          depositList([
            deposit({ created_at: recorded }),
            deposit({
              id: 'de90517e-0000-4000-8000-000000000002',
              company: { id: 'a1b2c3d4-e5f6-4a7b-8c9d-000000000002', name: 'Blue Lagoon Travel' },
              amount: 820.5,
              reference_no: 'HSBC-0042',
              bank: { id: 'ba000000-0000-4000-8000-000000000002', bank: 'HSBC', account_number: '0042 1180' },
            }),
          ]),
        ),
    });
    renderConsole(adminPaths.deposits);

    const row = await screen.findByRole('link', {
      name: 'Deposit of US$5,000.00 by Horizon Voyages, reference ENBD-7781-2026',
    });
    expect(row).toHaveAttribute('href', adminDepositPath(DEPOSIT_ID));
    expect(within(row).getByText('Emirates NBD')).toBeInTheDocument();
    expect(within(row).getByText('1014 2233 4455')).toBeInTheDocument();
    expect(within(row).getByText('paid Mon 9 Mar 2026')).toBeInTheDocument();
    expect(within(row).getByText('waiting 2d 3h')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /US\$820.50 by Blue Lagoon Travel, reference HSBC-0042/ }),
    ).toBeVisible();
    expect(screen.getByText('2 pending deposits')).toBeInTheDocument();

    const query = api.calls(DESK)[0]?.query;
    expect(query?.get('status')).toBe('pending');
    expect(query?.get('page')).toBe('0');
    expect(query?.has('company_id')).toBe(false);
    expect(screen.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows decided deposits on their tabs, pages, and keeps it all in the address', async () => {
    const api = fakeApi({
      [DESK]: (request) =>
        request.query.get('status') === 'rejected'
          ? ok(depositList([]))
          : ok(
              depositList(
                [deposit({ status: 'approved', decided_at: '2026-03-10T09:00:00Z', decided_by: OPERATOR })],
                { total: 41, totalPages: 3 },
              ),
            ),
    });
    const { user, router } = renderConsole(`${adminPaths.deposits}?status=approved`);
    expect(await screen.findByText(/41 approved deposits · page 1 of 3/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approved' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls(DESK).at(-1)?.query.get('page')).toBe('1'));
    expect(router.state.location.search).toBe('?status=approved&page=1');

    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    expect(await screen.findByRole('heading', { name: 'No deposits here' })).toBeInTheDocument();
    expect(screen.getByText('No deposit has been rejected yet.')).toBeInTheDocument();
    expect(api.calls(DESK).at(-1)?.query.get('page')).toBe('0');
  });

  it('keeps to one agency when its page links here, until the filter is cleared', async () => {
    const api = fakeApi({ [DESK]: () => ok(depositList([deposit()])) });
    const { user, router } = renderConsole(`${adminPaths.deposits}?company=${AGENCY_ID}`);
    expect(await screen.findByText('Only Horizon Voyages')).toBeInTheDocument();
    expect(api.calls(DESK)[0]?.query.get('company_id')).toBe(AGENCY_ID);

    await user.click(screen.getByRole('button', { name: "Show every agency's deposits" }));
    await waitFor(() => expect(api.calls(DESK).at(-1)?.query.has('company_id')).toBe(false));
    expect(router.state.location.search).toBe('');
  });

  it('says when nothing waits', async () => {
    fakeApi({ [DESK]: () => ok(depositList([])) });
    renderConsole(adminPaths.deposits);
    expect(await screen.findByRole('heading', { name: 'No deposit waits' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading, and a way to try again when the list fails', async () => {
    let attempts = 0;
    const gate = answerGate();
    fakeApi({
      [DESK]: gate.hold(() => {
        attempts += 1;
        return attempts === 1 ? fail(500, 'Server error') : ok(depositList([deposit()]));
      }),
    });
    const { user } = renderConsole(adminPaths.deposits);
    await screen.findByRole('status', { name: 'Loading deposits' });
    gate.open();
    expect(await screen.findByText('The deposits could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Horizon Voyages/ })).toBeInTheDocument();
  });
});

describe('a deposit', { timeout: 20_000 }, () => {
  const withReceipt = (routes: Parameters<typeof fakeApi>[0] = {}) =>
    fakeApi({ [ONE]: () => ok(deposit()), [RECEIPT]: file('application/pdf'), ...routes });

  it('shows amount, reference, bank, day, note, who recorded it and the balance, the receipt in the page', async () => {
    const api = withReceipt();
    renderConsole(adminDepositPath(DEPOSIT_ID));

    const details = await screen.findByRole('region', { name: 'Details' });
    const fact = (label: string) => within(details).getByText(label).nextElementSibling as HTMLElement;
    expect(fact('Amount')).toHaveTextContent('US$5,000.00');
    expect(fact('Currency')).toHaveTextContent('USD');
    expect(fact('Bank reference')).toHaveTextContent('ENBD-7781-2026');
    expect(fact('Paid into')).toHaveTextContent('Emirates NBD · 1014 2233 4455');
    expect(fact('Deposit date')).toHaveTextContent('Mon 9 Mar 2026');
    expect(fact('Note')).toHaveTextContent('Top-up for the Easter groups');
    expect(fact('Recorded by')).toHaveTextContent('Leila Haddad');
    expect(fact("Agency's balance now")).toHaveTextContent('US$1,250.00US$6,250.00 once approved');
    expect(screen.getByRole('link', { name: 'Horizon Voyages' })).toHaveAttribute(
      'href',
      adminAgencyPath(AGENCY_ID),
    );

    // The PDF in a frame, fetched with the operator's token.
    expect(await screen.findByTitle('Receipt')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(api.calls(RECEIPT)[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(api.calls(RECEIPT)[0]?.query.has('download')).toBe(false);
  });

  it('shows a picture receipt as a picture, and saves the receipt with download=true', async () => {
    const receipt = { ...deposit().receipt, file_name: 'receipt.png', content_type: 'image/png' as const };
    const api = withReceipt({ [ONE]: () => ok(deposit({ receipt })), [RECEIPT]: file('image/png') });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderConsole(adminDepositPath(DEPOSIT_ID));
    expect(await screen.findByRole('img', { name: 'Receipt' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await user.click(screen.getByRole('button', { name: 'Download Receipt' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.calls(RECEIPT).at(-1)?.query.get('download')).toBe('true');
  });

  it('approves after a confirmation saying what the balance becomes', async () => {
    const success = vi.spyOn(toast, 'success');
    let status: 'pending' | 'approved' = 'pending';
    const api = withReceipt({
      [ONE]: () => ok(deposit({ status, decided_by: status === 'approved' ? OPERATOR : null })),
      [APPROVE]: () => {
        status = 'approved';
        return ok(deposit({ status: 'approved', decided_by: OPERATOR, decided_at: '2026-03-10T09:00:00Z' }));
      },
    });
    const { user } = renderConsole(adminDepositPath(DEPOSIT_ID));
    await user.click(await screen.findByRole('button', { name: 'Approve deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the deposit' });
    expect(dialog).toHaveTextContent('its balance goes from US$1,250.00 to US$6,250.00');
    expect(api.calls(APPROVE)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Approve US$5,000.00' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(ADMIN_SUCCESS.depositApproved));
    expect(api.calls(APPROVE)).toHaveLength(1);
    // The approval invalidated the deposit: read again, it shows its outcome.
    expect(await screen.findByText('Approved: US$5,000.00 credited')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve deposit' })).not.toBeInTheDocument();
  });

  it('rejects only with a reason, the server’s 422 on the field', async () => {
    let answer = () => invalid({ reason: ['Say what does not match'] });
    const api = withReceipt({ [REJECT]: () => answer() });
    const { user } = renderConsole(adminDepositPath(DEPOSIT_ID));
    await user.click(await screen.findByRole('button', { name: 'Reject deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the deposit' });

    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));
    expect(await within(dialog).findByText('Give the reason, in a few words')).toBeInTheDocument();
    expect(api.calls(REJECT)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'The receipt shows USD 500, not 5,000');
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));
    expect(await within(dialog).findByText('Say what does not match')).toBeInTheDocument();

    const success = vi.spyOn(toast, 'success');
    answer = () =>
      ok(deposit({ status: 'rejected', rejection_reason: 'The receipt shows USD 500, not 5,000' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith(ADMIN_SUCCESS.depositRejected);
    expect(api.calls(REJECT).at(-1)?.body).toEqual({ reason: 'The receipt shows USD 500, not 5,000' });
  });

  it('says so and shows the deposit as it is when another operator approved it first (409)', async () => {
    const toastError = vi.spyOn(toast, 'error');
    let decided = false;
    const api = withReceipt({
      [ONE]: () =>
        ok(
          decided
            ? deposit({ status: 'approved', decided_by: OPERATOR, decided_at: '2026-03-10T09:00:00Z' })
            : deposit(),
        ),
      [APPROVE]: () => {
        decided = true;
        return fail(409, 'This deposit was already decided');
      },
    });
    const { user } = renderConsole(adminDepositPath(DEPOSIT_ID));
    await user.click(await screen.findByRole('button', { name: 'Approve deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the deposit' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve US$5,000.00' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(DECIDED_ELSEWHERE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Approved: US$5,000.00 credited')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Decision' })).getByText(/Omar Haddad/),
    ).toBeInTheDocument();
    expect(api.calls(ONE).length).toBeGreaterThan(1);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('says so too when the race is lost on a rejection', async () => {
    let decided = false;
    const api = withReceipt({
      [ONE]: () => ok(decided ? deposit({ status: 'rejected', rejection_reason: 'Duplicate' }) : deposit()),
      [REJECT]: () => {
        decided = true;
        return fail(409, 'This deposit was already decided');
      },
    });
    const { user } = renderConsole(adminDepositPath(DEPOSIT_ID));
    await user.click(await screen.findByRole('button', { name: 'Reject deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the deposit' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Amount does not match');
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(DECIDED_ELSEWHERE);
    expect(await screen.findByText('Rejected: nothing credited')).toBeInTheDocument();
    expect(screen.getByText('Duplicate')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls(REJECT)).toHaveLength(1);
  });

  it('toasts another failure of the approval and keeps the dialog for another try', async () => {
    const toastError = vi.spyOn(toast, 'error');
    withReceipt({ [APPROVE]: () => fail(503, 'The ledger is busy, try again') });
    const { user } = renderConsole(adminDepositPath(DEPOSIT_ID));
    await user.click(await screen.findByRole('button', { name: 'Approve deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the deposit' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve US$5,000.00' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('The ledger is busy, try again'));
    expect(screen.getByRole('dialog', { name: 'Approve the deposit' })).toBeInTheDocument();
  });

  it('shows a rejected deposit’s reason instead of the decision', async () => {
    withReceipt({
      [ONE]: () =>
        ok(
          deposit({
            status: 'rejected',
            decided_by: OPERATOR,
            decided_at: '2026-03-10T09:00:00Z',
            rejection_reason: 'The reference is not on our statement',
          }),
        ),
    });
    renderConsole(adminDepositPath(DEPOSIT_ID));
    expect(await screen.findByText('Rejected: nothing credited')).toBeInTheDocument();
    expect(screen.getByText('The reference is not on our statement')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve deposit' })).not.toBeInTheDocument();
    expect(screen.queryByText(/once approved/)).not.toBeInTheDocument();
  });

  it('says so when the deposit does not exist, and offers to try again on another failure', async () => {
    let answer = () => fail(404, 'Not found');
    fakeApi({ [ONE]: () => answer() });
    const view = renderConsole(adminDepositPath(DEPOSIT_ID));
    expect(await screen.findByRole('heading', { name: 'Deposit not found' })).toBeInTheDocument();
    await startOver(view);

    answer = () => fail(500, 'Server error');
    renderConsole(adminDepositPath(DEPOSIT_ID));
    expect(await screen.findByText('The deposit could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
