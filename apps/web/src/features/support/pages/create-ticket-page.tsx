import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Booking,
  SUCCESS,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_PRIORITIES,
  SUPPORT_PRIORITY_LABELS,
} from '@skydesk/contract';
import { clsx } from 'clsx';
import { ArrowLeft, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { attachmentFormData } from '../../../entities/chat/attachment-form';
import { useCan } from '../../../shared/access/dashboard-access';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { newIdempotencyKey } from '../../../shared/http/idempotency-key';
import { paths } from '../../../shared/routing/paths';
import { selectSessionCompany, selectSessionUser } from '../../../shared/session/session-slice';
import { useAppSelector } from '../../../shared/store/hooks';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Field, inputClasses, SelectField, TextField } from '../../../shared/ui/field';
import { bookingSummary } from '../booking-summary';
import { AttachmentsField } from '../components/attachments-field';
import { supportApi } from '../support-api';
import { TICKET_FORM_FIELDS, TicketForm, type TicketFormInput, type TicketFormOutput } from '../ticket-form';
import { supportChatPath, TICKET_PNR_PARAM } from '../ticket-paths';

/** How many of the agency's latest bookings are offered to pick from. */
const RECENT_BOOKINGS = 6;

/**
 * /dashboard/create-ticket (docs/product-spec.md §2): the agent asks SkyDesk for help — what about, how urgent,
 * optionally which booking (picked among the latest or typed; `?pnr=` from a booking's page fills
 * it), the question and files. 'New Ticket Created' (docs/product-spec.md §8), then the ticket's chat opens, where
 * the answer arrives. The route's guard keeps a role without support.use out.
 */
export function CreateTicketPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const presetPnr = (params.get(TICKET_PNR_PARAM) ?? '').trim().toUpperCase();
  const [createTicket] = supportApi.useCreateTicketMutation();
  const [sendAttachment] = supportApi.useSendTicketAttachmentMutation();
  const [files, setFiles] = useState<File[]>([]);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TicketFormInput, unknown, TicketFormOutput>({
    resolver: zodResolver(TicketForm),
    mode: 'onTouched',
    defaultValues: {
      subject: '',
      category: presetPnr ? 'booking' : ('' as TicketFormInput['category']),
      priority: 'normal',
      pnr: presetPnr,
      message: '',
    },
  });
  const pnr = watch('pnr') ?? '';
  const messageLength = watch('message').length;

  /** Each file is its own message after the ticket's first; those that fail are named. */
  const attachFiles = async (ticketId: string): Promise<string[]> => {
    const failed: string[] = [];
    for (const file of files) {
      try {
        await sendAttachment({
          params: { id: ticketId },
          formData: attachmentFormData({ file, body: '', clientId: newIdempotencyKey() }),
        }).unwrap();
      } catch {
        failed.push(file.name);
      }
    }
    return failed;
  };

  const submit = handleSubmit(async (form) => {
    let ticketId: string;
    try {
      ticketId = (await createTicket({ body: form }).unwrap()).id;
    } catch (error) {
      if (!isApiFailure(error)) return;
      if (!showServerFieldErrors(error, setError, TICKET_FORM_FIELDS)) toast.error(error.message);
      return;
    }
    const failed = await attachFiles(ticketId);
    toast.success(SUCCESS.ticketCreated);
    if (failed.length > 0)
      toast.error(
        `${failed.join(', ')} could not be attached. Send ${failed.length === 1 ? 'it' : 'them'} in the chat.`,
        {
          duration: 8000,
        },
      );
    navigate(supportChatPath(ticketId));
  });

  const pickBooking = (booking: Booking) => {
    setValue('pnr', booking.pnr, { shouldValidate: true, shouldDirty: true });
    if (!watch('category')) setValue('category', 'booking', { shouldValidate: true });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mx-auto grid w-full max-w-5xl items-start gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]"
    >
      <Card title="Your question">
        <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
          <TextField
            label="Subject"
            className="sm:col-span-2"
            autoComplete="off"
            placeholder="e.g. Name correction on a ticketed booking"
            error={errors.subject?.message}
            {...register('subject')}
          />
          <SelectField label="Category" error={errors.category?.message} {...register('category')}>
            <option value="">Choose a category</option>
            {SUPPORT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {SUPPORT_CATEGORY_LABELS[category]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Priority"
            hint="High: a traveller is about to fly or cannot travel."
            error={errors.priority?.message}
            {...register('priority')}
          >
            {SUPPORT_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {SUPPORT_PRIORITY_LABELS[priority]}
              </option>
            ))}
          </SelectField>
          <div className="sm:col-span-2">
            <TextField
              label="Booking reference (PNR)"
              optional
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={6}
              placeholder="ABC123"
              hint="The booking this is about, if any. Pick one of your latest below or type its reference."
              error={errors.pnr?.message}
              {...register('pnr')}
            />
            <RecentBookings chosen={pnr.trim().toUpperCase()} onPick={pickBooking} />
          </div>
          <Field
            label="Message"
            className="sm:col-span-2"
            error={errors.message?.message}
            hint={
              <span className="flex justify-between gap-3">
                <span>What happened, what you need, and anything SkyDesk should know.</span>
                <span className="shrink-0 tabular-nums">
                  {messageLength.toLocaleString('en-GB')} / {SUPPORT_MESSAGE_MAX.toLocaleString('en-GB')}
                </span>
              </span>
            }
          >
            {(control) => (
              <textarea
                {...control}
                {...register('message')}
                rows={6}
                className={inputClasses(Boolean(errors.message), 'resize-y')}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <AttachmentsField
              files={files}
              problems={fileProblems}
              onChange={(next, problems) => {
                setFiles(next);
                setFileProblems(problems);
              }}
            />
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 border-slate-100 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
          <Link to={paths.dashboard.viewTickets} className={buttonClasses('ghost')}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to tickets
          </Link>
          <Button type="submit" busy={isSubmitting}>
            {!isSubmitting && <Send aria-hidden="true" className="size-4" />}
            Open ticket
          </Button>
        </div>
      </Card>

      <aside aria-label="What happens next" className="lg:sticky lg:top-20">
        <Card title="What happens next">
          <ol className="list-decimal space-y-2 pl-4 text-slate-600 text-sm leading-relaxed">
            <li>The ticket opens in a chat with SkyDesk support.</li>
            <li>An operator answers there: you see the reply as it is written, and get a notification.</li>
            <li>Close the ticket once you have what you need, or delete it while nobody has replied.</li>
          </ol>
        </Card>
      </aside>
    </form>
  );
}

/**
 * The agency's latest bookings, one click to fill the reference. Only for a role that may see
 * bookings; none, or a failure, leaves the typed reference alone.
 */
function RecentBookings({ chosen, onPick }: { chosen: string; onPick: (booking: Booking) => void }) {
  const canSeeBookings = useCan('bookings.view');
  const company = useAppSelector(selectSessionCompany);
  const user = useAppSelector(selectSessionUser);
  const companyId = company?.id ?? user?.company_id ?? null;
  const { data: bookings } = supportApi.useTicketBookingsQuery(
    { params: { id: companyId ?? '' }, query: { limit: RECENT_BOOKINGS } },
    { skip: !canSeeBookings || !companyId },
  );
  if (!bookings || bookings.length === 0) return null;
  return (
    <div className="mt-3">
      <p id="recent-bookings" className="text-slate-500 text-xs">
        Your latest bookings
      </p>
      <ul aria-labelledby="recent-bookings" className="mt-1.5 flex flex-wrap gap-2">
        {bookings.slice(0, RECENT_BOOKINGS).map((booking) => {
          const { route, departure } = bookingSummary(booking);
          const picked = booking.pnr === chosen;
          return (
            <li key={booking.id}>
              <button
                type="button"
                aria-pressed={picked}
                onClick={() => onPick(booking)}
                className={clsx(
                  'flex min-h-10 flex-col items-start rounded-lg border px-3 py-1.5 text-left text-xs transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
                  picked
                    ? 'border-indigo-500 bg-indigo-50 text-indigo-900 ring-1 ring-indigo-500'
                    : 'border-slate-200 bg-white text-slate-600 hover:border-indigo-300 hover:bg-indigo-50/40',
                )}
              >
                <span className="font-bold font-mono text-slate-900 text-sm tracking-wider">
                  {booking.pnr}
                </span>
                <span>{[route, departure].filter(Boolean).join(' · ')}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
