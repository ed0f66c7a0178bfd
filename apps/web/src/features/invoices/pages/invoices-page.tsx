import {
  CalendarDate,
  INVOICE_KINDS,
  InvoiceKind,
  type InvoiceListQuery,
  type InvoicePage,
} from '@skydesk/contract';
import { Download, FileSpreadsheet, Mail } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { invoiceDetailsPath } from '../../../entities/invoices/invoice-paths';
import { useCan } from '../../../shared/access/dashboard-access';
import { saveAs } from '../../../shared/files/save-file';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { isApiFailure } from '../../../shared/http/api-error';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SelectField, TextField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { DayRangeFields, FilterActions } from '../../../shared/ui/list-filters';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Pager } from '../../../shared/ui/pager';
import { INVOICE_KIND_LABELS, InvoiceKindBadge, REASON_LABELS } from '../components/invoice-kind-badge';
import { SendInvoiceDialog } from '../components/send-invoice-dialog';
import { invoicesApi } from '../invoices-api';
import { useInvoicePdf } from '../use-invoice-pdf';

export const INVOICES_PAGE_SIZE = 20;

const isDay = (value: string): boolean => CalendarDate().safeParse(value).success;

/** The filters and page live in the address: a filtered list can be reloaded, shared and gone back to. */
const INVOICE_FILTERS = {
  kind: listParam.text({ valid: (value) => InvoiceKind.safeParse(value).success }),
  from: listParam.text({ valid: isDay }),
  to: listParam.text({ valid: isDay }),
  q: listParam.text({ valid: (value) => value.length <= 60 }),
};

type Filters = { kind: string; from: string; to: string; q: string };
type Row = InvoicePage['items'][number];

/**
 * /dashboard/invoices (issue 33): the agency's client invoices, credit notes and supplementary
 * invoices, newest first — filtered by kind, issue days and a number, PNR or client — with what
 * they add up to (billed, net, margin), a CSV of every match, each one's PDF and its e-mail.
 */
export function InvoicesPage() {
  if (!useCan('payments.view')) return <ForbiddenScreen permission="payments.view" />;
  return <Invoices />;
}

function Invoices() {
  const list = useListParams(INVOICE_FILTERS);
  const applied: Filters =
    list.filters.from && list.filters.to && list.filters.to < list.filters.from
      ? { ...list.filters, to: '' }
      : list.filters;
  const [draft, setDraft] = useState<Filters>(applied);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [sending, setSending] = useState<Row | null>(null);
  const [csvBusy, setCsvBusy] = useState(false);
  const key = JSON.stringify(applied);
  useEffect(() => {
    setDraft(JSON.parse(key) as Filters);
    setRangeError(null);
  }, [key]);

  const { kind, from, to, q } = applied;
  const filters: InvoiceListQuery = {
    ...(kind ? { kind: kind as InvoiceKind } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(q ? { q } : {}),
  };
  const {
    currentData: page,
    error,
    refetch,
  } = invoicesApi.useInvoicesQuery({
    query: { ...filters, page: list.page, limit: INVOICES_PAGE_SIZE },
  });
  const [fetchCsv] = invoicesApi.useInvoicesCsvMutation();
  const pdf = useInvoicePdf();
  const filtered = Boolean(kind || from || to || q);

  if (isApiFailure(error) && error.status === 403) return <ForbiddenScreen permission="payments.view" />;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.to < draft.from) {
      setRangeError('The end is before the start');
      return;
    }
    setRangeError(null);
    list.setFilters({ ...draft, q: draft.q.trim() });
  };
  const exportCsv = async () => {
    setCsvBusy(true);
    try {
      const url = await fetchCsv({ query: { ...filters, format: 'csv' } }).unwrap();
      saveAs(url, `invoices-${from || 'start'}-to-${to || 'today'}.csv`);
    } catch {
      // The call has told the user.
    } finally {
      setCsvBusy(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <search aria-label="Filter invoices">
        <form
          onSubmit={apply}
          noValidate
          className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-4 sm:p-5 lg:grid-cols-[1.4fr_1fr_1fr_1fr_auto] lg:items-start"
        >
          <TextField
            label="Number, PNR or client"
            type="search"
            className="col-span-2 sm:col-span-4 lg:col-span-1"
            maxLength={60}
            value={draft.q}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
          <SelectField
            label="Kind"
            className="col-span-2"
            value={draft.kind}
            onChange={(event) => setDraft({ ...draft, kind: event.target.value })}
          >
            <option value="">All kinds</option>
            {INVOICE_KINDS.map((value) => (
              <option key={value} value={value}>
                {INVOICE_KIND_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <DayRangeFields
            fromLabel="Issued from"
            toLabel="Issued to"
            range={draft}
            error={rangeError}
            onChange={(range) => setDraft({ ...draft, ...range })}
          />
          <FilterActions
            filtered={filtered}
            onReset={list.reset}
            className="col-span-2 flex gap-2 sm:col-span-4 lg:col-span-1 lg:pt-6.5"
          />
        </form>
      </search>

      {error ? (
        <LoadFailed title="The invoices could not be loaded" onRetry={() => void refetch()} />
      ) : !page ? (
        <div role="status" aria-label="Loading invoices" className="space-y-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-2xl bg-slate-200/70" />
          ))}
        </div>
      ) : page.items.length === 0 ? (
        <EmptyState
          icon={FileSpreadsheet}
          title={filtered ? 'No invoice matches these filters' : 'No invoices yet'}
        >
          {filtered
            ? 'Try other dates, another kind or another search.'
            : 'Each ticket issued makes an invoice to the client; a void, refund or change adds a credit note or supplementary invoice against it.'}
        </EmptyState>
      ) : (
        <>
          <section
            aria-label="Totals"
            className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5"
          >
            <dl className="grid grid-cols-3 gap-4 sm:gap-8">
              <Total label="Billed" value={formatMoney(page.totals.billed)} />
              <Total label="Net" value={formatMoney(page.totals.net)} />
              <Total label="Margin" value={formatMoney(page.totals.margin)} tone="text-emerald-700" />
            </dl>
            <Button variant="secondary" busy={csvBusy} onClick={() => void exportCsv()}>
              <Download aria-hidden="true" className="size-4" /> Export CSV
            </Button>
          </section>
          <section aria-label="Invoices" className="space-y-3">
            <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <table className="w-full text-sm">
                <thead className="hidden bg-slate-50 text-left text-slate-600 text-xs md:table-header-group">
                  <tr>
                    <th className="px-4 py-2.5 font-medium">Number</th>
                    <th className="px-4 py-2.5 font-medium">Client</th>
                    <th className="px-4 py-2.5 font-medium">Booking</th>
                    <th className="px-4 py-2.5 font-medium">Issued</th>
                    <th className="px-4 py-2.5 text-right font-medium">Total</th>
                    <th className="px-4 py-2.5 text-right font-medium">Margin</th>
                    <th className="px-4 py-2.5">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {page.items.map((invoice) => (
                    <InvoiceRow
                      key={invoice.id}
                      invoice={invoice}
                      pdfBusy={pdf.busyId === invoice.id}
                      onPdf={() => void pdf.download(invoice)}
                      onSend={() => setSending(invoice)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={list.page}
              totalPages={page.totalPages}
              total={page.total}
              noun={page.total === 1 ? 'document' : 'documents'}
              onPage={list.setPage}
              label="Invoice pages"
            />
          </section>
        </>
      )}
      <SendInvoiceDialog invoice={sending} onClose={() => setSending(null)} />
    </div>
  );
}

function Total({ label, value, tone = 'text-slate-900' }: { label: string; value: string; tone?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className={`font-semibold text-base tabular-nums sm:text-lg ${tone}`}>{value}</dd>
    </div>
  );
}

type InvoiceRowProps = { invoice: Row; pdfBusy: boolean; onPdf: () => void; onSend: () => void };

/** A table row on a wide screen, a card of stacked cells on a phone. */
function InvoiceRow({ invoice, pdfBusy, onPdf, onSend }: InvoiceRowProps) {
  return (
    <tr
      aria-label={`${INVOICE_KIND_LABELS[invoice.kind]} ${invoice.number}`}
      className="grid grid-cols-2 gap-x-3 gap-y-1 p-4 md:table-row md:p-0"
    >
      <td className="col-span-2 md:px-4 md:py-3">
        <Link
          to={invoiceDetailsPath(invoice.id)}
          className="font-medium font-mono text-indigo-700 hover:underline"
        >
          {invoice.number}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-1.5">
          <InvoiceKindBadge kind={invoice.kind} />
          {invoice.against && (
            <span className="text-slate-500 text-xs">
              {invoice.reason ? `${REASON_LABELS[invoice.reason]} · ` : ''}against {invoice.against.number}
            </span>
          )}
        </div>
      </td>
      <td className="col-span-2 text-slate-800 md:px-4 md:py-3">
        {invoice.client.name}
        {invoice.client.email && <span className="block text-slate-500 text-xs">{invoice.client.email}</span>}
      </td>
      <td className="md:px-4 md:py-3">
        <Link
          to={bookingDetailsPath(invoice.booking.id)}
          className="font-mono text-slate-700 hover:text-indigo-700 hover:underline"
        >
          {invoice.booking.pnr}
        </Link>
      </td>
      <td className="text-right text-slate-600 md:px-4 md:py-3 md:text-left">
        {formatInstant(invoice.issued_at)}
      </td>
      <td className="font-semibold text-slate-900 tabular-nums md:px-4 md:py-3 md:text-right">
        <span className="text-slate-500 text-xs md:hidden">Total </span>
        {formatMoney(invoice.total)}
      </td>
      <td className="text-right text-emerald-700 tabular-nums md:px-4 md:py-3">
        <span className="text-slate-500 text-xs md:hidden">Margin </span>
        {formatMoney(invoice.margin)}
      </td>
      <td className="col-span-2 md:px-4 md:py-3">
        <div className="flex gap-1 md:justify-end">
          <Button variant="ghost" className="min-h-9 px-2" busy={pdfBusy} onClick={onPdf}>
            <Download aria-hidden="true" className="size-4" /> PDF
            <span className="sr-only"> of {invoice.number}</span>
          </Button>
          <Button variant="ghost" className="min-h-9 px-2" onClick={onSend}>
            <Mail aria-hidden="true" className="size-4" /> Send
            <span className="sr-only"> {invoice.number}</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}
