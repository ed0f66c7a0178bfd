import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleStatement, statementIds } from '../../../entities/statement/statement-fixtures';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-with-providers';
import { paymentsState, sampleCredits } from '../testing/payments';

const statementRoutes = (routes: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /api/company/statement': ({ query }) =>
      query.get('format')
        ? new Response(`line,kind\n4,deposit\n`, { headers: { 'Content-Type': 'text/csv' } })
        : ok(sampleStatement({ total: 120, totalPages: 3 })),
    'GET /api/booking-credits': () => ok(sampleCredits()),
    ...routes,
  });

const openStatement = async (
  route: string = paths.dashboard.statement,
  permissions?: Parameters<typeof paymentsState>[0],
) => {
  const view = renderApp(route, { preloadedState: paymentsState(permissions) });
  await screen.findByRole('region', { name: 'Statement lines' }, { timeout: 15_000 });
  return view;
};

describe('the statement screen', () => {
  it('is titled Statement, names the credits figures and shows the ledger with its balances', async () => {
    statementRoutes();
    await openStatement();
    expect(screen.getByRole('heading', { level: 1, name: 'Statement' })).toBeInTheDocument();
    expect(document.title).toBe('Statement · SkyDesk');
    const credits = screen.getByLabelText('Credit figures');
    expect(within(credits).getByText('Available').nextElementSibling).toHaveTextContent('US$2,249.50');
    expect(within(credits).getByText('Balance').nextElementSibling).toHaveTextContent('US$1,249.50');
    expect(within(credits).getByText('Credit limit').nextElementSibling).toHaveTextContent('US$1,000.00');
    // No link to the screen it is on.
    expect(screen.queryByRole('link', { name: 'View statement' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Booking K7Q2ZD' })).toHaveAttribute(
      'href',
      `${paths.dashboard.bookingDetails}?id=${statementIds.booking}`,
    );
    expect(screen.getByRole('link', { name: 'FT2611180042' })).toHaveAttribute(
      'href',
      `${paths.dashboard.transactions}?receipt=${statementIds.deposit}`,
    );
  });

  it('keeps the range and the page in the address and asks with them', async () => {
    const api = statementRoutes();
    const { user, router } = await openStatement(
      `${paths.dashboard.statement}?from=2026-11-01&to=2026-11-30`,
    );
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    const first = api.calls('GET /api/company/statement')[0]!;
    expect(Object.fromEntries(first.query)).toMatchObject({
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
      page: '0',
    });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-30&page=1'));
    await waitFor(() => expect(api.calls('GET /api/company/statement').at(-1)?.query.get('page')).toBe('1'));

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-15');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    // A new range starts at its first page.
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-15&to=2026-11-30'));
  });

  it('downloads the CSV and the PDF of the range with the session’s token', async () => {
    const api = statementRoutes();
    const { user, store } = await openStatement(`${paths.dashboard.statement}?from=2026-11-01`);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(api.calls('GET /api/company/statement').filter((call) => call.query.get('format'))).toHaveLength(
        1,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(api.calls('GET /api/company/statement').filter((call) => call.query.get('format'))).toHaveLength(
        2,
      ),
    );
    const [csv, pdf] = api.calls('GET /api/company/statement').filter((call) => call.query.get('format'));
    expect(Object.fromEntries(csv!.query)).toEqual({ fromDate: '2026-11-01', format: 'csv' });
    expect(pdf?.query.get('format')).toBe('pdf');
    expect(csv?.headers.get('Authorization')).toBe(`Bearer ${store.getState().session.token}`);
  });

  it('shows the default low-balance alert, sets the agency’s own and goes back to the default', async () => {
    let credits = sampleCredits();
    const api = statementRoutes({
      'GET /api/booking-credits': () => ok(credits),
      'PUT /api/company/low-balance-threshold': ({ body }) => {
        const { amount } = body as { amount: number | null };
        credits = sampleCredits({
          low_balance_threshold: amount ?? 200,
          low_balance_threshold_custom: amount !== null,
        });
        return ok(credits);
      },
    });
    const { user } = await openStatement();
    const alert = screen.getByRole('region', { name: 'Low-balance alert' });
    expect(alert).toHaveTextContent('US$200.00 (the default: 10 % of your last deposit)');

    const amount = within(alert).getByLabelText('Alert me under (USD)');
    await user.type(amount, 'abc');
    await user.click(within(alert).getByRole('button', { name: 'Save' }));
    expect(amount).toHaveAccessibleDescription('Enter an amount, at most two decimals');
    expect(api.calls('PUT /api/company/low-balance-threshold')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '750');
    await user.click(within(alert).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alert).toHaveTextContent('US$750.00 (your own threshold)'));
    expect(api.calls('PUT /api/company/low-balance-threshold')[0]?.body).toEqual({ amount: 750 });

    await user.click(within(alert).getByRole('button', { name: 'Use the default' }));
    await waitFor(() => expect(alert).toHaveTextContent('(the default: 10 % of your last deposit)'));
    expect(api.calls('PUT /api/company/low-balance-threshold')[1]?.body).toEqual({ amount: null });
  });

  it('shows the server’s refusal of a threshold on its field', async () => {
    statementRoutes({
      'PUT /api/company/low-balance-threshold': () => invalid({ amount: ['At most 10,000,000'] }),
    });
    const { user } = await openStatement();
    const alert = screen.getByRole('region', { name: 'Low-balance alert' });
    await user.type(within(alert).getByLabelText('Alert me under (USD)'), '99999999');
    await user.click(within(alert).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(alert).getByLabelText('Alert me under (USD)')).toHaveAccessibleDescription(
        'At most 10,000,000',
      ),
    );
  });

  it('lets a user with payments.view only read the alert, not change it', async () => {
    statementRoutes();
    await openStatement(paths.dashboard.statement, ['payments.view']);
    const alert = screen.getByRole('region', { name: 'Low-balance alert' });
    expect(within(alert).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('says so when the statement cannot be loaded, and asks again', async () => {
    let answer = () => fail(500, 'Server error');
    statementRoutes({ 'GET /api/company/statement': () => answer() });
    const { user } = renderApp(paths.dashboard.statement, { preloadedState: paymentsState() });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('The statement could not be loaded');
    answer = () => ok(sampleStatement());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Statement lines' })).toBeInTheDocument();
  });

  it('is closed to a user without payments.view', async () => {
    const api = statementRoutes();
    renderApp(paths.dashboard.statement, { preloadedState: paymentsState(['bookings.view']) });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(api.calls('GET /api/company/statement')).toHaveLength(0);
  });

  it('asks for the newest lines first, and keeps another order and a kind in the address', async () => {
    const api = statementRoutes();
    const { user, router } = await openStatement();
    expect(api.calls('GET /api/company/statement')[0]!.query.get('order')).toBe('newest');
    expect(api.calls('GET /api/company/statement')[0]!.query.get('kind')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'refund');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=refund'));
    await waitFor(() =>
      expect(Object.fromEntries(api.calls('GET /api/company/statement').at(-1)!.query)).toMatchObject({
        order: 'newest',
        kind: 'refund',
        page: '0',
      }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'oldest');
    await waitFor(() => expect(router.state.location.search).toBe('?order=oldest&kind=refund'));
    // A download is the whole period, oldest first: the view's order and kind are not sent with it.
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(api.calls('GET /api/company/statement').filter((call) => call.query.get('format'))).toHaveLength(
        1,
      ),
    );
    const download = api.calls('GET /api/company/statement').find((call) => call.query.get('format'))!;
    expect(download.query.get('order')).toBeNull();
    expect(download.query.get('kind')).toBeNull();
  });
});
