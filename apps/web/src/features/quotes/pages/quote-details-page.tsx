import { type Quote, type QuoteOption, SendQuoteBody } from '@skydesk/contract';
import { ArrowLeft, Ban, Copy, Download, ExternalLink, FileQuestion, Mail, PlaneTakeoff } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { itinerarySelected, quoteOptionChosen } from '../../../entities/booking-draft/booking-draft-slice';
import { useShowsNet } from '../../../entities/pricing/client-view';
import { useCan } from '../../../shared/access/dashboard-access';
import { saveAs } from '../../../shared/files/save-file';
import { formatInstant } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { useAppDispatch } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { ConfirmDialog, Modal } from '../../../shared/ui/dialog';
import { Field, inputClasses, TextField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { StatusScreen } from '../../../shared/ui/status-screen';
import { QuoteOptionCard } from '../components/quote-option-card';
import { QuoteStatusBadge } from '../components/quote-status-badge';
import { isOpen, validUntilText } from '../quote-format';
import { quotesApi } from '../quotes-api';

/**
 * /dashboard/quote-details?id= (issue 33): one quote — for whom, where it stands, its options at
 * selling price with the agency's net and margin (hidden in the client view) — with its public link
 * to copy, the e-mail to the client, the PDF, withdrawal, and "Book this option": a fresh offer for
 * it, booked through the usual form with the quote's option named.
 */
export function QuoteDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  if (!useCan('bookings.create')) return <ForbiddenScreen permission="bookings.create" />;
  if (!/^[0-9a-f-]{36}$/i.test(id))
    return (
      <StatusScreen
        icon={FileQuestion}
        standalone={false}
        title="No quote chosen"
        actions={
          <Link to={paths.dashboard.quotes} className={buttonClasses('primary')}>
            Quotes
          </Link>
        }
      >
        Open a quote from the quotes list.
      </StatusScreen>
    );
  return <QuoteDetails id={id} />;
}

function QuoteDetails({ id }: { id: string }) {
  const { data: quote, error, isLoading, refetch } = quotesApi.useQuoteQuery({ params: { id } });
  if (isApiFailure(error) && error.status === 403) return <ForbiddenScreen permission="bookings.create" />;
  if (isApiFailure(error) && error.status === 404)
    return (
      <StatusScreen
        icon={FileQuestion}
        tone="rose"
        standalone={false}
        title="Quote not found"
        actions={
          <Link to={paths.dashboard.quotes} className={buttonClasses('primary')}>
            Quotes
          </Link>
        }
      >
        No quote of your agency has this address.
      </StatusScreen>
    );
  if (error) return <LoadFailed title="The quote could not be loaded" onRetry={() => void refetch()} />;
  if (isLoading || !quote)
    return (
      <div role="status" aria-label="Loading the quote" className="mx-auto w-full max-w-5xl space-y-3">
        <div className="h-28 animate-pulse rounded-2xl bg-slate-200/70" />
        <div className="h-48 animate-pulse rounded-2xl bg-slate-200/70" />
      </div>
    );
  return <QuoteView quote={quote} />;
}

function QuoteView({ quote }: { quote: Quote }) {
  const showsNet = useShowsNet();
  const open = isOpen(quote.status);
  const [sending, setSending] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [pdfBusy, setPdfBusy] = useState(false);
  const [fetchPdf] = quotesApi.useQuotePdfMutation();

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(quote.public_url);
      toast.success('Link copied');
    } catch {
      toast.error('The link could not be copied: select it and copy it by hand.');
    }
  };
  const downloadPdf = async () => {
    setPdfBusy(true);
    try {
      const url = await fetchPdf({ params: { id: quote.id } }).unwrap();
      saveAs(url, `quote-${quote.reference}.pdf`);
    } catch {
      // The call has told the user.
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-5xl space-y-5">
      <Link
        to={paths.dashboard.quotes}
        className="inline-flex items-center gap-1.5 text-slate-600 text-sm hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Quotes
      </Link>
      <section
        aria-label="Quote"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="font-semibold text-slate-900 text-xl">{quote.client.name}</h2>
            <p className="text-slate-600 text-sm">
              <span className="font-mono">{quote.reference}</span>
              {quote.client.email && <> · {quote.client.email}</>}
            </p>
          </div>
          <QuoteStatusBadge status={quote.status} />
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Valid until">{validUntilText(quote.valid_until)}</Fact>
          <Fact label="Made">
            {formatInstant(quote.created_at)} by {quote.created_by.name}
          </Fact>
          <Fact label="Sent">{quote.sent_at ? formatInstant(quote.sent_at) : 'Not yet'}</Fact>
          <Fact label="Opened by the client">
            {quote.viewed_at ? formatInstant(quote.viewed_at) : 'Not yet'}
          </Fact>
        </dl>
        {quote.note && (
          <p className="whitespace-pre-line rounded-lg bg-slate-50 px-3 py-2 text-slate-700 text-sm">
            {quote.note}
          </p>
        )}
        {open ? (
          <div className="space-y-3 border-slate-100 border-t pt-4">
            <div className="flex min-w-0 items-center gap-2">
              <input
                readOnly
                aria-label="Public link"
                value={quote.public_url}
                onFocus={(event) => event.target.select()}
                className={inputClasses(false, 'min-w-0 flex-1 font-mono text-xs sm:text-xs')}
              />
              <Button variant="secondary" className="shrink-0" onClick={() => void copyLink()}>
                <Copy aria-hidden="true" className="size-4" /> Copy link
              </Button>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setSending(true)}>
                <Mail aria-hidden="true" className="size-4" /> Send by e-mail
              </Button>
              <Button variant="secondary" busy={pdfBusy} onClick={() => void downloadPdf()}>
                <Download aria-hidden="true" className="size-4" /> Download PDF
              </Button>
              <a href={quote.public_url} target="_blank" rel="noreferrer" className={buttonClasses('ghost')}>
                <ExternalLink aria-hidden="true" className="size-4" /> Open the client’s page
              </a>
              <Button
                variant="ghost"
                className="text-rose-700 hover:bg-rose-50 sm:ml-auto"
                onClick={() => setWithdrawing(true)}
              >
                <Ban aria-hidden="true" className="size-4" /> Withdraw
              </Button>
            </div>
          </div>
        ) : (
          <Alert tone="warning" title={quote.status === 'withdrawn' ? 'Withdrawn' : 'Expired'}>
            {quote.status === 'withdrawn'
              ? `Withdrawn ${quote.withdrawn_at ? formatInstant(quote.withdrawn_at) : ''}: its link shows the client that the quote is no longer available.`
              : 'Its validity has passed: the link shows the client that the quote is no longer available.'}
          </Alert>
        )}
      </section>

      <section aria-label="Options" className="space-y-3">
        {!showsNet && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm ring-1 ring-amber-200">
            Client view: net prices and margins are hidden.
          </p>
        )}
        {quote.options.map((option) => (
          <QuoteOptionCard
            key={option.id}
            option={option}
            showNet={showsNet}
            actions={open && !option.booking_id ? <BookOption quote={quote} option={option} /> : undefined}
          />
        ))}
      </section>

      <SendQuoteDialog quote={quote} open={sending} onClose={() => setSending(false)} />
      <WithdrawDialog quote={quote} open={withdrawing} onClose={() => setWithdrawing(false)} />
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

/** A fresh offer for the option (re-priced as any booking is), then the usual booking form. */
function BookOption({ quote, option }: { quote: Quote; option: QuoteOption }) {
  const canBook = useCan('bookings.create');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [offer, { isLoading }] = quotesApi.useQuoteOptionOfferMutation();
  const [problem, setProblem] = useState<string | null>(null);
  if (!canBook) return null;
  const book = async () => {
    setProblem(null);
    try {
      const itinerary = await offer({ params: { id: quote.id, option_id: option.id } }).unwrap();
      dispatch(itinerarySelected(itinerary));
      dispatch(quoteOptionChosen(option.id));
      navigate(paths.dashboard.travelersDetails);
    } catch (error) {
      if (!isApiFailure(error)) throw error;
      setProblem(error.message);
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {problem && (
        <p role="alert" className="text-rose-700 text-sm">
          {problem}
        </p>
      )}
      <Button busy={isLoading} onClick={() => void book()}>
        <PlaneTakeoff aria-hidden="true" className="size-4" /> Book this option
        <span className="sr-only"> {option.position}</span>
      </Button>
    </div>
  );
}

function SendQuoteDialog({ quote, open, onClose }: { quote: Quote; open: boolean; onClose: () => void }) {
  const [to, setTo] = useState(quote.client.email ?? '');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading }] = quotesApi.useSendQuoteMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...(to.trim() ? { to: to.trim() } : {}),
      ...(message.trim() ? { message: message.trim() } : {}),
    };
    const parsed = SendQuoteBody.safeParse(body);
    if (!to.trim() && !quote.client.email) return setError('Enter the client’s e-mail');
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter a valid email');
    setError(null);
    try {
      await send({ params: { id: quote.id }, body }).unwrap();
      toast.success(`Quote sent to ${to.trim() || quote.client.email}`);
      onClose();
    } catch (failure) {
      if (!isApiFailure(failure)) throw failure;
      setError(failure.fieldErrors?.to?.[0] ?? failure.message);
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !isLoading && onClose()}
      title="Send the quote by e-mail"
      description="The client receives the quote as a PDF, with the link to its page."
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField
          label="To"
          type="email"
          value={to}
          error={error ?? undefined}
          onChange={(event) => setTo(event.target.value)}
        />
        <Field label="Message" optional>
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={2000}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              className={inputClasses(false, 'resize-y')}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" busy={isLoading}>
            <Mail aria-hidden="true" className="size-4" /> Send
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function WithdrawDialog({ quote, open, onClose }: { quote: Quote; open: boolean; onClose: () => void }) {
  const [withdraw, { isLoading }] = quotesApi.useWithdrawQuoteMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    try {
      await withdraw({ params: { id: quote.id } }).unwrap();
      toast.success(`Quote ${quote.reference} withdrawn`);
      onClose();
    } catch (failure) {
      if (!isApiFailure(failure)) throw failure;
      setProblem(failure.message);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title="Withdraw this quote?"
      confirmLabel="Withdraw quote"
      busy={isLoading}
      problem={problem ? <Alert tone="error" title={problem} className="mb-3" /> : undefined}
      onConfirm={() => void confirm()}
      onCancel={() => {
        setProblem(null);
        onClose();
      }}
    >
      Its link stops at once: {quote.client.name} will read that the quote is no longer available. This cannot
      be undone.
    </ConfirmDialog>
  );
}
