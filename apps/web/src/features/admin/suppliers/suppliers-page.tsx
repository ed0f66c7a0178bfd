import type { AdminSupplier, SupplierHealth } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Coins, Pencil, PlugZap, Server } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { formatCount } from '../../../shared/format/number';
import { isApiFailure } from '../../../shared/http/api-error';
import { adminPaths } from '../../../shared/routing/admin-paths';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Switch } from '../../../shared/ui/switch';
import { ListSkeleton } from '../components/list-states';
import { MarkupDialog } from './markup-dialog';
import {
  FAILURE_CAUSE,
  failuresByCause,
  formatLatency,
  formatPercent,
  SUPPLIER_SUCCESS,
  supplierState,
} from './supplier-words';
import { SUPPLIERS_POLL_MS, suppliersApi } from './suppliers-api';

/**
 * /admin/suppliers (issue 29): each flight supplier on or off (asked first), its markup, and the
 * health of its calls as this server process saw them over the last hour — calls, failures by
 * cause, p95 latency, the last error, the circuit breaker, and offers left out for want of a rate.
 */
export function SuppliersPage() {
  const query = suppliersApi.useSuppliersQuery(undefined, { pollingInterval: SUPPLIERS_POLL_MS });
  const { currentData: suppliers, error, isError, isFetching, refetch } = query;
  const [switching, setSwitching] = useState<AdminSupplier | null>(null);
  const [editing, setEditing] = useState<AdminSupplier | null>(null);

  let content: ReactNode;
  if (isApiFailure(error) && error.status === 403)
    content = <Alert tone="error" title="The suppliers are not open to your account" />;
  else if (isError)
    content = (
      <LoadFailed
        title={isApiFailure(error) ? error.message : 'The suppliers could not be loaded'}
        busy={isFetching}
        onRetry={() => void refetch()}
      />
    );
  else if (!suppliers) content = <ListSkeleton label="Loading the suppliers" rows={2} />;
  else if (suppliers.length === 0)
    content = (
      <EmptyState icon={Server} title="No supplier is set up">
        The server knows no flight supplier. Check its configuration (docs/operations.md).
      </EmptyState>
    );
  else
    content = suppliers.map((supplier) => (
      <SupplierCard
        key={supplier.code}
        supplier={supplier}
        onSwitch={() => setSwitching(supplier)}
        onEditMarkup={() => setEditing(supplier)}
      />
    ));

  return (
    <div className="mx-auto w-full max-w-5xl space-y-4">
      <div className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-600 text-sm shadow-sm sm:p-5">
        <p>
          Searches ask every supplier that is on, each within its deadline; one that fails or is late is left
          out of that answer and agencies are told. A change here applies to the next search.
        </p>
        <p className="mt-1 text-slate-500 text-xs">
          Health counts this server's own calls over the last hour (each server process counts its own) and is
          read again every minute.
        </p>
      </div>
      {content}
      <SwitchDialog supplier={switching} onClose={() => setSwitching(null)} />
      {editing && (
        <MarkupDialog
          key={editing.code}
          supplier={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      )}
    </div>
  );
}

type SupplierCardProps = { supplier: AdminSupplier; onSwitch: () => void; onEditMarkup: () => void };

function SupplierCard({ supplier, onSwitch, onEditMarkup }: SupplierCardProps) {
  const state = supplierState(supplier);
  const remote = supplier.code !== 'sandbox';
  const titleId = `supplier-${supplier.code}`;
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid={`supplier-${supplier.code}`}
    >
      <div className="flex flex-col gap-3 border-slate-100 border-b p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
        <div className="min-w-0">
          <h2 id={titleId} className="flex flex-wrap items-center gap-2 font-semibold text-lg text-slate-900">
            {supplier.name}
            <Badge tone={state.tone} dot>
              {state.label}
            </Badge>
          </h2>
          <p className="mt-0.5 text-slate-500 text-xs">
            {supplier.updated_by
              ? `Changed by ${supplier.updated_by.name} on ${formatInstant(supplier.updated_at)}`
              : 'Never changed from its defaults'}
          </p>
        </div>
        <Switch
          className="shrink-0 sm:w-72"
          checked={supplier.enabled}
          disabled={!supplier.connected}
          onCheckedChange={onSwitch}
          label={`Sell ${supplier.name}'s offers`}
          description={
            supplier.connected
              ? supplier.enabled
                ? 'Searches ask it; turn off to stop at once.'
                : 'Searches do not ask it.'
              : 'Not connected on this server: nothing is asked.'
          }
        />
      </div>

      <div className="grid gap-4 p-4 sm:p-5 lg:grid-cols-[16rem_1fr]">
        <div className="space-y-2">
          <h3 className="font-medium text-slate-800 text-sm">Markup</h3>
          {remote ? (
            <>
              <p className="text-slate-900">
                <span className="font-semibold tabular-nums">{formatPercent(supplier.markup.percent)}</span>
                {' + '}
                <span className="font-semibold tabular-nums">
                  {formatMoney(supplier.markup.fixed_per_passenger)}
                </span>{' '}
                <span className="text-slate-500 text-sm">per passenger</span>
              </p>
              <p className="text-slate-500 text-xs">Added to the supplier's price once converted.</p>
              <Button
                variant="secondary"
                onClick={onEditMarkup}
                aria-label={`Edit ${supplier.name}'s markup`}
              >
                <Pencil aria-hidden="true" className="size-4" /> Edit markup
              </Button>
            </>
          ) : (
            <p className="text-slate-600 text-sm">None: the sandbox's prices are the platform's own.</p>
          )}
        </div>
        <HealthPanel supplier={supplier} />
      </div>
    </section>
  );
}

function Figure({ label, children, tone }: { label: string; children: ReactNode; tone?: 'bad' }) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200/70">
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd
        className={clsx(
          'font-semibold text-lg tabular-nums',
          tone === 'bad' ? 'text-rose-700' : 'text-slate-900',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

function HealthPanel({ supplier }: { supplier: AdminSupplier }) {
  const health = supplier.health;
  if (!health)
    return (
      <div className="space-y-1">
        <h3 className="font-medium text-slate-800 text-sm">Health</h3>
        <p className="flex items-start gap-2 text-slate-600 text-sm">
          <PlugZap aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          {supplier.code === 'sandbox'
            ? 'Embedded in the server: it makes no calls to count.'
            : 'Not connected on this server. Set its access token to connect it (docs/operations.md, "Connecting Duffel").'}
        </p>
      </div>
    );
  const { failures, refusals, failed } = failuresByCause(health.errors);
  return (
    <div className="min-w-0 space-y-3">
      <h3 className="font-medium text-slate-800 text-sm">
        Health <span className="font-normal text-slate-500">· last {health.window_minutes} minutes</span>
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="Calls">{formatCount(health.calls)}</Figure>
        <Figure label="Failed" tone={failed > 0 ? 'bad' : undefined}>
          {formatCount(failed)}
        </Figure>
        <Figure label="p95 latency">
          {health.p95_latency_ms === null ? '—' : formatLatency(health.p95_latency_ms)}
        </Figure>
        <Figure label="Skipped (circuit open)">{formatCount(health.skipped)}</Figure>
      </dl>
      {(failures.length > 0 || refusals.length > 0) && (
        <div className="grid gap-3 text-sm sm:grid-cols-2">
          <CauseList title="Failures by cause" entries={failures} empty="None" />
          <CauseList title="Refused by the supplier" entries={refusals} empty="None" />
        </div>
      )}
      <Circuit circuit={health.circuit} />
      <RatelessOffers offers={health.offers_without_rate} />
      <LastError error={health.last_error} />
    </div>
  );
}

function CauseList({
  title,
  entries,
  empty,
}: {
  title: string;
  entries: { cause: string; label: string; count: number }[];
  empty: string;
}) {
  return (
    <div>
      <p className="text-slate-500 text-xs">{title}</p>
      {entries.length === 0 ? (
        <p className="text-slate-600">{empty}</p>
      ) : (
        <ul aria-label={title} className="mt-0.5 space-y-0.5">
          {entries.map((entry) => (
            <li key={entry.cause} className="flex justify-between gap-3">
              <span className="text-slate-700">{entry.label}</span>
              <span className="font-medium text-slate-900 tabular-nums">{formatCount(entry.count)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Circuit({ circuit }: { circuit: SupplierHealth['circuit'] }) {
  if (circuit.state === 'closed')
    return (
      <p className="text-slate-600 text-sm">
        Circuit closed: every search asks it
        {circuit.consecutive_failures > 0 &&
          ` (${circuit.consecutive_failures} failure${circuit.consecutive_failures === 1 ? '' : 's'} in a row)`}
        .
      </p>
    );
  return (
    <Alert tone={circuit.state === 'open' ? 'error' : 'warning'} title="Circuit breaker">
      {circuit.state === 'open' ? (
        <p>
          Open after {circuit.consecutive_failures} failures in a row
          {circuit.opened_at && <> since {formatInstant(circuit.opened_at)}</>}: searches skip this supplier
          {circuit.retry_at ? (
            <> until {formatInstant(circuit.retry_at)}, then one call is let through.</>
          ) : (
            '.'
          )}
        </p>
      ) : (
        <p>Half open: one call is let through; if it succeeds, searches ask the supplier again.</p>
      )}
    </Alert>
  );
}

function RatelessOffers({ offers }: { offers: SupplierHealth['offers_without_rate'] }) {
  if (offers.count === 0) return null;
  return (
    <Alert tone="warning" title={`${formatCount(offers.count)} offers left out for want of a rate`}>
      <p>
        Priced in {offers.currencies.join(', ')}, with no rate to convert them.{' '}
        <Link to={adminPaths.rates} className="inline-flex items-center gap-1 font-medium underline">
          <Coins aria-hidden="true" className="size-4" /> Set a rate
        </Link>
      </p>
    </Alert>
  );
}

function LastError({ error }: { error: SupplierHealth['last_error'] }) {
  if (!error) return <p className="text-slate-500 text-sm">No error in the window.</p>;
  const detail = [error.status, error.code].filter((part) => part !== null).join(' · ');
  return (
    <div className="rounded-xl border border-slate-200 p-3 text-sm">
      <p className="text-slate-500 text-xs">
        Last error · <time dateTime={error.at}>{formatInstant(error.at)}</time>
      </p>
      <p className="mt-0.5 font-medium text-slate-900">
        {FAILURE_CAUSE[error.cause].label}{' '}
        <span className="font-mono font-normal text-slate-600 text-xs">{error.operation}</span>
      </p>
      <p className="break-words text-slate-700">{error.message}</p>
      {detail && <p className="font-mono text-slate-500 text-xs">{detail}</p>}
    </div>
  );
}

function SwitchDialog({ supplier, onClose }: { supplier: AdminSupplier | null; onClose: () => void }) {
  const [update, { isLoading }] = suppliersApi.useUpdateSupplierMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const turningOn = supplier ? !supplier.enabled : false;
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    if (!supplier) return;
    setProblem(null);
    try {
      await update({ params: { code: supplier.code }, body: { enabled: turningOn } }).unwrap();
      toast.success(
        turningOn ? SUPPLIER_SUCCESS.turnedOn(supplier.name) : SUPPLIER_SUCCESS.turnedOff(supplier.name),
      );
      close();
    } catch (error) {
      // 409: the last connected supplier stays on. Said in the dialog, which stays open.
      setProblem(isApiFailure(error) ? error.message : 'The change was not saved. Try again.');
    }
  };
  return (
    <ConfirmDialog
      open={supplier !== null}
      title={supplier ? `${turningOn ? 'Turn on' : 'Turn off'} ${supplier.name}?` : 'Change the supplier'}
      confirmLabel={turningOn ? 'Turn on' : 'Turn off'}
      variant={turningOn ? 'primary' : 'danger'}
      busy={isLoading}
      problem={
        problem && (
          <Alert tone="error" className="mb-4" assertive>
            {problem}
          </Alert>
        )
      }
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      {turningOn ? (
        <p>Searches ask it again from the next one, and agencies can book its offers.</p>
      ) : (
        <p>
          Searches stop asking it at once and its offers disappear from results. Bookings already made with it
          stay.
        </p>
      )}
    </ConfirmDialog>
  );
}
