import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@skydesk/contract';
import { ScrollText, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import {
  adminAgencyPath,
  adminDepositPath,
  adminPaths,
  adminRefundPath,
  adminTicketPath,
} from '../../../shared/routing/admin-paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SelectField, TextField } from '../../../shared/ui/field';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Pager } from '../../../shared/ui/pager';
import { adminApi } from '../admin-api';
import { AUDIT_ACTION_LABELS } from '../admin-labels';
import { ListSkeleton } from '../components/list-states';
import { auditSentence } from './audit-sentence';

const PAGE_SIZE = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Filters = { actor: string; target: string; action: string; from: string; to: string };
const FILTER_KEYS = ['actor', 'target', 'action', 'from', 'to'] as const;

const isAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);

/** The filters in the address, so a filtered log can be reloaded, shared and gone back to. */
const AUDIT_FILTERS = {
  actor: listParam.text(),
  target: listParam.text(),
  action: listParam.text(),
  from: listParam.text(),
  to: listParam.text(),
};

/** /admin/audit: every operator action, newest first, filtered by who, on what, which and when. */
export function AuditPage() {
  const { filters, page, setFilters, setPage } = useListParams(AUDIT_FILTERS);
  const query = {
    ...(UUID.test(filters.actor) ? { actor: filters.actor } : {}),
    ...(UUID.test(filters.target) ? { target: filters.target } : {}),
    ...(isAction(filters.action) ? { action: filters.action } : {}),
    ...(DAY.test(filters.from) ? { from: filters.from } : {}),
    ...(DAY.test(filters.to) ? { to: filters.to } : {}),
    page,
    limit: PAGE_SIZE,
  };
  const { currentData, error, isError, refetch } = adminApi.useAuditQuery({ query });
  const refused = isError && isApiFailure(error) && error.status === 422 ? error.fieldErrors : null;
  const filtered = FILTER_KEYS.some((key) => filters[key]);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <FilterForm
        key={JSON.stringify(filters)}
        initial={filters}
        serverErrors={refused ?? {}}
        onApply={(next) => setFilters(next)}
      />

      {isError && !refused ? (
        <LoadFailed title="The audit log could not be loaded" onRetry={() => void refetch()} />
      ) : refused ? null : !currentData ? (
        <ListSkeleton label="Loading the audit log" />
      ) : currentData.entries.length === 0 ? (
        <EmptyState icon={ScrollText} title={filtered ? 'No entry matches' : 'Nothing logged yet'}>
          {filtered
            ? 'No operator action matches these filters.'
            : 'Every decision an operator takes is written here.'}
        </EmptyState>
      ) : (
        <>
          <ol
            aria-label="Audit log entries"
            className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            {currentData.entries.map((entry) => (
              <EntryRow
                key={entry.id}
                entry={entry}
                onActor={(actor) => setFilters({ actor })}
                onTarget={(target) => setFilters({ target })}
              />
            ))}
          </ol>
          <Pager
            page={page}
            totalPages={currentData.totalPages}
            total={currentData.total}
            noun={currentData.total === 1 ? 'entry' : 'entries'}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}

type FilterFormProps = {
  initial: Filters;
  serverErrors: Record<string, string[] | undefined>;
  onApply: (filters: Filters) => void;
};

function FilterForm({ initial, serverErrors, onApply }: FilterFormProps) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Filters>>({});
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const errorOf = (key: keyof Filters) => errors[key] ?? serverErrors[key]?.[0];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { ...draft, actor: draft.actor.trim(), target: draft.target.trim() };
    const problems: Partial<Filters> = {};
    if (trimmed.actor && !UUID.test(trimmed.actor))
      problems.actor = "An operator's id (pick one from an entry)";
    if (trimmed.target && !UUID.test(trimmed.target))
      problems.target = 'The id of an agency, refund, bank or operator';
    if (trimmed.from && trimmed.to && trimmed.from > trimmed.to) problems.to = 'The end is before the start';
    setErrors(problems);
    if (Object.keys(problems).length === 0) onApply(trimmed);
  };

  return (
    <form
      noValidate
      onSubmit={apply}
      aria-label="Filter the audit log"
      className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:grid-cols-6"
    >
      <SelectField label="Action" value={draft.action} onChange={set('action')} className="col-span-2">
        <option value="">Every action</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {AUDIT_ACTION_LABELS[action]}
          </option>
        ))}
      </SelectField>
      <TextField label="From" type="date" value={draft.from} onChange={set('from')} error={errorOf('from')} />
      <TextField label="To" type="date" value={draft.to} onChange={set('to')} error={errorOf('to')} />
      <TextField
        label="Actor"
        value={draft.actor}
        onChange={set('actor')}
        error={errorOf('actor')}
        placeholder="Operator id"
        spellCheck={false}
        className="col-span-2"
      />
      <TextField
        label="Target"
        value={draft.target}
        onChange={set('target')}
        error={errorOf('target')}
        placeholder="Agency, refund, bank or operator id"
        spellCheck={false}
        className="col-span-2 lg:col-span-4"
      />
      <div className="col-span-2 flex items-end gap-2">
        <Button type="submit" className="flex-1">
          Apply filters
        </Button>
        {FILTER_KEYS.some((key) => initial[key]) && (
          <Button
            variant="secondary"
            onClick={() => onApply({ actor: '', target: '', action: '', from: '', to: '' })}
          >
            <X aria-hidden="true" className="size-4" />
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}

/** Where a target lives in the console, when it has a page there. */
function targetPath(entry: AuditEntry): string | null {
  if (!entry.target_id) return null;
  if (entry.target_type === 'company') return adminAgencyPath(entry.target_id);
  if (entry.target_type === 'refund') return adminRefundPath(entry.target_id);
  if (entry.target_type === 'deposit') return adminDepositPath(entry.target_id);
  if (entry.target_type === 'ticket') return adminTicketPath(entry.target_id);
  if (entry.target_type === 'announcement' && entry.action !== 'announcement.delete') {
    return `${adminPaths.announcements}/${encodeURIComponent(entry.target_id)}`;
  }
  if (entry.target_type === 'offer' && entry.action !== 'offer.delete') {
    return `${adminPaths.offers}/${encodeURIComponent(entry.target_id)}`;
  }
  return null;
}

const TARGET_LABELS: Record<AuditEntry['target_type'], string> = {
  company: 'Agency',
  refund: 'Refund',
  deposit: 'Deposit',
  bank: 'Bank account',
  operator: 'Operator',
  ticket: 'Support ticket',
  announcement: 'Announcement',
  offer: 'Offer',
  supplier: 'Supplier',
  rate: 'Currency rate',
  schedule_change: 'Schedule change',
  pricing_rule: 'Platform pricing rule',
};

const shown = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** What the action changed: each field of `after` that differs from `before`. */
function changes(entry: AuditEntry): { field: string; before: string; after: string }[] {
  const after = entry.after ?? {};
  const before = entry.before ?? {};
  return Object.keys(after)
    .filter((field) => shown(before[field]) !== shown(after[field]))
    .map((field) => ({ field, before: shown(before[field]), after: shown(after[field]) }));
}

type EntryRowProps = { entry: AuditEntry; onActor: (id: string) => void; onTarget: (id: string) => void };

/**
 * One entry as a sentence — when, who did what to which agency, amounts as money, the reason given
 * — with what exactly changed (each field before and after), the target's id, the address and the
 * request a click away (issue 30).
 */
function EntryRow({ entry, onActor, onTarget }: EntryRowProps) {
  const path = targetPath(entry);
  const changed = changes(entry);
  const { did, reason } = auditSentence(entry);
  return (
    <li className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4 sm:px-5">
      <div className="text-slate-500 text-xs sm:text-sm">
        <time dateTime={entry.created_at}>{formatInstant(entry.created_at)}</time>
        <p className="sr-only">{AUDIT_ACTION_LABELS[entry.action]}</p>
      </div>
      <div className="min-w-0">
        <p className="text-slate-700">
          {entry.actor ? (
            <button
              type="button"
              onClick={() => entry.actor && onActor(entry.actor.id)}
              title={`Only ${entry.actor.email}'s actions`}
              className="font-semibold text-slate-900 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              {entry.actor.name}
            </button>
          ) : (
            <span className="font-semibold text-slate-900">Someone</span>
          )}{' '}
          {did}.
        </p>
        {reason && <p className="mt-1 border-slate-200 border-l-2 pl-2 text-slate-600 italic">“{reason}”</p>}
        <details className="group mt-1.5">
          <summary className="cursor-pointer select-none text-slate-500 text-xs hover:text-slate-800">
            {changed.length > 0 ? 'What changed' : 'Details'}
          </summary>
          <div className="mt-2 space-y-2 rounded-lg bg-slate-50 px-3 py-2 text-xs ring-1 ring-slate-200">
            {changed.length > 0 && (
              <dl className="space-y-1">
                {changed.map(({ field, before, after }) => (
                  <div key={field} className="flex min-w-0 flex-wrap gap-x-2">
                    <dt className="font-medium text-slate-700">{field}</dt>
                    <dd className="min-w-0 break-words text-slate-600">
                      {before !== '—' && (
                        <>
                          <span className="line-through decoration-slate-400">{before}</span> →{' '}
                        </>
                      )}
                      <span className="text-slate-900">{after}</span>
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600">
              <span>{TARGET_LABELS[entry.target_type]}</span>
              {entry.target_id &&
                (path ? (
                  <Link to={path} className="break-all font-mono text-indigo-700 hover:underline">
                    {entry.target_id}
                  </Link>
                ) : (
                  <span className="break-all font-mono">{entry.target_id}</span>
                ))}
              {entry.target_id && (
                <button
                  type="button"
                  onClick={() => entry.target_id && onTarget(entry.target_id)}
                  className="rounded text-slate-500 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
                >
                  Only this target
                </button>
              )}
            </p>
            {(entry.ip || entry.request_id) && (
              <p className="font-mono text-slate-500">
                {entry.ip}
                {entry.ip && entry.request_id && ' · '}
                {entry.request_id && `request ${entry.request_id}`}
              </p>
            )}
          </div>
        </details>
      </div>
    </li>
  );
}
