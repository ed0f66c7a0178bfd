import { zodResolver } from '@hookform/resolvers/zod';
import { AdminReason, type AdminRefund, PASSENGER_TYPE_LABELS, TRIP_TYPE_LABELS } from '@skydesk/contract';
import { ArrowLeft, Check, Undo2, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { adminAgencyPath, adminPaths } from '../../../shared/routing/admin-paths';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { TextField } from '../../../shared/ui/field';
import { adminApi } from '../admin-api';
import { ADMIN_SUCCESS, BOOKING_STATUS_LABELS, REFUND_STATUS, TICKET_STATUS_LABELS } from '../admin-labels';
import { ListSkeleton, LoadFailed } from '../components/list-states';
import { ReasonDialog } from '../components/reason-dialog';
import { ReasonField } from '../components/reason-field';

/** /admin/refunds/:id: one request — booking, tickets, the fare rules and what they allow — and its decision. */
export function RefundPage() {
  const { id = '' } = useParams();
  const { currentData: refund, error, isError, refetch } = adminApi.useRefundQuery({ params: { id } });

  if (isError && isApiFailure(error) && (error.status === 404 || error.status === 422)) {
    return (
      <EmptyState
        icon={Undo2}
        title="Refund request not found"
        actions={
          <Link to={adminPaths.refunds} className={buttonClasses('primary')}>
            Refunds
          </Link>
        }
      >
        No refund request has this address.
      </EmptyState>
    );
  }
  if (isError)
    return <LoadFailed title="The refund request could not be loaded" onRetry={() => void refetch()} />;
  if (!refund) return <ListSkeleton label="Loading the refund request" rows={3} />;

  const { label, tone } = REFUND_STATUS[refund.status];
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <Link
        to={adminPaths.refunds}
        className="inline-flex items-center gap-1.5 font-medium text-indigo-700 text-sm hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Refunds
      </Link>

      <section
        aria-labelledby="refund-title"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="refund-title" className="font-semibold text-slate-900 text-xl">
              Refund {refund.order_no}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600 text-sm">
              <Badge tone={tone} dot>
                {label}
              </Badge>
              <span>
                Requested {formatInstant(refund.requested_at)} by{' '}
                <Link
                  to={adminAgencyPath(refund.company.id)}
                  className="font-medium text-indigo-700 hover:underline"
                >
                  {refund.company.name}
                </Link>
              </span>
            </p>
          </div>
          <div className="rounded-xl bg-indigo-50 px-4 py-2 text-right ring-1 ring-indigo-100">
            <p className="text-indigo-900 text-xs">The fare rules allow</p>
            <p className="font-semibold text-indigo-950 text-xl tabular-nums">
              {formatMoney(refund.allowed)}
            </p>
          </div>
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-3 border-slate-100 border-t pt-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Booking">
            <span className="font-mono font-semibold tracking-wider">{refund.booking.pnr}</span> ·{' '}
            {BOOKING_STATUS_LABELS[refund.booking.status]}
          </Fact>
          <Fact label="Trip">
            {TRIP_TYPE_LABELS[refund.booking.trip_type]}, departs{' '}
            {formatInstant(refund.booking.first_departure_at)}
          </Fact>
          <Fact label="Paid">{formatMoney(refund.booking.total)}</Fact>
          <Fact label="Rules applied">
            {refund.phase === 'void'
              ? `Void (everything back${refund.booking.void_until ? ` until ${formatInstant(refund.booking.void_until)}` : ''})`
              : 'Refund, less penalties'}
          </Fact>
        </dl>
      </section>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-5">
          <TicketsCard refund={refund} />
          <Card title="Penalty rules">
            {refund.rules.length === 0 ? (
              <p className="text-slate-600 text-sm">The fare states no penalty rule.</p>
            ) : (
              <ul className="list-disc space-y-1 pl-5 text-slate-700 text-sm">
                {refund.rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
            )}
            {!refund.refundable && (
              <Alert tone="warning" className="mt-3">
                The fare is not refundable: only what the rules allow above can come back.
              </Alert>
            )}
          </Card>
        </div>
        <div className="min-w-0">
          {refund.status === 'pending' ? <RefundDecision refund={refund} /> : <DecidedCard refund={refund} />}
        </div>
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function TicketsCard({ refund }: { refund: AdminRefund }) {
  return (
    <Card title={`Tickets (${refund.tickets.length})`}>
      <div className="-mx-4 overflow-x-auto sm:-mx-5">
        <table className="w-full min-w-[34rem] text-sm">
          <thead className="text-left text-slate-500 text-xs">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium sm:px-5">
                Passenger
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Paid
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Penalty
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium sm:px-5">
                {refund.status === 'approved' ? 'Credited' : 'Allowed'}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {refund.tickets.map((ticket) => (
              <tr key={ticket.ticket_number}>
                <td className="px-4 py-2.5 sm:px-5">
                  <p className="font-medium text-slate-900">{ticket.passenger_name}</p>
                  <p className="text-slate-500 text-xs">
                    {PASSENGER_TYPE_LABELS[ticket.passenger_type]} ·{' '}
                    <span className="font-mono">{ticket.ticket_number}</span> ·{' '}
                    {TICKET_STATUS_LABELS[ticket.status]}
                  </p>
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums">{formatMoney(ticket.paid)}</td>
                <td className="px-3 py-2.5 text-right text-rose-700 tabular-nums">
                  {ticket.penalty.Amount > 0
                    ? `−${formatMoney(ticket.penalty)}`
                    : formatMoney(ticket.penalty)}
                </td>
                <td className="px-4 py-2.5 text-right font-semibold tabular-nums sm:px-5">
                  {formatMoney(ticket.refunded ?? ticket.allowed)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-slate-200 border-t">
            <tr>
              <th
                scope="row"
                colSpan={3}
                className="px-4 py-2.5 text-right font-medium text-slate-600 sm:px-5"
              >
                {refund.status === 'approved' ? 'Credited in all' : 'The rules allow in all'}
              </th>
              <td className="px-4 py-2.5 text-right font-semibold text-slate-900 tabular-nums sm:px-5">
                {formatMoney(refund.status === 'approved' ? refund.amount : refund.allowed)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </Card>
  );
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/** The approval's form: the allowed amount or less (never more), a reason when it is lowered. */
function approvalForm(allowed: number, currency: string) {
  return z
    .object({
      amount: z
        .string()
        .trim()
        .min(1, 'Enter an amount')
        .regex(AMOUNT, 'An amount like 460 or 460.50, at most two decimals')
        .transform(Number)
        .refine(
          (value) => value <= allowed,
          `At most ${formatMoney({ Amount: allowed, CurrencyCode: currency })}: what the fare rules allow`,
        ),
      reason: z.string(),
    })
    .superRefine((form, context) => {
      if (form.amount >= allowed) return;
      const reason = AdminReason.safeParse(form.reason);
      if (!reason.success)
        context.addIssue({
          code: 'custom',
          path: ['reason'],
          message: reason.error.issues[0]?.message ?? 'Give the reason',
        });
    });
}

function RefundDecision({ refund }: { refund: AdminRefund }) {
  const [approve] = adminApi.useApproveRefundMutation();
  const [reject] = adminApi.useRejectRefundMutation();
  const [rejecting, setRejecting] = useState(false);
  const { Amount: allowed, CurrencyCode: currency } = refund.allowed;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(approvalForm(allowed, currency)),
    defaultValues: { amount: allowed.toFixed(2), reason: '' },
  });
  const typed = watch('amount').trim();
  const lowered = AMOUNT.test(typed) && Number(typed) < allowed;

  const submit = handleSubmit(async ({ amount, reason }) => {
    try {
      await approve({
        params: { id: refund.id },
        body: amount < allowed ? { amount, reason: reason.trim() } : { amount },
      }).unwrap();
      toast.success(ADMIN_SUCCESS.refundApproved);
    } catch (error) {
      showServerFieldErrors(error, setError, ['amount', 'reason']);
    }
  });

  return (
    <Card title="Decision">
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Approve the refund">
        <TextField
          label={`Amount to credit (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          hint={`At most ${formatMoney(refund.allowed)}. Lower it to credit less; it is spread over the tickets.`}
          {...register('amount')}
        />
        {lowered && (
          <ReasonField
            label="Why less"
            error={errors.reason?.message}
            field={register('reason')}
            hint="Shown to the agency with the refund."
          />
        )}
        <Button
          type="submit"
          busy={isSubmitting}
          className="w-full bg-emerald-600 hover:bg-emerald-500 active:bg-emerald-700"
        >
          <Check aria-hidden="true" className="size-4" />
          Approve refund
        </Button>
      </form>
      <div className="mt-3 border-slate-100 border-t pt-3">
        <Button variant="secondary" className="w-full text-rose-700" onClick={() => setRejecting(true)}>
          <X aria-hidden="true" className="size-4" />
          Reject refund
        </Button>
      </div>
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title="Reject the refund"
        description="Nothing is credited; the tickets stay as they are."
        hint="Shown to the agency with the refund."
        submitLabel="Reject refund"
        danger
        onSubmit={async (reason) => {
          await reject({ params: { id: refund.id }, body: { reason } }).unwrap();
          toast.success(ADMIN_SUCCESS.refundRejected);
        }}
      />
    </Card>
  );
}

function DecidedCard({ refund }: { refund: AdminRefund }) {
  const approved = refund.status === 'approved';
  return (
    <Card title="Decision">
      <p className="font-medium text-slate-900">
        {approved ? `Approved: ${formatMoney(refund.amount)} credited` : 'Rejected: nothing credited'}
      </p>
      {approved && refund.amount.Amount < refund.allowed.Amount && (
        <p className="text-slate-600 text-sm">
          Less than the {formatMoney(refund.allowed)} the rules allowed.
        </p>
      )}
      <p className="mt-1 text-slate-500 text-xs">
        {refund.decided_by?.name ?? 'An operator'}
        {refund.decided_at && ` · ${formatInstant(refund.decided_at)}`}
      </p>
      {refund.decision_reason && (
        <p className="mt-3 whitespace-pre-line rounded-lg bg-slate-50 px-3 py-2 text-slate-700 text-sm ring-1 ring-slate-200">
          {refund.decision_reason}
        </p>
      )}
    </Card>
  );
}
