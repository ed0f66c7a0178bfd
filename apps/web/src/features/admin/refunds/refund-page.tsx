import { zodResolver } from '@hookform/resolvers/zod';
import {
  AdminReason,
  type AdminRefund,
  type AdminRefundService,
  BOOKING_STATUS_LABELS,
  PASSENGER_TYPE_LABELS,
  TICKET_STATUS_LABELS,
  TRIP_TYPE_LABELS,
} from '@skydesk/contract';
import { clsx } from 'clsx';
import { Check, Undo2, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { adminAgencyPath, adminPaths } from '../../../shared/routing/admin-paths';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import { adminApi } from '../admin-api';
import { ADMIN_SUCCESS, REFUND_STATUS } from '../admin-labels';
import { ReasonField } from '../components/reason-field';
import { DecidedCard, DecisionPanel } from '../desk/decision-panel';
import { DeskDetail, DeskFigure, DeskSummary } from '../desk/desk-detail';

/** /admin/refunds/:id: one request — booking, tickets, the fare rules and what they allow — and its decision. */
export function RefundPage() {
  const { id = '' } = useParams();
  const answer = adminApi.useRefundQuery({ params: { id } });

  return (
    <DeskDetail
      answer={answer}
      queue={{ to: adminPaths.refunds, label: 'Refunds' }}
      noun="refund request"
      icon={Undo2}
      notFound="No refund request has this address."
    >
      {(refund) => (
        <>
          <DeskSummary
            titleId="refund-title"
            title={`Refund ${refund.order_no}`}
            status={
              <>
                <Badge tone={REFUND_STATUS[refund.status].tone} dot>
                  {REFUND_STATUS[refund.status].label}
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
              </>
            }
            aside={
              // Issue 31: with seats and bags the figure is more than the fare's rules.
              <DeskFigure label={refund.services?.length ? 'The rules allow' : 'The fare rules allow'}>
                {formatMoney(refund.allowed)}
              </DeskFigure>
            }
          >
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
              <Fact label="Requested">{requestedText(refund)}</Fact>
            </dl>
            <AgencyRequest refund={refund} />
          </DeskSummary>

          {/* Phones: the decision first, under the summary; wider: beside the tickets and rules. */}
          <div className="flex flex-col gap-5 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
            <div className="contents lg:block lg:min-w-0 lg:space-y-5">
              <TicketsCard refund={refund} />
              <Card title="Penalty rules" className="order-3 lg:order-none">
                {refund.rules.length === 0 ? (
                  <p className="text-slate-600 text-sm">The fare states no penalty rule.</p>
                ) : (
                  <ul className="list-disc space-y-1 pl-5 text-slate-700 text-sm">
                    {refund.rules.map((rule) => (
                      <li key={rule}>{rule}</li>
                    ))}
                  </ul>
                )}
                {refund.phase === 'refund' && !refund.refundable && (
                  <Alert tone="warning" className="mt-3">
                    The fare is not refundable: only what the rules allow above can come back.
                  </Alert>
                )}
              </Card>
            </div>
            <div className="order-1 min-w-0 lg:order-none">
              {refund.status === 'pending' ? (
                <RefundDecision refund={refund} />
              ) : (
                <DecidedCard
                  outcome={
                    refund.status === 'approved'
                      ? `Approved: ${formatMoney(refund.amount)} credited`
                      : 'Rejected: nothing credited'
                  }
                  note={
                    refund.status === 'approved' && refund.amount.Amount < refund.allowed.Amount
                      ? `Less than the ${formatMoney(refund.allowed)} the rules allowed.`
                      : undefined
                  }
                  by={refund.decided_by}
                  at={refund.decided_at}
                  reason={refund.decision_reason}
                />
              )}
            </div>
          </div>
        </>
      )}
    </DeskDetail>
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
  const credited = refund.status === 'approved';
  return (
    <Card title={`Tickets (${refund.tickets.length})`} className="order-2 lg:order-none">
      <ul className="divide-y divide-slate-100">
        {refund.tickets.map((ticket) => (
          <li key={ticket.ticket_number} className="py-3 first:pt-0">
            <p className="font-medium text-slate-900">{ticket.passenger_name}</p>
            <p className="text-slate-500 text-xs">
              {PASSENGER_TYPE_LABELS[ticket.passenger_type]} ·{' '}
              <span className="font-mono">{ticket.ticket_number}</span> ·{' '}
              {TICKET_STATUS_LABELS[ticket.status]}
            </p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-right text-sm">
              <div>
                <dt className="text-slate-500 text-xs">Paid</dt>
                <dd className="tabular-nums">{formatMoney(ticket.paid)}</dd>
              </div>
              <div>
                <dt className="text-slate-500 text-xs">Penalty</dt>
                <dd className={clsx('tabular-nums', ticket.penalty.Amount > 0 && 'text-rose-700')}>
                  {ticket.penalty.Amount > 0
                    ? `−${formatMoney(ticket.penalty)}`
                    : formatMoney(ticket.penalty)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500 text-xs">{credited ? 'Credited' : 'Allowed'}</dt>
                <dd className="font-semibold tabular-nums">
                  {formatMoney(ticket.refunded ?? ticket.allowed)}
                </dd>
              </div>
            </dl>
            <TicketServices
              services={(refund.services ?? []).filter(
                (service) => service.ticket_number === ticket.ticket_number,
              )}
              credited={credited}
            />
          </li>
        ))}
      </ul>
      <p className="mt-1 flex justify-between gap-3 border-slate-200 border-t pt-3 text-sm">
        <span className="text-slate-600">{credited ? 'Credited in all' : 'The rules allow in all'}</span>
        <span className="font-semibold text-slate-900 tabular-nums">
          {formatMoney(credited ? refund.amount : refund.allowed)}
        </span>
      </p>
    </Card>
  );
}

/**
 * Issue 31: the paid seats and bags that go with a ticket — what each cost, what the rules let come
 * back (or what was credited) and why — the same lines the agency was quoted.
 */
function TicketServices({ services, credited }: { services: AdminRefundService[]; credited: boolean }) {
  if (services.length === 0) return null;
  return (
    <div className="mt-2 rounded-lg bg-slate-50 px-3 py-2">
      <p className="font-medium text-slate-600 text-xs">Seats and bags</p>
      <ul className="mt-1 space-y-2">
        {services.map((service) => {
          const back = service.refunded ?? service.allowed;
          return (
            <li key={service.service_id} className="text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="min-w-0 text-slate-800">{service.description}</span>
                <span className="shrink-0 text-right text-xs tabular-nums">
                  <span className="text-slate-500">Paid {formatMoney(service.paid)} · </span>
                  <span
                    className={clsx('font-semibold', back.Amount > 0 ? 'text-slate-900' : 'text-rose-700')}
                  >
                    {back.Amount > 0
                      ? `${credited ? 'Credited' : 'Allowed'} ${formatMoney(back)}`
                      : 'Not refunded'}
                  </span>
                </span>
              </div>
              <p className="text-slate-500 text-xs">{service.reason}</p>
            </li>
          );
        })}
      </ul>
    </div>
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
  // Issue 30: a decision that moves money is confirmed, naming the amount and the agency.
  const [confirming, setConfirming] = useState<{ amount: number; reason: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = handleSubmit(({ amount, reason }) => setConfirming({ amount, reason }));
  const confirm = async () => {
    if (!confirming) return;
    const { amount, reason } = confirming;
    setBusy(true);
    try {
      await approve({
        params: { id: refund.id },
        body: amount < allowed ? { amount, reason: reason.trim() } : { amount },
      }).unwrap();
      toast.success(ADMIN_SUCCESS.refundApproved);
    } catch (error) {
      showServerFieldErrors(error, setError, ['amount', 'reason']);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <DecisionPanel
      decisions={[
        {
          key: 'reject',
          label: 'Reject refund',
          icon: X,
          look: 'refuse',
          reason: {
            title: 'Reject the refund',
            description: 'Nothing is credited; the tickets stay as they are.',
            hint: 'Shown to the agency with the refund.',
            submitLabel: 'Reject refund',
            danger: true,
          },
          decide: async (reason) => {
            await reject({ params: { id: refund.id }, body: { reason } }).unwrap();
            toast.success(ADMIN_SUCCESS.refundRejected);
          },
        },
      ]}
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Approve the refund">
        <TextField
          label={`Amount to credit (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          hint={`At most ${formatMoney(refund.allowed)}. Lower it to credit less; it is spread over the tickets${
            (refund.services ?? []).some((service) => service.allowed.Amount > 0)
              ? ' and their seats and bags'
              : ''
          }.`}
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
        <Button type="submit" busy={isSubmitting || busy} variant="success" className="w-full">
          <Check aria-hidden="true" className="size-4" />
          Approve refund
        </Button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={`Credit ${confirming ? formatMoney({ Amount: confirming.amount, CurrencyCode: currency }) : ''} to ${refund.company.name}?`}
        confirmLabel="Credit and approve"
        variant="success"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {refund.company.name}&apos;s credits go up by{' '}
          <strong className="text-slate-900 tabular-nums">
            {confirming ? formatMoney({ Amount: confirming.amount, CurrencyCode: currency }) : ''}
          </strong>{' '}
          for refund {refund.order_no} of booking {refund.booking.pnr}
          {confirming && confirming.amount < allowed
            ? `, less than the ${formatMoney(refund.allowed)} the fare rules allow`
            : ''}
          . The tickets are refunded and cannot be used; this cannot be undone.
        </p>
      </ConfirmDialog>
    </DecisionPanel>
  );
}

/** The request as the agency made it (issue 30): a refund of some or all tickets, never the rule's name. */
function requestedText(refund: AdminRefund): string {
  const request = refund.request;
  const tickets = request
    ? request.tickets === request.of_tickets
      ? `every ticket (${request.tickets})`
      : `${request.tickets} of ${request.of_tickets} tickets`
    : `${refund.tickets.length} ${refund.tickets.length === 1 ? 'ticket' : 'tickets'}`;
  const priced =
    refund.phase === 'void'
      ? 'inside the void window: no penalty, everything back'
      : 'after the void window: the fare rules\u2019 penalty kept';
  return `Refund of ${tickets}, ${priced}`;
}

/** Who at the agency asked, and the reason they gave, in their words. */
function AgencyRequest({ refund }: { refund: AdminRefund }) {
  const request = refund.request;
  return (
    <figure className="mt-4 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
      <figcaption className="font-medium text-slate-600 text-xs uppercase tracking-wide">
        The agency&apos;s reason
        {request?.requested_by ? ` · ${request.requested_by.name}` : ''} ·{' '}
        <time dateTime={refund.requested_at}>{formatInstant(refund.requested_at)}</time>
      </figcaption>
      <blockquote className="mt-1 whitespace-pre-line break-words text-slate-900">
        {request?.reason ?? <span className="text-slate-500">No reason recorded with this request.</span>}
      </blockquote>
    </figure>
  );
}
