import { MAX_QUOTE_OPTIONS } from '@skydesk/contract';
import { FileText, Search, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { quoteTray, type TrayOption, useQuoteTray } from '../../../entities/quotes/quote-tray';
import { useCan } from '../../../shared/access/dashboard-access';
import { formatDayTime, formatInstantTime } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { isApiFailure } from '../../../shared/http/api-error';
import { useIdempotentMutation } from '../../../shared/http/use-idempotent-mutation';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Field, inputClasses, TextField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { quoteDetailsPath } from '../quote-paths';
import { quotesApi } from '../quotes-api';

type Form = { name: string; email: string; validity: string; note: string };
type Errors = Partial<Record<keyof Form | 'offers', string>>;

const SERVER_FIELDS: Record<string, keyof Errors> = {
  'client.name': 'name',
  'client.email': 'email',
  validity_days: 'validity',
  note: 'note',
  offer_ids: 'offers',
};

function check(form: Form): Errors {
  const errors: Errors = {};
  if (form.name.trim().length < 2) errors.name = 'Name the client';
  if (form.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim()))
    errors.email = 'Enter a valid email';
  if (
    form.validity &&
    !(Number.isInteger(Number(form.validity)) && Number(form.validity) >= 1 && Number(form.validity) <= 60)
  )
    errors.validity = 'Between 1 and 60 days';
  return errors;
}

/**
 * /dashboard/create-quote (issue 33): the options picked from results (one to five), and for whom —
 * the client's name and e-mail, how long the quote holds and a note — then `POST /api/quotes`. The
 * quote opens on its own screen, with its link to share.
 */
export function CreateQuotePage() {
  if (!useCan('bookings.create')) return <ForbiddenScreen permission="bookings.create" />;
  return <CreateQuote />;
}

function CreateQuote() {
  const options = useQuoteTray();
  const navigate = useNavigate();
  const create = useIdempotentMutation(quotesApi.useCreateQuoteMutation);
  const [form, setForm] = useState<Form>({ name: '', email: '', validity: '', note: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (options.length === 0)
    return (
      <div className="mx-auto w-full max-w-3xl">
        <EmptyState
          icon={FileText}
          title="No options in the quote yet"
          actions={
            <Link to={paths.dashboard.searchFlights} className={buttonClasses('primary')}>
              <Search aria-hidden="true" className="size-4" /> Search flights
            </Link>
          }
        >
          Search, then press “Add to quote” on up to {MAX_QUOTE_OPTIONS} results or fare families.
        </EmptyState>
      </div>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(form);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const quote = await create({
        body: {
          client: { name: form.name.trim(), email: form.email.trim() || null },
          offer_ids: options.map((option) => option.offer_id),
          ...(form.validity ? { validity_days: Number(form.validity) } : {}),
          note: form.note.trim() || null,
        },
      });
      quoteTray.clear();
      toast.success(`Quote ${quote.reference} made for ${quote.client.name}`);
      navigate(quoteDetailsPath(quote.id), { replace: true });
    } catch (error) {
      if (!isApiFailure(error)) throw error;
      const fieldErrors: Errors = {};
      for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
        const key = SERVER_FIELDS[field] ?? (field.startsWith('offer_ids') ? 'offers' : undefined);
        if (key && messages[0]) fieldErrors[key] = messages[0];
      }
      setErrors(fieldErrors);
      if (!Object.keys(fieldErrors).length || fieldErrors.offers)
        setProblem(fieldErrors.offers ?? error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl items-start gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-label="Options in the quote" className="space-y-3">
        <h2 className="font-semibold text-slate-900">
          {options.length} of {MAX_QUOTE_OPTIONS} options
        </h2>
        <ol className="space-y-2">
          {options.map((option, index) => (
            <TrayRow key={option.offer_id} option={option} position={index + 1} />
          ))}
        </ol>
        <p className="text-slate-600 text-sm">
          Prices are the selling prices your client sees. Offers hold for 30 minutes: make the quote before
          the first one expires, or search again.{' '}
          <Link to={paths.dashboard.searchFlights} className="font-medium text-indigo-700 hover:underline">
            Add another option
          </Link>
        </p>
      </section>

      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Quote for the client"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2 className="font-semibold text-slate-900">For the client</h2>
        {problem && (
          <Alert tone="error" title="The quote was not made">
            {problem}
          </Alert>
        )}
        <TextField
          label="Client name"
          value={form.name}
          maxLength={120}
          autoComplete="off"
          error={errors.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
        <TextField
          label="Client e-mail"
          optional
          type="email"
          value={form.email}
          maxLength={254}
          error={errors.email}
          hint="Needed to send the quote by e-mail."
          onChange={(event) => setForm({ ...form, email: event.target.value })}
        />
        <TextField
          label="Valid for (days)"
          optional
          type="number"
          inputMode="numeric"
          min={1}
          max={60}
          value={form.validity}
          error={errors.validity}
          hint="Your agency’s default when left empty."
          onChange={(event) => setForm({ ...form, validity: event.target.value })}
        />
        <Field label="Note to the client" optional error={errors.note}>
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={2000}
              value={form.note}
              onChange={(event) => setForm({ ...form, note: event.target.value })}
              className={inputClasses(Boolean(errors.note), 'resize-y')}
            />
          )}
        </Field>
        <Button type="submit" busy={busy} className="w-full">
          <FileText aria-hidden="true" className="size-4" /> Create quote
        </Button>
      </form>
    </div>
  );
}

function TrayRow({ option, position }: { option: TrayOption; position: number }) {
  return (
    <li
      aria-label={`Option ${position}`}
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {position}. {option.route}
        </p>
        <p className="text-slate-600 text-sm">
          {option.carrier} · {option.brand} · departs {formatDayTime(option.departs)}
        </p>
        <p className="text-slate-500 text-xs">
          Offer held until {formatInstantTime(option.offer_expires_at)}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <span className="font-semibold text-slate-900 tabular-nums">{formatMoney(option.selling)}</span>
        <Button variant="ghost" className="min-h-9 px-2" onClick={() => quoteTray.remove(option.offer_id)}>
          <Trash2 aria-hidden="true" className="size-4" />
          <span className="sr-only">Remove option {position}</span>
        </Button>
      </div>
    </li>
  );
}
