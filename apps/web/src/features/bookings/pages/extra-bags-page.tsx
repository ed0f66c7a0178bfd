import { type BagOffer, serviceEndpoints } from '@skydesk/contract';
import { ArrowLeft, ArrowRight, Luggage } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  selectAcceptedTotal,
  selectBookingForm,
  selectChosenServices,
  selectSelectedItinerary,
  serviceChosen,
  serviceRemoved,
  servicesOfTypeCleared,
} from '../../../entities/booking-draft/booking-draft-slice';
import { segmentsOfItinerary } from '../../../entities/bookings/booking-segments';
import { formatMoney } from '../../../shared/format/money';
import { isApiFailure } from '../../../shared/http/api-error';
import { paths } from '../../../shared/routing/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { travellersReady } from '../booking-readiness';
import { addMoney, passengerName, servicesTotal } from '../booking-services';
import { BagAllowance, BagStepper } from '../components/bag-stepper';
import { BookingSteps } from '../components/booking-steps';
import { NoFlightChosen } from '../components/no-flight-chosen';
import { usePassed } from '../components/offer-timer';
import { TravellersMissing } from '../components/travellers-missing';
import { OfferTripSummary } from '../components/trip-summary';
import { passengerLabels, passengerMix } from '../passengers';
import { useOfferServicesQuery } from '../services-api';

/**
 * /dashboard/extra-bags (issue 31): extra checked bags per passenger and flight, beside what the
 * fare includes ("1 × 23 kg included; add up to 2 more"). Skippable.
 */
export function ExtraBagsPage() {
  const itinerary = useAppSelector(selectSelectedItinerary);
  const form = useAppSelector(selectBookingForm);
  if (!itinerary) return <NoFlightChosen />;
  if (!form || !travellersReady(itinerary, form)) return <TravellersMissing />;
  return <BagsChooser key={itinerary.offer_id} />;
}

function BagsChooser() {
  const itinerary = useAppSelector(selectSelectedItinerary)!;
  const form = useAppSelector(selectBookingForm)!;
  const services = useAppSelector(selectChosenServices);
  const acceptedTotal = useAppSelector(selectAcceptedTotal);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const expired = usePassed(itinerary.offer_expires_at);
  const mix = useMemo(() => passengerMix(itinerary), [itinerary]);
  const labels = passengerLabels(mix);
  const segments = useMemo(() => segmentsOfItinerary(itinerary), [itinerary]);
  const catalog = useOfferServicesQuery({ query: { offer_id: itinerary.offer_id } });

  const bags = services.filter((service) => service.type === 'bag');
  const quantityOf = (offer: BagOffer) =>
    bags.find(
      (service) =>
        service.passenger_index === offer.passenger_index && service.segment_index === offer.segment_index,
    )?.quantity ?? 0;
  const flightOf = (segmentIndex: number) => {
    const segment = segments[segmentIndex];
    return segment ? `${segment.MarketingAirline.Code}${segment.FlightNumber}` : `Flight ${segmentIndex + 1}`;
  };
  const nameOf = (index: number) =>
    passengerName(form.passengers[index], labels[index] ?? `Passenger ${index + 1}`);

  const setQuantity = (offer: BagOffer, quantity: number) => {
    const slot = {
      type: 'bag' as const,
      passenger_index: offer.passenger_index,
      segment_index: offer.segment_index,
    };
    if (quantity === 0) dispatch(serviceRemoved(slot));
    else
      dispatch(
        serviceChosen({
          ...slot,
          quantity,
          amount: {
            Amount: Math.round(offer.price.Amount * 100 * quantity) / 100,
            CurrencyCode: offer.price.CurrencyCode,
          },
          flight: flightOf(offer.segment_index),
        }),
      );
  };

  const currency = itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare.CurrencyCode;
  const fare = acceptedTotal ?? itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare;
  const total = addMoney(fare, servicesTotal(services, currency));
  const offers = catalog.currentData?.bags ?? [];
  const bySegment = [...new Set(offers.map((offer) => offer.segment_index))].sort((a, b) => a - b);

  const skip = () => {
    dispatch(servicesOfTypeCleared('bag'));
    navigate(paths.dashboard.priceSummary);
  };

  let body: ReactNode;
  if (catalog.error) {
    body = (
      <LoadFailed
        title={
          isApiFailure(catalog.error) ? catalog.error.message : serviceEndpoints.offerServices.fallbackMessage
        }
        busy={catalog.isFetching}
        onRetry={() => void catalog.refetch()}
      />
    );
  } else if (!catalog.currentData) {
    body = <Spinner label="Loading the extra bags" />;
  } else if (!catalog.currentData.can_add) {
    body = (
      <Alert tone="info" title="Extra bags cannot be added now">
        <p>{catalog.currentData.closed_reason ?? 'The airline does not sell extra bags for this offer.'}</p>
      </Alert>
    );
  } else if (offers.length === 0) {
    body = (
      <div className="flex items-start gap-3 text-slate-700 text-sm">
        <Luggage aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
        <p>
          <span className="font-medium text-slate-900">No extra bags on sale for these flights.</span> The
          fare's own allowance applies; the airline may sell more at the airport.
        </p>
      </div>
    );
  } else {
    body = (
      <div className="space-y-5">
        {bySegment.map((segmentIndex) => (
          <section key={segmentIndex} aria-label={`Bags on ${flightOf(segmentIndex)}`}>
            <h3 className="mb-2 font-semibold text-slate-900 text-sm">
              {flightOf(segmentIndex)}
              {segments[segmentIndex] && (
                <span className="font-normal text-slate-500">
                  {' '}
                  · {segments[segmentIndex].DepartureAirport.LocationCode} →{' '}
                  {segments[segmentIndex].ArrivalAirport.LocationCode}
                </span>
              )}
            </h3>
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
              {offers
                .filter((offer) => offer.segment_index === segmentIndex)
                .map((offer) => {
                  const name = nameOf(offer.passenger_index);
                  const quantity = quantityOf(offer);
                  return (
                    <li
                      key={offer.passenger_index}
                      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div className="min-w-0">
                        <p className="font-medium text-slate-900">{name}</p>
                        <BagAllowance offer={offer} />
                      </div>
                      <BagStepper
                        label={`Extra bags for ${name} on ${flightOf(segmentIndex)}`}
                        offer={offer}
                        quantity={quantity}
                        onChange={(next) => setQuantity(offer, next)}
                      />
                    </li>
                  );
                })}
            </ul>
          </section>
        ))}
      </div>
    );
  }

  const bagsTotal = servicesTotal(bags, currency);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <BookingSteps current="Bags" />
      <div className="grid items-start gap-5 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-5">
          <Card title="Extra checked bags">{body}</Card>
        </div>
        <aside aria-label="Trip summary" className="space-y-5 lg:sticky lg:top-4">
          <OfferTripSummary itinerary={itinerary} mix={mix} total={total} expired={expired} />
          {bags.length > 0 && (
            <p className="flex justify-between rounded-2xl border border-slate-200 bg-white p-4 font-semibold text-slate-900 text-sm">
              <span>Extra bags total</span>
              <span className="tabular-nums" data-testid="bags-total">
                {formatMoney(bagsTotal)}
              </span>
            </p>
          )}
          <div className="flex flex-col gap-2">
            <Button disabled={expired} onClick={() => navigate(paths.dashboard.priceSummary)}>
              Continue to price summary <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
            <Button variant="secondary" disabled={expired} onClick={skip}>
              Skip bags
            </Button>
            <Link to={paths.dashboard.chooseSeats} className={buttonClasses('ghost')}>
              <ArrowLeft aria-hidden="true" className="size-4" /> Back to seats
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
