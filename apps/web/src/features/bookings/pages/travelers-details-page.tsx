import type { FieldErrors as ServerFieldErrors, Traveller } from '@skydesk/contract';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useStore } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  bookingFormSaved,
  disabledTravellersSet,
  previousTravellerRemembered,
  selectAcceptedTotal,
  selectBookingForm,
  selectDisabledTravellerIds,
  selectPreviousTraveller,
  selectSelectedItinerary,
  type TravellerDraft,
} from '../../../entities/booking-draft/booking-draft-slice';
import { paths } from '../../../shared/routing/paths';
import { selectSessionUser } from '../../../shared/session/session-slice';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { TextField } from '../../../shared/ui/field';
import { BookingSteps } from '../components/booking-steps';
import { NoFlightChosen } from '../components/no-flight-chosen';
import { usePassed } from '../components/offer-timer';
import { PassengerFields } from '../components/passenger-fields';
import { OfferTripSummary } from '../components/trip-summary';
import {
  emptyTraveller,
  passengerLabels,
  passengerMix,
  TRAVELLER_FIELDS,
  travellerFromSaved,
  tripDates,
} from '../passengers';
import {
  initialTravellersForm,
  isFormFieldKey,
  type TravellersFormValues,
  travellersResolver,
} from '../travellers-form';
import { useSavedTravellers } from '../use-saved-travellers';

/** Location state of a booking the server refused for its passengers (docs/api.md 422). */
export type TravellersRefusedState = { fieldErrors: ServerFieldErrors };

const isRefusedState = (state: unknown): state is TravellersRefusedState =>
  typeof state === 'object' && state !== null && 'fieldErrors' in state;

/** /dashboard/travelers-details (docs/product-spec.md §2): one form per passenger of the chosen offer, kept as a draft. */
export function TravelersDetailsPage() {
  const itinerary = useAppSelector(selectSelectedItinerary);
  if (!itinerary) return <NoFlightChosen />;
  return <TravellersForm key={itinerary.offer_id} />;
}

function TravellersForm() {
  const itinerary = useAppSelector(selectSelectedItinerary)!;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // The store as the selector reads it (only app/ knows the whole state).
  const store = useStore<Parameters<typeof selectBookingForm>[0]>();
  const previousTraveller = useAppSelector(selectPreviousTraveller);
  const disabledIds = useAppSelector(selectDisabledTravellerIds);
  const acceptedTotal = useAppSelector(selectAcceptedTotal);
  const user = useAppSelector(selectSessionUser);
  const offerExpired = usePassed(itinerary.offer_expires_at);

  const mix = useMemo(() => passengerMix(itinerary), [itinerary]);
  const dates = useMemo(() => tripDates(itinerary), [itinerary]);
  const labels = passengerLabels(mix);
  // Read once, not subscribed: the form owns its values from here and the draft follows them.
  const initial = useRef<TravellersFormValues | null>(null);
  initial.current ??= structuredClone(
    initialTravellersForm(mix, selectBookingForm(store.getState()), {
      email: user?.email ?? '',
      phone: user?.phone ?? '',
    }),
  );
  const form = useForm<TravellersFormValues>({
    defaultValues: initial.current,
    resolver: travellersResolver(dates),
    mode: 'onTouched',
  });
  const { register, handleSubmit, setValue, setError, getValues, watch, formState } = form;
  const { byType, load } = useSavedTravellers();

  // docs/product-spec.md §3: the booking form is persisted client state — every change is saved, a reload loses nothing.
  const offerId = itinerary.offer_id;
  useEffect(() => {
    const save = (live: TravellersFormValues) => {
      // A copy: the store freezes what it holds, and these are the form's own live objects.
      const values = structuredClone(live);
      dispatch(bookingFormSaved({ offer_id: offerId, ...values }));
      dispatch(
        disabledTravellersSet(values.passengers.flatMap((p) => (p?.traveller_id ? [p.traveller_id] : []))),
      );
    };
    save(form.getValues());
    const subscription = watch((values) => save(values as TravellersFormValues));
    return () => subscription.unsubscribe();
  }, [dispatch, form, watch, offerId]);

  // Back from a refused booking: the server's messages go on the fields they name.
  const refused = isRefusedState(location.state) ? location.state.fieldErrors : null;
  const otherProblems = refused
    ? Object.entries(refused).flatMap(([key, messages]) => (isFormFieldKey(key) ? [] : messages))
    : [];
  useEffect(() => {
    if (!refused) return;
    let first = true;
    for (const [key, messages] of Object.entries(refused)) {
      if (!isFormFieldKey(key) || !messages[0]) continue;
      setError(key as never, { type: 'server', message: messages[0] }, { shouldFocus: first });
      first = false;
    }
    // On arrival: the messages then stay on the fields until the agent changes them.
  }, [refused, setError]);

  const fill = (index: number, traveller: TravellerDraft) => {
    const options = { shouldDirty: true, shouldValidate: true, shouldTouch: true };
    for (const field of TRAVELLER_FIELDS) setValue(`passengers.${index}.${field}`, traveller[field], options);
    setValue(`passengers.${index}.traveller_id`, traveller.traveller_id, options);
  };

  const submit = handleSubmit((submitted) => {
    const values = structuredClone(submitted);
    dispatch(bookingFormSaved({ offer_id: offerId, ...values }));
    // The lead passenger is the one an agent most often books again.
    if (values.passengers[0]) dispatch(previousTravellerRemembered(values.passengers[0]));
    navigate(paths.dashboard.chooseSeats);
  });

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <BookingSteps current="Travellers" />
      {refused && (
        <Alert tone="error" title="The airline refused some details" assertive>
          <p>Correct the marked fields and continue again.</p>
          {otherProblems.length > 0 && (
            <ul className="list-disc pl-5">
              {otherProblems.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <div className="grid items-start gap-5 lg:grid-cols-[1fr_20rem]">
        <aside aria-label="Trip summary" className="space-y-3 lg:sticky lg:top-4 lg:order-2">
          <OfferTripSummary itinerary={itinerary} mix={mix} total={acceptedTotal} expired={offerExpired} />
        </aside>

        <form noValidate onSubmit={submit} className="min-w-0 space-y-5 lg:order-1">
          {mix.map((type, index) => {
            const own = getValues(`passengers.${index}.traveller_id`);
            const othersUse = disabledIds.filter((id) => id !== own);
            const previous = previousTraveller?.passenger_type === type ? previousTraveller : null;
            return (
              <PassengerFields
                // biome-ignore lint/suspicious/noArrayIndexKey: one section per seat of a fixed mix
                key={index}
                form={form}
                index={index}
                label={labels[index] ?? ''}
                dates={dates}
                saved={byType[type]}
                onOpenSaved={() => load(type)}
                disabledIds={othersUse}
                previous={previous}
                onFill={(traveller) => fill(index, traveller)}
                onPick={(traveller: Traveller) => fill(index, travellerFromSaved(traveller))}
                onClear={() => fill(index, emptyTraveller(type))}
              />
            );
          })}

          <Card title="Contact for the airline">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                type="email"
                label="E-mail"
                autoComplete="email"
                hint="Schedule changes are sent here"
                error={formState.errors.contact?.email?.message}
                {...register('contact.email')}
              />
              <TextField
                type="tel"
                label="Phone"
                autoComplete="tel"
                hint="With the country code, e.g. +971 50 123 4567"
                error={formState.errors.contact?.phone?.message}
                {...register('contact.phone')}
              />
            </div>
            <label className="mt-4 flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500"
                {...register('save_travellers')}
              />
              <span>
                <span className="font-medium text-slate-900">Save travellers for next time</span>
                <span className="block text-slate-500">
                  New passengers are added to your saved travellers when the booking is made.
                </span>
              </span>
            </label>
          </Card>

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Link to={paths.dashboard.flightDetails} className={buttonClasses('ghost')}>
              <ArrowLeft aria-hidden="true" className="size-4" /> Back to the flight
            </Link>
            <Button type="submit" disabled={offerExpired} className="sm:min-w-56">
              Continue to seats <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
