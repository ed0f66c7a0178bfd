import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  selectAcceptedTotal,
  selectBookingForm,
  selectChosenServices,
  selectSelectedItinerary,
} from '../../../entities/booking-draft/booking-draft-slice';
import { useCredits } from '../../../entities/credits/use-credits';
import { issuedAtOnce } from '../../../entities/itinerary/ticketing';
import { paths } from '../../../shared/routing/paths';
import { useAppSelector } from '../../../shared/store/hooks';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { travellersReady } from '../booking-readiness';
import { addMoney, servicesTotal } from '../booking-services';
import { BalanceCard } from '../components/balance-card';
import { BookingSteps } from '../components/booking-steps';
import { FareBreakdown } from '../components/fare-breakdown';
import { FareRules } from '../components/fare-rules';
import { InstantTicketingNote } from '../components/instant-ticketing-note';
import { NoFlightChosen } from '../components/no-flight-chosen';
import { usePassed } from '../components/offer-timer';
import { ChosenServiceLines } from '../components/service-lines';
import { TicketingDeadlineRule } from '../components/ticketing-deadline-rule';
import { TravellersMissing } from '../components/travellers-missing';
import { OfferTripSummary } from '../components/trip-summary';
import { passengerLabels, passengerMix } from '../passengers';

/** docs/product-spec.md §2 "a price summary screen" (/dashboard/price-summary): fares, rules and the balance before booking. */
export function PriceSummaryPage() {
  const itinerary = useAppSelector(selectSelectedItinerary);
  const form = useAppSelector(selectBookingForm);
  const acceptedTotal = useAppSelector(selectAcceptedTotal);
  const services = useAppSelector(selectChosenServices);
  const navigate = useNavigate();
  const credits = useCredits();
  const expired = usePassed(itinerary?.offer_expires_at ?? new Date(0).toISOString());
  const mix = useMemo(() => (itinerary ? passengerMix(itinerary) : []), [itinerary]);

  if (!itinerary) return <NoFlightChosen />;
  if (!travellersReady(itinerary, form)) return <TravellersMissing />;
  const pricing = itinerary.AirItineraryPricingInfo;
  const fare = acceptedTotal ?? pricing.ItinTotalFare.TotalFare;
  const extras = servicesTotal(services, fare.CurrencyCode);
  // Issue 31: the seats and bags are paid with the tickets, so the credits must cover both.
  const total = addMoney(fare, extras);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <BookingSteps current="Price summary" />
      <div className="grid items-start gap-5 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-5">
          <Card title="Fare breakdown">
            <FareBreakdown pricing={pricing} total={acceptedTotal ?? undefined} />
          </Card>
          <Card
            title="Seats and bags"
            aside={
              services.length > 0 && (
                <Link
                  to={paths.dashboard.chooseSeats}
                  className="font-medium text-indigo-700 text-sm hover:underline"
                >
                  Change
                </Link>
              )
            }
          >
            <ChosenServiceLines
              services={services}
              travellers={form?.passengers ?? []}
              labels={passengerLabels(mix)}
              total={extras}
              grandTotal={total}
            />
          </Card>
          <Card title="Fare rules">
            <FareRules pricing={pricing} carrier={itinerary.ValidatingCarrier} />
          </Card>
          {issuedAtOnce(itinerary) ? (
            <InstantTicketingNote itinerary={itinerary} />
          ) : (
            <TicketingDeadlineRule />
          )}
        </div>
        <aside aria-label="Trip summary" className="space-y-5 lg:sticky lg:top-4">
          <OfferTripSummary
            itinerary={itinerary}
            mix={mix}
            total={services.length > 0 ? total : acceptedTotal}
            expired={expired}
          />
          <BalanceCard credits={credits.credits} loading={credits.loading} total={total} />
          <div className="flex flex-col gap-2">
            <Button disabled={expired} onClick={() => navigate(paths.dashboard.confirmBooking)}>
              Continue to confirm <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
            <Link to={paths.dashboard.extraBags} className={buttonClasses('ghost')}>
              <ArrowLeft aria-hidden="true" className="size-4" /> Back to bags
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
