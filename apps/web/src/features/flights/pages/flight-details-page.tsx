import type { FlightSegment, PricedItinerary } from '@skydesk/contract';
import { CABIN_LABELS, equipmentName, PTC_LABELS } from '@skydesk/contract';
import { ArrowRight, BadgeCheck, Clock, Luggage, PlaneTakeoff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { type AirportDirectory, useAirports } from '../../../entities/airports/use-airports';
import { selectSelectedItinerary } from '../../../entities/booking-draft/booking-draft-slice';
import { DayMark } from '../../../entities/itinerary/day-mark';
import { FareTotals } from '../../../entities/itinerary/fare-totals';
import {
  baggageLabel,
  firstSegment,
  lastSegment,
  layoversOf,
  legsOf,
  stopsOf,
} from '../../../entities/itinerary/itinerary';
import { useShowsNet } from '../../../entities/pricing/client-view';
import { NetLine } from '../../../entities/pricing/two-prices';
import { useMayOpen } from '../../../shared/access/dashboard-access';
import { daysBetween, formatDayTime, formatDuration } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { paths } from '../../../shared/routing/paths';
import { useAppSelector } from '../../../shared/store/hooks';
import { useCountdown } from '../../../shared/time/use-countdown';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { LocalTimesNote } from '../../../shared/ui/local-times-note';

function Card({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

const airportName = (airports: AirportDirectory, code: string) => {
  const airport = airports.byCode.get(code);
  return airport ? `${airport.city} — ${airport.name}` : code;
};

function SegmentBlock({
  segment,
  airports,
  reference,
  itinerary,
}: {
  segment: FlightSegment;
  airports: AirportDirectory;
  reference: number;
  itinerary: PricedItinerary;
}) {
  const fare = itinerary.AirItineraryPricingInfo.FareInfos.find((info) => info.SegmentRef === reference);
  const operatedBy =
    segment.OperatingAirline.Code !== segment.MarketingAirline.Code ? segment.OperatingAirline.Name : null;
  return (
    <div className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-[1fr_14rem] sm:p-4">
      <ol className="space-y-3">
        <li>
          <p className="font-semibold text-slate-900">
            {formatDayTime(segment.DepartureDateTime)} · {segment.DepartureAirport.LocationCode}
          </p>
          <p className="text-slate-600 text-sm">
            {airportName(airports, segment.DepartureAirport.LocationCode)}
            {segment.DepartureAirport.Terminal && ` · Terminal ${segment.DepartureAirport.Terminal}`}
          </p>
        </li>
        <li className="flex items-center gap-2 border-slate-300 border-l-2 border-dashed py-1 pl-3 text-slate-500 text-xs">
          <Clock aria-hidden="true" className="size-3.5" /> {formatDuration(segment.ElapsedTime)}
          {segment.StopQuantity > 0 &&
            ` · ${segment.StopQuantity} technical stop${segment.StopQuantity > 1 ? 's' : ''}`}
        </li>
        <li>
          <p className="font-semibold text-slate-900">
            {formatDayTime(segment.ArrivalDateTime)}
            <DayMark days={daysBetween(segment.DepartureDateTime, segment.ArrivalDateTime)} /> ·{' '}
            {segment.ArrivalAirport.LocationCode}
          </p>
          <p className="text-slate-600 text-sm">
            {airportName(airports, segment.ArrivalAirport.LocationCode)}
            {segment.ArrivalAirport.Terminal && ` · Terminal ${segment.ArrivalAirport.Terminal}`}
          </p>
        </li>
      </ol>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-1">
        <div>
          <dt className="text-slate-500 text-xs">Flight</dt>
          <dd className="font-medium text-slate-900">
            {segment.MarketingAirline.Name} {segment.MarketingAirline.Code} {segment.FlightNumber}
          </dd>
          {operatedBy && <dd className="text-slate-500 text-xs">Operated by {operatedBy}</dd>}
        </div>
        <div>
          <dt className="text-slate-500 text-xs">Aircraft</dt>
          <dd className="text-slate-900">{equipmentName(segment.Equipment.AirEquipType)}</dd>
        </div>
        <div>
          <dt className="text-slate-500 text-xs">Cabin · class</dt>
          <dd className="text-slate-900">
            {CABIN_LABELS[segment.CabinClass]} · {segment.ResBookDesigCode}
          </dd>
        </div>
        {fare && (
          <div>
            <dt className="text-slate-500 text-xs">Fare</dt>
            <dd className="text-slate-900">
              {fare.BrandName} · {fare.FareBasisCode} · {baggageLabel(fare.Baggage)}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-slate-500 text-xs">Seats left</dt>
          <dd className="text-slate-900">{segment.SeatsRemaining}</dd>
        </div>
      </dl>
    </div>
  );
}

function OfferCountdown({ expiresAt }: { expiresAt: string }) {
  const left = useCountdown(Date.parse(expiresAt));
  if (left === 0)
    return (
      <Alert tone="warning" title="This offer has expired">
        <p>Offers are valid for 30 minutes. Search again for current fares and seats.</p>
      </Alert>
    );
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 font-medium text-amber-900 text-sm ring-1 ring-amber-200">
      <Clock aria-hidden="true" className="size-4" />
      Offer valid for{' '}
      <span className="tabular-nums">
        {minutes}:{seconds}
      </span>
    </p>
  );
}

/** /dashboard/flight-details (docs/product-spec.md §2): the chosen itinerary in full, then on to the travellers. */
export function FlightDetailsPage() {
  const itinerary = useAppSelector(selectSelectedItinerary);
  const navigate = useNavigate();
  const airports = useAirports();
  const left = useCountdown(itinerary ? Date.parse(itinerary.offer_expires_at) : null);
  // Issue 13: a role that searches but does not book sees the fare without the way to book it.
  const canBook = useMayOpen(paths.dashboard.travelersDetails);
  const showsNet = useShowsNet();

  if (!itinerary)
    return (
      <section className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h2 className="font-semibold text-lg text-slate-900">No flight chosen</h2>
        <p className="mt-1 text-slate-600 text-sm">Search flights and pick one to see its details.</p>
        <Link to={paths.dashboard.searchFlights} className={buttonClasses('primary', 'mt-5')}>
          Search flights
        </Link>
      </section>
    );

  const pricing = itinerary.AirItineraryPricingInfo;
  const legs = legsOf(itinerary);
  let reference = 0;
  return (
    <div className="mx-auto grid w-full max-w-6xl items-start gap-5 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-5">
        {legs.map((leg, index) => {
          const first = firstSegment(leg);
          const last = lastSegment(leg);
          const layovers = layoversOf(leg);
          const stops = stopsOf(leg);
          const title =
            legs.length === 1
              ? `${first.DepartureAirport.LocationCode} → ${last.ArrivalAirport.LocationCode}`
              : `${itinerary.AirItinerary.DirectionInd === 'Return' ? (index === 0 ? 'Outbound' : 'Return') : `Flight ${index + 1}`}: ${first.DepartureAirport.LocationCode} → ${last.ArrivalAirport.LocationCode}`;
          return (
            <Card
              // biome-ignore lint/suspicious/noArrayIndexKey: legs are in a fixed order
              key={index}
              title={title}
              aside={
                <span className="text-slate-600 text-sm">
                  {formatDuration(leg.ElapsedTime)} ·{' '}
                  {stops === 0 ? 'Nonstop' : `${stops} stop${stops > 1 ? 's' : ''}`}
                </span>
              }
            >
              <div className="space-y-2">
                {leg.FlightSegment.map((segment, segmentIndex) => {
                  reference += 1;
                  const layover = segmentIndex > 0 ? layovers[segmentIndex - 1] : undefined;
                  return (
                    <div
                      key={`${segment.MarketingAirline.Code}${segment.FlightNumber}`}
                      className="space-y-2"
                    >
                      {layover && (
                        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-1.5 text-amber-900 text-sm">
                          Layover in {airportName(airports, layover.airport)}:{' '}
                          {formatDuration(layover.minutes)}
                          {layover.changesTerminal && ' · change of terminal'}
                        </p>
                      )}
                      <SegmentBlock
                        segment={segment}
                        airports={airports}
                        reference={reference}
                        itinerary={itinerary}
                      />
                    </div>
                  );
                })}
              </div>
            </Card>
          );
        })}
        <LocalTimesNote className="px-1" />
      </div>

      <div className="space-y-5 lg:sticky lg:top-4">
        <OfferCountdown expiresAt={itinerary.offer_expires_at} />
        <Card title="Price">
          {itinerary.selling && (
            <div className={showsNet ? 'mb-3 border-slate-100 border-b pb-3' : undefined}>
              <p className="text-slate-500 text-xs">Client price, all passengers</p>
              <p className="font-semibold text-2xl text-slate-900 tabular-nums">
                {formatMoney(itinerary.selling)}
              </p>
              {itinerary.net && (
                <NetLine
                  net={itinerary.net.Amount}
                  selling={itinerary.selling.Amount}
                  currency={itinerary.selling.CurrencyCode}
                />
              )}
            </div>
          )}
          {/* Issue 33: the fare's breakdown is the agency's net — hidden in the client view. */}
          {(showsNet || !itinerary.selling) && (
            <>
              <table className="w-full text-sm">
                <caption className="sr-only">Fare per passenger type</caption>
                <thead>
                  <tr className="text-left text-slate-500 text-xs">
                    <th scope="col" className="pb-1 font-medium">
                      Passenger
                    </th>
                    <th scope="col" className="pb-1 text-right font-medium">
                      Base
                    </th>
                    <th scope="col" className="pb-1 text-right font-medium">
                      Taxes
                    </th>
                    <th scope="col" className="pb-1 text-right font-medium">
                      Each
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {pricing.PTC_FareBreakdowns.PTC_FareBreakdown.map((breakdown) => (
                    <tr key={breakdown.PassengerTypeQuantity.Code} className="border-slate-100 border-t">
                      <th scope="row" className="py-1.5 text-left font-medium text-slate-800">
                        {PTC_LABELS[breakdown.PassengerTypeQuantity.Code]} ×{' '}
                        {breakdown.PassengerTypeQuantity.Quantity}
                      </th>
                      <td className="py-1.5 text-right tabular-nums">
                        {formatMoney(breakdown.PassengerFare.BaseFare)}
                      </td>
                      <td className="py-1.5 text-right tabular-nums">
                        {formatMoney(breakdown.PassengerFare.Taxes)}
                      </td>
                      <td className="py-1.5 text-right font-medium tabular-nums">
                        {formatMoney(breakdown.PassengerFare.TotalFare)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <FareTotals pricing={pricing} className="mt-3 text-sm" />
            </>
          )}
          {canBook ? (
            <Button
              className="mt-4 w-full"
              disabled={left === 0}
              onClick={() => navigate(paths.dashboard.travelersDetails)}
            >
              Continue to travellers <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
          ) : (
            <p className="mt-4 rounded-lg bg-slate-50 p-3 text-slate-600 text-sm ring-1 ring-slate-200">
              Your role can search fares but not book them. Ask a colleague who books, or your agency&apos;s
              owner, to hold these seats.
            </p>
          )}
          {left === 0 && (
            <Link to={paths.dashboard.flightResults} className={buttonClasses('secondary', 'mt-2 w-full')}>
              <PlaneTakeoff aria-hidden="true" className="size-4" /> Search again
            </Link>
          )}
        </Card>
        <Card title="Fare rules">
          <ul className="space-y-2 text-sm">
            <li className="flex items-center gap-2">
              {pricing.Refundable ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 text-xs ring-1 ring-emerald-200">
                  <BadgeCheck aria-hidden="true" className="size-3.5" /> Refundable
                </span>
              ) : (
                <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 text-xs">
                  Non-refundable
                </span>
              )}
              <span className="text-slate-600">Validating carrier {itinerary.ValidatingCarrier}</span>
            </li>
            <li className="flex justify-between">
              <span className="text-slate-600">Cancellation penalty (per adult)</span>
              <span className="tabular-nums">{formatMoney(pricing.Penalties.Cancel)}</span>
            </li>
            <li className="flex justify-between">
              <span className="text-slate-600">Change penalty (per adult)</span>
              <span className="tabular-nums">{formatMoney(pricing.Penalties.Change)}</span>
            </li>
            <li className="flex items-start gap-2 border-slate-100 border-t pt-2">
              <Luggage aria-hidden="true" className="mt-0.5 size-4 text-slate-500" />
              <span>
                {[
                  ...new Set(
                    pricing.FareInfos.map(
                      (info) => `${info.BrandName} (${info.FareBasisCode}): ${baggageLabel(info.Baggage)}`,
                    ),
                  ),
                ].join('; ')}
              </span>
            </li>
          </ul>
        </Card>
      </div>
    </div>
  );
}
