import type { AirItineraryPricingInfo } from '@skydesk/contract';
import { BadgeCheck, Luggage, RefreshCw, XCircle } from 'lucide-react';
import { baggageLabel } from '../../../entities/itinerary/itinerary';
import { formatMoney } from '../../../shared/format/money';
import { Badge } from '../../../shared/ui/badge';

/** Refundability, penalties, brands and baggage of a fare, as the quote states them. */
export function FareRules({ pricing, carrier }: { pricing: AirItineraryPricingInfo; carrier: string }) {
  const brands = [
    ...new Set(
      pricing.FareInfos.map(
        (info) => `${info.BrandName} (${info.FareBasisCode}): ${baggageLabel(info.Baggage)}`,
      ),
    ),
  ];
  return (
    <ul className="space-y-2 text-sm">
      <li className="flex flex-wrap items-center gap-2">
        {pricing.Refundable ? (
          <Badge tone="emerald">
            <BadgeCheck aria-hidden="true" className="size-3.5" /> Refundable
          </Badge>
        ) : (
          <Badge>Non-refundable: taxes only are returned</Badge>
        )}
        <span className="text-slate-600">Validating carrier {carrier}</span>
      </li>
      <li className="flex items-start justify-between gap-3">
        <span className="inline-flex items-center gap-2 text-slate-600">
          <XCircle aria-hidden="true" className="size-4 shrink-0 text-slate-400" /> Cancellation penalty (per
          adult)
        </span>
        <span className="shrink-0 tabular-nums">{formatMoney(pricing.Penalties.Cancel)}</span>
      </li>
      <li className="flex items-start justify-between gap-3">
        <span className="inline-flex items-center gap-2 text-slate-600">
          <RefreshCw aria-hidden="true" className="size-4 shrink-0 text-slate-400" /> Change penalty (per
          adult)
        </span>
        <span className="shrink-0 tabular-nums">{formatMoney(pricing.Penalties.Change)}</span>
      </li>
      <li className="flex items-start gap-2 border-slate-100 border-t pt-2">
        <Luggage aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        <span>{brands.join('; ')}</span>
      </li>
    </ul>
  );
}
