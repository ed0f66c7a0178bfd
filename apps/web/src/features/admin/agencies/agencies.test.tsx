import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import {
  adminAgencyDepositsPath,
  adminAgencyPath,
  adminAgencyStatementPath,
  adminPaths,
} from '../../../shared/routing/admin-paths';
import { answerGate, fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { sampleOperator } from '../../../testing/operator-session';
import { ADMIN_SUCCESS } from '../admin-labels';
import {
  AGENCY_ID,
  adminCredits,
  agency,
  agencyDetails,
  agencyList,
  deposit,
  depositList,
  OWNER_ID_DOCUMENT_ID,
  TRADE_LICENCE_ID,
} from '../testing/admin-fixtures';
import { renderConsole } from '../testing/render';

configure({ asyncUtilTimeout: 10_000 });

const QUEUE = 'GET /api/admin/companies';
const DETAILS = `GET /api/admin/companies/${AGENCY_ID}`;
const CREDITS = `GET /api/admin/companies/${AGENCY_ID}/credits`;
const SET_LIMIT = `PUT /api/admin/companies/${AGENCY_ID}/credit-limit`;
const DESK = 'GET /api/admin/transactions';
const documentCall = (id: string) => `GET /api/admin/companies/${AGENCY_ID}/documents/${id}`;
const file = (type: string) => () => new Response('file', { status: 200, headers: { 'Content-Type': type } });

describe('the agency queue', { timeout: 20_000 }, () => {
  it('lists agencies under review first, with country, balance, users and time waiting', async () => {
    const waitingSince = new Date(Date.now() - (3 * 24 + 4) * 3600_000).toISOString();
    const api = fakeApi({
      [QUEUE]: () =>
        ok(
          agencyList([
            agency({ waiting_since: waitingSince }),
            agency({ id: 'a1b2c3d4-e5f6-4a7b-8c9d-000000000002', name: 'Blue Lagoon Travel', country: 'GB' }),
          ]),
        ),
    });
    renderConsole(adminPaths.agencies);

    const row = (await screen.findByRole('link', { name: 'Horizon Voyages' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Pending review')).toBeInTheDocument();
    expect(within(row).getAllByText(/United Arab Emirates/)[0]).toBeInTheDocument();
    expect(within(row).getByText('US$1,250.00')).toBeInTheDocument();
    expect(within(row).getByText('3d 4h')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Horizon Voyages' })).toHaveAttribute(
      'href',
      adminAgencyPath(AGENCY_ID),
    );
    expect(screen.getByText('2 agencies')).toBeInTheDocument();
    const query = api.calls(QUEUE)[0]?.query;
    expect(query?.get('status')).toBe('pending_review');
    expect(query?.get('page')).toBe('0');
    expect(screen.getByRole('button', { name: 'Pending review' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('searches by name, e-mail or country, filters by state and pages, all kept in the address', async () => {
    const api = fakeApi({
      [QUEUE]: () => ok(agencyList([agency()], { total: 45, totalPages: 3 })),
    });
    const { user, router } = renderConsole(adminPaths.agencies);
    await screen.findByRole('link', { name: 'Horizon Voyages' });

    await user.type(screen.getByRole('searchbox', { name: 'Search agencies' }), 'horizon');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls(QUEUE).at(-1)?.query.get('q')).toBe('horizon'));

    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    await waitFor(() => expect(api.calls(QUEUE).at(-1)?.query.get('status')).toBe('rejected'));
    expect(api.calls(QUEUE).at(-1)?.query.get('q')).toBe('horizon');

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls(QUEUE).at(-1)?.query.get('page')).toBe('1'));
    expect(router.state.location.search).toBe('?status=rejected&q=horizon&page=1');
    expect(await screen.findByText(/page 2 of 3/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(api.calls(QUEUE).at(-1)?.query.has('status')).toBe(false));
    expect(api.calls(QUEUE).at(-1)?.query.get('page')).toBe('0');
  });

  it('says when nothing waits, and when a search matches nothing', async () => {
    fakeApi({ [QUEUE]: () => ok(agencyList([])) });
    renderConsole(adminPaths.agencies);
    expect(await screen.findByRole('heading', { name: 'No agencies here' })).toBeInTheDocument();
    expect(screen.getByText(/No agency is waiting for a review/)).toBeInTheDocument();
  });

  it('shows a skeleton while loading, and a way to try again when the list fails', async () => {
    let attempts = 0;
    const gate = answerGate();
    fakeApi({
      [QUEUE]: gate.hold(() => {
        attempts += 1;
        return attempts === 1 ? fail(500, 'Server error') : ok(agencyList([agency()]));
      }),
    });
    const { user } = renderConsole(adminPaths.agencies);
    await screen.findByRole('status', { name: 'Loading agencies' });
    gate.open();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Horizon Voyages' })).toBeInTheDocument();
  });
});

describe('an agency’s page', { timeout: 20_000 }, () => {
  const withDocuments = (routes: Record<string, Parameters<typeof fakeApi>[0][string]> = {}) =>
    fakeApi({
      [DETAILS]: () => ok(agencyDetails()),
      [documentCall(TRADE_LICENCE_ID)]: file('image/png'),
      [documentCall(OWNER_ID_DOCUMENT_ID)]: file('application/pdf'),
      [CREDITS]: () => ok(adminCredits()),
      [DESK]: () => ok(depositList([])),
      ...routes,
    });

  it('shows details, users, balance, the vendor form with both documents in the page', async () => {
    const api = withDocuments();
    renderConsole(adminAgencyPath(AGENCY_ID));

    expect(await screen.findByRole('heading', { level: 2, name: 'Horizon Voyages' })).toBeInTheDocument();
    expect(screen.getByText('Leila Haddad', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('TL-2026-55120')).toBeInTheDocument();
    const users = screen.getByRole('region', { name: 'Users (1)' });
    expect(within(users).getByText('Owner')).toBeInTheDocument();
    // The credits panel, loading on its own, names the balance too: read the agency's header.
    const header = screen.getByRole('region', { name: 'Horizon Voyages' });
    expect(within(header).getByText('US$1,250.00')).toBeInTheDocument();

    // A picture as a picture, a PDF in the browser's viewer, both fetched with the operator's token.
    expect(await screen.findByRole('img', { name: 'Trade licence' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(await screen.findByTitle("Owner's ID document")).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(api.calls(documentCall(TRADE_LICENCE_ID))[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(screen.getByText('No decision yet.')).toBeInTheDocument();
  });

  it('saves a document on Download (download=true)', async () => {
    const api = withDocuments();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderConsole(adminAgencyPath(AGENCY_ID));
    await user.click(await screen.findByRole('button', { name: "Download Owner's ID document" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const saved = api.calls(documentCall(OWNER_ID_DOCUMENT_ID)).find((call) => call.query.get('download'));
    expect(saved?.query.get('download')).toBe('true');
  });

  it('approves an agency under review after a confirmation', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = withDocuments({
      [`POST /api/admin/companies/${AGENCY_ID}/approve`]: () =>
        ok(agencyDetails({ verification_status: 'approved' })),
    });
    const { user } = renderConsole(adminAgencyPath(AGENCY_ID));
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Horizon Voyages' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve agency' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(ADMIN_SUCCESS.approved));
    expect(api.calls(`POST /api/admin/companies/${AGENCY_ID}/approve`)).toHaveLength(1);
    // The page is read again: the decision invalidated it.
    await waitFor(() => expect(api.calls(DETAILS).length).toBeGreaterThan(1));
  });

  it('rejects only with a reason, and shows the server’s field error from a 422', async () => {
    const reject = `POST /api/admin/companies/${AGENCY_ID}/reject`;
    let answer = () => invalid({ reason: ['Say what the agency should correct'] });
    const api = withDocuments({ [reject]: () => answer() });
    const { user } = renderConsole(adminAgencyPath(AGENCY_ID));
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the documents' });

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give the reason, in a few words')).toBeInTheDocument();
    expect(api.calls(reject)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'No');
    await user.type(within(dialog).getByLabelText('Reason'), 'pe, blurry');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say what the agency should correct')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');

    answer = () => ok(agencyDetails({ verification_status: 'rejected', rejection_reason: 'Nope, blurry' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(reject).at(-1)?.body).toEqual({ reason: 'Nope, blurry' });
  });

  it('offers reactivation, with a reason, to a suspended agency and shows its history', async () => {
    const details = agencyDetails({ verification_status: 'suspended', rejection_reason: 'Unpaid invoices' });
    details.history = [
      {
        id: 'de000000-0000-4000-8000-000000000001',
        action: 'suspend',
        from_status: 'approved',
        to_status: 'suspended',
        reason: 'Unpaid invoices',
        operator: { id: sampleOperator.id, name: sampleOperator.name },
        created_at: '2026-03-09T12:00:00Z',
      },
    ];
    const reactivate = `POST /api/admin/companies/${AGENCY_ID}/reactivate`;
    const api = withDocuments({
      [DETAILS]: () => ok(details),
      [reactivate]: () => ok(agencyDetails({ verification_status: 'approved' })),
    });
    const { user } = renderConsole(adminAgencyPath(AGENCY_ID));
    const history = await screen.findByRole('region', { name: 'History of decisions' });
    expect(within(history).getByText('Suspended')).toBeInTheDocument();
    expect(within(history).getByText('(Approved → Suspended)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate the agency' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Invoices paid');
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(api.calls(reactivate)[0]?.body).toEqual({ reason: 'Invoices paid' }));
  });

  it('records a signed manual adjustment with its reason', async () => {
    const adjust = `POST /api/admin/companies/${AGENCY_ID}/adjustments`;
    let answer = () => invalid({ amount: ['The balance cannot go below zero'] });
    const api = withDocuments({ [adjust]: () => answer() });
    const { user } = renderConsole(adminAgencyPath(AGENCY_ID));
    const form = await screen.findByRole('form', { name: 'Manual adjustment' });
    const amount = within(form).getByLabelText('Amount (USD)');

    await user.type(amount, '12.345');
    await user.type(within(form).getByLabelText('Reason'), 'Goodwill credit');
    await user.click(within(form).getByRole('button', { name: 'Record adjustment' }));
    expect(
      await within(form).findByText('An amount like 250 or -99.50, at most two decimals'),
    ).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '-2000');
    expect(
      within(form).getByText(/Debits US\$2,000.00: the balance becomes -US\$750.00/),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Record adjustment' }));
    expect(await within(form).findByText('The balance cannot go below zero')).toBeInTheDocument();
    expect(api.calls(adjust)[0]?.body).toEqual({ amount: -2000, reason: 'Goodwill credit' });

    answer = () =>
      ok(
        {
          id: 'le000000-0000-4000-8000-000000000001'.replace('le', 'c0'),
          kind: 'adjustment',
          amount: 250,
          balance_after: 1500,
          currency: 'USD',
          note: 'Goodwill credit',
          created_at: '2026-03-10T10:00:00Z',
        },
        { status: 201 },
      );
    const success = vi.spyOn(toast, 'success');
    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(within(form).getByRole('button', { name: 'Record adjustment' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(`${ADMIN_SUCCESS.adjusted}: US$1,500.00`));
  });

  it('says so when the agency does not exist', async () => {
    fakeApi({ [DETAILS]: () => fail(404, 'Not found') });
    renderConsole(adminAgencyPath(AGENCY_ID));
    expect(await screen.findByRole('heading', { name: 'Agency not found' })).toBeInTheDocument();
  });
});

describe('an agency’s credits', { timeout: 20_000 }, () => {
  const LIMIT_CHANGE = {
    id: 'c1000000-0000-4000-8000-000000000001',
    from: 0,
    to: 2000,
    reason: 'Season of group bookings',
    operator: { id: sampleOperator.id, name: sampleOperator.name },
    created_at: '2026-03-09T12:00:00Z',
  };
  const page = (routes: Parameters<typeof fakeApi>[0] = {}) =>
    fakeApi({
      [DETAILS]: () => ok({ ...agencyDetails({ verification_status: 'approved' }), vendor_form: null }),
      [CREDITS]: () =>
        ok(
          adminCredits({
            balance: -300,
            credit_limit: 2000,
            available: 1700,
            pending_deposits: 5820.5,
            history: [LIMIT_CHANGE],
          }),
        ),
      [DESK]: () => ok(depositList([deposit()], { total: 2, totalPages: 2 })),
      ...routes,
    });
  const figure = (panel: HTMLElement, label: string) =>
    within(panel).getByText(label).closest('dt')?.nextElementSibling as HTMLElement;

  it('names each figure — balance, credit limit, available — with the deposits waiting and the limit’s history', async () => {
    const api = page();
    renderConsole(adminAgencyPath(AGENCY_ID));
    const panel = await screen.findByRole('region', { name: 'Credits' });
    expect(await within(panel).findByText('Credit limit history')).toBeInTheDocument();
    expect(figure(panel, 'Balance')).toHaveTextContent('-US$300.00');
    expect(figure(panel, 'Credit limit')).toHaveTextContent('US$2,000.00');
    expect(figure(panel, 'Available')).toHaveTextContent('US$1,700.00');
    expect(within(panel).getByText('US$5,820.50')).toBeInTheDocument();

    const waiting = await within(panel).findByRole('link', { name: '2 waiting' });
    expect(waiting).toHaveAttribute('href', adminAgencyDepositsPath(AGENCY_ID));
    const count = api.calls(DESK)[0]?.query;
    expect(count?.get('status')).toBe('pending');
    expect(count?.get('company_id')).toBe(AGENCY_ID);

    expect(within(panel).getByText('US$0.00 → US$2,000.00')).toBeInTheDocument();
    expect(within(panel).getByText('Season of group bookings')).toBeInTheDocument();
    expect(within(panel).getByText(new RegExp(sampleOperator.name))).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Statement' })).toHaveAttribute(
      'href',
      adminAgencyStatementPath(AGENCY_ID),
    );
  });

  it('says when no deposit waits and no limit was ever set', async () => {
    page({ [CREDITS]: () => ok(adminCredits()), [DESK]: () => ok(depositList([])) });
    renderConsole(adminAgencyPath(AGENCY_ID));
    const panel = await screen.findByRole('region', { name: 'Credits' });
    expect(await within(panel).findByText('No limit has been set.')).toBeInTheDocument();
    expect(await within(panel).findByText('none waiting')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: /waiting/ })).not.toBeInTheDocument();
  });

  it('offers to try again when the credits cannot be read', async () => {
    let attempts = 0;
    page({
      [CREDITS]: () => {
        attempts += 1;
        return attempts === 1 ? fail(500, 'Server error') : ok(adminCredits());
      },
    });
    const { user } = renderConsole(adminAgencyPath(AGENCY_ID));
    const panel = await screen.findByRole('region', { name: 'Credits' });
    expect(await within(panel).findByText('The credits could not be loaded')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('No limit has been set.')).toBeInTheDocument();
  });

  it('sets the limit with a reason: checked first, the server’s field errors and its 409 shown', async () => {
    let answer: () => Response = () => invalid({ reason: ['Say why the limit changes'] });
    const api = page({ [SET_LIMIT]: () => answer() });
    const { user } = renderConsole(adminAgencyPath(AGENCY_ID));
    const panel = await screen.findByRole('region', { name: 'Credits' });
    await user.click(await within(panel).findByRole('button', { name: 'Set credit limit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set credit limit' });
    const amount = within(dialog).getByLabelText('Credit limit (USD)');
    expect(amount).toHaveValue('2000.00');

    await user.clear(amount);
    await user.type(amount, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Set limit' }));
    expect(
      await within(dialog).findByText('An amount like 5000 or 2500.50, at most two decimals'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Give the reason, in a few words')).toBeInTheDocument();
    expect(api.calls(SET_LIMIT)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '100');
    expect(
      within(dialog).getByText(
        'Available becomes -US$200.00. The agency owes US$300.00: the limit cannot be less.',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Overdue invoices');
    await user.click(within(dialog).getByRole('button', { name: 'Set limit' }));
    expect(await within(dialog).findByText('Say why the limit changes')).toBeInTheDocument();
    expect(api.calls(SET_LIMIT)[0]?.body).toEqual({ amount: 100, reason: 'Overdue invoices' });

    answer = () =>
      fail(409, 'Horizon Voyages already owes US$300.00: the credit limit cannot be less than that');
    await user.click(within(dialog).getByRole('button', { name: 'Set limit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Horizon Voyages already owes US$300.00: the credit limit cannot be less than that',
    );

    const success = vi.spyOn(toast, 'success');
    answer = () => ok(adminCredits({ balance: -300, credit_limit: 500, available: 200 }));
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(`${ADMIN_SUCCESS.creditLimitSet}: US$500.00`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The panel is read again: the change invalidated it.
    await waitFor(() => expect(api.calls(CREDITS).length).toBeGreaterThan(1));
  });

  it('refreshes the credits after a manual adjustment, which keeps working beside them', async () => {
    const adjust = `POST /api/admin/companies/${AGENCY_ID}/adjustments`;
    const api = page({
      [adjust]: () =>
        ok(
          {
            id: 'c0000000-0000-4000-8000-000000000001',
            kind: 'adjustment',
            amount: 250,
            balance_after: -50,
            currency: 'USD',
            note: 'Goodwill credit',
            created_at: '2026-03-10T10:00:00Z',
          },
          { status: 201 },
        ),
    });
    const { user } = renderConsole(adminAgencyPath(AGENCY_ID));
    const form = await screen.findByRole('form', { name: 'Manual adjustment' });
    await screen.findByText('Credit limit history');
    await user.type(within(form).getByLabelText('Amount (USD)'), '250');
    await user.type(within(form).getByLabelText('Reason'), 'Goodwill credit');
    await user.click(within(form).getByRole('button', { name: 'Record adjustment' }));
    await waitFor(() => expect(api.calls(CREDITS).length).toBeGreaterThan(1));
    expect(api.calls(adjust)[0]?.body).toEqual({ amount: 250, reason: 'Goodwill credit' });
  });
});
