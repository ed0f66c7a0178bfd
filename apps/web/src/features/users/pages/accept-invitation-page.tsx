import { zodResolver } from '@hookform/resolvers/zod';
import { AcceptInvitationBody, INVITATION, type Invitation } from '@skydesk/contract';
import { CircleCheck, Clock, KeyRound, LinkIcon, RefreshCw, Unlink, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { formatInstant } from '../../../shared/format/date-time';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { type ApiFailure, isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { AuthPanel, textLinkClasses } from '../../../shared/ui/auth-panel';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { Spinner } from '../../../shared/ui/spinner';
import { usersApi } from '../users-api';

const PASSWORD_FIELDS = ['password', 'password_confirmation'] as const;

type LinkProblem = { kind: 'expired' | 'used' | 'invalid'; message: string };

/**
 * Why the link can't be used, from the server's answer: 404 unknown, 410 expired or used (its
 * message says which), 422 a token that is not one. Null when the failure is not about the link.
 */
function linkProblemOf(error: ApiFailure): LinkProblem | null {
  if (error.status === 422 && (error.fieldErrors.token || Object.keys(error.fieldErrors).length === 0))
    return { kind: 'invalid', message: INVITATION.invalid };
  if (error.status !== 404 && error.status !== 410) return null;
  if (error.message === INVITATION.used) return { kind: 'used', message: error.message };
  if (error.status === 410) return { kind: 'expired', message: error.message };
  return { kind: 'invalid', message: error.message };
}

/** Where the user goes once the password is set (or was already): the login page, e-mail filled in. */
const signInLink = (email?: string) => ({ to: paths.login, state: email ? { email } : null });

/**
 * /accept-invitation?token=… (issue 13): the page an invited staff member opens from the e-mail —
 * which agency invites them and as whom, then a password of their own. An expired, used or
 * unknown link says so and what to do instead, with no form.
 */
export function AcceptInvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return token ? <InvitationFor token={token} /> : <MissingToken />;
}

function MissingToken() {
  return (
    <AuthPanel
      icon={LinkIcon}
      title="This page needs your invitation link"
      description="Open the link in the invitation e-mail your agency sent you: it carries the key to this page. If you can't find the e-mail, ask your agency's administrator to send you a new invitation."
      footer={<SignInFooter />}
    />
  );
}

function InvitationFor({ token }: { token: string }) {
  const { data: invitation, error, isFetching, refetch } = usersApi.useInvitationQuery({ query: { token } });
  const [accepted, setAccepted] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState<LinkProblem | null>(null);

  if (accepted !== null) return <Accepted email={accepted} />;
  const failure = isApiFailure(error) ? error : undefined;
  const problem = deadLink ?? (failure ? linkProblemOf(failure) : null);
  if (problem) return <DeadLink problem={problem} email={invitation?.email} />;
  if (error)
    return (
      <AuthPanel
        icon={Unlink}
        title="We couldn't open your invitation"
        description={failure?.message ?? 'Something went wrong. Please try again.'}
        footer={<SignInFooter />}
      >
        <Button className="w-full" busy={isFetching} onClick={() => void refetch()}>
          {!isFetching && <RefreshCw aria-hidden="true" className="size-4" />} Try again
        </Button>
      </AuthPanel>
    );
  if (!invitation)
    return (
      <div className="flex min-h-60 items-center justify-center">
        <Spinner label="Opening your invitation" />
      </div>
    );
  return (
    <ChoosePassword
      token={token}
      invitation={invitation}
      onAccepted={() => setAccepted(invitation.email)}
      onDeadLink={setDeadLink}
    />
  );
}

type ChoosePasswordProps = {
  token: string;
  invitation: Invitation;
  onAccepted: () => void;
  onDeadLink: (problem: LinkProblem) => void;
};

function ChoosePassword({ token, invitation, onAccepted, onDeadLink }: ChoosePasswordProps) {
  const [accept] = usersApi.useAcceptInvitationMutation();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof AcceptInvitationBody>>({
    // The contract's own body: the token comes from the link, the passwords from the form.
    resolver: zodResolver(AcceptInvitationBody),
    mode: 'onTouched',
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const password = watch('password');

  const save = handleSubmit(async (body) => {
    try {
      await accept({ body }).unwrap();
    } catch (error) {
      if (!isApiFailure(error) || showServerFieldErrors(error, setError, PASSWORD_FIELDS)) return;
      // The link died while the page was open (it expired, or was used in another tab).
      const problem = linkProblemOf(error);
      if (problem) onDeadLink(problem);
      else toast.error(error.message);
      return;
    }
    onAccepted();
  });

  return (
    <AuthPanel
      icon={UsersRound}
      eyebrow="Invitation"
      title={`Join ${invitation.company_name} on SkyDesk`}
      description={`${invitation.name}, choose a password for your SkyDesk account.`}
      footer={<SignInFooter />}
    >
      <dl className="mb-5 grid gap-1 rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
        <dt className="text-slate-500 text-xs">You will sign in as</dt>
        <dd className="break-all font-medium text-slate-900">{invitation.email}</dd>
        <dt className="mt-1 text-slate-500 text-xs">This link works until</dt>
        <dd className="text-slate-700">{formatInstant(invitation.expires_at)}</dd>
      </dl>
      <form noValidate onSubmit={save} className="space-y-5">
        {/* For password managers: the account the new password belongs to. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={invitation.email}
          readOnly
          hidden
        />
        <NewPasswordFields
          password={password}
          passwordField={register('password')}
          confirmationField={register('password_confirmation')}
          errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
          labels={{ password: 'Password', confirmation: 'Confirm password' }}
        />
        <Alert tone="info">
          Then sign in: you confirm your e-mail with a code and set up an authenticator app, as everyone at
          SkyDesk does.
        </Alert>
        <Button type="submit" className="w-full" busy={isSubmitting}>
          {!isSubmitting && <KeyRound aria-hidden="true" className="size-4" />}
          Set password and join
        </Button>
      </form>
    </AuthPanel>
  );
}

function Accepted({ email }: { email: string }) {
  return (
    <AuthPanel
      icon={CircleCheck}
      title="You're on the team"
      focusOnMount="always"
      description={INVITATION.accepted}
    >
      <Link {...signInLink(email)} className={buttonClasses('primary', 'w-full')}>
        Sign in
      </Link>
    </AuthPanel>
  );
}

const DEAD_LINK_TITLES: Record<LinkProblem['kind'], string> = {
  expired: 'This invitation has expired',
  used: 'This invitation was already accepted',
  invalid: "This invitation link doesn't work",
};

function DeadLink({ problem, email }: { problem: LinkProblem; email?: string | undefined }) {
  return (
    <AuthPanel
      icon={problem.kind === 'expired' ? Clock : problem.kind === 'used' ? CircleCheck : Unlink}
      title={DEAD_LINK_TITLES[problem.kind]}
      focusOnMount="always"
      description={problem.message}
      footer={problem.kind === 'used' ? undefined : <SignInFooter />}
    >
      {problem.kind === 'used' && (
        <Link {...signInLink(email)} className={buttonClasses('primary', 'w-full')}>
          Sign in
        </Link>
      )}
    </AuthPanel>
  );
}

function SignInFooter() {
  return (
    <p>
      Already have a password?{' '}
      <Link to={paths.login} className={textLinkClasses}>
        Sign in
      </Link>
    </p>
  );
}
