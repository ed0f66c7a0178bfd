import type { FareCalendarDay, SearchBody } from '@skydesk/contract';
import { clsx } from 'clsx';
import { useEffect, useRef } from 'react';
import { useShowsNet } from '../../../entities/pricing/client-view';
import { formatDay, todayLocalDate } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { flightsApi } from '../flights-api';

type FareStripProps = {
  body: SearchBody;
  /** The outbound date searched, 'YYYY-MM-DD'. */
  selectedDate: string;
  onPick: (date: string) => void;
};

/**
 * The lowest fare of the outbound date and the 3 days either side (docs/api.md `POST /api/search/calendar`),
 * one click to search that day. Extra information: it hides itself when its call fails.
 */
export function FareStrip({ body, selectedDate, onPick }: FareStripProps) {
  // currentData: another search's days are not shown while this one's come.
  const { currentData: days, isError } = flightsApi.useFareCalendarQuery({ body });
  const strip = useRef<HTMLElement>(null);

  // On a phone the strip scrolls sideways: the searched day is brought to its middle, not left
  // half off the edge.
  useEffect(() => {
    if (!days) return;
    const nav = strip.current;
    const chosen = nav?.querySelector<HTMLElement>('[aria-current="date"]');
    if (!nav || !chosen || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = chosen.offsetLeft - (nav.clientWidth - chosen.offsetWidth) / 2;
  }, [days]);

  // Issue 33: the calendar's lowest fares are the agency's net: the client view shows only the days.
  const showsNet = useShowsNet();
  if (isError) return null;
  const today = todayLocalDate();
  return (
    <nav ref={strip} aria-label="Fares on nearby dates" className="relative overflow-x-auto">
      <ul className="grid min-w-[40rem] grid-cols-7 gap-1.5">
        {(days ?? Array.from({ length: 7 }, (): FareCalendarDay | null => null)).map((day, index) => {
          if (!day)
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
              <li key={index} aria-hidden="true" className="h-16 animate-pulse rounded-xl bg-slate-200/70" />
            );
          const chosen = day.date === selectedDate;
          const past = day.date < today;
          return (
            <li key={day.date}>
              <button
                type="button"
                disabled={past || chosen}
                aria-current={chosen ? 'date' : undefined}
                onClick={() => onPick(day.date)}
                className={clsx(
                  'flex h-16 w-full flex-col items-center justify-center rounded-xl border px-1 text-center transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2',
                  chosen
                    ? 'border-indigo-600 bg-indigo-600 text-white shadow-sm'
                    : 'border-slate-200 bg-white text-slate-800 hover:border-indigo-300 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-50',
                )}
              >
                <span
                  className={clsx('whitespace-nowrap text-xs', chosen ? 'text-indigo-100' : 'text-slate-500')}
                >
                  {formatDay(day.date)}
                </span>
                {showsNet && (
                  <span className="font-semibold text-sm tabular-nums">
                    {day.lowest ? formatMoney(day.lowest, { whole: true }) : '—'}
                  </span>
                )}
                {showsNet && !day.lowest && <span className="sr-only">no fares</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
