import type { PriceChange } from '@skydesk/contract';
import { ArrowRight, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { paths } from '../../../shared/routing/paths';
import { Button, buttonClasses } from '../../../shared/ui/button';

type PriceChangePanelProps = {
  change: PriceChange;
  busy: boolean;
  onAccept: () => void;
};

/**
 * docs/api.md 409 `Price changed`: the airline re-priced the offer between search and booking. The
 * old and new totals side by side, and the agent's choice — book at the new price, or go back to
 * the results. Nothing is booked until they accept.
 */
export function PriceChangePanel({ change, busy, onAccept }: PriceChangePanelProps) {
  const difference = {
    Amount: Math.round((change.new_total.Amount - change.previous_total.Amount) * 100) / 100,
    CurrencyCode: change.new_total.CurrencyCode,
  };
  return (
    <section
      aria-labelledby="price-change-title"
      role="alert"
      className="rounded-2xl border-2 border-amber-300 bg-amber-50 p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <TrendingUp aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="price-change-title" className="font-semibold text-amber-950 text-lg">
            The price has changed
          </h2>
          <p className="text-amber-900 text-sm">
            The airline re-priced these flights since your search. Nothing is booked yet: accept the new price
            to book, or go back to the results.
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[1fr_auto_1fr] items-center gap-2 rounded-xl bg-white p-3 text-center ring-1 ring-amber-200 sm:p-4">
        <div>
          <dt className="text-slate-500 text-xs">Was</dt>
          <dd className="font-semibold text-lg text-slate-500 tabular-nums line-through sm:text-xl">
            {formatMoney(change.previous_total)}
          </dd>
        </div>
        <ArrowRight aria-hidden="true" className="size-5 text-amber-600" />
        <div>
          <dt className="text-slate-500 text-xs">Now</dt>
          <dd className="font-semibold text-lg text-slate-900 tabular-nums sm:text-xl">
            {formatMoney(change.new_total)}
          </dd>
        </div>
        <div className="col-span-3 border-slate-100 border-t pt-2 text-amber-900 text-sm">
          <dt className="inline">Difference: </dt>
          <dd className="inline font-semibold tabular-nums">+{formatMoney(difference)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button busy={busy} onClick={onAccept} className="sm:flex-1">
          Accept {formatMoney(change.new_total)} and book
        </Button>
        <Link to={paths.dashboard.flightResults} className={buttonClasses('secondary', 'sm:flex-1')}>
          Back to results
        </Link>
      </div>
    </section>
  );
}
