import type { BookingChange, BookingDetails } from '@skydesk/contract';
import { ArrowDown } from 'lucide-react';
import { legLabel, legsOfSegments } from '../../../entities/bookings/booking-segments';
import { formatInstant } from '../../../shared/format/date-time';
import { Card } from '../../../shared/ui/card';
import { ChangeAmounts } from './change-amounts';
import { LegFlights, LegHeading } from './leg-flights';

const KIND_LABELS: Record<BookingChange['kind'], string> = {
  exchange: 'Flights changed (exchange)',
  schedule_alternative: "Another flight taken after the airline's change",
  schedule_accepted: "Airline's new times accepted",
};

/**
 * The booking's changes, oldest first (issue 32): for each, the flights before and after, the
 * tickets exchanged and the ones that replaced them (original → exchanged → new), and its
 * amounts kept apart. Nothing when the booking was never changed.
 */
export function BookingChangesCard({ booking }: { booking: BookingDetails }) {
  const changes = booking.changes ?? [];
  if (changes.length === 0) return null;
  const legCount = legsOfSegments(booking.segments).length;
  return (
    <Card title="Changes">
      <ol className="space-y-4">
        {changes.map((change) => (
          <li key={change.id} className="border-slate-100 border-t pt-4 first:border-t-0 first:pt-0">
            <p className="font-medium text-slate-900 text-sm">{KIND_LABELS[change.kind]}</p>
            <p className="text-slate-500 text-xs">
              {change.actor ? change.actor.name : 'SkyDesk (automatic)'} ·{' '}
              <time dateTime={change.created_at}>{formatInstant(change.created_at)}</time>
            </p>
            <div className="mt-2 grid gap-3 md:grid-cols-[1fr_18rem]">
              <div className="min-w-0 space-y-2">
                {change.after.map((after) => {
                  const before = change.before.find((leg) => leg.leg_index === after.leg_index);
                  const label = legLabel(booking.trip_type, after.leg_index, legCount);
                  return (
                    <div key={after.leg_index} className="rounded-lg bg-slate-50 p-2.5">
                      <LegHeading label={label} segments={after.segments} />
                      {before && (
                        <>
                          <div className="mt-1 line-through decoration-slate-400">
                            <span className="sr-only">Before: </span>
                            <LegFlights segments={before.segments} muted />
                          </div>
                          <ArrowDown aria-hidden="true" className="my-0.5 size-3.5 text-slate-400" />
                        </>
                      )}
                      <div>
                        <span className="sr-only">After: </span>
                        <LegFlights segments={after.segments} />
                      </div>
                    </div>
                  );
                })}
                {change.tickets.length > 0 && (
                  <div>
                    <p className="text-slate-500 text-xs">Tickets exchanged (old → new)</p>
                    <ul aria-label="Tickets exchanged" className="space-y-0.5 text-sm">
                      {change.tickets.map((pair) => (
                        <li
                          key={pair.from}
                          className="whitespace-nowrap font-mono text-slate-700 tabular-nums"
                        >
                          {pair.from} <span aria-hidden="true">→</span>{' '}
                          <span className="sr-only">exchanged for</span> {pair.to}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
              <ChangeAmounts
                className="self-start rounded-lg bg-slate-50 p-2.5"
                fareDifference={change.fare_difference}
                penalty={change.penalty}
                changeTotal={change.change_total}
                refundTo={change.refund_to}
              />
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
