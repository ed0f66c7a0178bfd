import { type Money, ORDER_KINDS, type Order } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Receipt, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { CREDIT_FIGURES, StatementLink } from '../../../entities/credits/credits-figures';
import { useCredits } from '../../../entities/credits/use-credits';
import { isForbidden } from '../../../shared/access/require-permission';
import { formatCredits } from '../../../shared/format/credits';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { Alert } from '../../../shared/ui/alert';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { bookingsApi } from '../bookings-api';

type OrderKind = Order['kind'];

const KINDS: Record<OrderKind, { label: string; plural: string; tone: BadgeTone; sign: 1 | -1 }> = {
  // A ticket is paid from the credits; a void or a refund puts money back.
  ticket: { label: 'Ticket', plural: 'Tickets', tone: 'indigo', sign: -1 },
  void: { label: 'Void', plural: 'Voids', tone: 'slate', sign: 1 },
  refund: { label: 'Refund', plural: 'Refunds', tone: 'sky', sign: 1 },
};

const STATUS_TONES: Record<Order['status'], BadgeTone> = {
  completed: 'emerald',
  pending: 'amber',
  rejected: 'rose',
};

const STATUS_LABELS: Record<Order['status'], string> = {
  completed: 'Completed',
  pending: 'Pending',
  rejected: 'Rejected',
};

const money = (amount: number, currency: string): Money => ({ Amount: amount, CurrencyCode: currency });

/** "−US$1,221.00" for what was paid, "+US$381.00" for what came back. */
const signedAmount = (order: Order) =>
  `${KINDS[order.kind].sign < 0 ? '−' : '+'}${formatMoney(money(Math.abs(order.amount), order.currency))}`;

type KindTotal = { kind: OrderKind; count: number; totals: Map<string, number> };

/** Per kind: how many orders and their completed amounts, per currency. */
function totalsByKind(orders: Order[]): KindTotal[] {
  return ORDER_KINDS.map((kind) => {
    const ofKind = orders.filter((order) => order.kind === kind);
    const totals = new Map<string, number>();
    for (const order of ofKind) {
      if (order.status === 'rejected') continue;
      totals.set(
        order.currency,
        Math.round(((totals.get(order.currency) ?? 0) + Math.abs(order.amount)) * 100) / 100,
      );
    }
    return { kind, count: ofKind.length, totals };
  });
}

/** The table's columns on wider screens (phones show each order as a card). */
const ORDER_COLUMNS = [
  { label: 'Order', className: 'px-5' },
  { label: 'Kind', className: 'px-3' },
  { label: 'PNR', className: 'px-3' },
  { label: 'Date', className: 'px-3' },
  { label: 'Status', className: 'px-3' },
  { label: 'Amount', className: 'px-5 text-right' },
];

/** /dashboard/order-history (docs/product-spec.md §2): every ticket, void and refund charged or credited to the agency. */
export function OrderHistoryPage() {
  const credits = useCredits();
  const { data: orders, isError: failed, error } = bookingsApi.useOrdersQuery();

  if (isForbidden(error)) return <ForbiddenScreen permission="history.view" />;

  if (failed) return <Alert tone="error" title="Orders could not be loaded" className="mx-auto max-w-3xl" />;
  if (!orders)
    return (
      <div role="status" aria-label="Loading orders" className="mx-auto max-w-5xl space-y-2">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-2xl bg-slate-200/70" />
        ))}
      </div>
    );
  if (orders.length === 0)
    return (
      <EmptyState icon={Receipt} title="No orders yet">
        Issuing tickets, voiding them and refunds each make an order, listed here with its amount.
      </EmptyState>
    );

  return (
    <div className="mx-auto w-full max-w-5xl space-y-5">
      <section aria-label="Totals" className="grid gap-3 sm:grid-cols-4">
        <div className="rounded-2xl border border-indigo-200 bg-indigo-50 px-4 py-3 shadow-sm sm:p-4">
          <p className="flex items-center gap-2 text-indigo-900 text-sm">
            <Wallet aria-hidden="true" className="size-4" /> {CREDIT_FIGURES.available.label} now
          </p>
          <p className="font-semibold text-indigo-950 text-lg tabular-nums sm:mt-1 sm:text-xl">
            {credits.credits ? formatCredits(credits.credits.available, credits.credits.currency) : '…'}
          </p>
          {credits.credits && (
            <p className="text-indigo-900/80 text-xs tabular-nums">
              {CREDIT_FIGURES.balance.label}{' '}
              {formatCredits(credits.credits.balance, credits.credits.currency)}
              {' · '}
              {CREDIT_FIGURES.creditLimit.label}{' '}
              {formatCredits(credits.credits.credit_limit, credits.credits.currency)}
            </p>
          )}
          <StatementLink className="mt-1 text-xs" />
        </div>
        {totalsByKind(orders).map(({ kind, count, totals }) => (
          <div
            key={kind}
            className="flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:block sm:p-4"
          >
            <p className="flex items-center gap-2 text-slate-600 text-sm sm:justify-between">
              {KINDS[kind].plural}
              <Badge tone={KINDS[kind].tone}>{count}</Badge>
            </p>
            <p
              className={clsx(
                'font-semibold text-lg tabular-nums sm:mt-1 sm:text-xl',
                totals.size === 0
                  ? 'text-slate-400'
                  : KINDS[kind].sign < 0
                    ? 'text-slate-900'
                    : 'text-emerald-700',
              )}
            >
              {totals.size === 0
                ? '—'
                : [...totals]
                    .map(
                      ([currency, amount]) =>
                        `${KINDS[kind].sign < 0 ? '−' : '+'}${formatMoney(money(amount, currency))}`,
                    )
                    .join(' · ')}
            </p>
          </div>
        ))}
      </section>

      <section aria-labelledby="orders-title">
        <h2 id="orders-title" className="sr-only">
          Orders
        </h2>
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-sm">
            <thead className="hidden bg-slate-50 text-left text-slate-500 text-xs sm:table-header-group">
              <tr>
                {ORDER_COLUMNS.map(({ label, className }) => (
                  <th key={label} scope="col" className={`py-2 font-medium ${className}`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {orders.map((order) => (
                <tr
                  key={order.id}
                  className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 sm:table-row sm:p-0"
                >
                  <td className="font-medium font-mono text-slate-900 sm:px-5 sm:py-3">{order.order_no}</td>
                  <td className="text-right sm:px-3 sm:py-3 sm:text-left">
                    <Badge tone={KINDS[order.kind].tone}>{KINDS[order.kind].label}</Badge>
                  </td>
                  <td className="sm:px-3 sm:py-3">
                    <Link
                      to={bookingDetailsPath(order.booking_id)}
                      className="font-mono font-semibold text-indigo-700 tracking-wider hover:underline"
                      aria-label={`Booking ${order.pnr}`}
                    >
                      {order.pnr}
                    </Link>
                  </td>
                  <td className="text-right text-slate-600 sm:px-3 sm:py-3 sm:text-left">
                    <time dateTime={order.created_at}>{formatInstant(order.created_at)}</time>
                  </td>
                  <td className="sm:px-3 sm:py-3">
                    <Badge tone={STATUS_TONES[order.status]}>{STATUS_LABELS[order.status]}</Badge>
                  </td>
                  <td
                    className={clsx(
                      'text-right font-semibold tabular-nums sm:px-5 sm:py-3',
                      KINDS[order.kind].sign < 0 ? 'text-slate-900' : 'text-emerald-700',
                      order.status === 'rejected' && 'text-slate-400 line-through',
                    )}
                  >
                    {signedAmount(order)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
