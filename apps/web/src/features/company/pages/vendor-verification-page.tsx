import type { CompanyStatus, VendorStatus } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Check, Clock, FileUp, MailCheck, RefreshCw, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { companyVerificationChanged, selectSessionCompany } from '../../../shared/session/session-slice';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { ScreenLoader } from '../../../shared/ui/spinner';
import { companyApi } from '../company-api';
import { VendorVerificationForm } from '../components/vendor-form';
import { VendorSubmissionDetails } from '../components/vendor-submission-panel';

/**
 * The dashboard of an agency that is not approved yet (docs/architecture.md §5: email_verified →
 * pending_review → approved | rejected): every dashboard route shows this page. It sends the
 * vendor form, shows the review under way, or the reason of a rejection and the form again.
 */
export function VendorVerificationPage() {
  const dispatch = useAppDispatch();
  const company = useAppSelector(selectSessionCompany);
  const { currentData, isError: failed, isFetching, refetch } = companyApi.useVendorStatusQuery();
  // After a submission, the form is done with: a spinner until the review status has been read back.
  const [submitted, setSubmitted] = useState(false);
  const vendor = submitted && isFetching ? undefined : currentData;
  // After a submission or a check, the step shown may change: its heading takes the focus.
  const [focusStep, setFocusStep] = useState(false);

  useEffect(() => {
    if (!currentData) return;
    // The review may have moved on since sign-in: the session follows (approved opens the dashboard).
    dispatch(
      companyVerificationChanged({
        verification_status: currentData.verification_status,
        rejection_reason: currentData.rejection_reason,
      }),
    );
  }, [currentData, dispatch]);

  const reload = () => {
    setFocusStep(true);
    void refetch();
  };
  const status = vendor?.verification_status ?? company?.verification_status ?? 'email_verified';

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <section
        aria-labelledby="verification-intro"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div className="flex items-start gap-4">
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100 sm:flex">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <div className="min-w-0">
            <h2 id="verification-intro" className="font-semibold text-lg text-slate-900">
              Verify {company?.name ?? 'your agency'}
            </h2>
            <p className="mt-1 text-slate-600 text-sm leading-relaxed">
              SkyDesk checks every agency before it can search, book and ticket flights. Until yours is
              approved, every screen of the dashboard opens this page.
            </p>
          </div>
        </div>
        <VerificationSteps status={status} />
      </section>

      {failed ? (
        <Alert tone="error" title="Your verification status could not be loaded.">
          <Button variant="secondary" className="mt-2" onClick={reload}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </Alert>
      ) : !vendor ? (
        <ScreenLoader />
      ) : (
        <StatusView
          key={vendor.verification_status}
          vendor={vendor}
          focusStep={focusStep}
          onSubmitted={() => {
            setSubmitted(true);
            reload();
          }}
          onCheckAgain={() => {
            setSubmitted(false);
            reload();
          }}
        />
      )}
    </div>
  );
}

type StatusViewProps = {
  vendor: VendorStatus;
  focusStep: boolean;
  onSubmitted: () => void;
  onCheckAgain: () => void;
};

function StatusView({ vendor, focusStep, onSubmitted, onCheckAgain }: StatusViewProps) {
  const { verification_status: status, rejection_reason: reason, submission } = vendor;

  if (status === 'pending_review') {
    return (
      <Panel
        icon={<Clock aria-hidden="true" className="size-5" />}
        tone="amber"
        focusOnMount={focusStep}
        badge="Under review"
        title="Your documents are under review"
        action={
          <Button variant="secondary" onClick={onCheckAgain}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Check status
          </Button>
        }
      >
        <p className="text-slate-600 text-sm leading-relaxed">
          The SkyDesk team is checking what you sent. Sign in again later to see the result: once your agency
          is approved, the whole dashboard opens.
        </p>
        {submission && (
          <div className="mt-5">
            <VendorSubmissionDetails submission={submission} />
          </div>
        )}
      </Panel>
    );
  }

  if (status === 'approved') {
    return (
      <Panel
        icon={<Check aria-hidden="true" className="size-5" />}
        tone="emerald"
        focusOnMount={focusStep}
        badge="Approved"
        title="Your agency is approved"
      >
        <p className="text-slate-600 text-sm">Opening your dashboard…</p>
      </Panel>
    );
  }

  const rejected = status === 'rejected';
  return (
    <>
      {rejected && (
        <Alert tone="error" title="Your documents were not approved">
          <blockquote className="my-2 border-rose-300 border-l-4 py-0.5 pl-3 font-medium text-rose-950">
            {reason ?? 'No reason was given. Contact SkyDesk support for details.'}
          </blockquote>
          <p>Correct what the reason names and send your documents again below.</p>
        </Alert>
      )}
      <Panel
        icon={<FileUp aria-hidden="true" className="size-5" />}
        tone="indigo"
        focusOnMount={focusStep}
        title={rejected ? 'Send your documents again' : 'Send your documents'}
      >
        <p className="mb-5 text-slate-600 text-sm leading-relaxed">
          Your agency's registration numbers, its trade licence and the owner's ID. The review usually needs
          both documents to be clearly readable.
        </p>
        <VendorVerificationForm previous={rejected ? submission : null} onSubmitted={onSubmitted} />
      </Panel>
    </>
  );
}

const panelTones = {
  indigo: 'bg-indigo-50 text-indigo-600 ring-indigo-100',
  amber: 'bg-amber-50 text-amber-700 ring-amber-100',
  emerald: 'bg-emerald-50 text-emerald-700 ring-emerald-100',
} as const;

type PanelProps = {
  icon: ReactNode;
  tone: keyof typeof panelTones;
  title: string;
  badge?: string;
  action?: ReactNode;
  /** This card replaced another: its heading takes the focus. */
  focusOnMount: boolean;
  children: ReactNode;
};

/** A card of the page, whose heading takes the focus when it replaces another (a step change). */
function Panel({ icon, tone, title, badge, action, focusOnMount, children }: PanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only, by design
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="verification-step"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-start gap-3">
        <span
          className={clsx(
            'flex size-10 shrink-0 items-center justify-center rounded-xl ring-1',
            panelTones[tone],
          )}
        >
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          {badge && (
            <p className="mb-0.5 inline-flex rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 text-xs">
              {badge}
            </p>
          )}
          <h2
            id="verification-step"
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold text-lg text-slate-900 outline-none"
          >
            {title}
          </h2>
        </div>
        {action && <div className="w-full sm:w-auto">{action}</div>}
      </div>
      {children}
    </section>
  );
}

const STEPS = [
  { label: 'Verify e-mail', icon: MailCheck },
  { label: 'Send documents', icon: FileUp },
  { label: 'Get approved', icon: ShieldCheck },
] as const;

/** How far the agency is: e-mail verified → documents sent → approval (docs/architecture.md §5). */
function VerificationSteps({ status }: { status: CompanyStatus }) {
  const done = status === 'approved' ? 3 : status === 'pending_review' ? 2 : status === 'registered' ? 0 : 1;
  return (
    <ol className="mt-5 grid grid-cols-3 gap-2 border-slate-100 border-t pt-5">
      {STEPS.map(({ label, icon: Icon }, index) => {
        const state = index < done ? 'done' : index === done ? 'current' : 'upcoming';
        return (
          <li
            key={label}
            className="flex min-w-0 flex-col items-center gap-1.5 text-center sm:flex-row sm:text-left"
          >
            <span
              className={clsx(
                'flex size-8 shrink-0 items-center justify-center rounded-full',
                state === 'done' && 'bg-emerald-600 text-white',
                state === 'current' && 'bg-indigo-600 text-white ring-4 ring-indigo-100',
                state === 'upcoming' && 'bg-slate-100 text-slate-400',
              )}
            >
              {state === 'done' ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Icon aria-hidden="true" className="size-4" />
              )}
            </span>
            <span
              className={clsx(
                'text-xs sm:text-sm',
                state === 'upcoming' ? 'text-slate-500' : 'font-medium text-slate-900',
              )}
            >
              {label}
              <span className="sr-only">
                {state === 'done' ? ' (done)' : state === 'current' ? ' (current step)' : ' (to come)'}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
