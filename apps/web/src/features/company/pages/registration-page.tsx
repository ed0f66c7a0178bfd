import { zodResolver } from '@hookform/resolvers/zod';
import { SUCCESS } from '@skydesk/contract';
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import type { CodeSentState } from '../../../shared/routing/paths';
import { paths } from '../../../shared/routing/paths';
import { AuthPanel, textLinkClasses } from '../../../shared/ui/auth-panel';
import { Button } from '../../../shared/ui/button';
import { CountryOptions, SelectField, TextField } from '../../../shared/ui/field';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { companyApi } from '../company-api';
import {
  REGISTRATION_FIELDS,
  RegistrationForm,
  type RegistrationFormInput,
  toRegisterBody,
} from '../registration-form';

const emptyForm: RegistrationFormInput = {
  company_name: '',
  contact_name: '',
  email: '',
  phone: '',
  country: '',
  city: '',
  address: '',
  iata_number: '',
  password: '',
  password_confirmation: '',
};

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
      <legend className="mb-4 font-semibold text-slate-500 text-xs uppercase tracking-wider">{title}</legend>
      {children}
    </fieldset>
  );
}

/** /registration (docs/product-spec.md §2): the agency and its owner; an e-mailed code verifies them next. */
export function RegistrationPage() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(RegistrationForm), mode: 'onTouched', defaultValues: emptyForm });
  const password = watch('password');
  const [registerCompany] = companyApi.useRegisterCompanyMutation();

  const submit = handleSubmit(async (form) => {
    let email: string;
    try {
      ({ email } = await registerCompany({ body: toRegisterBody(form) }).unwrap());
    } catch (error) {
      showServerFieldErrors(error, setError, REGISTRATION_FIELDS);
      return;
    }
    toast.success(SUCCESS.registered);
    const state: CodeSentState = { codeSentAt: Date.now() };
    // The e-mail rides in the URL, so reloading the verification screen still knows it.
    navigate(`${paths.verification}?${new URLSearchParams({ email })}`, { state });
  });

  return (
    <AuthPanel
      icon={Building2}
      eyebrow="Step 1 of 2"
      title="Register your agency"
      description="Open a SkyDesk account for your travel agency. You'll be its owner and can add your staff later."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.login} className={textLinkClasses}>
            Sign in
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-8">
        <FormSection title="Agency">
          <TextField
            label="Company name"
            autoComplete="organization"
            error={errors.company_name?.message}
            {...register('company_name')}
          />
          <TextField
            label="IATA number"
            optional
            inputMode="numeric"
            hint="7 or 8 digits, if your agency is IATA-accredited."
            error={errors.iata_number?.message}
            {...register('iata_number')}
          />
          <SelectField
            label="Country"
            autoComplete="country"
            error={errors.country?.message}
            {...register('country')}
          >
            <option value="" disabled>
              Choose a country
            </option>
            <CountryOptions />
          </SelectField>
          <TextField
            label="City"
            autoComplete="address-level2"
            error={errors.city?.message}
            {...register('city')}
          />
          <TextField
            label="Address"
            autoComplete="street-address"
            className="sm:col-span-2"
            error={errors.address?.message}
            {...register('address')}
          />
        </FormSection>

        <FormSection title="Owner">
          <TextField
            label="Contact name"
            autoComplete="name"
            className="sm:col-span-2"
            error={errors.contact_name?.message}
            {...register('contact_name')}
          />
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            hint="You'll sign in with it; the verification code goes here."
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            placeholder="+971 50 123 4567"
            hint="With the country code."
            error={errors.phone?.message}
            {...register('phone')}
          />
        </FormSection>

        <FormSection title="Password">
          <NewPasswordFields
            className="sm:col-span-2"
            password={password}
            passwordField={register('password')}
            confirmationField={register('password_confirmation')}
            errors={{
              password: errors.password?.message,
              confirmation: errors.password_confirmation?.message,
            }}
          />
        </FormSection>

        <Button type="submit" className="w-full" busy={isSubmitting}>
          Create agency account
        </Button>
      </form>
    </AuthPanel>
  );
}
