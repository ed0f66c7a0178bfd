import { ArrowLeft, Building2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { StatementRange } from '../../../entities/statement/statement-range';
import { StatementView } from '../../../entities/statement/statement-view';
import { saveAs } from '../../../shared/files/save-file';
import { isApiFailure } from '../../../shared/http/api-error';
import { adminAgencyPath, adminDepositPath, adminPaths } from '../../../shared/routing/admin-paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { adminApi } from '../admin-api';
import { adminPaymentsApi } from '../admin-payments-api';

const PAGE_SIZE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range in the address, as the agency's own statement keeps it. */
const STATEMENT_RANGE = {
  from: listParam.text({ valid: (value) => DAY.test(value) }),
  to: listParam.text({ valid: (value) => DAY.test(value) }),
};

/**
 * /admin/agencies/:id/statement: the agency's ledger as the agency sees it (the shared statement
 * view), its deposits linked to the desk; the range and page in the address; CSV and PDF of the
 * range fetched with the operator's token and saved.
 */
export function AgencyStatementPage() {
  const { id = '' } = useParams();
  const { filters, page, setFilters, setPage } = useListParams(STATEMENT_RANGE);
  const range: StatementRange = { fromDate: filters.from, toDate: filters.to };
  const { currentData: details, error: agencyError } = adminApi.useAgencyQuery({ params: { id } });
  const rangeQuery = {
    ...(range.fromDate ? { fromDate: range.fromDate } : {}),
    ...(range.toDate ? { toDate: range.toDate } : {}),
  };
  const { currentData, isFetching, isError, refetch } = adminPaymentsApi.useCompanyStatementQuery({
    params: { id },
    query: { ...rangeQuery, page, limit: PAGE_SIZE },
  });
  const [fetchFile] = adminPaymentsApi.useCompanyStatementFileMutation();
  const [saving, setSaving] = useState<'csv' | 'pdf' | null>(null);

  const save = async (format: 'csv' | 'pdf') => {
    setSaving(format);
    try {
      const file = await fetchFile({ params: { id }, query: { ...rangeQuery, format } }).unwrap();
      const days = [range.fromDate, range.toDate].filter(Boolean).join('_to_');
      saveAs(file, `statement-${slug(details?.company.name ?? id)}${days ? `-${days}` : ''}.${format}`);
    } catch {
      // Toasted by the client.
    } finally {
      setSaving(null);
    }
  };

  if (isApiFailure(agencyError) && (agencyError.status === 404 || agencyError.status === 422)) {
    return (
      <EmptyState
        icon={Building2}
        title="Agency not found"
        actions={
          <Link to={adminPaths.agencies} className={buttonClasses('primary')}>
            Agency review
          </Link>
        }
      >
        No agency has this address. It may have been mistyped.
      </EmptyState>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <Link
        to={adminAgencyPath(id)}
        className="inline-flex items-center gap-1.5 font-medium text-indigo-700 text-sm hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {details?.company.name ?? 'The agency'}
      </Link>
      <h2 className="font-semibold text-slate-900 text-xl">
        {details ? `Statement of ${details.company.name}` : 'Statement'}
      </h2>
      <StatementView
        statement={currentData}
        loading={isFetching}
        error={isError ? 'The statement could not be loaded' : null}
        onRetry={() => void refetch()}
        range={range}
        onRangeChange={(next) => setFilters({ from: next.fromDate, to: next.toDate })}
        page={page}
        onPage={setPage}
        depositHref={adminDepositPath}
        exports={{
          csv: { onDownload: () => void save('csv'), busy: saving === 'csv' },
          pdf: { onDownload: () => void save('pdf'), busy: saving === 'pdf' },
        }}
      />
    </div>
  );
}

/** "Horizon Voyages" → "horizon-voyages", for the saved file's name. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'agency';
