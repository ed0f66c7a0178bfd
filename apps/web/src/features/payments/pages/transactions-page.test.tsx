import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { answerGate, fail, fakeApi, ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-with-providers';
import { paymentsState, sampleCredits, sampleTransactions, transaction } from '../testing/payments';
import { TRANSACTIONS_PAGE_SIZE } from './transactions-page';

const listAnswer = (rows = sampleTransactions()) => ({
  'GET /api/company/user-transactions': () => ok(rows),
  'GET /api/booking-credits': () => ok(sampleCredits()),
});

const deposit = (reference: string) => screen.getByRole('listitem', { name: `Deposit ${reference}` });

describe('the transactions screen', () => {
  it('lists each deposit: amount, bank, date, reference, status, and why one was rejected', async () => {
    const api = fakeApi(listAnswer());
    renderApp(paths.dashboard.transactions, { preloadedState: paymentsState() });

    const pending = await screen.findByRole('listitem', { name: 'Deposit FT2611180042' });
    expect(pending).toHaveTextContent('US$500.00');
    expect(pending).toHaveTextContent('Emirates NBD · deposited Wed 18 Nov 2026');
    expect(within(pending).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(deposit('FT2611150007')).getByText('Approved')).toBeInTheDocument();
    const rejected = deposit('FT2611100003');
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(rejected).toHaveTextContent(
      'Why it was rejected: The amount on the receipt is 570.00, not 750.00.',
    );
    expect(rejected).toHaveTextContent('Your note: Paid at the branch');

    // A page at a time, not docs/product-spec.md §9's ten million rows.
    const [call] = api.calls('GET /api/company/user-transactions');
    expect(call?.query.get('page')).toBe('0');
    expect(call?.query.get('limit')).toBe(String(TRANSACTIONS_PAGE_SIZE));
  });

  it('names the credits figures, links to the statement and offers to record a deposit', async () => {
    fakeApi(listAnswer());
    const { user, router } = renderApp(paths.dashboard.transactions, { preloadedState: paymentsState() });
    const credits = await screen.findByLabelText('Credit figures');
    expect(within(credits).getByText('Available').nextElementSibling).toHaveTextContent('US$2,249.50');
    expect(within(credits).getByText('Balance').nextElementSibling).toHaveTextContent('US$1,249.50');
    expect(within(credits).getByText('Credit limit').nextElementSibling).toHaveTextContent('US$1,000.00');
    expect(screen.getByText(/US\$500\.00 in deposits awaiting approval/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View statement' })).toHaveAttribute(
      'href',
      paths.dashboard.statement,
    );

    await user.click(screen.getByRole('link', { name: 'Record a deposit' }));
    expect(router.state.location.pathname).toBe(paths.dashboard.createTransaction);
  });

  it('keeps the status and deposit-date filters in the address and asks with them', async () => {
    const api = fakeApi(listAnswer());
    const { user, router } = renderApp(paths.dashboard.transactions, { preloadedState: paymentsState() });
    await screen.findByRole('listitem', { name: 'Deposit FT2611180042' });

    await user.selectOptions(screen.getByLabelText('Status'), 'Rejected');
    await user.type(screen.getByLabelText('Deposited from'), '2026-11-01');
    await user.type(screen.getByLabelText('Deposited to'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=rejected&from=2026-11-01&to=2026-11-30'),
    );
    await waitFor(() => expect(api.calls('GET /api/company/user-transactions')).toHaveLength(2));
    const last = api.calls('GET /api/company/user-transactions').at(-1)!;
    expect(Object.fromEntries(last.query)).toMatchObject({
      status: 'rejected',
      from: '2026-11-01',
      to: '2026-11-30',
      page: '0',
    });

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads the filters from a shared link, and refuses an end before the start', async () => {
    const api = fakeApi(listAnswer([]));
    const { user } = renderApp(`${paths.dashboard.transactions}?status=approved&from=2026-11-01`, {
      preloadedState: paymentsState(),
    });
    expect(await screen.findByText('No deposit matches these filters')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('approved');
    expect(screen.getByLabelText('Deposited from')).toHaveValue('2026-11-01');
    expect(api.calls('GET /api/company/user-transactions')[0]?.query.get('status')).toBe('approved');

    await user.type(screen.getByLabelText('Deposited to'), '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText('Deposited to')).toHaveAccessibleDescription('The end is before the start');
    expect(api.calls('GET /api/company/user-transactions')).toHaveLength(1);
  });

  it('pages: a full page offers the next, whose page number is in the address', async () => {
    const fullPage = Array.from({ length: TRANSACTIONS_PAGE_SIZE }, () => transaction());
    const api = fakeApi({
      'GET /api/company/user-transactions': ({ query }) =>
        ok(query.get('page') === '0' ? fullPage : [transaction({ reference_no: 'LAST-ONE' })]),
      'GET /api/booking-credits': () => ok(sampleCredits()),
    });
    const { user, router } = renderApp(paths.dashboard.transactions, { preloadedState: paymentsState() });
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('listitem', { name: 'Deposit LAST-ONE' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1');
    expect(api.calls('GET /api/company/user-transactions').at(-1)?.query.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('opens a receipt in the page, fetched with the session’s token', async () => {
    const rows = sampleTransactions();
    const api = fakeApi({
      ...listAnswer(rows),
      [`GET /api/company/transactions/${rows[0]!.id}/receipt`]: () =>
        new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }),
    });
    const { user, store } = renderApp(paths.dashboard.transactions, { preloadedState: paymentsState() });
    await screen.findByRole('listitem', { name: 'Deposit FT2611180042' });
    await user.click(within(deposit('FT2611180042')).getByRole('button', { name: /Receipt/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Receipt of FT2611180042' });
    expect(await within(dialog).findByRole('img', { name: 'Receipt' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    const [call] = api.calls(`GET /api/company/transactions/${rows[0]!.id}/receipt`);
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${store.getState().session.token}`);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the receipt a statement line links to', async () => {
    const id = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    fakeApi({
      ...listAnswer(),
      [`GET /api/company/transactions/${id}/receipt`]: () =>
        new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const { user, router } = renderApp(`${paths.dashboard.transactions}?receipt=${id}`, {
      preloadedState: paymentsState(),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Deposit receipt' });
    expect(await within(dialog).findByRole('img', { name: 'Receipt' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('has an empty state with the way to record the first deposit', async () => {
    fakeApi(listAnswer([]));
    renderApp(paths.dashboard.transactions, { preloadedState: paymentsState() });
    expect(await screen.findByRole('heading', { name: 'No deposits yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Record a deposit' })).toHaveLength(2);
  });

  it('shows a skeleton while the deposits come, and the spec’s message with a retry when they fail', async () => {
    let answer: () => Response = () => fail(500, 'Server error');
    const gate = answerGate();
    fakeApi({
      'GET /api/company/user-transactions': gate.hold(() => answer()),
      'GET /api/booking-credits': () => ok(sampleCredits()),
    });
    const { user } = renderApp(paths.dashboard.transactions, { preloadedState: paymentsState() });
    await screen.findByRole('status', { name: 'Loading deposits' });
    gate.open();
    const alert = await screen.findByText('Failed to fetch transactions', { selector: 'p.font-semibold' });
    answer = () => ok(sampleTransactions());
    await user.click(within(alert.parentElement!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Deposit FT2611180042' })).toBeInTheDocument();
  });

  it('without payments.create: the list, and no way to record a deposit', async () => {
    fakeApi(listAnswer());
    renderApp(paths.dashboard.transactions, { preloadedState: paymentsState(['payments.view']) });
    await screen.findByRole('listitem', { name: 'Deposit FT2611180042' });
    expect(screen.queryByRole('link', { name: 'Record a deposit' })).not.toBeInTheDocument();
  });

  it('without payments.view: says so and asks for nothing', async () => {
    const api = fakeApi(listAnswer());
    renderApp(paths.dashboard.transactions, { preloadedState: paymentsState(['bookings.view']) });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
    expect(screen.getByText('See payments')).toBeInTheDocument();
    expect(api.calls('GET /api/company/user-transactions')).toHaveLength(0);
  });

  it('says so when the server refuses the list (403)', async () => {
    fakeApi({
      'GET /api/company/user-transactions': () => fail(403, 'You do not have permission to do this'),
      'GET /api/booking-credits': () => ok(sampleCredits()),
    });
    renderApp(paths.dashboard.transactions, { preloadedState: paymentsState() });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
  });
});
