import { zodResolver } from '@hookform/resolvers/zod';
import { Password } from '@skydesk/contract';
import { KeyRound, LinkIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { showServerFieldErrors } from '../../shared/forms/server-field-errors';
import { isApiFailure } from '../../shared/http/api-error';
import { AuthPanel } from '../../shared/ui/auth-panel';
import { Button } from '../../shared/ui/button';
import { NewPasswordFields } from '../../shared/ui/new-password-fields';
import type { SignInPrincipal } from './sign-in-principal';

/** The link's body without the token (it comes from the link): the contract's rules and messages. */
export const NewPasswordForm = z
  .object({ password: Password, password_confirmation: z.string() })
  .refine((form) => form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match',
  });

type PasswordLinkScreenProps<Session> = {
  principal: SignInPrincipal<Session>;
  /** What the link is called: "reset" (a forgotten password), "set-up" (a new operator). */
  link: string;
  /** Where the link came from, when the page is opened without it. */
  missingLink: string;
  /** Why a link stops working, and what to do then. */
  deadLink: string;
  /** Under a dead or missing link's explanation: the way to a new one, where the principal can ask. */
  newLinkAction?: ReactNode;
  /** Below the card when the link is missing or dead. */
  linkProblemFooter: ReactNode;
  title: string;
  description: string;
  /** Below the form's card. */
  footer?: ReactNode;
  labels?: { password: string; confirmation: string };
  /** Said under the fields, before the button. */
  note?: ReactNode;
  submitLabel: string;
  /** What the principal is told once the password is saved, on the way to signing in. */
  done: string;
};

/**
 * A new password from an e-mailed link (`?token=…`): a forgotten password reset, an operator's
 * first password. The link carries the key; a link that is missing, used or expired says so.
 */
export function PasswordLinkScreen<Session>(props: PasswordLinkScreenProps<Session>) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return token ? <NewPassword token={token} {...props} /> : <LinkProblem reason="missing" {...props} />;
}

function LinkProblem<Session>({
  reason,
  principal,
  link,
  missingLink,
  deadLink,
  newLinkAction,
  linkProblemFooter,
}: PasswordLinkScreenProps<Session> & { reason: 'missing' | 'expired' }) {
  return (
    <AuthPanel
      icon={LinkIcon}
      eyebrow={principal.eyebrow}
      title={reason === 'missing' ? `This page needs your ${link} link` : `This ${link} link no longer works`}
      focusOnMount={reason === 'expired' ? 'always' : 'arrival'}
      description={reason === 'missing' ? missingLink : deadLink}
      footer={linkProblemFooter}
    >
      {newLinkAction}
    </AuthPanel>
  );
}

function NewPassword<Session>(props: PasswordLinkScreenProps<Session> & { token: string }) {
  const { principal, token, title, description, footer, labels, note, submitLabel, done } = props;
  const navigate = useNavigate();
  const [linkDead, setLinkDead] = useState(false);
  const setPassword = principal.useSetPasswordFromLink();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(NewPasswordForm),
    mode: 'onTouched',
    defaultValues: { password: '', password_confirmation: '' },
  });

  const save = handleSubmit(async (form) => {
    try {
      await setPassword({ token, ...form });
    } catch (error) {
      if (isApiFailure(error) && error.fieldErrors.token) setLinkDead(true);
      else showServerFieldErrors(error, setError, ['password', 'password_confirmation']);
      return;
    }
    toast.success(done);
    navigate(principal.paths.login, { replace: true });
  });

  if (linkDead) return <LinkProblem reason="expired" {...props} />;

  return (
    <AuthPanel
      icon={KeyRound}
      eyebrow={principal.eyebrow}
      title={title}
      description={description}
      footer={footer}
    >
      <form noValidate onSubmit={save} className="space-y-5">
        <NewPasswordFields
          password={watch('password')}
          passwordField={register('password')}
          confirmationField={register('password_confirmation')}
          errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
          labels={labels}
        />
        {note}
        <Button type="submit" className="w-full" busy={isSubmitting}>
          {submitLabel}
        </Button>
      </form>
    </AuthPanel>
  );
}
