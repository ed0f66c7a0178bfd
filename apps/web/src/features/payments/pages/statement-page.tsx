import {
  CalendarDate,
  LEDGER_KINDS,
  STATEMENT_DEFAULT_LIMIT,
  STATEMENT_ORDERS,
  type StatementQuery,
} from '@skydesk/contract';
import { useState } from 'react';
import { CreditsFigures } from '../../../entities/credits/credits-figures';
import { useCredits } from '../../../entities/credits/use-credits';
import type { StatementRange } from '../../../entities/statement/statement-range';
import { StatementView } from '../../../entities/statement/statement-view';
import { useCan } from '../../../shared/access/dashboard-access';
import { saveAs } from '../../../shared/files/save-file';
import { isApiFailure } from '../../../shared/http/api-error';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LowBalanceSetting } from '../components/low-balance-setting';
import { bookingHref, depositHref } from '../payment-paths';
import { paymentsApi } from '../payments-api';

const isDay = (value: string): boolean => CalendarDate().safeParse(value).success;

/** The range and page live in the address: a statement can be reloaded, shared and gone back to. */
const STATEMENT_RANGE = {
  from: listParam.text({ valid: isDay }),
  to: listParam.text({ valid: isDay }),
  // Issue 30: newest first unless asked otherwise — the line looked for is usually the latest.
  order: listParam.oneOf(STATEMENT_ORDERS, 'newest'),
  kind: listParam.optional(LEDGER_KINDS),
};

type ExportFormat = 'csv' | 'pdf';

/**
 * /dashboard/statement (issue 12): the agency's credits named figure by figure, and its ledger
 * statement for a range of days — every line with the balance after it, linked to its booking or
 * deposit — with CSV and PDF exports and the low-balance alert.
 */
export function StatementPage() {
  const canView = useCan('payments.view');
  const canCreate = useCan('payments.create');
  if (!canView) return <ForbiddenScreen permission="payments.view" />;
  return <Statement canChangeAlert={canCreate} />;
}

function Statement({ canChangeAlert }: { canChangeAlert: boolean }) {
  const list = useListParams(STATEMENT_RANGE);
  // An address with the ends the wrong way round is read as the whole ledger, not a 422.
  const backwards = Boolean(list.filters.from && list.filters.to && list.filters.to < list.filters.from);
  const fromDate = backwards ? '' : list.filters.from;
  const toDate = backwards ? '' : list.filters.to;
  const page = backwards ? 0 : list.page;
  const range: StatementRange = { fromDate, toDate };
  const rangeQuery: StatementQuery = {
    ...(fromDate ? { fromDate } : {}),
    ...(toDate ? { toDate } : {}),
  };
  // The lines shown stay while another order, kind or page loads (aria-busy says so), so the
  // controls above them never vanish under the agent's hand.
  const {
    data: statement,
    isFetching,
    error,
    refetch,
  } = paymentsApi.useStatementQuery({
    query: {
      ...rangeQuery,
      order: list.filters.order,
      ...(list.filters.kind ? { kind: list.filters.kind } : {}),
      page,
      limit: STATEMENT_DEFAULT_LIMIT,
    },
  });
  const { credits } = useCredits();
  const [fetchFile] = paymentsApi.useStatementFileMutation();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  if (isApiFailure(error) && error.status === 403) return <ForbiddenScreen permission="payments.view" />;

  const download = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const url = await fetchFile({ query: { ...rangeQuery, format } }).unwrap();
      saveAs(url, `statement-${fromDate || 'start'}-to-${toDate || 'today'}.${format}`);
    } catch {
      // The call has told the user.
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      {credits && (
        <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <CreditsFigures credits={credits} layout="tiles" showStatementLink={false} />
          <LowBalanceSetting credits={credits} canChange={canChangeAlert} />
        </div>
      )}
      <StatementView
        statement={statement}
        loading={isFetching}
        error={error ? 'The statement could not be loaded' : null}
        onRetry={() => void refetch()}
        range={range}
        onRangeChange={(next) => list.setFilters({ from: next.fromDate, to: next.toDate })}
        lineView={{
          order: list.filters.order,
          kind: list.filters.kind ?? '',
          onChange: (next) => list.setFilters({ order: next.order, kind: next.kind || null }),
        }}
        page={page}
        onPage={list.setPage}
        bookingHref={bookingHref}
        depositHref={depositHref}
        exports={{
          csv: { onDownload: () => void download('csv'), busy: exporting === 'csv' },
          pdf: { onDownload: () => void download('pdf'), busy: exporting === 'pdf' },
        }}
      />
    </div>
  );
}
