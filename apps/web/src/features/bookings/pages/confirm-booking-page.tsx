import { BOOKING_MESSAGES, type Booking, HoldLimitExceeded, PriceChange, SUCCESS } from '@skydesk/contract';
import { ArrowLeft, CircleCheck, PlaneTakeoff, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { useAirports } from '../../../entities/airports/use-airports';
import {
  bookingSubmitted,
  offerRepriced,
  selectAcceptedTotal,
  selectBookingForm,
  selectChosenServices,
  selectQuoteOptionId,
  selectSelectedItinerary,
} from '../../../entities/booking-draft/booking-draft-slice';
import { segmentsOfItinerary } from '../../../entities/bookings/booking-segments';
import { INSTANT_TICKETING, issuedAtOnce } from '../../../entities/itinerary/ticketing';
import { isApiFailure } from '../../../shared/http/api-error';
import { useIdempotentMutation } from '../../../shared/http/use-idempotent-mutation';
import { bookingDetailsPath } from '../../../shared/routing/booking-paths';
import { paths } from '../../../shared/routing/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { travellersReady } from '../booking-readiness';
import { addMoney, seatTakenRefusal, serviceRequests, servicesTotal } from '../booking-services';
import { bookingsApi } from '../bookings-api';
import { BookingSteps } from '../components/booking-steps';
import { HoldLimitPanel } from '../components/hold-limit-panel';
import { InstantTicketingNote } from '../components/instant-ticketing-note';
import { NoFlightChosen } from '../components/no-flight-chosen';
import { usePassed } from '../components/offer-timer';
import { PassengerList } from '../components/passenger-list';
import { PriceChangePanel } from '../components/price-change-panel';
import { SegmentList } from '../components/segment-list';
import { ChosenServiceLines } from '../components/service-lines';
import { TravellersMissing } from '../components/travellers-missing';
import { OfferTripSummary } from '../components/trip-summary';
import { passengerLabels, passengerMix } from '../passengers';
import { toBookingBody } from '../travellers-form';
import type { SeatTakenState } from './choose-seats-page';
import type { TravellersRefusedState } from './travelers-details-page';

/** Why the last confirm did not book, and what the screen offers instead of the confirm button. */
type Outcome =
  | { kind: 'idle' }
  | { kind: 'priceChanged'; change: PriceChange }
  /** 409 by a hold limit (docs/architecture.md §5): the offer stands; room is made elsewhere, then confirm again. */
  | { kind: 'holdLimit'; refusal: HoldLimitExceeded; message: string }
  /** docs/api.md 409 seats gone: only a new search helps. */
  | { kind: 'unavailable'; message: string }
  /** 410: the offer expired, or its supplier no longer sells it (issue 29): only a new search helps. */
  | { kind: 'gone'; message: string }
  /** No answer, or the server failed: the same attempt may be retried (same key). */
  | { kind: 'retry'; message: string };

/**
 * What booking did, in the server's words (issue 29): a remote supplier's hold may still wait for
 * the airline, and an offer it will not hold is booked here only.
 */
const bookedMessage = (booking: Booking): string =>
  booking.supplier?.state === 'confirming'
    ? BOOKING_MESSAGES.holdWaitingForAirline
    : booking.supplier?.state === 'local'
      ? BOOKING_MESSAGES.holdLocal
      : SUCCESS.bookingConfirmed;

/** /dashboard/confirm-booking (docs/product-spec.md §2): the whole booking once more, then `POST /api/booking`. */
export function ConfirmBookingPage() {
  const itinerary = useAppSelector(selectSelectedItinerary);
  const form = useAppSelector(selectBookingForm);
  const acceptedTotal = useAppSelector(selectAcceptedTotal);
  const services = useAppSelector(selectChosenServices);
  const quoteOptionId = useAppSelector(selectQuoteOptionId);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const airports = useAirports();
  const createBooking = useIdempotentMutation(bookingsApi.useCreateBookingMutation);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const expired = usePassed(itinerary?.offer_expires_at ?? new Date(0).toISOString());
  const mix = useMemo(() => (itinerary ? passengerMix(itinerary) : []), [itinerary]);

  if (!itinerary) return <NoFlightChosen />;
  if (!form || !travellersReady(itinerary, form)) return <TravellersMissing />;

  const labels = passengerLabels(mix);
  const book = async (offerId: string) => {
    setBusy(true);
    try {
      const booking = await createBooking({
        body: {
          ...toBookingBody({ ...form, offer_id: offerId }, serviceRequests(services)),
          // Issue 33: a quote's option booked: the quote then says booked.
          ...(quoteOptionId ? { quote_option_id: quoteOptionId } : {}),
        },
      });
      toast.success(bookedMessage(booking));
      dispatch(bookingSubmitted());
      navigate(bookingDetailsPath(booking.id), { replace: true });
    } catch (error) {
      if (!isApiFailure(error)) throw error;
      const change = PriceChange.safeParse(error.data);
      const holdLimit = HoldLimitExceeded.safeParse(error.data);
      const seatTaken = seatTakenRefusal(error);
      const servicesRefused =
        error.status === 422 &&
        Object.keys(error.fieldErrors ?? {}).length > 0 &&
        Object.keys(error.fieldErrors ?? {}).every((key) => key.startsWith('services.'));
      if (seatTaken) {
        // Issue 31: another agent took a chosen seat first. The seats step reads the map afresh,
        // lets go of the seat and the agent chooses again.
        const state: SeatTakenState = { seatTaken: seatTaken.message };
        navigate(paths.dashboard.chooseSeats, { state });
      } else if (servicesRefused) {
        const state: SeatTakenState = {
          seatTaken: Object.values(error.fieldErrors ?? {})
            .flat()
            .join(' '),
          title: 'Some seats or bags were refused',
        };
        navigate(paths.dashboard.chooseSeats, { state });
      } else if (error.status === 409 && change.success)
        setOutcome({ kind: 'priceChanged', change: change.data });
      else if (error.status === 409 && holdLimit.success)
        setOutcome({ kind: 'holdLimit', refusal: holdLimit.data, message: error.message });
      else if (error.status === 409 || error.status === 410) {
        // The results kept for going back hold the same offer: the next look searches afresh.
        dispatch(bookingsApi.util.invalidateTags(['Searches']));
        setOutcome({ kind: error.status === 410 ? 'gone' : 'unavailable', message: error.message });
      } else if (error.status === 422) {
        const state: TravellersRefusedState = { fieldErrors: error.fieldErrors };
        navigate(paths.dashboard.travelersDetails, { state });
      } else setOutcome({ kind: 'retry', message: error.message });
    } finally {
      setBusy(false);
    }
  };

  const accept = (change: PriceChange) => {
    dispatch(offerRepriced(change));
    setOutcome({ kind: 'idle' });
    void book(change.offer_id);
  };

  const pricing = itinerary.AirItineraryPricingInfo;
  const fare = acceptedTotal ?? pricing.ItinTotalFare.TotalFare;
  const extras = servicesTotal(services, fare.CurrencyCode);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <BookingSteps current="Confirm" />
      <InstantTicketingNote itinerary={itinerary} />
      {outcome.kind === 'priceChanged' && (
        <PriceChangePanel change={outcome.change} busy={busy} onAccept={() => accept(outcome.change)} />
      )}
      {outcome.kind === 'holdLimit' && <HoldLimitPanel refusal={outcome.refusal} message={outcome.message} />}
      {outcome.kind === 'unavailable' && (
        <Alert tone="error" title="These seats can no longer be booked" assertive>
          <p>{outcome.message}</p>
          <p>Seats sell fast close to departure. Search again for what is available now.</p>
          <Link to={paths.dashboard.flightResults} className={buttonClasses('secondary', 'mt-2')}>
            <SearchX aria-hidden="true" className="size-4" /> Search again
          </Link>
        </Alert>
      )}
      {outcome.kind === 'gone' && (
        <Alert tone="error" title="This offer can no longer be booked" assertive>
          <p>{outcome.message}</p>
          {!/search again/i.test(outcome.message) && <p>Search again for what is on sale now.</p>}
          <Link to={paths.dashboard.flightResults} className={buttonClasses('secondary', 'mt-2')}>
            <SearchX aria-hidden="true" className="size-4" /> Search again
          </Link>
        </Alert>
      )}
      {outcome.kind === 'retry' && (
        <Alert tone="error" title="The booking was not confirmed" assertive>
          <p>{outcome.message}</p>
          <p>Try again: if the first attempt did go through, it is not booked twice.</p>
        </Alert>
      )}
      <div className="grid items-start gap-5 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-5">
          <Card
            title="Passengers"
            aside={
              <Link
                to={paths.dashboard.travelersDetails}
                className="font-medium text-indigo-700 text-sm hover:underline"
              >
                Edit
              </Link>
            }
          >
            <PassengerList
              passengers={form.passengers.map((passenger, index) => ({
                ...passenger,
                key: labels[index] ?? String(index),
              }))}
            />
          </Card>
          <Card title="Flights">
            <SegmentList
              segments={segmentsOfItinerary(itinerary)}
              tripType={itinerary.AirItinerary.DirectionInd}
              pricing={pricing}
              airports={airports}
              compact
            />
          </Card>
          <Card
            title="Seats and bags"
            aside={
              <Link
                to={paths.dashboard.chooseSeats}
                className="font-medium text-indigo-700 text-sm hover:underline"
              >
                Edit
              </Link>
            }
          >
            <ChosenServiceLines
              services={services}
              travellers={form.passengers}
              labels={labels}
              total={extras}
              grandTotal={addMoney(fare, extras)}
            />
          </Card>
          <Card title="Contact">
            <p className="text-slate-700 text-sm">
              {form.contact.email} · {form.contact.phone}
            </p>
          </Card>
        </div>
        <aside aria-label="Confirm" className="space-y-5 lg:sticky lg:top-4">
          <OfferTripSummary
            itinerary={itinerary}
            mix={mix}
            total={services.length > 0 ? addMoney(fare, extras) : acceptedTotal}
            expired={expired}
          />
          {outcome.kind !== 'priceChanged' && outcome.kind !== 'unavailable' && outcome.kind !== 'gone' && (
            <div className="space-y-2">
              <Button
                className="w-full"
                busy={busy}
                disabled={expired}
                onClick={() => void book(form.offer_id)}
              >
                <CircleCheck aria-hidden="true" className="size-4" />
                {outcome.kind === 'retry' ? 'Try again' : 'Confirm booking'}
              </Button>
              <p className="text-center text-slate-500 text-xs">
                {issuedAtOnce(itinerary)
                  ? INSTANT_TICKETING.explained
                  : 'Holds the seats until the ticketing deadline. Nothing is charged until you issue the tickets.'}
              </p>
            </div>
          )}
          <Link to={paths.dashboard.priceSummary} className={buttonClasses('ghost', 'w-full')}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to price summary
          </Link>
          {(outcome.kind === 'unavailable' || outcome.kind === 'gone') && (
            <Link to={paths.dashboard.searchFlights} className={buttonClasses('secondary', 'w-full')}>
              <PlaneTakeoff aria-hidden="true" className="size-4" /> New search
            </Link>
          )}
        </aside>
      </div>
    </div>
  );
}
