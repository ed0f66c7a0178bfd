import type {
  Booking,
  BookingDetails,
  BookingSegment,
  ChangeLegRequest,
  ChangeOffer,
} from '@skydesk/contract';
import { CalendarClock, Clock, FileText, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type AirportDirectory, useAirports } from '../../../entities/airports/use-airports';
import { fareOfSegment, legLabel, legsOfSegments } from '../../../entities/bookings/booking-segments';
import { addDays, todayLocalDate } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { useIdempotentMutation } from '../../../shared/http/use-idempotent-mutation';
import { eTicketPath } from '../../../shared/routing/booking-paths';
import { clock } from '../../../shared/time/clock';
import { useCountdown } from '../../../shared/time/use-countdown';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { FieldError, inputClasses } from '../../../shared/ui/field';
import { Spinner } from '../../../shared/ui/spinner';
import { usePassed } from '../components/offer-timer';
import { netOf } from './change-amounts';
import { type ChangeProblem, ChangeProblemAlert, changeProblemOf } from './change-failure';
import { ChangeOfferCard } from './change-offer-card';
import { changesApi } from './changes-api';
import { LegFlights } from './leg-flights';
import { pendingScheduleChange, scheduleChangedLegs } from './schedule-change-state';

type LegDraft = { checked: boolean; date: string; origin: string; destination: string };

type ChangePanelProps = {
  booking: BookingDetails;
  onClose: () => void;
};

const maxDate = (a: string, b: string) => (a > b ? a : b);

/**
 * Whether a leg may fly from or to another airport of the same city: the brands' rule (Flex only,
 * fares.ts); a brand SkyDesk does not know (another supplier's) is left to the server to judge.
 */
function mayChangeAirports(booking: BookingDetails, first: BookingSegment | undefined): boolean {
  if (!first) return false;
  const brand = fareOfSegment(booking.pricing, booking.segments.indexOf(first))?.BrandName;
  return brand !== 'Basic' && brand !== 'Standard';
}

/** The airports of the same city as `code` (itself first): where the brand allows, another may be asked. */
const sameCity = (airports: AirportDirectory, code: string) => {
  const airport = airports.byCode.get(code);
  if (!airport) return [];
  return airports.entries
    .filter((entry) => entry.city === airport.city && entry.country_code === airport.country_code)
    .sort((a, b) => (a.code === code ? -1 : b.code === code ? 1 : a.code.localeCompare(b.code)));
};

/**
 * Change flights (issue 32, `POST /api/booking/{id}/change-offers` then `…/change`): the agent
 * ticks the legs to change and gives each its new date (and, where the city has another, another
 * airport); the offers come with their flights and their amounts kept apart — the new trip's price,
 * the fare difference, the penalty and the net with where it goes — valid 20 minutes; confirming
 * one (with an Idempotency-Key) exchanges the tickets at once. All passengers move together.
 *
 * While the airline's schedule change waits for an answer, the legs it touched are ticked: the
 * offers for them are the free alternatives on the same route within a day either side.
 */
export function ChangePanel({ booking, onClose }: ChangePanelProps) {
  const airports = useAirports();
  const legs = legsOfSegments(booking.segments);
  // Read once: the panel keeps its purpose (and title) when the change answers the airline's.
  const [{ schedule, changedLegs }] = useState(() => ({
    schedule: pendingScheduleChange(booking),
    changedLegs: scheduleChangedLegs(booking),
  }));
  const [drafts, setDrafts] = useState<LegDraft[]>(() =>
    legs.map((leg, index) => ({
      checked: schedule ? changedLegs.has(index) : legs.length === 1,
      date: leg[0]?.DepartureDateTime.slice(0, 10) ?? '',
      origin: leg[0]?.DepartureAirport.LocationCode ?? '',
      destination: leg.at(-1)?.ArrivalAirport.LocationCode ?? '',
    })),
  );
  const [formError, setFormError] = useState<string | undefined>();
  const [dateErrors, setDateErrors] = useState<Record<number, string>>({});
  const [findOffers, { isLoading: searching }] = changesApi.useChangeOffersMutation();
  const [asked, setAsked] = useState<ChangeLegRequest[] | null>(null);
  const [offers, setOffers] = useState<ChangeOffer[] | null>(null);
  const [searchProblem, setSearchProblem] = useState<ChangeProblem | null>(null);
  const changeBooking = useIdempotentMutation(changesApi.useChangeBookingMutation);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [confirmProblem, setConfirmProblem] = useState<{ offerId: string; problem: ChangeProblem } | null>(
    null,
  );
  const [done, setDone] = useState<{ booking: Booking; offer: ChangeOffer } | null>(null);

  const update = (index: number, fields: Partial<LegDraft>) => {
    setFormError(undefined);
    setDateErrors(({ [index]: _dropped, ...rest }) => rest);
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, ...fields } : draft)));
  };

  const search = async (requests: ChangeLegRequest[]) => {
    setAsked(requests);
    setSearchProblem(null);
    setConfirmProblem(null);
    setOffers(null);
    try {
      setOffers(await findOffers({ params: { id: booking.id }, body: { legs: requests } }).unwrap());
    } catch (error) {
      setSearchProblem(changeProblemOf(error));
    }
  };

  const submit = () => {
    const chosen = drafts.flatMap((draft, index) => (draft.checked ? [{ draft, index }] : []));
    if (chosen.length === 0) {
      setFormError('Choose at least one flight to change');
      return;
    }
    const today = todayLocalDate();
    const errors: Record<number, string> = {};
    for (const { draft, index } of chosen) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) errors[index] = 'Choose the new date';
      else if (draft.date < today) errors[index] = 'The new date cannot be in the past';
    }
    setDateErrors(errors);
    if (Object.keys(errors).length > 0) return;
    void search(
      chosen.map(({ draft, index }) => {
        const leg = legs[index] ?? [];
        const request: ChangeLegRequest = { leg_index: index, departure_date: draft.date };
        // Only another airport is sent: the leg's own is the default.
        if (draft.origin !== leg[0]?.DepartureAirport.LocationCode) request.origin = draft.origin;
        if (draft.destination !== leg.at(-1)?.ArrivalAirport.LocationCode)
          request.destination = draft.destination;
        return request;
      }),
    );
  };

  const confirm = async (offer: ChangeOffer) => {
    setConfirming(offer.id);
    setConfirmProblem(null);
    try {
      const changed = await changeBooking({
        params: { id: booking.id },
        body: { change_offer_id: offer.id },
      });
      setDone({ booking: changed, offer });
    } catch (error) {
      setConfirmProblem({ offerId: offer.id, problem: changeProblemOf(error) });
    } finally {
      setConfirming(null);
    }
  };

  const searchAgain = asked ? () => void search(asked) : undefined;

  return (
    <section
      aria-labelledby="change-title"
      className="rounded-2xl border border-indigo-200 bg-indigo-50/40 p-4 sm:p-5"
    >
      <h2 id="change-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <CalendarClock aria-hidden="true" className="size-5 text-indigo-600" />
        {schedule ? 'Choose another flight' : 'Change flights'}
      </h2>
      {done ? (
        <ChangeDone booking={done.booking} offer={done.offer} onClose={onClose} />
      ) : (
        <>
          {schedule ? (
            <Alert tone="info" className="mt-3">
              <p>
                {schedule.summary} Flights on the same route within a day either side are offered at no cost.
              </p>
            </Alert>
          ) : (
            <p className="mt-1 text-slate-600 text-sm">
              Tick the flights to change and pick their new dates. Every passenger of the booking moves
              together and the cabin stays the same.
            </p>
          )}
          <form
            noValidate
            className="mt-3"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <fieldset>
              <legend className="sr-only">Flights to change</legend>
              <ul className="divide-y divide-indigo-100 overflow-hidden rounded-xl bg-white ring-1 ring-indigo-200">
                {legs.map((leg, index) => {
                  const draft = drafts[index] as LegDraft;
                  const label = legLabel(booking.trip_type, index, legs.length) ?? 'Flight';
                  const alternative = schedule !== null && changedLegs.has(index);
                  // Another airport of the same city where the fare allows it (the free alternative keeps them).
                  const airportsMove = !alternative && mayChangeAirports(booking, leg[0]);
                  const origins = airportsMove
                    ? sameCity(airports, leg[0]?.DepartureAirport.LocationCode ?? '')
                    : [];
                  const destinations = airportsMove
                    ? sameCity(airports, leg.at(-1)?.ArrivalAirport.LocationCode ?? '')
                    : [];
                  const originalDate = leg[0]?.DepartureDateTime.slice(0, 10) ?? '';
                  // The free alternative flies within a day either side of the flight the airline changed.
                  const earliest = alternative
                    ? maxDate(todayLocalDate(), addDays(originalDate, -1))
                    : todayLocalDate();
                  const dateId = `change-date-${index}`;
                  return (
                    <li key={label} className="p-3">
                      <label className="flex cursor-pointer items-start gap-3">
                        <input
                          type="checkbox"
                          className="mt-0.5 size-4 shrink-0 accent-indigo-600"
                          checked={draft.checked}
                          onChange={(event) => update(index, { checked: event.target.checked })}
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium text-slate-900 text-sm">
                            Change {label.toLowerCase()} · {leg[0]?.DepartureAirport.LocationCode} →{' '}
                            {leg.at(-1)?.ArrivalAirport.LocationCode}
                            {schedule && changedLegs.has(index) && (
                              <span className="font-normal text-amber-800"> · changed by the airline</span>
                            )}
                          </span>
                          <span className="mt-1 block">
                            <LegFlights segments={leg} muted />
                          </span>
                        </span>
                      </label>
                      {draft.checked && (
                        <div className="mt-3 grid gap-3 pl-7 sm:grid-cols-3">
                          <div>
                            <label htmlFor={dateId} className="block font-medium text-slate-800 text-sm">
                              New date
                            </label>
                            <input
                              id={dateId}
                              type="date"
                              min={earliest}
                              max={alternative ? addDays(originalDate, 1) : undefined}
                              value={draft.date}
                              aria-invalid={dateErrors[index] ? true : undefined}
                              aria-describedby={dateErrors[index] ? `${dateId}-error` : undefined}
                              onChange={(event) => update(index, { date: event.target.value })}
                              className={inputClasses(Boolean(dateErrors[index]), 'mt-1.5')}
                            />
                            {dateErrors[index] && (
                              <FieldError id={`${dateId}-error`}>{dateErrors[index]}</FieldError>
                            )}
                          </div>
                          {origins.length > 1 && (
                            <AirportChoice
                              label="From"
                              value={draft.origin}
                              options={origins}
                              onChange={(origin) => update(index, { origin })}
                            />
                          )}
                          {destinations.length > 1 && (
                            <AirportChoice
                              label="To"
                              value={draft.destination}
                              options={destinations}
                              onChange={(destination) => update(index, { destination })}
                            />
                          )}
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
              {formError && <FieldError>{formError}</FieldError>}
            </fieldset>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <Button type="submit" busy={searching}>
                <Search aria-hidden="true" className="size-4" /> Find flights
              </Button>
              <Button variant="ghost" onClick={onClose} disabled={confirming !== null}>
                Close
              </Button>
            </div>
          </form>

          <div className="mt-4 space-y-3" aria-live="polite">
            {searching && (
              <div className="flex justify-center p-4">
                <Spinner label="Finding flights" />
              </div>
            )}
            {searchProblem && (
              <ChangeProblemAlert problem={searchProblem} onSearchAgain={searchAgain} searching={searching} />
            )}
            {offers && offers.length === 0 && (
              <Alert tone="info" title="No flights on that day">
                <p>
                  {schedule && asked?.some((leg) => changedLegs.has(leg.leg_index))
                    ? 'No other flight on this route that day. The free alternative may also fly the day before or after: try those dates.'
                    : 'No flight can replace this one on the date asked. Try another date.'}
                </p>
              </Alert>
            )}
            {offers && offers.length > 0 && (
              <>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900 text-sm">
                    {offers.length} change offer{offers.length === 1 ? '' : 's'}
                  </h3>
                  <OffersCountdown offers={offers} />
                </div>
                <ul className="space-y-3">
                  {offers.map((offer) => (
                    <li key={offer.id}>
                      <ChangeOfferCard
                        offer={offer}
                        tripType={booking.trip_type}
                        legCount={legs.length}
                        busy={confirming === offer.id}
                        disabled={confirming !== null && confirming !== offer.id}
                        onConfirm={() => void confirm(offer)}
                        onSearchAgain={searchAgain}
                        searching={searching}
                        problem={confirmProblem?.offerId === offer.id ? confirmProblem.problem : null}
                      />
                    </li>
                  ))}
                </ul>
                <OffersExpired offers={offers} onSearchAgain={searchAgain} searching={searching} />
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** The earliest time the offers run out (20 minutes after they were made; asked together, they end together). */
const firstExpiry = (offers: ChangeOffer[]) =>
  Math.min(...offers.map((offer) => Date.parse(offer.expires_at)));

/** How long the offers still hold, as the booking steps' offer countdown shows it. */
function OffersCountdown({ offers }: { offers: ChangeOffer[] }) {
  const left = useCountdown(firstExpiry(offers));
  if (left === 0) return null;
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 font-medium text-amber-900 text-sm ring-1 ring-amber-200">
      <Clock aria-hidden="true" className="size-4" />
      Offers valid for <span className="tabular-nums">{clock(left)}</span>
    </p>
  );
}

/** Once every offer has run out, one notice with the way back to current ones. */
function OffersExpired(props: {
  offers: ChangeOffer[];
  onSearchAgain: (() => void) | undefined;
  searching: boolean;
}) {
  const { offers, onSearchAgain, searching } = props;
  const last = Math.max(...offers.map((offer) => Date.parse(offer.expires_at)));
  const passed = usePassed(new Date(last).toISOString());
  if (!passed) return null;
  return (
    <ChangeProblemAlert problem={{ kind: 'expired' }} onSearchAgain={onSearchAgain} searching={searching} />
  );
}

function AirportChoice(props: {
  label: string;
  value: string;
  options: AirportDirectory['entries'];
  onChange: (code: string) => void;
}) {
  const { label, value, options, onChange } = props;
  return (
    <label className="block font-medium text-slate-800 text-sm">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses(false, 'mt-1.5 font-normal')}
      >
        {options.map((airport) => (
          <option key={airport.code} value={airport.code}>
            {airport.code} · {airport.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The change made: the new tickets and what they replace, the money in words, the new e-ticket. */
function ChangeDone({
  booking,
  offer,
  onClose,
}: {
  booking: Booking;
  offer: ChangeOffer;
  onClose: () => void;
}) {
  const net = netOf(offer.change_total, offer.refund_to);
  // The tickets valid now and what they replaced (an earlier change's ticket, exchanged again, is history).
  const replacing = booking.tickets.filter((ticket) => ticket.replaces && ticket.status !== 'exchanged');
  return (
    <Alert tone="success" title="Flights changed" className="mt-3">
      <p>
        {net.tone === 'pay'
          ? `${formatMoney(net.amount)} was debited from your credits.`
          : net.tone === 'back'
            ? `${formatMoney(net.amount)} was returned to your credits.`
            : net.tone === 'lost'
              ? `The fare's residual value (${formatMoney(net.amount)}) was forfeited: the fare is non-refundable.`
              : 'Nothing was charged.'}{' '}
        The new e-ticket was sent to {booking.contact.email}.
      </p>
      {replacing.length > 0 && (
        <ul className="space-y-0.5">
          {replacing.map((ticket) => (
            <li key={ticket.ticket_number}>
              <span className="uppercase">{ticket.passenger_name}</span>: new ticket{' '}
              <span className="font-mono">{ticket.ticket_number}</span> replaces{' '}
              <span className="font-mono">{ticket.replaces}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2 pt-2 sm:flex-row">
        <Link to={eTicketPath(booking.id)} className={buttonClasses('secondary')}>
          <FileText aria-hidden="true" className="size-4" /> View new e-ticket
        </Link>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </Alert>
  );
}
