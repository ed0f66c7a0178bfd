import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { sampleStatement, sampleStatementEntries, statementIds } from './statement-fixtures';
import type { StatementRange } from './statement-range';
import { StatementView, type StatementViewProps } from './statement-view';

const bookingHref = (id: string) => `/somewhere/booking?id=${id}`;

async function renderView(props: Partial<StatementViewProps> = {}) {
  const onRangeChange = vi.fn();
  const onPage = vi.fn();
  const view = renderWithProviders(
    <StatementView
      statement={sampleStatement()}
      range={{ fromDate: '', toDate: '' }}
      onRangeChange={onRangeChange}
      page={0}
      onPage={onPage}
      bookingHref={bookingHref}
      {...props}
    />,
  );
  // The providers read the saved session back first.
  await screen.findByLabelText('From');
  return { ...view, onRangeChange, onPage };
}

/** The view with its range kept in state, as a screen keeps it in the address. */
function Harness({ onChange }: { onChange: (range: StatementRange) => void }) {
  const [range, setRange] = useState<StatementRange>({ fromDate: '', toDate: '' });
  return (
    <StatementView
      statement={sampleStatement()}
      range={range}
      onRangeChange={(next) => {
        onChange(next);
        setRange(next);
      }}
      page={0}
      onPage={() => {}}
      bookingHref={bookingHref}
    />
  );
}

const lines = () => within(screen.getByRole('region', { name: 'Statement lines' })).getAllByRole('row');

describe('the statement view', () => {
  it('shows the balance brought forward, each line with its amount signed and the balance after it, and the balance carried forward', async () => {
    await renderView();
    const summary = screen.getByRole('region', { name: 'Statement summary' });
    expect(within(summary).getByText('Opening balance').nextElementSibling).toHaveTextContent('US$500.00');
    expect(within(summary).getByText('Credits').nextElementSibling).toHaveTextContent('+US$2,000.00');
    expect(within(summary).getByText('Debits').nextElementSibling).toHaveTextContent('−US$1,250.50');
    expect(within(summary).getByText('Closing balance').nextElementSibling).toHaveTextContent('US$1,249.50');
    expect(within(summary).getByText('All dates')).toBeInTheDocument();

    const [header, opening, deposit, ticket, adjustment, closing] = lines();
    expect(header).toHaveTextContent(/Date.*Entry.*Details.*Amount.*Balance/);
    expect(opening).toHaveTextContent(/Opening balance\s*US\$500\.00/);
    expect(deposit).toHaveTextContent('Deposit');
    expect(deposit).toHaveTextContent('Bank reference FT2611180042');
    expect(within(deposit!).getByText('+US$2,000.00')).toHaveClass('text-emerald-700');
    expect(deposit).toHaveTextContent('US$2,500.00');
    expect(ticket).toHaveTextContent('Tickets 176-2400000001, 176-2400000002');
    expect(within(ticket!).getByText('−US$1,221.00')).toHaveClass('text-rose-700');
    expect(adjustment).toHaveTextContent('Bank charge on the deposit of 18 Nov');
    expect(adjustment).toHaveTextContent('US$1,249.50');
    expect(closing).toHaveTextContent(/Closing balance\s*US\$1,249\.50/);
  });

  it('links a line to its booking where the caller says bookings open, and a deposit only when told where', async () => {
    await renderView();
    expect(screen.getByRole('link', { name: 'Booking K7Q2ZD' })).toHaveAttribute(
      'href',
      bookingHref(statementIds.booking),
    );
    expect(screen.queryByRole('link', { name: 'FT2611180042' })).not.toBeInTheDocument();
  });

  it('links deposits too when the caller gives their address', async () => {
    await renderView({ depositHref: (id) => `/deposits/${id}` });
    expect(screen.getByRole('link', { name: 'FT2611180042' })).toHaveAttribute(
      'href',
      `/deposits/${statementIds.deposit}`,
    );
  });

  it('pages: the opening line only on the first page, the closing line only on the last, and next/previous', async () => {
    const statement = sampleStatement({ total: 120, totalPages: 3 });
    const { user, onPage, unmount } = await renderView({ statement, page: 0 });
    expect(screen.getByText('120 lines · page 1 of 3')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Statement pages' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('rowheader', { name: 'Opening balance' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Closing balance' })).not.toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(1);

    unmount();
    await renderView({ statement, page: 2 });
    expect(screen.getByText('120 lines · page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByRole('rowheader', { name: 'Opening balance' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Closing balance' })).toBeInTheDocument();
  });

  it('says a range with no lines moved nothing, still showing the balance it held', async () => {
    await renderView({
      range: { fromDate: '2026-10-01', toDate: '2026-10-31' },
      statement: sampleStatement({
        entries: [],
        total: 0,
        totalPages: 0,
        opening_balance: 500,
        closing_balance: 500,
        total_credits: 0,
        total_debits: 0,
      }),
    });
    expect(screen.getByText('No entries in these dates')).toBeInTheDocument();
    expect(screen.getByText('Thu 1 Oct 2026 – Sat 31 Oct 2026')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Statement summary' });
    expect(within(summary).getByText('Closing balance').nextElementSibling).toHaveTextContent('US$500.00');
    expect(screen.queryByRole('navigation', { name: 'Statement pages' })).not.toBeInTheDocument();
  });

  it('applies a range of days, refusing an end before the start, and goes back to all dates', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    await screen.findByLabelText('From');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.type(from, '2026-11-20');
    await user.type(to, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(to).toHaveAccessibleDescription('The end is before the start');
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(to);
    await user.type(to, '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(onChange).toHaveBeenLastCalledWith({ fromDate: '2026-11-20', toDate: '2026-11-30' });
    expect(screen.getByText('Fri 20 Nov 2026 – Mon 30 Nov 2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All dates' }));
    expect(onChange).toHaveBeenLastCalledWith({ fromDate: '', toDate: '' });
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('shows a skeleton while loading, and an error with a way to ask again', async () => {
    const { unmount } = await renderView({ statement: undefined, loading: true });
    expect(screen.getByRole('status', { name: 'Loading the statement' })).toBeInTheDocument();
    unmount();

    const onRetry = vi.fn();
    const { user } = await renderView({
      statement: undefined,
      error: 'The statement could not be loaded',
      onRetry,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The statement could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('offers the exports as links or as downloads it is told about', async () => {
    const onDownload = vi.fn();
    const { user } = await renderView({
      exports: { csv: { href: '/statement.csv' }, pdf: { onDownload } },
    });
    const downloads = screen.getByRole('group', { name: 'Download the statement' });
    expect(within(downloads).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/statement.csv',
    );
    await user.click(within(downloads).getByRole('button', { name: 'Download PDF' }));
    expect(onDownload).toHaveBeenCalled();
  });

  it('reads newest first: the closing balance heads the first page, the opening one ends the last', async () => {
    const onChange = vi.fn();
    const entries = [...sampleStatementEntries()].reverse();
    await renderView({
      statement: sampleStatement({ entries }),
      lineView: { order: 'newest', kind: '', onChange },
    });
    const [, closing, adjustment, , deposit, opening] = lines();
    expect(closing).toHaveTextContent(/Closing balance\s*US\$1,249\.50/);
    expect(adjustment).toHaveTextContent('US$1,249.50');
    expect(deposit).toHaveTextContent('US$2,500.00');
    expect(opening).toHaveTextContent(/Opening balance\s*US\$500\.00/);
    expect(screen.getByRole('table')).toHaveAccessibleName(/newest first/);
  });

  it('shows only the lines of a kind without balance rows between them, and offers the order and kind', async () => {
    const onChange = vi.fn();
    const { user } = await renderView({
      statement: sampleStatement({
        entries: sampleStatementEntries().filter((entry) => entry.kind === 'ticket'),
      }),
      lineView: { order: 'newest', kind: 'ticket', onChange },
    });
    const rows = lines();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Ticket');
    expect(screen.queryByText('Closing balance', { selector: 'th' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'oldest');
    expect(onChange).toHaveBeenLastCalledWith({ order: 'oldest', kind: 'ticket', onChange });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'refund');
    expect(onChange).toHaveBeenLastCalledWith({ order: 'newest', kind: 'refund', onChange });
  });
});
