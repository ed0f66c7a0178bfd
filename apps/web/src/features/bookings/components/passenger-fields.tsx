import {
  ageCheckDate,
  GENDERS,
  passportNeededUntil,
  type Traveller,
  type TripDates,
} from '@skydesk/contract';
import { History, UserRound, Users, X } from 'lucide-react';
import { useState } from 'react';
import { type Control, type UseFormReturn, useWatch } from 'react-hook-form';
import type { TravellerDraft } from '../../../entities/booking-draft/booking-draft-slice';
import { formatDayWithYear } from '../../../shared/format/date-time';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { CountryOptions, SelectField, TextField } from '../../../shared/ui/field';
import { PASSENGER_AGE_HINTS, TITLE_LABELS, TITLES_FOR } from '../passengers';
import type { TravellersFormValues } from '../travellers-form';
import type { SavedTravellers } from '../use-saved-travellers';
import { SavedTravellerPicker } from './saved-traveller-picker';

const GENDER_LABELS = { M: 'Male', F: 'Female' } as const;

type PassengerFieldsProps = {
  form: UseFormReturn<TravellersFormValues>;
  index: number;
  label: string;
  dates: TripDates;
  saved: SavedTravellers | undefined;
  onOpenSaved: () => void;
  /** Saved travellers used by the other passengers. */
  disabledIds: string[];
  /** The last traveller the agent entered, when it fits this passenger and is not on the booking yet. */
  previous: TravellerDraft | null;
  onFill: (traveller: TravellerDraft) => void;
  onPick: (traveller: Traveller) => void;
  onClear: () => void;
};

const samePerson = (a: TravellerDraft | undefined, b: TravellerDraft) =>
  a !== undefined &&
  a.passport_number.trim().toUpperCase() === b.passport_number.trim().toUpperCase() &&
  a.last_name.trim().toUpperCase() === b.last_name.trim().toUpperCase();

/** "Same as previous traveller", offered while that traveller is not on this booking yet. */
function PreviousTravellerButton({
  control,
  previous,
  label,
  onFill,
}: {
  control: Control<TravellersFormValues>;
  previous: TravellerDraft;
  label: string;
  onFill: () => void;
}) {
  const passengers = useWatch({ control, name: 'passengers' });
  if (passengers.some((passenger) => samePerson(passenger, previous))) return null;
  return (
    <Button variant="ghost" className="min-h-9 px-3" onClick={onFill}>
      <History aria-hidden="true" className="size-4" />
      <span>
        Same as previous traveller
        <span className="sr-only"> for {label}</span>:{' '}
        <span className="font-semibold">
          {previous.first_name} {previous.last_name}
        </span>
      </span>
    </Button>
  );
}

/** One passenger as in the passport: identity, date of birth for the type, nationality, passport. */
export function PassengerFields({
  form,
  index,
  label,
  dates,
  saved,
  onOpenSaved,
  disabledIds,
  previous,
  onFill,
  onPick,
  onClear,
}: PassengerFieldsProps) {
  const [picking, setPicking] = useState(false);
  const {
    register,
    control,
    formState: { errors },
  } = form;
  // useWatch, not watch: only this passenger re-renders as its own fields change.
  const type = useWatch({ control, name: `passengers.${index}.passenger_type` });
  const pickedFrom = useWatch({ control, name: `passengers.${index}.traveller_id` });
  const problems = errors.passengers?.[index];
  const field = (name: keyof TravellerDraft) => `passengers.${index}.${name}` as const;
  const legendId = `passenger-${index}-legend`;

  return (
    <fieldset
      aria-labelledby={legendId}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={legendId} className="flex items-center gap-2 font-semibold text-slate-900">
          <UserRound aria-hidden="true" className="size-5 text-indigo-600" />
          {label}
          {pickedFrom && <Badge tone="indigo">Saved traveller</Badge>}
        </h2>
        <div className="flex flex-wrap gap-2">
          {previous && (
            <PreviousTravellerButton
              control={control}
              previous={previous}
              label={label}
              onFill={() => onFill(previous)}
            />
          )}
          <Button
            variant="secondary"
            className="min-h-9 px-3"
            aria-expanded={picking}
            onClick={() => {
              if (!picking) onOpenSaved();
              setPicking(!picking);
            }}
          >
            <Users aria-hidden="true" className="size-4" />
            Pick a saved traveller<span className="sr-only"> for {label}</span>
          </Button>
          {pickedFrom && (
            <Button variant="ghost" className="min-h-9 px-3" onClick={onClear}>
              <X aria-hidden="true" className="size-4" /> Clear<span className="sr-only"> {label}</span>
            </Button>
          )}
        </div>
      </div>

      {picking && (
        <div className="mb-4">
          <SavedTravellerPicker
            passengerLabel={label}
            saved={saved}
            disabledIds={disabledIds}
            onPick={(traveller) => {
              onPick(traveller);
              setPicking(false);
            }}
          />
        </div>
      )}

      {/* Phones: title and gender share a row (dense packing fills the gap after the title). */}
      <div className="grid grid-flow-row-dense grid-cols-2 gap-x-3 gap-y-4 sm:grid-flow-row sm:gap-x-4 lg:grid-cols-[9rem_1fr_1fr]">
        <SelectField label="Title" error={problems?.title?.message} {...register(field('title'))}>
          <option value="">Choose…</option>
          {TITLES_FOR[type].map((title) => (
            <option key={title} value={title}>
              {TITLE_LABELS[title]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="First and middle names"
          hint="As in the passport"
          autoComplete="off"
          className="col-span-2 sm:col-span-1 [&_input]:uppercase"
          error={problems?.first_name?.message}
          {...register(field('first_name'))}
        />
        <TextField
          label="Last name"
          hint="As in the passport"
          autoComplete="off"
          className="col-span-2 lg:col-span-1 [&_input]:uppercase"
          error={problems?.last_name?.message}
          {...register(field('last_name'))}
        />
        <SelectField label="Gender" error={problems?.gender?.message} {...register(field('gender'))}>
          <option value="">Choose…</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {GENDER_LABELS[gender]}
            </option>
          ))}
        </SelectField>
        <TextField
          type="date"
          className="col-span-2 sm:col-span-1"
          label="Date of birth"
          hint={`${PASSENGER_AGE_HINTS[type]} on ${formatDayWithYear(ageCheckDate(type, dates))}`}
          error={problems?.date_of_birth?.message}
          {...register(field('date_of_birth'))}
        />
        <SelectField
          label="Nationality"
          className="col-span-2 lg:col-span-1"
          error={problems?.nationality?.message}
          {...register(field('nationality'))}
        >
          <option value="">Choose…</option>
          <CountryOptions />
        </SelectField>
        <TextField
          label="Passport number"
          autoComplete="off"
          className="col-span-2 sm:col-span-1 lg:col-span-2 [&_input]:uppercase"
          error={problems?.passport_number?.message}
          {...register(field('passport_number'))}
        />
        <TextField
          type="date"
          className="col-span-2 sm:col-span-1"
          label="Passport expiry"
          hint={`Valid until ${formatDayWithYear(passportNeededUntil(dates.last))} or later`}
          error={problems?.passport_expiry?.message}
          {...register(field('passport_expiry'))}
        />
      </div>
    </fieldset>
  );
}
