import type { PassengerType, Ticket } from '@skydesk/contract';
import { PASSENGER_TYPE_LABELS } from '@skydesk/contract';
import { TicketStatusBadge } from '../../../entities/bookings/booking-status-badge';
import { formatDayWithYear } from '../../../shared/format/date-time';
import { Badge } from '../../../shared/ui/badge';
import { TicketChainNote } from '../changes/ticket-chain';
import { countryName } from '../country-name';
import { TITLE_LABELS } from '../passengers';

export type PassengerRow = {
  key: string;
  passenger_type: PassengerType;
  title: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  nationality: string;
  passport_number: string;
  passport_expiry: string;
  ticket?: Ticket | undefined;
  /** Issue 32: the tickets an exchange replaced, oldest first, shown under the valid one. */
  exchanged?: Ticket[] | undefined;
};

const titleLabel = (title: string) => TITLE_LABELS[title as keyof typeof TITLE_LABELS] ?? title;

/** Passengers as the airline will have them: name, type, birth, nationality, passport, ticket. */
export function PassengerList({ passengers }: { passengers: PassengerRow[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {passengers.map((passenger) => (
        <li
          key={passenger.key}
          className="flex flex-col gap-1 py-2.5 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-slate-900 uppercase">
                {titleLabel(passenger.title)} {passenger.first_name} {passenger.last_name}
              </span>
              <Badge>{PASSENGER_TYPE_LABELS[passenger.passenger_type]}</Badge>
            </p>
            <p className="text-slate-600 text-xs">
              Born {formatDayWithYear(passenger.date_of_birth)} · {countryName(passenger.nationality)} ·
              passport <span className="uppercase">{passenger.passport_number}</span>, valid to{' '}
              {formatDayWithYear(passenger.passport_expiry)}
            </p>
          </div>
          {passenger.ticket && (
            <div className="flex shrink-0 flex-col gap-2 sm:items-end">
              {[passenger.ticket, ...[...(passenger.exchanged ?? [])].reverse()].map((ticket) => (
                <div
                  key={ticket.ticket_number}
                  className="flex flex-wrap items-center gap-x-2 gap-y-0.5 sm:flex-col sm:items-end"
                >
                  <span
                    className={
                      ticket.status === 'exchanged'
                        ? 'font-mono text-slate-500 text-sm tabular-nums'
                        : 'font-mono text-slate-900 text-sm tabular-nums'
                    }
                  >
                    {ticket.ticket_number}
                  </span>
                  <TicketStatusBadge status={ticket.status} />
                  <TicketChainNote ticket={ticket} />
                </div>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
