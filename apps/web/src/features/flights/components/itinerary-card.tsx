import type { OriginDestinationOption, PricedItinerary } from '@skydesk/contract';
import { clsx } from 'clsx';
import { BadgeCheck, ChevronDown, Luggage, Users, Zap } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { DayMark } from '../../../entities/itinerary/day-mark';
import {
  arrivalDayOffset,
  baggageLabel,
  baggageOf,
  fewestSeats,
  firstSegment,
  lastSegment,
  layoversOf,
  legsOf,
  pricePerAdult,
  stopsOf,
} from '../../../entities/itinerary/itinerary';
import { INSTANT_TICKETING, issuedAtOnce } from '../../../entities/itinerary/ticketing';
import { NetLine } from '../../../entities/pricing/two-prices';
import { formatDay, formatDuration, formatTime } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { Button } from '../../../shared/ui/button';
import { FEW_SEATS } from '../few-seats';
import { brandLabel, itineraryBrands, itineraryInFamily } from '../grouped-trip';
import { BrandComparison } from './brand-comparison';
import { ResultActions } from './result-actions';

const stopsLabel = (stops: number) => (stops === 0 ? 'Nonstop' : stops === 1 ? '1 stop' : `${stops} stops`);

function LegRow({ leg, label }: { leg: OriginDestinationOption; label: string | null }) {
  const first = firstSegment(leg);
  const last = lastSegment(leg);
  const stops = stopsOf(leg);
  const layovers = layoversOf(leg);
  const airlines = [
    ...new Map(leg.FlightSegment.map((s) => [s.MarketingAirline.Code, s.MarketingAirline])).values(),
  ];
  return (
    <div className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 sm:grid-cols-[13rem_1fr]">
      <div className="col-span-2 flex min-w-0 items-center gap-2 sm:col-span-1">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 font-bold font-mono text-slate-700 text-xs"
        >
          {first.MarketingAirline.Code}
        </span>
        <div className="min-w-0 text-sm leading-tight">
          {label && (
            <p className="text-slate-500 text-xs">
              {label} · {formatDay(first.DepartureDateTime)}
            </p>
          )}
          {/* Wrapped, never cut: 'British Airways, American Airlines' is the agent's first read. */}
          <p className="font-medium text-slate-800 [overflow-wrap:anywhere]">
            {airlines.map((a) => a.Name).join(', ')}
          </p>
          <p className="text-slate-500 text-xs">
            {leg.FlightSegment.map((s) => `${s.MarketingAirline.Code} ${s.FlightNumber}`).join(' · ')}
          </p>
        </div>
      </div>
      <div className="col-span-2 grid grid-cols-[auto_1fr_auto] items-center gap-3 sm:col-span-1">
        <div className="text-left">
          <p className="font-semibold text-lg text-slate-900 tabular-nums">
            {formatTime(first.DepartureDateTime)}
          </p>
          <p className="font-medium text-slate-500 text-xs">{first.DepartureAirport.LocationCode}</p>
        </div>
        <div className="min-w-0 text-center">
          <p className="text-slate-500 text-xs">{formatDuration(leg.ElapsedTime)}</p>
          <div className="relative my-1 h-px bg-slate-300">
            {layovers.map((layover, i) => (
              <span
                key={`${layover.airport}-${layover.minutes}`}
                className="absolute top-1/2 size-2 -translate-y-1/2 rounded-full bg-white ring-2 ring-slate-400"
                style={{ left: `${((i + 1) / (layovers.length + 1)) * 100}%` }}
              />
            ))}
          </div>
          <p
            className={clsx(
              'truncate text-xs',
              stops === 0 ? 'font-medium text-emerald-700' : 'text-slate-600',
            )}
          >
            {stopsLabel(stops)}
            {layovers.length > 0 &&
              ` · ${layovers.map((l) => `${l.airport} ${formatDuration(l.minutes)}`).join(', ')}`}
          </p>
        </div>
        <div className="text-right">
          <p className="font-semibold text-lg text-slate-900 tabular-nums">
            {formatTime(last.ArrivalDateTime)}
            <DayMark days={arrivalDayOffset(leg)} />
          </p>
          <p className="font-medium text-slate-500 text-xs">{last.ArrivalAirport.LocationCode}</p>
        </div>
      </div>
    </div>
  );
}

const LEG_LABELS: Record<PricedItinerary['AirItinerary']['DirectionInd'], (index: number) => string | null> =
  {
    OneWay: () => null,
    Return: (index) => (index === 0 ? 'Outbound' : 'Return'),
    MultiCity: (index) => `Flight ${index + 1}`,
  };

type ItineraryCardProps = {
  itinerary: PricedItinerary;
  travellers: number;
  onSelect: (itinerary: PricedItinerary) => void;
};

/**
 * One search result: a block per leg (priced as a whole), its price in its cheapest brand,
 * baggage and seats left; its other brands (issue 16) open side by side under it.
 */
export const ItineraryCard = memo(function ItineraryCard({
  itinerary,
  travellers,
  onSelect,
}: ItineraryCardProps) {
  const [comparing, setComparing] = useState(false);
  const comparisonId = useId();
  const brands = itinerary.FareFamilies.length > 0 ? itineraryBrands(itinerary) : [];
  const pricing = itinerary.AirItineraryPricingInfo;
  const seats = fewestSeats(itinerary);
  const legs = legsOf(itinerary);
  const labelOf = LEG_LABELS[itinerary.AirItinerary.DirectionInd];
  const first = legs[0] as OriginDestinationOption;
  const ownLabel = pricing.FareInfos[0]
    ? brandLabel(pricing.FareInfos, pricing.FareInfos[0].BrandName)
    : null;
  return (
    <article
      aria-label={`${first.FlightSegment[0]?.MarketingAirline.Name} ${formatMoney(itinerary.selling ?? pricing.ItinTotalFare.TotalFare)}`}
      className="grid rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-[1fr_13rem]"
    >
      <div className="space-y-4 p-4 sm:p-5">
        {legs.map((leg, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: legs are in a fixed order
          <LegRow key={index} leg={leg} label={labelOf(index)} />
        ))}
        <ul className="flex flex-wrap gap-2 text-xs">
          <li className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
            <Luggage aria-hidden="true" className="size-3.5" /> {baggageLabel(baggageOf(itinerary))}
          </li>
          {pricing.Refundable && (
            <li className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 ring-1 ring-emerald-200">
              <BadgeCheck aria-hidden="true" className="size-3.5" /> Refundable
            </li>
          )}
          {seats <= FEW_SEATS && (
            <li className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-800 ring-1 ring-amber-200">
              <Users aria-hidden="true" className="size-3.5" /> {seats} seat{seats === 1 ? '' : 's'} left
            </li>
          )}
          <li className="inline-flex items-center rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-800 ring-1 ring-indigo-200">
            {pricing.FareInfos[0]?.BrandName}
            {ownLabel && <span className="ml-1 font-normal text-indigo-700">({ownLabel})</span>}
          </li>
          {issuedAtOnce(itinerary) && (
            // Issue 29: said before the agent starts — this fare is issued at once or not at all.
            <li className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200">
              <Zap aria-hidden="true" className="size-3.5" /> {INSTANT_TICKETING.short}
            </li>
          )}
          {brands.length > 1 && (
            <li>
              <button
                type="button"
                aria-expanded={comparing}
                aria-controls={comparisonId}
                onClick={() => setComparing((open) => !open)}
                className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                Compare {brands.length} fares
                <ChevronDown
                  aria-hidden="true"
                  className={clsx('size-3.5 transition-transform', comparing && 'rotate-180')}
                />
              </button>
            </li>
          )}
        </ul>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-slate-100 border-t p-4 sm:p-5 md:flex-col md:flex-nowrap md:items-stretch md:justify-center md:border-t-0 md:border-l md:text-right">
        {itinerary.selling ? (
          // Issue 33: the client's selling price first (the whole party's), the agency's net under it.
          <div>
            <p className="font-bold text-slate-900 text-xl tabular-nums">{formatMoney(itinerary.selling)}</p>
            <p className="text-slate-500 text-xs">
              {travellers > 1 ? `client price for ${travellers}` : 'client price'}
            </p>
            <NetLine
              net={(itinerary.net ?? pricing.ItinTotalFare.TotalFare).Amount}
              selling={itinerary.selling.Amount}
              currency={itinerary.selling.CurrencyCode}
              className="mt-0.5"
            />
          </div>
        ) : (
          <div>
            <p className="font-bold text-slate-900 text-xl tabular-nums">
              {formatMoney(pricePerAdult(itinerary))}
            </p>
            <p className="text-slate-500 text-xs">per adult</p>
            {travellers > 1 && (
              <p className="mt-0.5 text-slate-700 text-xs">
                <span className="font-semibold tabular-nums">
                  {formatMoney(pricing.ItinTotalFare.TotalFare)}
                </span>{' '}
                total for {travellers}
              </p>
            )}
          </div>
        )}
        <div className="flex shrink-0 flex-wrap items-center gap-2 md:flex-col md:items-stretch">
          <Button onClick={() => onSelect(itinerary)} className="shrink-0">
            View details
          </Button>
          <ResultActions itinerary={itinerary} />
        </div>
      </div>
      {comparing && (
        <div id={comparisonId} className="border-slate-100 border-t p-3 sm:p-4 md:col-span-2">
          <BrandComparison
            brands={brands}
            currency={pricing.ItinTotalFare.TotalFare.CurrencyCode}
            caption={`Fares of ${first.FlightSegment[0]?.MarketingAirline.Name ?? 'this flight'}, total for ${travellers} traveller${travellers === 1 ? '' : 's'}`}
            actionLabel={(brand) => `Choose ${brand}`}
            onChoose={(brand) => {
              const family = brands.find((entry) => entry.brand === brand)?.family;
              if (family) onSelect(itineraryInFamily(itinerary, family));
            }}
          />
        </div>
      )}
    </article>
  );
});
