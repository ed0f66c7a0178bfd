import type { GroupedSearchResult, LegOption } from '@skydesk/contract';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { DayMark } from '../../../entities/itinerary/day-mark';
import { instantOf } from '../../../entities/itinerary/itinerary';
import { useShowsNet } from '../../../entities/pricing/client-view';
import { NetLine } from '../../../entities/pricing/two-prices';
import { daysBetween, formatDay, formatDuration, formatTime } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { Button } from '../../../shared/ui/button';
import { differenceLabel, type LegChoice } from '../grouped-trip';

type Reference = GroupedSearchResult['reference'];

const stopsLabel = (stops: number) => (stops === 0 ? 'Nonstop' : stops === 1 ? '1 stop' : `${stops} stops`);

/** A grouped option's connections: where and how long (from the exact instants, not local clocks). */
export function connectionsOf(option: LegOption): { airport: string; minutes: number }[] {
  return option.segments.slice(1).map((segment, index) => {
    const previous = option.segments[index] ?? segment;
    const landed = instantOf(previous.arrival.at, previous.arrival.utc_offset);
    const departs = instantOf(segment.departure.at, segment.departure.utc_offset);
    return { airport: segment.departure.airport, minutes: Math.round((departs - landed) / 60_000) };
  });
}

/** The airline names of an option, once each: 'British Airways, American Airlines'. */
export const airlinesOf = (option: LegOption, reference: Reference): string =>
  [...new Set(option.segments.map((s) => reference.airlines[s.marketing]?.name ?? s.marketing))].join(', ');

/** Times, airports, duration and stops of one option: the card's and the chosen summary's line. */
export function OptionTimes({ option }: { option: LegOption }) {
  const first = option.segments[0];
  const last = option.segments[option.segments.length - 1];
  if (!first || !last) return null;
  const connections = connectionsOf(option);
  const stops = connections.length + option.segments.reduce((sum, s) => sum + s.stops, 0);
  return (
    <div className="grid grid-cols-[auto_1fr_auto] items-center gap-3">
      <div>
        <p className="font-semibold text-lg text-slate-900 tabular-nums">{formatTime(first.departure.at)}</p>
        <p className="font-medium text-slate-500 text-xs">{first.departure.airport}</p>
      </div>
      <div className="min-w-0 text-center">
        <p className="text-slate-500 text-xs">{formatDuration(option.elapsed_time)}</p>
        <div className="relative my-1 h-px bg-slate-300">
          {connections.map((connection, i) => (
            <span
              key={`${connection.airport}-${connection.minutes}`}
              className="absolute top-1/2 size-2 -translate-y-1/2 rounded-full bg-white ring-2 ring-slate-400"
              style={{ left: `${((i + 1) / (connections.length + 1)) * 100}%` }}
            />
          ))}
        </div>
        <p className={clsx('text-xs', stops === 0 ? 'font-medium text-emerald-700' : 'text-slate-600')}>
          {stopsLabel(stops)}
          {connections.length > 0 &&
            ` · ${connections.map((c) => `${c.airport} ${formatDuration(c.minutes)}`).join(', ')}`}
        </p>
      </div>
      <div className="text-right">
        <p className="font-semibold text-lg text-slate-900 tabular-nums">
          {formatTime(last.arrival.at)}
          <DayMark days={daysBetween(first.departure.at, last.arrival.at)} />
        </p>
        <p className="font-medium text-slate-500 text-xs">{last.arrival.airport}</p>
      </div>
    </div>
  );
}

/** Each flight of an option: number, aircraft by name, terminals and times. */
export function OptionSegments({ option, reference }: { option: LegOption; reference: Reference }) {
  const connections = connectionsOf(option);
  return (
    <ol className="space-y-2 text-sm">
      {option.segments.map((segment, index) => {
        const airline = reference.airlines[segment.marketing]?.name ?? segment.marketing;
        const operator =
          segment.operating !== segment.marketing
            ? (reference.airlines[segment.operating]?.name ?? segment.operating)
            : null;
        const connection = index > 0 ? connections[index - 1] : undefined;
        const place = (point: typeof segment.departure) => {
          const airport = reference.airports[point.airport];
          return `${point.airport}${airport ? ` ${airport.city}` : ''}${point.terminal ? ` T${point.terminal}` : ''}`;
        };
        return (
          <li key={`${segment.marketing}${segment.flight_number}`} className="space-y-1">
            {connection && (
              <p className="rounded-md bg-amber-50 px-2 py-1 text-amber-900 text-xs ring-1 ring-amber-200">
                Connection in {reference.airports[connection.airport]?.city ?? connection.airport}:{' '}
                {formatDuration(connection.minutes)}
              </p>
            )}
            <div className="rounded-lg bg-slate-50 px-3 py-2">
              <p className="font-medium text-slate-900">
                {airline} {segment.marketing} {segment.flight_number}
                <span className="font-normal text-slate-600">
                  {' '}
                  · {reference.equipment[segment.equipment]?.name ?? segment.equipment}
                </span>
              </p>
              {operator && <p className="text-slate-500 text-xs">Operated by {operator}</p>}
              <p className="text-slate-700">
                {formatDay(segment.departure.at)} {formatTime(segment.departure.at)}{' '}
                {place(segment.departure)} → {formatTime(segment.arrival.at)}
                <DayMark days={daysBetween(segment.departure.at, segment.arrival.at)} />{' '}
                {place(segment.arrival)} · {formatDuration(segment.elapsed_time)}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

type LegOptionCardProps = {
  choice: LegChoice;
  reference: Reference;
  currency: string;
  /** 'Choose outbound', 'Choose return', 'Choose flight 2'. */
  actionLabel: string;
  /** Over the first leg's total: 'Round trip from', 'Trip from'. */
  totalLabel: string;
  /** Totals are the whole party's: 'for 3 travellers' when more than one, else nothing. */
  partyNote: string | null;
  onChoose: (option: LegOption) => void;
};

/**
 * One option of the leg being chosen: its flights, and the whole trip it makes — the cheapest
 * total on the first leg, the difference against the cheapest with the earlier choice after it.
 */
export const LegOptionCard = memo(function LegOptionCard({
  choice,
  reference,
  currency,
  actionLabel,
  totalLabel,
  partyNote,
  onChoose,
}: LegOptionCardProps) {
  const { option, total, difference } = choice;
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const first = option.segments[0];
  const airlines = airlinesOf(option, reference);
  const money = (amount: number) => formatMoney({ Amount: amount, CurrencyCode: currency });
  const showsNet = useShowsNet();
  return (
    <article
      aria-label={`${airlines} ${money(choice.selling ?? total)}`}
      className="grid rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-[1fr_13rem]"
    >
      <div className="space-y-3 p-4 sm:p-5">
        <div className="grid gap-x-4 gap-y-2 sm:grid-cols-[13rem_1fr]">
          <div className="flex min-w-0 items-center gap-2">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 font-bold font-mono text-slate-700 text-xs"
            >
              {first?.marketing}
            </span>
            <div className="min-w-0 text-sm leading-tight">
              {/* Wrapped, never cut: the airline is the agent's first read. */}
              <p className="font-medium text-slate-800 [overflow-wrap:anywhere]">{airlines}</p>
              <p className="text-slate-500 text-xs">
                {option.segments.map((s) => `${s.marketing} ${s.flight_number}`).join(' · ')}
              </p>
            </div>
          </div>
          <OptionTimes option={option} />
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex items-center gap-1 rounded-md font-medium text-indigo-700 text-xs hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          Flight details
          <ChevronDown
            aria-hidden="true"
            className={clsx('size-3.5 transition-transform', open && 'rotate-180')}
          />
        </button>
        {open && (
          <div id={detailsId}>
            <OptionSegments option={option} reference={reference} />
          </div>
        )}
      </div>
      <div className="flex items-center justify-between gap-3 border-slate-100 border-t p-4 sm:p-5 md:flex-col md:items-stretch md:justify-center md:border-t-0 md:border-l md:text-right">
        <div>
          {difference === null ? (
            <>
              <p className="text-slate-500 text-xs">{totalLabel}</p>
              {/* Issue 33: the client's selling price first when the answer carries it, the net under it. */}
              <p className="font-bold text-slate-900 text-xl tabular-nums">
                {money(choice.selling ?? total)}
              </p>
              {partyNote && <p className="text-slate-500 text-xs">{partyNote}</p>}
              {choice.selling !== null && (
                <NetLine net={total} selling={choice.selling} currency={currency} />
              )}
            </>
          ) : (
            <>
              <p
                className={clsx(
                  'font-bold text-xl tabular-nums',
                  difference === 0 ? 'text-emerald-700' : 'text-slate-900',
                )}
              >
                {differenceLabel(difference, currency)}
              </p>
              {/* The combinations carry net totals only: in the client view the difference says enough. */}
              {showsNet && (
                <p className="text-slate-500 text-xs">
                  trip from <span className="tabular-nums">{money(total)}</span>
                  {partyNote && ` ${partyNote}`}
                </p>
              )}
            </>
          )}
        </div>
        <Button onClick={() => onChoose(option)} className="shrink-0">
          {actionLabel}
        </Button>
      </div>
    </article>
  );
});
