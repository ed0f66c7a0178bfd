import {
  isCalendarDate,
  type Money,
  ORDER_KINDS,
  ORDER_PAGE_SIZE,
  ORDER_STATUSES,
  type Order,
  type OrderListQuery,
  type OrderPage,
} from '@skydesk/contract';
import { clsx } from 'clsx';
import { Receipt, Wallet } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CREDIT_FIGURES, StatementLink } from '../../../entities/credits/credits-figures';
import { useCredits } from '../../../entities/credits/use-credits';
import { isForbidden } from '../../../shared/access/require-permission';
import { formatCredits } from '../../../shared/format/credits';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { Alert } from '../../../shared/ui/alert';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SelectField, TextField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { DayRangeFields, FilterActions } from '../../../shared/ui/list-filters';
import { Pager } from '../../../shared/ui/pager';
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

/** Per kind: how many orders match and what those not rejected add up to, per currency (the server's sums). */
function totalsByKind(page: OrderPage): KindTotal[] {
  return ORDER_KINDS.map((kind) => {
    const rows = page.totals.filter((row) => row.kind === kind);
    return {
      kind,
      count: rows.reduce((sum, row) => sum + row.count, 0),
      totals: new Map(rows.filter((row) => row.count > 0).map((row) => [row.currency, row.amount])),
    };
  });
}

const isDay = (value: string) => isCalendarDate(value);

/** The filters and page live in the address, so a filtered list can be reloaded, shared and gone back to. */
const ORDER_FILTERS = {
  status: listParam.optional(ORDER_STATUSES),
  kind: listParam.optional(ORDER_KINDS),
  q: listParam.text({ max: 60 }),
  from: listParam.text({ valid: isDay }),
  to: listParam.text({ valid: isDay }),
};

type Filters = {
  status: Order['status'] | null;
  kind: OrderKind | null;
  q: string;
  from: string;
  to: string;
};

/** The table's columns on wider screens (phones show each order as a card). */
const ORDER_COLUMNS = [
  { label: 'Order', className: 'px-5' },
  { label: 'Kind', className: 'px-3' },
  { label: 'PNR', className: 'px-3' },
  { label: 'Date', className: 'px-3' },
  { label: 'Status', className: 'px-3' },
  { label: 'Amount', className: 'px-5 text-right' },
];

/**
 * /dashboard/order-history (docs/product-spec.md §2): every ticket, void and refund charged or
 * credited to the agency, a page at a time from the server with how many there are and their
 * totals (issue 30), filtered by status, kind, PNR or passenger, and days.
 */
export function OrderHistoryPage() {
  const credits = useCredits();
  const list = useListParams(ORDER_FILTERS);
  const applied = list.filters;
  const [draft, setDraft] = useState<Filters>(applied);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const key = JSON.stringify(applied);
  // The form follows the address when it changes from outside (back, a shared link).
  useEffect(() => {
    setDraft(JSON.parse(key) as Filters);
    setRangeError(null);
  }, [key]);

  const query: OrderListQuery = {
    view: 'page',
    page: list.page,
    limit: ORDER_PAGE_SIZE,
    ...(applied.status ? { status: applied.status } : {}),
    ...(applied.kind ? { kind: applied.kind } : {}),
    ...(applied.q.trim() ? { q: applied.q.trim() } : {}),
    ...(applied.from ? { from: applied.from } : {}),
    ...(applied.to ? { to: applied.to } : {}),
  };
  // currentData: another page's or filter's orders are not shown while these come.
  const { currentData: page, isError: failed, error } = bookingsApi.useOrdersQuery({ query });
  const filtered = Boolean(applied.status || applied.kind || applied.q || applied.from || applied.to);

  if (isForbidden(error)) return <ForbiddenScreen permission="history.view" />;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.to < draft.from) {
      setRangeError('The end is before the start');
      return;
    }
    setRangeError(null);
    list.setFilters(draft);
  };

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
        {page &&
          totalsByKind(page).map(({ kind, count, totals }) => (
            <div
              key={kind}
              className="flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:block sm:p-4"
            >
              <p className="flex items-center gap-2 text-slate-600 text-sm sm:justify-between">
                {KINDS[kind].plural}
                <Badge tone={KINDS[kind].tone}>{count.toLocaleString('en-GB')}</Badge>
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
      {page && filtered && page.total > 0 && (
        <p className="-mt-2 text-slate-500 text-xs">Totals of the orders matching the filters.</p>
      )}

      <search aria-label="Filter orders">
        <form
          onSubmit={apply}
          noValidate
          className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:grid-cols-[1.4fr_1fr_1fr_1fr_1fr_auto] lg:items-start"
        >
          <TextField
            label="PNR or passenger"
            type="search"
            value={draft.q}
            maxLength={60}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
            placeholder="K7Q2ZD or Hassan"
            className="col-span-2 lg:col-span-1"
          />
          <SelectField
            label="Kind"
            value={draft.kind ?? ''}
            onChange={(event) =>
              setDraft({ ...draft, kind: (event.target.value || null) as OrderKind | null })
            }
          >
            <option value="">All kinds</option>
            {ORDER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KINDS[kind].plural}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Status"
            value={draft.status ?? ''}
            onChange={(event) =>
              setDraft({ ...draft, status: (event.target.value || null) as Order['status'] | null })
            }
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <DayRangeFields
            fromLabel="From"
            toLabel="To"
            range={draft}
            error={rangeError}
            onChange={(range) => setDraft({ ...draft, ...range })}
          />
          <FilterActions
            filtered={filtered}
            onReset={list.reset}
            className="col-span-2 flex gap-2 lg:col-span-1 lg:pt-6.5"
          />
        </form>
      </search>

      {failed ? (
        <Alert tone="error" title="Orders could not be loaded" />
      ) : !page ? (
        <div role="status" aria-label="Loading orders" className="space-y-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-2xl bg-slate-200/70" />
          ))}
        </div>
      ) : page.total === 0 ? (
        filtered ? (
          <EmptyState icon={Receipt} title="No orders match">
            No ticket, void or refund matches these filters.
          </EmptyState>
        ) : (
          <EmptyState icon={Receipt} title="No orders yet">
            Issuing tickets, voiding them and refunds each make an order, listed here with its amount.
          </EmptyState>
        )
      ) : (
        <section aria-labelledby="orders-title" className="space-y-3">
          <h2 id="orders-title" className="sr-only">
            Orders
          </h2>
          {page.orders.length > 0 ? (
            <OrderTable orders={page.orders} />
          ) : (
            <Alert tone="info" title="This page is past the last order">
              <Button variant="secondary" className="mt-2" onClick={() => list.setPage(0)}>
                First page
              </Button>
            </Alert>
          )}
          <Pager
            label="Order pages"
            page={list.page}
            totalPages={page.totalPages}
            total={page.total}
            noun={page.total === 1 ? 'order' : 'orders'}
            onPage={list.setPage}
          />
        </section>
      )}
    </div>
  );
}

function OrderTable({ orders }: { orders: Order[] }) {
  return (
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
                {order.service_lines?.length ? (
                  // Issue 31: the seats and bags this order paid for, as the statement names them.
                  <p className="mt-0.5 text-slate-500 text-xs">{order.service_lines.join(' · ')}</p>
                ) : null}
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
  );
}
