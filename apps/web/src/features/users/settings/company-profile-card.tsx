import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRIES, type CompanyProfile, UpdateCompanyProfileBody } from '@skydesk/contract';
import { BadgeCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { TextField } from '../../../shared/ui/field';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { accountApi } from '../account-api';
import { TimeZoneSetting } from './time-zone-setting';

export const COMPANY_PROFILE_SAVED = 'Company profile saved';

const countryNames = new Map(COUNTRIES.map((country) => [country.code, country.name]));
const countryName = (code: string): string => countryNames.get(code) ?? code;

type CompanyFormInput = z.input<typeof UpdateCompanyProfileBody>;
type CompanyFormOutput = z.output<typeof UpdateCompanyProfileBody>;

const COMPANY_FIELDS = ['contact_name', 'phone', 'city', 'address', 'iata_number'] as const;

const formValues = (profile: CompanyProfile): CompanyFormInput => ({
  contact_name: profile.contact_name,
  phone: profile.phone,
  city: profile.city,
  address: profile.address,
  iata_number: profile.iata_number ?? '',
});

/**
 * Section 5: the agency as registered (docs/api.md `GET /api/company/profile`), readable by every user.
 * The owner keeps its contact, phone, address and IATA number up to date, and its time zone (issue
 * 15: in which its days are counted); its name and country are what SkyDesk verified, so they are
 * shown but never edited here.
 */
export function CompanyProfileCard({ isOwner }: { isOwner: boolean }) {
  const { data: profile, error, isLoading, isFetching, refetch } = accountApi.useCompanyProfileQuery();

  return (
    <Card title="Company profile">
      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : 'Failed to fetch the company profile'}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : isLoading || !profile ? (
        <div role="status" aria-label="Loading the company profile" className="space-y-3">
          <div className="h-14 animate-pulse rounded-xl bg-slate-100" />
          <div className="h-40 animate-pulse rounded-xl bg-slate-100" />
        </div>
      ) : (
        <>
          <VerifiedIdentity profile={profile} />
          {isOwner ? <CompanyProfileForm profile={profile} /> : <CompanyDetails profile={profile} />}
          <TimeZoneSetting profile={profile} isOwner={isOwner} />
        </>
      )}
    </Card>
  );
}

/** The name and country SkyDesk verified: fixed. */
function VerifiedIdentity({ profile }: { profile: CompanyProfile }) {
  return (
    <div className="mb-5 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Detail label="Company name" value={profile.name} />
        <Detail label="Country" value={countryName(profile.country)} />
        <Detail label="E-mail" value={profile.email} breakAll />
      </dl>
      <p className="mt-3 flex items-start gap-1.5 text-slate-500 text-xs leading-relaxed">
        <BadgeCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
        The name and country are your agency's verified identity and can't be changed here. Contact SkyDesk
        support if they are wrong.
      </p>
    </div>
  );
}

/** Everyone else reads the details the owner keeps. */
function CompanyDetails({ profile }: { profile: CompanyProfile }) {
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail label="Contact name" value={profile.contact_name} />
        <Detail label="Phone" value={profile.phone} />
        <Detail label="City" value={profile.city} />
        <Detail label="IATA number" value={profile.iata_number ?? 'None'} />
        <Detail label="Address" value={profile.address} className="sm:col-span-2" />
      </dl>
      <p className="mt-4 text-slate-500 text-xs">Only your agency's owner can change these details.</p>
    </>
  );
}

function CompanyProfileForm({ profile }: { profile: CompanyProfile }) {
  const [updateProfile] = accountApi.useUpdateCompanyProfileMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CompanyFormInput, unknown, CompanyFormOutput>({
    resolver: zodResolver(UpdateCompanyProfileBody),
    mode: 'onTouched',
    defaultValues: formValues(profile),
  });

  const submit = handleSubmit(async (body) => {
    try {
      const saved = await updateProfile({ body }).unwrap();
      reset(formValues(saved));
      toast.success(COMPANY_PROFILE_SAVED);
    } catch (error) {
      if (!isApiFailure(error)) return;
      if (!showServerFieldErrors(error, setError, COMPANY_FIELDS)) toast.error(error.message);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <TextField
          label="Contact name"
          autoComplete="name"
          error={errors.contact_name?.message}
          {...register('contact_name')}
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label="IATA number"
          optional
          inputMode="numeric"
          autoComplete="off"
          hint="7 or 8 digits. Leave it empty if your agency has none."
          error={errors.iata_number?.message}
          {...register('iata_number')}
        />
        <TextField
          label="Address"
          autoComplete="street-address"
          className="sm:col-span-2"
          error={errors.address?.message}
          {...register('address')}
        />
      </div>
      <div className="mt-5 flex justify-end border-slate-100 border-t pt-4">
        <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
          Save company profile
        </Button>
      </div>
    </form>
  );
}

type DetailProps = { label: string; value: string; className?: string; breakAll?: boolean };

function Detail({ label, value, className, breakAll = false }: DetailProps) {
  return (
    <div className={className}>
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className={`font-medium text-slate-900 text-sm ${breakAll ? 'break-all' : 'break-words'}`}>
        {value}
      </dd>
    </div>
  );
}
