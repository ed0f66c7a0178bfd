import type { BookingDetails } from '@skydesk/contract';
import { FileSpreadsheet } from 'lucide-react';
import { Link } from 'react-router';
import { useCan } from '../../shared/access/dashboard-access';
import { formatMoney } from '../../shared/format/money';
import { Card } from '../../shared/ui/card';
import { invoiceDetailsPath } from './invoice-paths';

const KIND_LABELS = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  supplementary: 'Supplementary invoice',
} as const;

/**
 * Issue 33: a booking's client invoice and the credit notes and supplementary invoices against it
 * (BookingDetails.invoices), oldest first, each linked to its screen. Shown once the booking has
 * one, to a role that sees the agency's money papers (payments.view).
 */
export function BookingInvoices({ invoices }: { invoices: BookingDetails['invoices'] }) {
  const canView = useCan('payments.view');
  if (!canView || !invoices?.length) return null;
  return (
    <Card title="Client invoices">
      <ul className="divide-y divide-slate-100 text-sm">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <span className="flex min-w-0 items-center gap-2">
              <FileSpreadsheet aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              <Link
                to={invoiceDetailsPath(invoice.id)}
                className="font-medium font-mono text-indigo-700 hover:underline"
              >
                {invoice.number}
              </Link>
              <span className="text-slate-600">{KIND_LABELS[invoice.kind]}</span>
            </span>
            <span className="font-medium text-slate-900 tabular-nums">{formatMoney(invoice.total)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
