import type { AdminCompany, CompanyStatus } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Building2, Clock, Search, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { adminAgencyPath } from '../../../shared/routing/admin-paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { inputClasses } from '../../../shared/ui/field';
import { adminApi } from '../admin-api';
import { formatWaiting, waitedLong } from '../admin-format';
import { COMPANY_STATUS } from '../admin-labels';
import { CompanyStatusBadge } from '../components/company-status-badge';
import { type StatusTab, StatusTabs } from '../components/status-tabs';
import { countryName } from '../country-name';
import { DeskQueue } from '../desk/desk-queue';

/** The queue's tabs: the review's states, the one waiting on operators first; then every agency. */
const TABS: StatusTab<CompanyStatus | 'all'>[] = [
  { value: 'pending_review', label: COMPANY_STATUS.pending_review.label },
  { value: 'email_verified', label: COMPANY_STATUS.email_verified.label },
  { value: 'approved', label: COMPANY_STATUS.approved.label },
  { value: 'rejected', label: COMPANY_STATUS.rejected.label },
  { value: 'suspended', label: COMPANY_STATUS.suspended.label },
  { value: 'all', label: 'All' },
];

const PAGE_SIZE = 20;

/** The queue's state lives in the address, so back, reload and a shared link show the same list. */
const AGENCY_QUEUE = {
  status: listParam.oneOf(
    TABS.map((tab) => tab.value),
    'pending_review',
  ),
  q: listParam.text(),
};

/** /admin/agencies: agencies by review state, longest waiting first, searchable by name, e-mail or country. */
export function AgenciesPage() {
  const { filters, page, setFilters, setPage } = useListParams(AGENCY_QUEUE);
  const { status, q } = filters;
  const answer = adminApi.useAgenciesQuery({
    query: { ...(status === 'all' ? {} : { status }), ...(q ? { q } : {}), page, limit: PAGE_SIZE },
  });

  return (
    <DeskQueue
      toolbar={
        <>
          <StatusTabs
            legend="Review state"
            tabs={TABS}
            current={status}
            onChange={(next) => setFilters({ status: next })}
          />
          <SearchBox key={q} initial={q} onSearch={(next) => setFilters({ q: next })} />
        </>
      }
      answer={answer}
      items={(found) => found.companies}
      noun="agencies"
      empty={
        <EmptyState icon={Building2} title={q ? 'No agency matches' : 'No agencies here'}>
          {q
            ? `Nothing in this list matches "${q}". Search by the agency's name, e-mail or country.`
            : status === 'pending_review'
              ? 'No agency is waiting for a review. New vendor forms appear here, longest waiting first.'
              : 'No agency is in this state.'}
        </EmptyState>
      }
      pager={{ page, onPage: setPage, noun: (total) => (total === 1 ? 'agency' : 'agencies') }}
    >
      {(companies) => <AgencyTable companies={companies} busy={answer.isFetching} />}
    </DeskQueue>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <search className="w-full">
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor="agency-search" className="sr-only">
          Search agencies
        </label>
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id="agency-search"
            type="search"
            value={value}
            maxLength={100}
            onChange={(event) => setValue(event.target.value)}
            placeholder="Name, e-mail, country"
            className={inputClasses(false, 'pl-9')}
          />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {initial && (
          <Button
            variant="ghost"
            aria-label="Clear the search"
            onClick={() => {
              setValue('');
              onSearch('');
            }}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        )}
      </form>
    </search>
  );
}

const COLUMNS = [
  { label: 'Agency', className: 'px-5' },
  { label: 'Country', className: 'px-3' },
  { label: 'State', className: 'px-3' },
  { label: 'Users', className: 'px-3 text-right' },
  { label: 'Balance', className: 'px-3 text-right' },
  { label: 'Documents sent', className: 'px-3' },
  { label: 'Waiting', className: 'px-5' },
];

function AgencyTable({ companies, busy }: { companies: AdminCompany[]; busy: boolean }) {
  const now = Date.now();
  return (
    <section aria-labelledby="agency-list-title" aria-busy={busy || undefined}>
      <h2 id="agency-list-title" className="sr-only">
        Agencies
      </h2>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-sm">
          <thead className="hidden bg-slate-50 text-left text-slate-500 text-xs lg:table-header-group">
            <tr>
              {COLUMNS.map(({ label, className }) => (
                <th key={label} scope="col" className={`py-2 font-medium ${className}`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {companies.map((company) => {
              const long =
                company.verification_status === 'pending_review' && waitedLong(company.waiting_since, now);
              return (
                <tr
                  key={company.id}
                  className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1.5 px-4 py-3 hover:bg-slate-50 lg:table-row lg:p-0"
                >
                  <td className="min-w-0 lg:px-5 lg:py-3">
                    <Link
                      to={adminAgencyPath(company.id)}
                      className="font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
                    >
                      {company.name}
                    </Link>
                    <p className="truncate text-slate-500 text-xs">{company.email}</p>
                  </td>
                  <td className="hidden text-slate-700 lg:table-cell lg:px-3 lg:py-3">
                    {countryName(company.country)}
                  </td>
                  <td className="text-right lg:px-3 lg:py-3 lg:text-left">
                    <CompanyStatusBadge status={company.verification_status} />
                  </td>
                  <td className="text-slate-600 lg:px-3 lg:py-3 lg:text-right">
                    <span className="lg:hidden">{countryName(company.country)} · </span>
                    {company.user_count}
                    <span className="lg:hidden"> {company.user_count === 1 ? 'user' : 'users'}</span>
                  </td>
                  <td className="text-right font-medium text-slate-900 tabular-nums lg:px-3 lg:py-3">
                    {formatMoney({ Amount: company.balance, CurrencyCode: company.currency })}
                  </td>
                  <td className="text-slate-600 lg:px-3 lg:py-3">
                    {company.submitted_at ? (
                      <time dateTime={company.submitted_at}>
                        <span className="lg:hidden">Sent </span>
                        {formatInstant(company.submitted_at)}
                      </time>
                    ) : (
                      <span className="text-slate-400">Not yet</span>
                    )}
                  </td>
                  <td className="text-right lg:px-5 lg:py-3 lg:text-left">
                    <span
                      className={clsx(
                        'inline-flex items-center gap-1 whitespace-nowrap',
                        long ? 'font-semibold text-rose-700' : 'text-slate-600',
                      )}
                      title={`Since ${formatInstant(company.waiting_since)}`}
                    >
                      <Clock aria-hidden="true" className="size-3.5" />
                      {formatWaiting(company.waiting_since, now)}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
