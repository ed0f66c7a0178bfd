import type { Invoice } from '@skydesk/contract';
import { ArrowLeft, Download, FileQuestion, Mail } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { invoiceDetailsPath } from '../../../entities/invoices/invoice-paths';
import { useShowsNet } from '../../../entities/pricing/client-view';
import { useCan } from '../../../shared/access/dashboard-access';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { isApiFailure } from '../../../shared/http/api-error';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { paths } from '../../../shared/routing/paths';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { StatusScreen } from '../../../shared/ui/status-screen';
import { INVOICE_KIND_LABELS, InvoiceKindBadge, REASON_LABELS } from '../components/invoice-kind-badge';
import { SendInvoiceDialog } from '../components/send-invoice-dialog';
import { invoicesApi } from '../invoices-api';
import { useInvoicePdf } from '../use-invoice-pdf';

/**
 * /dashboard/invoice-details?id= (issue 33): one invoice, credit note or supplementary invoice as
 * issued — from and to, its lines, the tax on the agency's earnings, the total, what it is against —
 * with its PDF and e-mail, and the agency's net and margin (hidden in the client view).
 */
export function InvoiceDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  if (!useCan('payments.view')) return <ForbiddenScreen permission="payments.view" />;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return <NotFound />;
  return <InvoiceDetails id={id} />;
}

function NotFound() {
  return (
    <StatusScreen
      icon={FileQuestion}
      tone="rose"
      standalone={false}
      title="Invoice not found"
      actions={
        <Link to={paths.dashboard.invoices} className={buttonClasses('primary')}>
          Invoices
        </Link>
      }
    >
      No invoice of your agency has this address.
    </StatusScreen>
  );
}

function InvoiceDetails({ id }: { id: string }) {
  const { data: invoice, error, isLoading, refetch } = invoicesApi.useInvoiceQuery({ params: { id } });
  if (isApiFailure(error) && error.status === 403) return <ForbiddenScreen permission="payments.view" />;
  if (isApiFailure(error) && error.status === 404) return <NotFound />;
  if (error) return <LoadFailed title="The invoice could not be loaded" onRetry={() => void refetch()} />;
  if (isLoading || !invoice)
    return (
      <div role="status" aria-label="Loading the invoice" className="mx-auto w-full max-w-4xl space-y-3">
        <div className="h-32 animate-pulse rounded-2xl bg-slate-200/70" />
        <div className="h-64 animate-pulse rounded-2xl bg-slate-200/70" />
      </div>
    );
  return <InvoiceView invoice={invoice} />;
}

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const showsNet = useShowsNet();
  const pdf = useInvoicePdf();
  const [sending, setSending] = useState(false);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-5">
      <Link
        to={paths.dashboard.invoices}
        className="inline-flex items-center gap-1.5 text-slate-600 text-sm hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Invoices
      </Link>
      <article
        aria-label={`${INVOICE_KIND_LABELS[invoice.kind]} ${invoice.number}`}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="font-mono font-semibold text-slate-900 text-xl">{invoice.number}</h2>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-slate-600 text-sm">
              <InvoiceKindBadge kind={invoice.kind} />
              <span>
                Issued {formatInstant(invoice.issued_at)} by {invoice.issued_by.name}
              </span>
            </div>
            {invoice.against && (
              <p className="mt-1 text-slate-700 text-sm">
                {invoice.reason ? `${REASON_LABELS[invoice.reason]}: ` : ''}against{' '}
                <Link
                  to={invoiceDetailsPath(invoice.against.id)}
                  className="font-mono text-indigo-700 hover:underline"
                >
                  {invoice.against.number}
                </Link>
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              busy={pdf.busyId === invoice.id}
              onClick={() => void pdf.download(invoice)}
            >
              <Download aria-hidden="true" className="size-4" /> Download PDF
            </Button>
            <Button onClick={() => setSending(true)}>
              <Mail aria-hidden="true" className="size-4" /> Send by e-mail
            </Button>
          </div>
        </header>

        <div className="grid gap-4 sm:grid-cols-2">
          <Party
            title="From"
            party={invoice.agency}
            extra={[invoice.agency.phone, invoice.agency.iata_number && `IATA ${invoice.agency.iata_number}`]}
          />
          <Party title="Bill to" party={invoice.client} />
        </div>
        <p className="text-slate-600 text-sm">
          Booking{' '}
          <Link
            to={bookingDetailsPath(invoice.booking.id)}
            className="font-medium font-mono text-indigo-700 hover:underline"
          >
            {invoice.booking.pnr}
          </Link>
        </p>

        <div className="-mx-4 overflow-x-auto sm:mx-0">
          <table className="w-full min-w-[32rem] text-sm">
            <thead className="border-slate-200 border-b text-left text-slate-600 text-xs">
              <tr>
                <th className="px-4 py-2 font-medium sm:pl-0">Description</th>
                <th className="px-2 py-2 text-right font-medium">Qty</th>
                <th className="px-2 py-2 text-right font-medium">Unit</th>
                <th className="px-4 py-2 text-right font-medium sm:pr-0">Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {invoice.lines.map((line) => (
                // A document's lines never change once issued: their words and amount name each.
                <tr key={`${line.kind}-${line.description}-${line.amount.Amount}`}>
                  <td className="px-4 py-2.5 text-slate-800 sm:pl-0">{line.description}</td>
                  <td className="px-2 py-2.5 text-right tabular-nums">{line.quantity}</td>
                  <td className="px-2 py-2.5 text-right tabular-nums">{formatMoney(line.unit_amount)}</td>
                  <td className="px-4 py-2.5 text-right font-medium tabular-nums sm:pr-0">
                    {formatMoney(line.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <dl className="ml-auto w-full max-w-xs space-y-1.5 text-sm">
          <Sum label="Subtotal" value={formatMoney(invoice.subtotal)} />
          {invoice.tax && (
            <Sum
              label={`${invoice.tax.name} ${formatRate(invoice.tax.rate)} on earnings of ${formatMoney(invoice.tax.base)}`}
              value={formatMoney(invoice.tax.amount)}
            />
          )}
          <div className="flex justify-between gap-4 border-slate-200 border-t pt-2 font-semibold text-base text-slate-900">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatMoney(invoice.total)}</dd>
          </div>
        </dl>

        {showsNet && (
          <section aria-label="Earnings" className="rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
            <p className="text-slate-500 text-xs">For the agency only — not on the client’s copy</p>
            <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
              <div className="flex gap-1.5">
                <dt className="text-slate-600">Net</dt>
                <dd className="font-medium tabular-nums">{formatMoney(invoice.net)}</dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-slate-600">Margin</dt>
                <dd className="font-medium text-emerald-700 tabular-nums">{formatMoney(invoice.margin)}</dd>
              </div>
            </dl>
          </section>
        )}
      </article>
      <SendInvoiceDialog invoice={sending ? invoice : null} onClose={() => setSending(false)} />
    </div>
  );
}

/** A tax rate as a percentage: 0.2 → "20 %"; a rate already in percent (20) reads the same. */
const formatRate = (rate: number): string =>
  `${(rate <= 1 ? rate * 100 : rate).toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`;

function Party({
  title,
  party,
  extra = [],
}: {
  title: string;
  party: Invoice['client'];
  extra?: (string | null | false)[];
}) {
  const lines = [party.email, party.address, ...extra, party.tax_id && `Tax ID ${party.tax_id}`].filter(
    (line): line is string => Boolean(line),
  );
  return (
    <div className="rounded-xl border border-slate-200 p-3">
      <p className="text-slate-500 text-xs">{title}</p>
      <p className="font-semibold text-slate-900">{party.name}</p>
      {lines.map((line) => (
        <p key={line} className="whitespace-pre-line text-slate-600 text-sm">
          {line}
        </p>
      ))}
    </div>
  );
}

function Sum({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 text-slate-700">
      <dt>{label}</dt>
      <dd className="shrink-0 tabular-nums">{value}</dd>
    </div>
  );
}
