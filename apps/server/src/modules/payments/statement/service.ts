import {
  AppError,
  type LedgerKind,
  minorToAmount,
  STATEMENT_PDF_MAX_LINES,
  type Statement,
  type StatementEntry,
  type StatementOrder,
} from '@skydesk/contract';
import type { Clock } from '../../../platform/clock.js';
import type { Store } from '../../../platform/db/store.js';
import {
  linesBetween,
  linesOfKinds,
  rangeEnds,
  rangeLines,
  type StatementHolder,
  type StatementLine,
} from './repo.js';

/**
 * The ledger statement (issue 12): an agency's lines between two UTC days, inclusive, with the
 * balance before the first and after the last. A range of days becomes a range of line numbers
 * (`seq`, 1, 2, 3 … per company) found by index, so its length is a subtraction, a page is a
 * range read, and the balances and totals are read off the lines at its two ends (each line
 * carries the balance and the credits so far). Lines are consecutive and each line's balance is
 * the one before plus its amount, so opening + the sum of the lines = closing, for any range.
 *
 * Lines are numbered under the balance row's lock while `created_at` is their transaction's start,
 * so two postings racing across midnight may be numbered in the other order than their stamps: a
 * day's range runs from the first line stamped on or after its start to the last stamped before
 * its end, in (created_at, seq) order, and includes what is numbered between them.
 */

export type StatementPeriod = { fromDate?: string | undefined; toDate?: string | undefined };

/** A statement's range, in minor units: which lines, and what they add up to. */
export type StatementRange = {
  holder: StatementHolder;
  /** The days it covers, 'YYYY-MM-DD': those asked for, else those of its lines (or today). */
  from: string;
  to: string;
  /** Its lines are firstSeq…lastSeq (lastSeq = firstSeq - 1 when it has none). */
  firstSeq: number;
  lastSeq: number;
  total: number;
  openingMinor: number;
  closingMinor: number;
  /** Positive amounts in the range, and negative ones (≤ 0): closing - opening = credits + debits. */
  creditsMinor: number;
  debitsMinor: number;
};

const DAY_MS = 86_400_000;
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

const notFound = () => new AppError('not_found', 'Agency not found');

/** Lines per read when a whole range is exported. */
export const EXPORT_BATCH = 1000;

export function statementEntry(line: StatementLine): StatementEntry {
  return {
    id: line.id,
    line: line.seq,
    kind: line.kind,
    amount: minorToAmount(line.amount_minor),
    running_balance: minorToAmount(line.balance_after_minor),
    booking_id: line.booking_id,
    pnr: line.pnr,
    ticket_numbers: line.ticket_numbers ?? [],
    transaction_id: line.transaction_id,
    reference_no: line.reference_no,
    note: line.note,
    created_at: line.created_at.toISOString(),
  };
}

export function createStatementService(deps: { store: Store; clock: Clock }) {
  const { store, clock } = deps;

  return {
    /** The range of the company's statement for the period; 404 for an unknown company. */
    async range(companyId: string, period: StatementPeriod): Promise<StatementRange> {
      const bounds = await rangeLines(store, companyId, {
        from: period.fromDate ? startOf(period.fromDate) : null,
        until: period.toDate ? new Date(startOf(period.toDate).getTime() + DAY_MS) : null,
      });
      if (!bounds) throw notFound();
      const { holder } = bounds;
      // No line from the start on: the range is empty, after the last line.
      const firstSeq = bounds.firstSeq ?? (bounds.maxSeq ?? 0) + 1;
      const lastSeq = Math.max(bounds.lastSeq ?? 0, firstSeq - 1);
      const total = lastSeq - firstSeq + 1;
      const ends = await rangeEnds(store, companyId, firstSeq, lastSeq);
      // Line numbers have no gaps: the ends are exactly the lines asked for, or the ledger is broken.
      const exact = <T extends { seq: number }>(line: T | undefined, seq: number) => {
        if (seq === 0) return undefined;
        if (line?.seq !== seq) throw new Error(`Ledger line ${seq} of company ${companyId} is missing`);
        return line;
      };
      const before = exact(ends.before, firstSeq - 1);
      const last = exact(ends.last, lastSeq);
      const first = total > 0 ? exact(ends.first, firstSeq) : undefined;
      const openingMinor = before?.balance_after_minor ?? 0;
      const closingMinor = last?.balance_after_minor ?? 0;
      const creditsMinor = (last?.credits_after_minor ?? 0) - (before?.credits_after_minor ?? 0);
      const today = dayOf(clock.now());
      // Open-ended: up to now, or to the last line's day if the clock says earlier (days sort as text).
      const [, toDay] = [last && total > 0 ? dayOf(last.created_at) : today, today].sort();
      return {
        holder,
        from: period.fromDate ?? (first ? dayOf(first.created_at) : (period.toDate ?? today)),
        to: period.toDate ?? toDay ?? today,
        firstSeq,
        lastSeq,
        total,
        openingMinor,
        closingMinor,
        creditsMinor,
        debitsMinor: closingMinor - openingMinor - creditsMinor,
      };
    },

    /**
     * One page of the range (pages from 0), with its balances and totals: by line number, oldest or
     * newest first, every line or those of some kinds (issue 30). Each line carries the balance
     * after it, so the balance column is the ledger's whatever the order or the kinds; the page's
     * count is of the lines it lists from.
     */
    async page(
      range: StatementRange,
      page: number,
      limit: number,
      view: { order?: StatementOrder; kinds?: readonly LedgerKind[] | undefined } = {},
    ): Promise<Statement> {
      const newestFirst = view.order === 'newest';
      let lines: StatementLine[];
      let total = range.total;
      if (view.kinds && view.kinds.length > 0) {
        ({ total, lines } = await linesOfKinds(store, range.holder.id, range, {
          kinds: view.kinds,
          newestFirst,
          offset: page * limit,
          limit,
        }));
      } else if (newestFirst) {
        const toSeq = range.lastSeq - page * limit;
        const fromSeq = Math.max(range.firstSeq, toSeq - limit + 1);
        lines =
          fromSeq <= toSeq ? (await linesBetween(store, range.holder.id, fromSeq, toSeq)).reverse() : [];
      } else {
        const fromSeq = range.firstSeq + page * limit;
        const toSeq = Math.min(range.lastSeq, fromSeq + limit - 1);
        lines = fromSeq <= toSeq ? await linesBetween(store, range.holder.id, fromSeq, toSeq) : [];
      }
      return {
        currency: range.holder.currency,
        opening_balance: minorToAmount(range.openingMinor),
        closing_balance: minorToAmount(range.closingMinor),
        total_credits: minorToAmount(range.creditsMinor),
        total_debits: minorToAmount(range.debitsMinor),
        entries: lines.map(statementEntry),
        total,
        totalPages: Math.ceil(total / limit),
      };
    },

    /** Every line of the range in order, a batch at a time: an export never holds the range. */
    async *lines(range: StatementRange, batch = EXPORT_BATCH): AsyncGenerator<StatementLine[]> {
      for (let fromSeq = range.firstSeq; fromSeq <= range.lastSeq; fromSeq += batch) {
        yield await linesBetween(
          store,
          range.holder.id,
          fromSeq,
          Math.min(range.lastSeq, fromSeq + batch - 1),
        );
      }
    },

    /** A PDF prints at most STATEMENT_PDF_MAX_LINES lines: longer ranges are refused with 422. */
    assertPrintable(range: StatementRange): void {
      if (range.total <= STATEMENT_PDF_MAX_LINES) return;
      const message = `This statement has ${range.total.toLocaleString('en-US')} lines; a PDF prints at most ${STATEMENT_PDF_MAX_LINES.toLocaleString('en-US')}. Choose a shorter period, or export CSV.`;
      throw new AppError('validation', message, { fieldErrors: { format: [message] } });
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
