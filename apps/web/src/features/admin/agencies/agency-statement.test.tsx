import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleStatement, statementIds } from '../../../entities/statement/statement-fixtures';
import {
  adminAgencyPath,
  adminAgencyStatementPath,
  adminDepositPath,
} from '../../../shared/routing/admin-paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { AGENCY_ID, agencyDetails } from '../testing/admin-fixtures';
import { renderConsole } from '../testing/render';

configure({ asyncUtilTimeout: 10_000 });

const DETAILS = `GET /api/admin/companies/${AGENCY_ID}`;
const STATEMENT = `GET /api/admin/companies/${AGENCY_ID}/statement`;
const fileAnswer = (type: string) =>
  new Response('line,amount\n', { status: 200, headers: { 'Content-Type': type } });

const statementPage = (routes: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    [DETAILS]: () => ok(agencyDetails({ verification_status: 'approved' })),
    [STATEMENT]: (request) =>
      request.query.get('format') === 'csv'
        ? fileAnswer('text/csv')
        : request.query.get('format') === 'pdf'
          ? fileAnswer('application/pdf')
          : ok(sampleStatement({ total: 120, totalPages: 3 })),
    ...routes,
  });

describe('an agency’s statement in the console', { timeout: 20_000 }, () => {
  it('shows the shared statement, its deposits linked to the desk, read with the operator’s token', async () => {
    const api = statementPage();
    renderConsole(adminAgencyStatementPath(AGENCY_ID));
    expect(await screen.findByRole('heading', { name: 'Statement of Horizon Voyages' })).toBeInTheDocument();
    const lines = await screen.findByRole('region', { name: 'Statement lines' });
    expect(within(lines).getByRole('link', { name: 'FT2611180042' })).toHaveAttribute(
      'href',
      adminDepositPath(statementIds.deposit),
    );
    // The console has no booking page: the PNR is shown, not linked.
    expect(within(lines).getByText('K7Q2ZD')).toBeInTheDocument();
    expect(within(lines).queryByRole('link', { name: 'Booking K7Q2ZD' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Horizon Voyages' })).toHaveAttribute(
      'href',
      adminAgencyPath(AGENCY_ID),
    );

    const sent = api.calls(STATEMENT)[0];
    expect(sent?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(sent?.query.get('page')).toBe('0');
    expect(sent?.query.get('limit')).toBe('50');
    expect(sent?.query.has('fromDate')).toBe(false);
  });

  it('keeps the dates and the page in the address', async () => {
    const api = statementPage();
    const { user, router } = renderConsole(adminAgencyStatementPath(AGENCY_ID));
    await screen.findByRole('region', { name: 'Statement lines' });

    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.calls(STATEMENT).at(-1)?.query.get('fromDate')).toBe('2026-11-01'));
    expect(api.calls(STATEMENT).at(-1)?.query.get('toDate')).toBe('2026-11-30');

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls(STATEMENT).at(-1)?.query.get('page')).toBe('1'));
    expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-30&page=1');
  });

  it('saves the range as CSV and as PDF, fetched with the operator’s token', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = statementPage();
    const { user } = renderConsole(`${adminAgencyStatementPath(AGENCY_ID)}?from=2026-11-01`);
    await screen.findByRole('region', { name: 'Statement lines' });

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const csv = api.calls(STATEMENT).find((call) => call.query.get('format') === 'csv');
    expect(csv?.query.get('fromDate')).toBe('2026-11-01');
    expect(csv?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'statement-horizon-voyages-2026-11-01.csv',
    );

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(api.calls(STATEMENT).some((call) => call.query.get('format') === 'pdf')).toBe(true);
  });

  it('offers to try again when the statement cannot be read', async () => {
    let attempts = 0;
    statementPage({
      [STATEMENT]: () => {
        attempts += 1;
        return attempts === 1 ? fail(500, 'Server error') : ok(sampleStatement());
      },
    });
    const { user } = renderConsole(adminAgencyStatementPath(AGENCY_ID));
    expect(await screen.findByText('The statement could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Statement lines' })).toBeInTheDocument();
  });

  it('says so when the agency does not exist', async () => {
    statementPage({ [DETAILS]: () => fail(404, 'Not found'), [STATEMENT]: () => fail(404, 'Not found') });
    renderConsole(adminAgencyStatementPath(AGENCY_ID));
    expect(await screen.findByRole('heading', { name: 'Agency not found' })).toBeInTheDocument();
  });
});
