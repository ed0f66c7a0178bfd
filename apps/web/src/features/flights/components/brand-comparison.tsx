import type { FareBrand } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { baggageLabel } from '../../../entities/itinerary/itinerary';
import { INSTANT_TICKETING } from '../../../entities/itinerary/ticketing';
import { NetLine } from '../../../entities/pricing/two-prices';
import { formatMoney } from '../../../shared/format/money';
import { FEW_SEATS } from '../few-seats';
import { differenceLabel, type TripBrand } from '../grouped-trip';

type BrandComparisonProps = {
  brands: TripBrand[];
  currency: string;
  /** What the table compares, for its caption: 'Fares for LHR ⇄ JFK'. */
  caption: string;
  /** The brand picked so far (marked), if any. */
  chosen?: FareBrand | null;
  /** The button under each brand still on sale. */
  actionLabel: (brand: FareBrand) => string;
  onChoose: (brand: FareBrand) => void;
  /** Buttons wait while the chosen brand is priced. */
  busy?: boolean;
};

/**
 * A brand's price: on a phone its currency sits small above the figure, so three brands'
 * 'US$2,982.25' fit side by side; from the small breakpoint up it reads on one line.
 */
function Price({ text }: { text: string }) {
  const digits = text.search(/\d/);
  if (digits <= 0) return text;
  return (
    <>
      <span className="block font-medium text-[0.65rem] text-slate-500 sm:inline sm:font-bold sm:text-lg sm:text-slate-900">
        {text.slice(0, digits)}
      </span>
      {text.slice(digits)}
    </>
  );
}

const fee = (amount: number, currency: string) =>
  amount === 0 ? 'No fee' : formatMoney({ Amount: amount, CurrencyCode: currency });

/**
 * Issue 16: the brands of the same flights side by side — bags, refundability, change and cancel
 * fees, seats left and price — a column each, cheapest first. A sold-out brand keeps its column,
 * greyed and marked 'Sold out', so the agent sees what the flights would have sold.
 */
export function BrandComparison({
  brands,
  currency,
  caption,
  chosen,
  actionLabel,
  onChoose,
  busy = false,
}: BrandComparisonProps) {
  // Issue 33: a brand's price is the client's selling price when the server sent one (the net under it).
  const priceOf = (brand: TripBrand) => brand.selling ?? brand.total;
  const cheapest = Math.min(
    ...brands.flatMap((brand) => {
      const price = priceOf(brand);
      return price === null ? [] : [price];
    }),
  );
  const cell = (brand: TripBrand, content: ReactNode, extra?: string) => (
    <td
      key={brand.brand}
      className={clsx(
        'px-1 py-2 text-center align-top text-xs sm:px-3 sm:text-sm',
        brand.soldOut ? 'bg-slate-50 text-slate-400' : 'text-slate-800',
        chosen === brand.brand && 'bg-indigo-50/70',
        extra,
      )}
    >
      {brand.soldOut ? <span aria-hidden="true">—</span> : content}
      {brand.soldOut && <span className="sr-only">sold out</span>}
    </td>
  );
  const row = (label: string, render: (brand: TripBrand) => ReactNode) => (
    <tr className="border-slate-100 border-t">
      <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-600 text-xs sm:text-sm">
        {label}
      </th>
      {brands.map((brand) => cell(brand, render(brand)))}
    </tr>
  );

  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[20rem] table-fixed text-sm">
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          <col className="w-[22%] sm:w-40" />
          {brands.map((brand) => (
            <col key={brand.brand} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td />
            {brands.map((brand) => (
              <th
                key={brand.brand}
                scope="col"
                className={clsx(
                  'rounded-t-xl px-1 pt-3 pb-2 text-center sm:px-3',
                  brand.soldOut ? 'bg-slate-50 text-slate-400' : 'text-slate-900',
                  chosen === brand.brand && 'bg-indigo-50/70',
                )}
              >
                <span className="block font-semibold">{brand.brand}</span>
                {brand.label && (
                  // Issue 29: the airline's own name for the fare, as its documents print it.
                  <span className="block font-normal text-slate-500 text-xs">sold as {brand.label}</span>
                )}
                {brand.soldOut ? (
                  <span className="mt-0.5 inline-block rounded-full bg-slate-200 px-2 py-0.5 font-medium text-slate-600 text-xs">
                    Sold out
                  </span>
                ) : (
                  brand.total !== null && (
                    <>
                      <span className="mt-0.5 block font-bold text-slate-900 text-sm tabular-nums sm:text-lg">
                        <Price text={formatMoney({ Amount: priceOf(brand) ?? 0, CurrencyCode: currency })} />
                      </span>
                      {brand.selling !== null && (
                        <NetLine
                          net={brand.total}
                          selling={brand.selling}
                          currency={currency}
                          compact
                          className="font-normal"
                        />
                      )}
                      {priceOf(brand) === cheapest ? (
                        <span className="block text-slate-500 text-xs">lowest</span>
                      ) : (
                        // A phone has no room for '+US$1,241.35' under three prices; the prices say it.
                        <span className="hidden text-slate-500 text-xs sm:block">
                          {differenceLabel((priceOf(brand) ?? 0) - cheapest, currency)}
                        </span>
                      )}
                    </>
                  )
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {row('Checked bags', (brand) =>
            baggageLabel({ Pieces: brand.baggage.pieces, WeightKg: brand.baggage.weightKg }),
          )}
          {row('Refundable', (brand) =>
            brand.refundable ? (
              <span className="inline-flex items-center gap-1 font-medium text-emerald-700">
                <Check aria-hidden="true" className="size-4" /> Yes
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-slate-600">
                <X aria-hidden="true" className="size-4" /> No
              </span>
            ),
          )}
          {row('Change fee', (brand) => fee(brand.changePenalty, currency))}
          {row('Cancel fee', (brand) =>
            brand.refundable ? fee(brand.cancelPenalty, currency) : 'Taxes back only',
          )}
          {brands.some((brand) => brand.instant) &&
            row('Hold', (brand) =>
              brand.instant ? (
                <span className="font-medium text-amber-800">{INSTANT_TICKETING.short}</span>
              ) : (
                'Until the deadline'
              ),
            )}
          {row('Seats left', (brand) => (
            <span
              className={clsx(
                'tabular-nums',
                brand.seatsRemaining <= FEW_SEATS && 'font-medium text-amber-700',
              )}
            >
              {brand.seatsRemaining}
            </span>
          ))}
          <tr className="border-slate-100 border-t">
            <td />
            {brands.map((brand) =>
              brand.soldOut ? (
                <td key={brand.brand} className="bg-slate-50 px-2 py-3 text-center text-slate-500 text-xs">
                  Sold out
                </td>
              ) : (
                <td
                  key={brand.brand}
                  className={clsx(
                    'px-1 py-3 text-center sm:px-3',
                    chosen === brand.brand && 'bg-indigo-50/70',
                  )}
                >
                  <button
                    type="button"
                    disabled={busy}
                    aria-pressed={chosen === undefined ? undefined : chosen === brand.brand}
                    onClick={() => onChoose(brand.brand)}
                    className={clsx(
                      'w-full rounded-lg px-2 py-2 font-semibold text-xs transition-colors sm:text-sm',
                      'focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2 disabled:opacity-60',
                      chosen === brand.brand
                        ? 'bg-indigo-600 text-white'
                        : 'bg-white text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50',
                    )}
                  >
                    {actionLabel(brand.brand)}
                  </button>
                </td>
              ),
            )}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
