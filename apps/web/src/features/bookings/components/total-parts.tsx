import type { Booking } from '@skydesk/contract';
import { formatMoney } from '../../../shared/format/money';

/**
 * Issue 31: under a booking's total, what it is made of once it holds seats or bags — the total is
 * what the agency pays for the booking (fare and services, as debited), so the fare alone is named
 * beside it. Nothing for a booking without services: its total is its fare.
 */
export function TotalParts({ booking, className }: { booking: Booking; className?: string }) {
  const services = booking.services_total;
  if (services.Amount <= 0) return null;
  const fare = {
    Amount: Math.round((booking.total.Amount - services.Amount) * 100) / 100,
    CurrencyCode: booking.total.CurrencyCode,
  };
  return (
    <p className={className ?? 'text-slate-500 text-xs tabular-nums'}>
      Fare {formatMoney(fare)} · seats and bags {formatMoney(services)}
    </p>
  );
}
