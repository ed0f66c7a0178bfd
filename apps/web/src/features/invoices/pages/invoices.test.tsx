import type { Invoice } from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invoiceDetailsPath } from '../../../entities/invoices/invoice-paths';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, ok } from '../../../testing/fake-api';
import { sampleUser, signedInState } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';

const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });
const ID = '3e0b9d85-6f4a-4b12-8d5e-8f9a0b1c2d34';
const CREDIT_ID = '4f1cae96-7a5b-4c23-9e6f-9a0b1c2d3e45';

const invoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: ID,
  number: 'INV-2026-000042',
  kind: 'invoice',
  against: null,
  booking: { id: '5a2dbfa7-8b6c-4d34-af70-0b1c2d3e4f56', pnr: 'K7QX2M' },
  reason: null,
  issued_at: '2026-11-29T10:00:00.000Z',
  agency: {
    name: 'Demo Travels',
    email: 'office@demo-travels.example',
    address: 'Business Bay, Dubai',
    tax_id: null,
    phone: '+971 4 555 0100',
    iata_number: null,
  },
  client: { name: 'Sara Khan', email: 'sara@example.com', address: null, tax_id: null },
  lines: [
    {
      kind: 'fare',
      description: 'Fare — KHAN/SARA MS (adult)',
      quantity: 1,
      unit_amount: usd(742.2),
      amount: usd(742.2),
    },
    { kind: 'fee', description: 'Booking fee', quantity: 1, unit_amount: usd(15), amount: usd(15) },
  ],
  subtotal: usd(757.2),
  tax: { name: 'VAT', rate: 0.05, base: usd(57.2), amount: usd(2.86) },
  total: usd(760.06),
  net: usd(700),
  margin: usd(57.2),
  issued_by: { id: sampleUser.id, name: sampleUser.name },
  ...overrides,
});

const { lines: _l, agency: _a, ...row } = invoice();
const credit = {
  ...row,
  id: CREDIT_ID,
  number: 'INV-2026-000043',
  kind: 'credit_note' as const,
  reason: 'refund' as const,
  against: { id: ID, number: 'INV-2026-000042' },
  total: usd(-760.06),
  net: usd(-700),
  margin: usd(-57.2),
};

const MONEY = signedInState({ permissions: ['payments.view', 'bookings.view'] });

describe('client invoices (issue 33)', () => {
  it('lists invoices and credit notes with their totals, filters them and exports the CSV', async () => {
    const api = fakeApi({
      'GET /api/invoices': ({ query }) =>
        query.get('format') === 'csv'
          ? new Response('number,total\n', { headers: { 'Content-Type': 'text/csv' } })
          : ok({
              items: [credit, row],
              total: 2,
              totalPages: 1,
              totals: { billed: usd(0), net: usd(0), margin: usd(0) },
            }),
    });
    const { user, router } = renderApp(paths.dashboard.invoices, { preloadedState: MONEY });
    const note = await screen.findByRole('row', { name: 'Credit note INV-2026-000043' }, { timeout: 15_000 });
    expect(note).toHaveTextContent('Refund · against INV-2026-000042');
    expect(screen.getByRole('row', { name: 'Invoice INV-2026-000042' })).toHaveTextContent('US$760.06');
    expect(within(screen.getByRole('region', { name: 'Totals' })).getByText('Billed')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Kind'), 'Credit note');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=credit_note'));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(api.calls('GET /api/invoices').some((call) => call.query.get('format') === 'csv')).toBe(true),
    );
    const csv = api.calls('GET /api/invoices').find((call) => call.query.get('format') === 'csv');
    expect(csv?.query.get('kind')).toBe('credit_note');
  });

  it('shows one invoice: lines, the tax on earnings, total, and net and margin for the agency', async () => {
    fakeApi({ [`GET /api/invoices/${ID}`]: () => ok(invoice()) });
    renderApp(invoiceDetailsPath(ID), { preloadedState: MONEY });
    const document = await screen.findByRole(
      'article',
      { name: 'Invoice INV-2026-000042' },
      { timeout: 15_000 },
    );
    expect(document).toHaveTextContent('Booking fee');
    expect(document).toHaveTextContent('VAT 5 % on earnings of US$57.20');
    expect(document).toHaveTextContent('TotalUS$760.06');
    expect(
      within(screen.getByRole('region', { name: 'Earnings' })).getByText('US$57.20'),
    ).toBeInTheDocument();
  });

  it('refuses a role without payments.view', async () => {
    fakeApi({});
    renderApp(paths.dashboard.invoices, {
      preloadedState: signedInState({ permissions: ['bookings.view'] }),
    });
    expect(await screen.findByText(/payments/i, {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});
