import { zodResolver } from '@hookform/resolvers/zod';
import {
  CABIN_LABELS,
  CABINS,
  type FieldErrors as ServerFieldErrors,
  type TripType,
} from '@skydesk/contract';
import { clsx } from 'clsx';
import { ArrowLeftRight, Plus, Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { todayLocalDate } from '../../shared/format/date-time';
import { useAppDispatch } from '../../shared/store/hooks';
import { Button } from '../../shared/ui/button';
import { FieldError, SelectField, TextField } from '../../shared/ui/field';
import { AirportCombobox } from '../airports/airport-combobox';
import type { AirportDirectory } from '../airports/use-airports';
import { type PassengerCounts, PassengerPicker } from './passenger-picker';
import { PassengersDisclosure } from './passengers-disclosure';
import { type SearchDraft, searchDraftSaved } from './search-draft-slice';
import { emptyLeg, formErrorsOfServer, MULTI_CITY_LEGS, SearchForm } from './search-form';
import { TripTypeChoice } from './trip-type-choice';

type FlightSearchFormProps = {
  /** The search it starts from; to load another search into it, mount it again (a new key). */
  draft: SearchDraft;
  airports: AirportDirectory;
  /** The form is valid: the draft holds the search to run. */
  onSearch: (draft: SearchDraft) => void;
  /**
   * 'full': the search screen's — every trip type, each flight's route and date, the passengers
   * and the cabin laid out. 'compact': a quick search in a card (the dashboard's) — one-way or
   * return on one flight, the passengers behind a button, laid out by the card's width; the rest
   * is the search screen's.
   */
  variant?: 'full' | 'compact';
  /** A 422 of the last search (keys of the search body), shown on the fields. */
  serverErrors?: ServerFieldErrors | undefined;
  /** Check the draft at once (e.g. a search again of a past date). */
  validateOnMount?: boolean | undefined;
};

const TRIP_TYPES = ['OneWay', 'Return', 'MultiCity'] as const;
const QUICK_TRIP_TYPES = ['OneWay', 'Return'] as const;

/**
 * The search as the compact form starts it: one-way or return on its first flight (a multi-city
 * search is the search screen's), a date already gone left for the agent to choose.
 */
export function quickDraftOf(draft: SearchDraft, today = todayLocalDate()): SearchDraft {
  const first = draft.legs[0] ?? emptyLeg();
  const future = (date: string) => (date && date >= today ? date : '');
  const isReturn = draft.trip_type === 'Return';
  return {
    ...draft,
    trip_type: isReturn ? 'Return' : 'OneWay',
    legs: [{ ...first, departure_date: future(first.departure_date) }],
    return_date: isReturn ? future(draft.return_date) : '',
  };
}

/**
 * The flight search form (docs/api.md#flights search body), saved to the persisted draft as it is
 * typed (docs/product-spec.md §3), so the search screen and the dashboard's quick search are one
 * search.
 */
export function FlightSearchForm({
  draft,
  airports,
  onSearch,
  variant = 'full',
  serverErrors,
  validateOnMount,
}: FlightSearchFormProps) {
  const compact = variant === 'compact';
  const dispatch = useAppDispatch();
  const [start] = useState(() => (compact ? quickDraftOf(draft) : draft));
  const {
    control,
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    trigger,
    watch,
    formState: { errors, isSubmitted, touchedFields },
  } = useForm<SearchDraft>({ resolver: zodResolver(SearchForm), mode: 'onTouched', defaultValues: start });
  const legs = useFieldArray({ control, name: 'legs' });
  const values = useWatch({ control }) as SearchDraft;
  const tripType = values.trip_type;
  const today = todayLocalDate();

  // docs/product-spec.md §3: the search form is persisted; every change goes to the draft.
  useEffect(() => {
    const subscription = watch((next) => dispatch(searchDraftSaved(structuredClone(next) as SearchDraft)));
    return () => subscription.unsubscribe();
  }, [dispatch, watch]);

  useEffect(() => {
    if (serverErrors) {
      const found = formErrorsOfServer(serverErrors, getValues('trip_type'));
      found.forEach(({ field, message }, index) => {
        setError(field as Path<SearchDraft>, { type: 'server', message }, { shouldFocus: index === 0 });
      });
    } else if (validateOnMount) {
      void trigger();
    }
  }, [serverErrors, validateOnMount, setError, trigger, getValues]);

  /**
   * A field's error once the agent has left the field or sent the search (or the server refused
   * it, or the draft is checked on arrival). react-hook-form checks the whole `legs` array when a
   * flight is added or removed, which would otherwise say "Choose an airport" on every new field.
   */
  const showEveryError = isSubmitted || Boolean(validateOnMount);
  const shown = (error: { message?: string; type?: unknown } | undefined, touched: boolean | undefined) =>
    error && (showEveryError || touched || error.type === 'server') ? error.message : undefined;

  // Once submitted, a change anywhere re-checks everything (the rules cross fields).
  const revalidate = () => {
    if (isSubmitted) void trigger();
  };

  const chooseTripType = (next: TripType) => {
    setValue('trip_type', next, { shouldDirty: true });
    if (next === 'MultiCity' && getValues('legs').length < MULTI_CITY_LEGS.min) {
      const first = getValues('legs.0');
      legs.append({ ...emptyLeg(), origin_location_code: first?.destination_location_code ?? '' });
    }
    revalidate();
  };

  const swap = (index: number) => {
    // Read both first: getValues answers the form's live object, which the first setValue changes.
    const { origin_location_code: origin, destination_location_code: destination } = getValues(
      `legs.${index}`,
    );
    setValue(`legs.${index}.origin_location_code`, destination, { shouldDirty: true });
    setValue(`legs.${index}.destination_location_code`, origin, { shouldDirty: true });
    revalidate();
  };

  const setPassengers = (counts: PassengerCounts) => {
    setValue('adult_quantity', counts.adult_quantity, { shouldDirty: true });
    setValue('child_quantity', counts.child_quantity, { shouldDirty: true });
    setValue('infant_quantity', counts.infant_quantity, { shouldDirty: true });
    revalidate();
  };
  const passengersError =
    errors.adult_quantity?.message ?? errors.child_quantity?.message ?? errors.infant_quantity?.message;

  /**
   * From or To of one leg: the airport combobox bound to its form field. A render function, not a
   * component defined here, so the combobox is not remounted (and its focus lost) on each render.
   */
  const airportField = (name: Path<SearchDraft>, label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AirportCombobox
          label={label}
          airports={airports}
          value={field.value as string}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(code) => {
            field.onChange(code);
            revalidate();
          }}
          error={shown(fieldState.error, fieldState.isTouched)}
        />
      )}
    />
  );

  const swapButton = (index: number, label: string, className: string) => (
    <button
      type="button"
      onClick={() => swap(index)}
      aria-label={label}
      className={clsx(
        'flex items-center justify-center self-center justify-self-center rounded-full border border-slate-300 bg-white text-slate-600 shadow-xs transition-colors hover:border-indigo-400 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2',
        className,
      )}
    >
      <ArrowLeftRight
        aria-hidden="true"
        className={clsx('size-4 rotate-90', compact ? '@min-[36rem]:rotate-0' : 'md:rotate-0')}
      />
    </button>
  );

  const returnDate = (className?: string) => (
    <TextField
      className={className}
      label="Return"
      type="date"
      min={values.legs[0]?.departure_date || today}
      error={shown(errors.return_date, touchedFields.return_date)}
      {...register('return_date', { onChange: revalidate })}
    />
  );

  if (compact) {
    return (
      <form
        noValidate
        aria-label="Quick flight search"
        onSubmit={handleSubmit((valid) => onSearch(valid as SearchDraft))}
        className="@container space-y-4"
      >
        <TripTypeChoice types={QUICK_TRIP_TYPES} value={tripType} onChange={chooseTripType} compact />

        <div className="grid items-start gap-x-2 gap-y-3 @min-[36rem]:grid-cols-[1fr_auto_1fr]">
          {airportField('legs.0.origin_location_code', 'From')}
          {swapButton(0, 'Swap origin and destination', '-my-2 size-9 @min-[36rem]:my-0 @min-[36rem]:mt-7')}
          {airportField('legs.0.destination_location_code', 'To')}
        </div>

        <div className={clsx('grid gap-3', tripType === 'Return' && 'grid-cols-2')}>
          <TextField
            label="Departure"
            type="date"
            min={today}
            error={shown(errors.legs?.[0]?.departure_date, touchedFields.legs?.[0]?.departure_date)}
            {...register('legs.0.departure_date', { onChange: revalidate })}
          />
          {tripType === 'Return' && returnDate()}
        </div>

        <PassengersDisclosure
          counts={values}
          cabin={values.cabin}
          onChange={setPassengers}
          error={passengersError}
        />

        <div className="flex justify-end">
          <Button type="submit" className="w-full @min-[24rem]:w-auto">
            <Search aria-hidden="true" className="size-4" /> Search flights
          </Button>
        </div>
      </form>
    );
  }

  const visibleLegs = tripType === 'MultiCity' ? legs.fields : legs.fields.slice(0, 1);
  const legsError = showEveryError ? (errors.legs?.root?.message ?? errors.legs?.message) : undefined;

  return (
    <form noValidate onSubmit={handleSubmit((valid) => onSearch(valid as SearchDraft))} className="space-y-6">
      <TripTypeChoice types={TRIP_TYPES} value={tripType} onChange={chooseTripType} />

      <div className="space-y-4">
        {visibleLegs.map((leg, index) => (
          <fieldset
            key={leg.id}
            className={clsx(tripType === 'MultiCity' && 'rounded-xl border border-slate-200 p-3 sm:p-4')}
          >
            <legend
              className={clsx(
                tripType === 'MultiCity' ? 'px-1 font-medium text-slate-700 text-sm' : 'sr-only',
              )}
            >
              {tripType === 'MultiCity' ? `Flight ${index + 1}` : 'Route and dates'}
            </legend>
            <div className="grid items-start gap-x-3 gap-y-4 md:grid-cols-[1fr_auto_1fr] xl:grid-cols-[1fr_auto_1fr_11rem_11rem]">
              {airportField(`legs.${index}.origin_location_code`, 'From')}
              {swapButton(
                index,
                `Swap origin and destination${tripType === 'MultiCity' ? ` of flight ${index + 1}` : ''}`,
                'size-10 md:mt-7',
              )}
              {airportField(`legs.${index}.destination_location_code`, 'To')}
              <TextField
                className="md:col-start-1 xl:col-start-auto"
                label={tripType === 'MultiCity' ? 'Date' : 'Departure'}
                type="date"
                min={index > 0 ? values.legs[index - 1]?.departure_date || today : today}
                error={shown(
                  errors.legs?.[index]?.departure_date,
                  touchedFields.legs?.[index]?.departure_date,
                )}
                {...register(`legs.${index}.departure_date`, { onChange: revalidate })}
              />
              {tripType === 'Return' && returnDate('md:col-start-3 xl:col-start-auto')}
              {tripType === 'MultiCity' && legs.fields.length > MULTI_CITY_LEGS.min && (
                <Button
                  variant="ghost"
                  className="self-end md:col-start-3 xl:col-start-5"
                  onClick={() => {
                    legs.remove(index);
                    revalidate();
                  }}
                  aria-label={`Remove flight ${index + 1}`}
                >
                  <X aria-hidden="true" className="size-4" /> Remove
                </Button>
              )}
            </div>
          </fieldset>
        ))}
        {tripType === 'MultiCity' && (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              disabled={legs.fields.length >= MULTI_CITY_LEGS.max}
              onClick={() => {
                const last = getValues(`legs.${legs.fields.length - 1}`);
                legs.append({ ...emptyLeg(), origin_location_code: last?.destination_location_code ?? '' });
              }}
            >
              <Plus aria-hidden="true" className="size-4" /> Add flight
            </Button>
            <p className="text-slate-500 text-xs">
              {MULTI_CITY_LEGS.min} to {MULTI_CITY_LEGS.max} flights
              {legs.fields.length >= MULTI_CITY_LEGS.max ? ' — the most a multi-city trip can have.' : '.'}
            </p>
          </div>
        )}
        {legsError && <FieldError>{legsError}</FieldError>}
      </div>

      <div className="grid gap-4 lg:grid-cols-[1fr_14rem]">
        <Controller
          control={control}
          name="adult_quantity"
          render={() => (
            <PassengerPicker
              adult_quantity={values.adult_quantity}
              child_quantity={values.child_quantity}
              infant_quantity={values.infant_quantity}
              error={passengersError}
              onChange={setPassengers}
            />
          )}
        />
        <SelectField label="Cabin" error={errors.cabin?.message} {...register('cabin')}>
          {CABINS.map((cabin) => (
            <option key={cabin} value={cabin}>
              {CABIN_LABELS[cabin]}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="flex justify-end border-slate-100 border-t pt-5">
        <Button type="submit" className="w-full sm:w-auto sm:min-w-40">
          <Search aria-hidden="true" className="size-4" />
          Search flights
        </Button>
      </div>
    </form>
  );
}
