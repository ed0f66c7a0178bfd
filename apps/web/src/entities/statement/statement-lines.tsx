import type { StatementEntry } from '@skydesk/contract';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatInstant } from '../../shared/format/date-time';
import { formatCredits, formatSignedCredits, LEDGER_KIND_LABELS, signedTone } from './statement-money';

/** Where a line's booking or deposit opens: the agency's screens or the operator's. */
export type StatementLinks = {
  /** None where the viewer has no booking page (the operator console): the PNR is shown unlinked. */
  bookingHref?: ((bookingId: string) => string) | undefined;
  depositHref?: ((transactionId: string) => string) | undefined;
};

type StatementLinesProps = StatementLinks & {
  entries: StatementEntry[];
  currency: string;
  /** The balance brought forward, shown above the first page's first line. */
  opening?: number | undefined;
  /** The balance carried forward, shown under the last page's last line. */
  closing?: number | undefined;
  /**
   * Newest first (issue 30): the balance carried forward heads the first page and the one brought
   * forward ends the last; each line's balance is still the one after it.
   */
  newestFirst?: boolean | undefined;
};

const linkClasses =
  'font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-900';

/**
 * The ledger's lines: a table from 640 px, and below it each line a stacked row — date and
 * amount, what it was and the balance after it — instead of a table scrolled sideways. The cells
 * stay one table for assistive technology in both layouts; only their display changes.
 */
export function StatementLines({
  entries,
  currency,
  opening,
  closing,
  newestFirst = false,
  bookingHref,
  depositHref,
}: StatementLinesProps) {
  const openingRow = opening !== undefined && (
    <BalanceRow label="Opening balance" amount={opening} currency={currency} />
  );
  const closingRow = closing !== undefined && (
    <BalanceRow label="Closing balance" amount={closing} currency={currency} />
  );
  return (
    <table className="block w-full text-sm sm:table">
      <caption className="sr-only">
        Ledger lines, {newestFirst ? 'newest' : 'oldest'} first, with the balance after each
      </caption>
      <thead className="sr-only sm:not-sr-only sm:table-header-group">
        <tr className="border-slate-200 border-b text-left text-slate-500 text-xs uppercase tracking-wide">
          <th scope="col" className="px-4 py-2.5 font-medium">
            Date
          </th>
          <th scope="col" className="px-4 py-2.5 font-medium">
            Entry
          </th>
          <th scope="col" className="px-4 py-2.5 font-medium">
            Details
          </th>
          <th scope="col" className="px-4 py-2.5 text-right font-medium">
            Amount
          </th>
          <th scope="col" className="px-4 py-2.5 text-right font-medium">
            Balance
          </th>
        </tr>
      </thead>
      <tbody className="block divide-y divide-slate-100 sm:table-row-group">
        {newestFirst ? closingRow : openingRow}
        {entries.map((entry) => (
          <LineRow
            key={entry.id}
            entry={entry}
            currency={currency}
            bookingHref={bookingHref}
            depositHref={depositHref}
          />
        ))}
        {newestFirst ? openingRow : closingRow}
      </tbody>
    </table>
  );
}

const rowClasses =
  'grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 px-4 py-3 sm:table-row sm:p-0 sm:[&>*]:px-4 sm:[&>*]:py-3 sm:[&>*]:align-top';

function LineRow({
  entry,
  currency,
  bookingHref,
  depositHref,
}: { entry: StatementEntry; currency: string } & StatementLinks) {
  return (
    <tr className={rowClasses}>
      <td className="col-start-1 row-start-1 block text-slate-600 sm:table-cell sm:whitespace-nowrap">
        <time dateTime={entry.created_at}>{formatInstant(entry.created_at)}</time>
        <span className="hidden text-slate-400 text-xs sm:block">line {entry.line}</span>
      </td>
      <td className="col-start-1 row-start-2 block font-medium text-slate-900 sm:table-cell">
        {LEDGER_KIND_LABELS[entry.kind]}
        <span className="font-normal text-slate-400 text-xs sm:hidden"> · line {entry.line}</span>
      </td>
      <td className="col-span-2 col-start-1 row-start-3 block min-w-0 text-slate-700 sm:table-cell">
        <LineDetails entry={entry} bookingHref={bookingHref} depositHref={depositHref} />
      </td>
      <td
        className={clsx(
          'col-start-2 row-start-1 block text-right font-semibold tabular-nums sm:table-cell sm:whitespace-nowrap',
          signedTone(entry.amount),
        )}
      >
        <span className="sr-only sm:hidden">Amount </span>
        {formatSignedCredits(entry.amount, currency)}
      </td>
      <td className="col-start-2 row-start-2 block text-right text-slate-900 tabular-nums sm:table-cell sm:whitespace-nowrap">
        <span className="text-slate-500 text-xs sm:hidden">Balance </span>
        <span className={clsx(entry.running_balance < 0 && 'text-rose-700')}>
          {formatCredits(entry.running_balance, currency)}
        </span>
      </td>
    </tr>
  );
}

/** What a line was for: its booking (PNR) and tickets, its deposit's bank reference, its note. */
function LineDetails({ entry, bookingHref, depositHref }: { entry: StatementEntry } & StatementLinks) {
  const parts: ReactNode[] = [];
  if (entry.pnr || entry.booking_id) {
    const pnr = entry.pnr ?? 'Booking';
    parts.push(
      <span key="booking">
        {entry.booking_id && bookingHref ? (
          <Link
            to={bookingHref(entry.booking_id)}
            className={clsx(linkClasses, 'font-mono tracking-wider')}
            aria-label={`Booking ${pnr}`}
          >
            {pnr}
          </Link>
        ) : (
          <span className="font-mono tracking-wider">{pnr}</span>
        )}
      </span>,
    );
  }
  if (entry.ticket_numbers.length > 0) {
    parts.push(
      <span key="tickets" className="break-words">
        {entry.ticket_numbers.length === 1 ? 'Ticket' : 'Tickets'}{' '}
        <span className="font-mono text-xs">{entry.ticket_numbers.join(', ')}</span>
      </span>,
    );
  }
  if (entry.reference_no || entry.transaction_id) {
    const reference = entry.reference_no ?? 'deposit';
    parts.push(
      <span key="deposit" className="break-words">
        Bank reference{' '}
        {entry.transaction_id && depositHref ? (
          <Link to={depositHref(entry.transaction_id)} className={linkClasses}>
            {reference}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{reference}</span>
        )}
      </span>,
    );
  }
  return (
    <div className="space-y-0.5">
      {parts.length > 0 && <p className="flex flex-wrap gap-x-3 gap-y-0.5">{parts}</p>}
      {entry.note && <p className="break-words text-slate-500 text-xs sm:text-sm">{entry.note}</p>}
      {parts.length === 0 && !entry.note && <p className="text-slate-400">—</p>}
    </div>
  );
}

function BalanceRow({ label, amount, currency }: { label: string; amount: number; currency: string }) {
  return (
    <tr className={clsx(rowClasses, 'bg-slate-50 font-medium text-slate-700')}>
      <th scope="row" colSpan={4} className="col-start-1 row-start-1 block text-left sm:table-cell">
        {label}
      </th>
      <td
        className={clsx(
          'col-start-2 row-start-1 block text-right font-semibold tabular-nums sm:table-cell sm:whitespace-nowrap',
          amount < 0 ? 'text-rose-700' : 'text-slate-900',
        )}
      >
        {formatCredits(amount, currency)}
      </td>
    </tr>
  );
}
