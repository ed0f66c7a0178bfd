import { zodResolver } from '@hookform/resolvers/zod';
import { PersonName, Phone, type SessionUser, SUCCESS } from '@skydesk/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { TextField } from '../../../shared/ui/field';
import { accountApi } from '../account-api';

/** The contract's rules for the two fields; a phone never given may stay empty. */
const ProfileForm = z.object({ name: PersonName, phone: z.union([z.literal(''), Phone]) });
type ProfileFormInput = z.input<typeof ProfileForm>;
type ProfileFormOutput = z.output<typeof ProfileForm>;

const PROFILE_FIELDS = ['name', 'phone'] as const;

/** Section 1: the user's name and phone; the e-mail is how they sign in and stays as it is. */
export function ProfileCard({ user }: { user: SessionUser }) {
  const [updateAccount] = accountApi.useUpdateAccountMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(ProfileForm),
    mode: 'onTouched',
    defaultValues: { name: user.name, phone: user.phone ?? '' },
  });

  const submit = handleSubmit(async ({ name, phone }) => {
    try {
      const saved = await updateAccount({ body: { name, ...(phone ? { phone } : {}) } }).unwrap();
      reset({ name: saved.name, phone: saved.phone ?? '' });
      toast.success(SUCCESS.accountUpdated);
    } catch (error) {
      if (!isApiFailure(error)) return;
      if (!showServerFieldErrors(error, setError, PROFILE_FIELDS)) toast.error(error.message);
    }
  });

  return (
    <Card title="Profile">
      <form noValidate onSubmit={submit}>
        <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
          <TextField
            label="Name"
            autoComplete="name"
            className="sm:col-span-2"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="E-mail"
            type="email"
            value={user.email}
            readOnly
            disabled
            hint="You sign in with it, so it can't be changed here."
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+971 50 123 4567"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </div>
        <div className="mt-5 flex justify-end border-slate-100 border-t pt-4">
          <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
            Save profile
          </Button>
        </div>
      </form>
    </Card>
  );
}
