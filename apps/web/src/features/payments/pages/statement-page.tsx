import { CalendarDate, STATEMENT_DEFAULT_LIMIT, type StatementQuery } from '@skydesk/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CreditsFigures } from '../../../entities/credits/credits-figures';
import { useCredits } from '../../../entities/credits/use-credits';
import type { StatementRange } from '../../../entities/statement/statement-range';
import { StatementView } from '../../../entities/statement/statement-view';
import { saveAs } from '../../../shared/files/save-file';
import { isApiFailure } from '../../../shared/http/api-error';
import { selectPermissions } from '../../../shared/session/session-slice';
import { useAppSelector } from '../../../shared/store/hooks';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LowBalanceSetting } from '../components/low-balance-setting';
import { bookingHref, depositHref } from '../payment-paths';
import { paymentsApi } from '../payments-api';

const isDay = (value: string | null): value is string => CalendarDate().safeParse(value).success;

/** The range and page live in the address: a statement can be reloaded, shared and gone back to. */
function readStatementParams(params: URLSearchParams): StatementRange & { page: number } {
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page') ?? 0);
  const range = { fromDate: isDay(from) ? from : '', toDate: isDay(to) ? to : '' };
  // An address with the ends the wrong way round is read as the whole ledger, not a 422.
  if (range.fromDate && range.toDate && range.toDate < range.fromDate)
    return { fromDate: '', toDate: '', page: 0 };
  return { ...range, page: Number.isInteger(page) && page > 0 ? page : 0 };
}

function toStatementParams({ fromDate, toDate, page }: StatementRange & { page: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (fromDate) params.set('from', fromDate);
  if (toDate) params.set('to', toDate);
  if (page > 0) params.set('page', String(page));
  return params;
}

type ExportFormat = 'csv' | 'pdf';

/**
 * /dashboard/statement (issue 12): the agency's credits named figure by figure, and its ledger
 * statement for a range of days — every line with the balance after it, linked to its booking or
 * deposit — with CSV and PDF exports and the low-balance alert.
 */
export function StatementPage() {
  const permissions = useAppSelector(selectPermissions);
  if (!permissions.includes('payments.view')) return <ForbiddenScreen permission="payments.view" />;
  return <Statement canChangeAlert={permissions.includes('payments.create')} />;
}

function Statement({ canChangeAlert }: { canChangeAlert: boolean }) {
  const [params, setParams] = useSearchParams();
  const { fromDate, toDate, page } = readStatementParams(params);
  const range: StatementRange = { fromDate, toDate };
  const rangeQuery: StatementQuery = {
    ...(fromDate ? { fromDate } : {}),
    ...(toDate ? { toDate } : {}),
  };
  const {
    currentData: statement,
    isFetching,
    error,
    refetch,
  } = paymentsApi.useStatementQuery({ query: { ...rangeQuery, page, limit: STATEMENT_DEFAULT_LIMIT } });
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
        onRangeChange={(next) => setParams(toStatementParams({ ...next, page: 0 }))}
        page={page}
        onPage={(next) => setParams(toStatementParams({ ...range, page: next }))}
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
