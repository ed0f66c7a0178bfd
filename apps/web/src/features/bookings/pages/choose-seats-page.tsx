import { isSeat, type Seat, type SeatMap } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Armchair, ArrowLeft, ArrowRight, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  type ChosenService,
  selectAcceptedTotal,
  selectBookingForm,
  selectChosenServices,
  selectSelectedItinerary,
  serviceChosen,
  serviceRemoved,
  servicesOfTypeCleared,
} from '../../../entities/booking-draft/booking-draft-slice';
import { segmentsOfItinerary } from '../../../entities/bookings/booking-segments';
import { useOfferSeatMapsQuery } from '../../../entities/seat-maps/seat-maps-api';
import { SeatMapsPanel } from '../../../entities/seat-maps/seat-maps-panel';
import { formatMoney } from '../../../shared/format/money';
import { paths } from '../../../shared/routing/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { travellersReady } from '../booking-readiness';
import {
  addMoney,
  initials,
  type SeatedPassenger,
  seatedPassengers,
  servicesTotal,
} from '../booking-services';
import { BookingSteps } from '../components/booking-steps';
import { NoFlightChosen } from '../components/no-flight-chosen';
import { usePassed } from '../components/offer-timer';
import { TravellersMissing } from '../components/travellers-missing';
import { OfferTripSummary } from '../components/trip-summary';
import { passengerLabels, passengerMix } from '../passengers';

/**
 * Location state of a booking refused for its seats: a chosen seat taken meanwhile (409), or
 * seats and bags the server refused (422), in its words.
 */
export type SeatTakenState = { seatTaken: string; title?: string };

const isSeatTakenState = (state: unknown): state is SeatTakenState =>
  typeof state === 'object' && state !== null && 'seatTaken' in state;

/**
 * /dashboard/choose-seats (issue 31): after the travellers, a seat per passenger on each flight,
 * flight by flight and passenger by passenger, on the offer's seat maps. Skippable: the airline
 * then assigns seats at check-in.
 */
export function ChooseSeatsPage() {
  const itinerary = useAppSelector(selectSelectedItinerary);
  const form = useAppSelector(selectBookingForm);
  if (!itinerary) return <NoFlightChosen />;
  if (!form || !travellersReady(itinerary, form)) return <TravellersMissing />;
  return <SeatsChooser key={itinerary.offer_id} />;
}

/** A chosen seat the fresh map no longer has free, said to the agent once. */
type LostSeat = { key: string; words: string };

function SeatsChooser() {
  const itinerary = useAppSelector(selectSelectedItinerary)!;
  const form = useAppSelector(selectBookingForm)!;
  const services = useAppSelector(selectChosenServices);
  const acceptedTotal = useAppSelector(selectAcceptedTotal);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const expired = usePassed(itinerary.offer_expires_at);
  const mix = useMemo(() => passengerMix(itinerary), [itinerary]);
  const passengers = useMemo(
    () => seatedPassengers(mix, form.passengers, passengerLabels(mix)),
    [mix, form.passengers],
  );
  const segments = useMemo(() => segmentsOfItinerary(itinerary), [itinerary]);
  // Seats are taken by other agents all the time: the map is asked for afresh on every visit.
  const { currentData: maps } = useOfferSeatMapsQuery(
    { query: { offer_id: itinerary.offer_id } },
    { refetchOnMountOrArgChange: true },
  );
  const [current, setCurrent] = useState(passengers[0]?.index ?? 0);
  const [lost, setLost] = useState<LostSeat[]>([]);
  const refusal = isSeatTakenState(location.state) ? location.state : null;

  const seats = services.filter((service) => service.type === 'seat');
  const seatOf = (passenger: number, segment: number) =>
    seats.find((service) => service.passenger_index === passenger && service.segment_index === segment);
  const nameOf = (index: number) => passengers.find((passenger) => passenger.index === index)?.name ?? '';

  // A seat chosen earlier that the map as it is now shows taken (another agent was quicker, or the
  // booking was refused for it) is let go, and the agent told which.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a map arrives; the seats chosen on it are free by then
  useEffect(() => {
    if (!maps) return;
    const gone: LostSeat[] = [];
    for (const service of seats) {
      const map = maps.find((candidate) => candidate.segment_index === service.segment_index);
      if (!map) continue;
      const seat = findSeat(map, service.designator);
      if (seat?.available) continue;
      gone.push({
        key: `${service.passenger_index}-${service.segment_index}-${service.designator}`,
        words: `${service.designator} on ${service.flight} for ${nameOf(service.passenger_index)}`,
      });
      dispatch(serviceRemoved(service));
    }
    if (gone.length > 0) setLost((before) => [...before, ...gone]);
  }, [maps]);

  const choosing = passengers.find((passenger) => passenger.index === current) ?? passengers[0];
  const selected: Record<number, string> = {};
  const heldByParty: Record<number, Record<string, string>> = {};
  for (const service of seats) {
    if (!service.designator) continue;
    if (service.passenger_index === choosing?.index) selected[service.segment_index] = service.designator;
    else {
      heldByParty[service.segment_index] ??= {};
      heldByParty[service.segment_index]![service.designator] = initials(nameOf(service.passenger_index));
    }
  }

  const choose = (segmentIndex: number, seat: Seat) => {
    if (!choosing) return;
    const slot = { type: 'seat' as const, passenger_index: choosing.index, segment_index: segmentIndex };
    if (selected[segmentIndex] === seat.designator) {
      dispatch(serviceRemoved(slot));
      return;
    }
    const flight = maps?.find((map) => map.segment_index === segmentIndex)?.flight ?? '';
    dispatch(serviceChosen({ ...slot, designator: seat.designator, amount: seat.price ?? null, flight }));
    // Passenger by passenger: the next one without a seat on this flight chooses next.
    const next = passengers.find(
      (passenger) => passenger.index !== choosing.index && !seatOf(passenger.index, segmentIndex),
    );
    if (next) setCurrent(next.index);
  };

  const currency = itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare.CurrencyCode;
  const seatsTotal = servicesTotal(seats, currency);
  const fare = acceptedTotal ?? itinerary.AirItineraryPricingInfo.ItinTotalFare.TotalFare;
  const total = addMoney(fare, servicesTotal(services, currency));
  const noMaps = maps !== undefined && maps.length === 0;

  const skip = () => {
    dispatch(servicesOfTypeCleared('seat'));
    navigate(paths.dashboard.extraBags);
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <BookingSteps current="Seats" />
      {refusal && (
        <Alert tone="error" title={refusal.title ?? 'A seat you chose was taken'} assertive>
          <p>{refusal.seatTaken}</p>
          <p>The map below is as it is now: choose another seat, or skip seats.</p>
        </Alert>
      )}
      {lost.length > 0 && (
        <Alert tone="warning" title="No longer free">
          <ul className="list-disc pl-5">
            {lost.map((seat) => (
              <li key={seat.key}>{seat.words}: choose another seat.</li>
            ))}
          </ul>
        </Alert>
      )}
      <div className="grid items-start gap-5 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-5">
          {noMaps ? (
            <Card title="Seats">
              <div className="flex items-start gap-3 text-slate-700 text-sm">
                <Armchair aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
                <p>
                  <span className="font-medium text-slate-900">Seats are chosen with the airline.</span> There
                  is no seat map for these flights here: the airline assigns seats at check-in, or the
                  traveller chooses them on its website after booking.
                </p>
              </div>
            </Card>
          ) : (
            <>
              <Card title="Who is choosing">
                <PassengerPicker
                  passengers={passengers}
                  current={choosing?.index}
                  onPick={setCurrent}
                  seatWords={(passenger) =>
                    segments.map((segment, segmentIndex) => {
                      const seat = seatOf(passenger, segmentIndex);
                      const flight = `${segment.MarketingAirline.Code}${segment.FlightNumber}`;
                      return seat
                        ? `${flight} ${seat.designator}${seat.amount ? ` · ${formatMoney(seat.amount)}` : ''}`
                        : `${flight} no seat`;
                    })
                  }
                />
              </Card>
              <Card title={choosing ? `Seat for ${choosing.name}` : 'Seats'}>
                <SeatMapsPanel
                  offerId={itinerary.offer_id}
                  {...(choosing ? { party: choosing.party } : {})}
                  selected={selected}
                  heldByParty={heldByParty}
                  onSelect={choose}
                />
                {choosing && Object.keys(selected).length > 0 && (
                  <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Seats of ${choosing.name}`}>
                    {seats
                      .filter((service) => service.passenger_index === choosing.index)
                      .map((service) => (
                        <li key={service.segment_index}>
                          <button
                            type="button"
                            onClick={() => dispatch(serviceRemoved(service))}
                            className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-slate-700 text-sm hover:bg-slate-200"
                          >
                            <X aria-hidden="true" className="size-3.5" />
                            Remove {service.designator} on {service.flight}
                          </button>
                        </li>
                      ))}
                  </ul>
                )}
              </Card>
            </>
          )}
        </div>
        <aside aria-label="Trip summary" className="space-y-5 lg:sticky lg:top-4">
          <OfferTripSummary itinerary={itinerary} mix={mix} total={total} expired={expired} />
          {!noMaps && (
            <Card title="Seats chosen">
              <SeatsChosen seats={seats} nameOf={nameOf} />
              <p className="mt-3 flex justify-between border-slate-100 border-t pt-3 font-semibold text-slate-900 text-sm">
                <span>Seats total</span>
                <span className="tabular-nums" data-testid="seats-total">
                  {formatMoney(seatsTotal)}
                </span>
              </p>
            </Card>
          )}
          <div className="flex flex-col gap-2">
            <Button disabled={expired} onClick={() => navigate(paths.dashboard.extraBags)}>
              Continue to bags <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
            {!noMaps && (
              <Button variant="secondary" disabled={expired} onClick={skip}>
                Skip seats
              </Button>
            )}
            <Link to={paths.dashboard.travelersDetails} className={buttonClasses('ghost')}>
              <ArrowLeft aria-hidden="true" className="size-4" /> Back to travellers
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}

const findSeat = (map: SeatMap, designator: string | undefined): Seat | undefined => {
  for (const cabin of map.cabins)
    for (const row of cabin.rows)
      for (const element of row.seats)
        if (isSeat(element) && element.designator === designator) return element;
  return undefined;
};

function PassengerPicker({
  passengers,
  current,
  onPick,
  seatWords,
}: {
  passengers: SeatedPassenger[];
  current: number | undefined;
  onPick: (index: number) => void;
  seatWords: (passenger: number) => string[];
}) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
      {passengers.map((passenger) => {
        const on = passenger.index === current;
        return (
          <li key={passenger.index}>
            <button
              type="button"
              aria-pressed={on}
              onClick={() => onPick(passenger.index)}
              className={clsx(
                'flex w-full flex-col items-start gap-0.5 rounded-xl px-3 py-2 text-left ring-1 ring-inset',
                on ? 'bg-indigo-50 ring-2 ring-indigo-600' : 'bg-white ring-slate-200 hover:bg-slate-50',
              )}
            >
              <span className="flex w-full items-center gap-2">
                <span
                  aria-hidden="true"
                  className="flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-800 text-xs"
                >
                  {initials(passenger.name)}
                </span>
                <span className="truncate font-medium text-slate-900">{passenger.name}</span>
              </span>
              <span className="text-slate-600 text-xs">{seatWords(passenger.index).join(' · ')}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function SeatsChosen({ seats, nameOf }: { seats: ChosenService[]; nameOf: (passenger: number) => string }) {
  if (seats.length === 0)
    return <p className="text-slate-600 text-sm">None yet. The airline assigns seats at check-in.</p>;
  const sorted = [...seats].sort(
    (a, b) => a.segment_index - b.segment_index || a.passenger_index - b.passenger_index,
  );
  return (
    <ul className="space-y-1 text-sm">
      {sorted.map((seat) => (
        <li key={`${seat.passenger_index}-${seat.segment_index}`} className="flex justify-between gap-3">
          <span className="min-w-0 text-slate-700">
            {seat.flight} {seat.designator} · {nameOf(seat.passenger_index)}
          </span>
          <span className="shrink-0 text-slate-900 tabular-nums">
            {seat.amount ? formatMoney(seat.amount) : 'Included'}
          </span>
        </li>
      ))}
    </ul>
  );
}
