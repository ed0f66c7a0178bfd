import { zodResolver } from '@hookform/resolvers/zod';
import { CABIN_LABELS, TRIP_TYPE_LABELS } from '@skydesk/contract';
import { clsx } from 'clsx';
import { ArrowLeftRight, ChevronDown, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AirportCombobox } from '../../../../entities/airports/airport-combobox';
import { type AirportDirectory, useAirports } from '../../../../entities/airports/use-airports';
import { PassengerPicker } from '../../../../entities/flight-search/passenger-picker';
import {
  type SearchDraft,
  searchDraftSaved,
  selectSearchDraft,
} from '../../../../entities/flight-search/search-draft-slice';
import { emptyLeg, SearchForm } from '../../../../entities/flight-search/search-form';
import { todayLocalDate } from '../../../../shared/format/date-time';
import { paths } from '../../../../shared/routing/paths';
import { useAppDispatch, useAppSelector } from '../../../../shared/store/hooks';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { FieldError, TextField } from '../../../../shared/ui/field';
import { BlockLink } from './block-parts';

const QUICK_TRIP_TYPES = ['OneWay', 'Return'] as const;

/**
 * The last search as the quick form starts it: one-way or return on its first flight (a
 * multi-city search is the search screen's), a date already gone left for the agent to choose.
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

/** "2 adults, 1 child", as the passengers' button reads. */
export function passengersText(
  draft: Pick<SearchDraft, 'adult_quantity' | 'child_quantity' | 'infant_quantity'>,
) {
  const part = (count: number, one: string, many: string) =>
    count > 0 ? [`${count} ${count === 1 ? one : many}`] : [];
  return [
    ...part(draft.adult_quantity, 'adult', 'adults'),
    ...part(draft.child_quantity, 'child', 'children'),
    ...part(draft.infant_quantity, 'infant', 'infants'),
  ].join(', ');
}

/**
 * A quick flight search on the home (`flights.search`): from, to, dates and passengers, started
 * from the last search (the persisted search draft, docs/product-spec.md §3) and saved to it as it is typed, so
 * the search screen and this form are one search. Searching opens the results, as the search
 * screen does; the search screen has the rest (multi-city, cabin).
 */
export function QuickSearchBlock() {
  const draft = useAppSelector(selectSearchDraft);
  const airports = useAirports();
  const wasMultiCity = draft.trip_type === 'MultiCity';
  return (
    <Card title="Quick search" aside={<BlockLink to={paths.dashboard.searchFlights}>Full search</BlockLink>}>
      {/* Mounted once with the draft it starts from; later changes flow from the form to the draft. */}
      <QuickSearchForm draft={draft} airports={airports} />
      {wasMultiCity && (
        <p className="mt-3 text-slate-500 text-xs">
          Your last search was multi-city: it is on the{' '}
          <Link to={paths.dashboard.searchFlights} className="font-medium text-indigo-700 hover:underline">
            search screen
          </Link>
          .
        </p>
      )}
    </Card>
  );
}

function QuickSearchForm({ draft, airports }: { draft: SearchDraft; airports: AirportDirectory }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const passengersId = useId();
  const [start] = useState(() => quickDraftOf(draft));
  const [choosingPassengers, setChoosingPassengers] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    getValues,
    trigger,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<SearchDraft>({ resolver: zodResolver(SearchForm), mode: 'onTouched', defaultValues: start });
  const values = useWatch({ control }) as SearchDraft;
  const today = todayLocalDate();

  // docs/product-spec.md §3: the search form is persisted — what is typed here is the search screen's draft too.
  useEffect(() => {
    const subscription = watch((next) => dispatch(searchDraftSaved(structuredClone(next) as SearchDraft)));
    return () => subscription.unsubscribe();
  }, [dispatch, watch]);

  const revalidate = () => {
    if (isSubmitted) void trigger();
  };

  const swap = () => {
    const { origin_location_code: origin, destination_location_code: destination } = getValues('legs.0');
    setValue('legs.0.origin_location_code', destination, { shouldDirty: true });
    setValue('legs.0.destination_location_code', origin, { shouldDirty: true });
    revalidate();
  };

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
          error={fieldState.error?.message}
        />
      )}
    />
  );

  const passengersError =
    errors.adult_quantity?.message ?? errors.child_quantity?.message ?? errors.infant_quantity?.message;
  const isReturn = values.trip_type === 'Return';

  return (
    <form
      noValidate
      aria-label="Quick flight search"
      onSubmit={handleSubmit((valid) => {
        dispatch(searchDraftSaved(valid as SearchDraft));
        navigate(paths.dashboard.flightResults);
      })}
      className="@container space-y-4"
    >
      <fieldset>
        <legend className="sr-only">Trip type</legend>
        <div className="inline-flex rounded-xl bg-slate-100 p-1">
          {QUICK_TRIP_TYPES.map((type) => (
            <label
              key={type}
              className={clsx(
                'cursor-pointer rounded-lg px-3 py-1 font-medium text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-indigo-500',
                values.trip_type === type
                  ? 'bg-white text-indigo-700 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <input
                type="radio"
                name="quick_trip_type"
                value={type}
                checked={values.trip_type === type}
                onChange={() => {
                  setValue('trip_type', type, { shouldDirty: true });
                  revalidate();
                }}
                className="sr-only"
              />
              {TRIP_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid items-start gap-x-2 gap-y-3 @min-[36rem]:grid-cols-[1fr_auto_1fr]">
        {airportField('legs.0.origin_location_code', 'From')}
        <button
          type="button"
          onClick={swap}
          aria-label="Swap origin and destination"
          className="-my-2 flex size-9 items-center justify-center self-center justify-self-center rounded-full border border-slate-300 bg-white text-slate-600 shadow-xs transition-colors hover:border-indigo-400 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2 @min-[36rem]:my-0 @min-[36rem]:mt-7"
        >
          <ArrowLeftRight aria-hidden="true" className="size-4 rotate-90 @min-[36rem]:rotate-0" />
        </button>
        {airportField('legs.0.destination_location_code', 'To')}
      </div>

      <div className={clsx('grid gap-3', isReturn && 'grid-cols-2')}>
        <TextField
          label="Departure"
          type="date"
          min={today}
          error={errors.legs?.[0]?.departure_date?.message}
          {...register('legs.0.departure_date', { onChange: revalidate })}
        />
        {isReturn && (
          <TextField
            label="Return"
            type="date"
            min={values.legs[0]?.departure_date || today}
            error={errors.return_date?.message}
            {...register('return_date', { onChange: revalidate })}
          />
        )}
      </div>

      <div>
        <p id={`${passengersId}-label`} className="font-medium text-slate-800 text-sm">
          Passengers
        </p>
        <button
          type="button"
          aria-expanded={choosingPassengers}
          aria-controls={passengersId}
          aria-label={`Passengers: ${passengersText(values)}, ${CABIN_LABELS[values.cabin]}`}
          onClick={() => setChoosingPassengers((open) => !open)}
          className="mt-1.5 flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-base text-slate-900 shadow-xs hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-indigo-500 sm:text-sm"
        >
          <span className="min-w-0 truncate">
            {passengersText(values)}
            <span className="text-slate-500"> · {CABIN_LABELS[values.cabin]}</span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={clsx(
              'size-4 shrink-0 text-slate-500 transition-transform',
              choosingPassengers && 'rotate-180',
            )}
          />
        </button>
        {/* The picker's own "Passengers" legend stays for screen readers: the label above shows it. */}
        <div id={passengersId} hidden={!choosingPassengers} className="mt-2 [&_legend]:sr-only">
          <PassengerPicker
            adult_quantity={values.adult_quantity}
            child_quantity={values.child_quantity}
            infant_quantity={values.infant_quantity}
            onChange={(counts) => {
              setValue('adult_quantity', counts.adult_quantity, { shouldDirty: true });
              setValue('child_quantity', counts.child_quantity, { shouldDirty: true });
              setValue('infant_quantity', counts.infant_quantity, { shouldDirty: true });
              revalidate();
            }}
          />
        </div>
        {passengersError && !choosingPassengers && <FieldError>{passengersError}</FieldError>}
      </div>

      <div className="flex justify-end">
        <Button type="submit" className="w-full @min-[24rem]:w-auto">
          <Search aria-hidden="true" className="size-4" /> Search flights
        </Button>
      </div>
    </form>
  );
}
