import {
  type FareBrand,
  GENERIC_ERROR,
  type GroupedSearchResult,
  type PricedItinerary,
  type SearchBody,
  SoldOutBrand,
} from '@skydesk/contract';
import { clsx } from 'clsx';
import { ArrowLeft, ArrowRight, Check, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { TripChoice } from '../../../entities/flight-search/search-url';
import { NetLine } from '../../../entities/pricing/two-prices';
import { formatDay } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { isApiFailure } from '../../../shared/http/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { flightsApi } from '../flights-api';
import {
  chosenOptions,
  familyBrand,
  initialBrand,
  legChoices,
  summariseChoice,
  type TripBrand,
  tripBrands,
} from '../grouped-trip';
import { routeSummary } from '../search-summary';
import { BrandComparison } from './brand-comparison';
import { airlinesOf, LegOptionCard, OptionSegments, OptionTimes } from './leg-option-card';
import { FilteredResults } from './results-view';

type GroupedResultsProps = {
  result: GroupedSearchResult;
  /** The search as sent (without `view`), re-sent with the chosen options to price them. */
  body: SearchBody;
  /** What the URL says is chosen so far. */
  choice: TripChoice;
  /** A new choice: a step forward pushes history (back undoes it), a brand swap replaces it. */
  onChoice: (choice: TripChoice, options?: { replace?: boolean }) => void;
  /** The chosen trip in the chosen brand, with its offer, ready for the travellers. */
  onPriced: (itinerary: PricedItinerary) => void;
  /** The answer is too old to price (410/422): search again. */
  onSearchAgain: () => void;
  /** What the button that takes the priced offer on says. */
  continueLabel: string;
};

/** 'Outbound', 'Return' on a return trip; 'Flight 1', 'Flight 2' … on a multi-city one. */
export const legLabel = (tripType: GroupedSearchResult['trip_type'], index: number): string =>
  tripType === 'Return' ? (index === 0 ? 'Outbound' : 'Return') : `Flight ${index + 1}`;

/** Where a pricing ended: an offer, a sold-out brand with the brands now, a stale search, or a failure. */
type Pricing =
  | { state: 'idle' }
  | { state: 'soldOut'; brand: FareBrand; alternatives: TripBrand[] }
  /** 410: the prices are over 30 minutes old, or the supplier no longer sells the fare (issue 29). */
  | { state: 'stale'; message: string }
  | { state: 'failed'; message: string };

/**
 * Issue 16: a return or multi-city answer walked a step at a time — the outbound (sorted and
 * filtered as the flat results are, each with the cheapest whole trip it makes), then each next
 * leg with its difference against the cheapest, then the trip's brands side by side, then the
 * offer for the travellers. Every step is in the URL, so back and forward walk it.
 */
export function GroupedResults({
  result,
  body,
  choice,
  onChoice,
  onPriced,
  onSearchAgain,
  continueLabel,
}: GroupedResultsProps) {
  const chosen = useMemo(() => chosenOptions(result, choice.picks), [result, choice.picks]);
  const legCount = result.legs.length;
  const step = Math.min(chosen.length, legCount);
  const picks = chosen.map((option) => option.id);
  const lostPick = choice.picks.length > chosen.length;
  const currency = result.currency;

  const goTo = (legIndex: number) => onChoice({ picks: picks.slice(0, legIndex), brand: null });

  return (
    <div className="space-y-4">
      <StepIndicator result={result} step={step} onBack={goTo} />
      {lostPick && (
        <Alert tone="warning" title="A flight you chose is no longer offered">
          <p>This search’s answer has changed since. Choose again from the flights on sale now.</p>
        </Alert>
      )}
      {chosen.length > 0 && (
        <section aria-label="Your flights so far" className="space-y-2">
          {chosen.map((option, index) => (
            <div
              key={option.id}
              className="grid items-center gap-3 rounded-2xl border border-indigo-200 bg-indigo-50/40 p-3 sm:grid-cols-[12rem_1fr_auto] sm:p-4"
            >
              <div className="min-w-0 text-sm leading-tight">
                <p className="font-semibold text-indigo-900">
                  {legLabel(result.trip_type, index)} · {formatDay(result.legs[index]?.date ?? '')}
                </p>
                <p className="text-slate-700 [overflow-wrap:anywhere]">
                  {airlinesOf(option, result.reference)}
                </p>
              </div>
              <OptionTimes option={option} />
              <Button
                variant="secondary"
                onClick={() => goTo(index)}
                className="justify-self-start sm:justify-self-end"
              >
                <ArrowLeft aria-hidden="true" className="size-4" />
                Change {legLabel(result.trip_type, index).toLowerCase()}
              </Button>
            </div>
          ))}
        </section>
      )}
      {step < legCount ? (
        <LegStep
          key={`${step}:${picks.join(',')}`}
          result={result}
          legIndex={step}
          picks={picks}
          onPick={(id) => onChoice({ picks: [...picks, id], brand: null })}
        />
      ) : (
        <BrandStep
          key={picks.join(',')}
          result={result}
          body={body}
          picks={picks}
          brand={choice.brand}
          currency={currency}
          onBrand={(brand) => onChoice({ picks, brand }, { replace: true })}
          onPriced={onPriced}
          onSearchAgain={onSearchAgain}
          continueLabel={continueLabel}
        />
      )}
    </div>
  );
}

function StepIndicator({
  result,
  step,
  onBack,
}: {
  result: GroupedSearchResult;
  step: number;
  onBack: (legIndex: number) => void;
}) {
  const steps = [...result.legs.map((_, index) => legLabel(result.trip_type, index)), 'Fare', 'Travellers'];
  return (
    <nav aria-label="Booking steps">
      <ol className="flex flex-wrap items-center gap-x-2.5 gap-y-2 text-xs sm:gap-x-2 sm:text-sm">
        {steps.map((label, index) => {
          const done = index < step;
          const current = index === step;
          const back = done && index < result.legs.length;
          const badge = (
            <>
              <span
                aria-hidden="true"
                className={clsx(
                  'flex size-6 shrink-0 items-center justify-center rounded-full font-semibold text-xs',
                  done && 'bg-emerald-600 text-white',
                  current && 'bg-indigo-600 text-white',
                  !done && !current && 'bg-slate-200 text-slate-600',
                )}
              >
                {done ? <Check className="size-3.5" /> : index + 1}
              </span>
              <span className={clsx(current ? 'font-semibold text-slate-900' : 'text-slate-600')}>
                {label}
              </span>
            </>
          );
          return (
            <li
              key={label}
              aria-current={current ? 'step' : undefined}
              className="flex items-center gap-1.5 sm:gap-2"
            >
              {back ? (
                <button
                  type="button"
                  onClick={() => onBack(index)}
                  aria-label={`${label}: change`}
                  className="flex items-center gap-1.5 rounded-md hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 sm:gap-2"
                >
                  {badge}
                </button>
              ) : (
                <span className="flex items-center gap-1.5 sm:gap-2">{badge}</span>
              )}
              {index < steps.length - 1 && (
                <span aria-hidden="true" className="hidden h-px w-8 bg-slate-300 sm:block" />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function LegStep({
  result,
  legIndex,
  picks,
  onPick,
}: {
  result: GroupedSearchResult;
  legIndex: number;
  picks: string[];
  onPick: (optionId: string) => void;
}) {
  const summaries = useMemo(
    () => legChoices(result, legIndex, picks).map((choice) => summariseChoice(choice, result)),
    [result, legIndex, picks],
  );
  const leg = result.legs[legIndex];
  const label = legLabel(result.trip_type, legIndex);
  const { adults, children, infants } = result.passengers;
  const travellers = adults + children + infants;
  const noun = result.trip_type === 'Return' ? `${label.toLowerCase()} flight` : 'flight';
  return (
    <section aria-labelledby="leg-title" className="space-y-3">
      <h2 id="leg-title" className="font-semibold text-lg text-slate-900">
        Choose your {label.toLowerCase()}: {leg?.origin} → {leg?.destination}
        <span className="font-normal text-slate-600"> · {formatDay(leg?.date ?? '')}</span>
      </h2>
      {legIndex > 0 && (
        <p className="text-slate-600 text-sm">
          Prices are the difference to the cheapest trip with your{' '}
          {legLabel(result.trip_type, legIndex - 1).toLowerCase()}.
        </p>
      )}
      {summaries.length === 0 ? (
        <div className="rounded-2xl border border-slate-300 border-dashed bg-white p-8 text-center">
          <p className="font-medium text-slate-900">No {noun} combines with the flight you chose.</p>
          <p className="mt-1 text-slate-600 text-sm">Change the earlier flight to see others.</p>
        </div>
      ) : (
        <FilteredResults
          summaries={summaries}
          noun={noun}
          renderResult={(summary) => (
            <LegOptionCard
              choice={summary.choice}
              reference={result.reference}
              currency={result.currency}
              actionLabel={`Choose ${label.toLowerCase()}`}
              totalLabel={result.trip_type === 'Return' ? 'Round trip from' : 'Trip from'}
              partyNote={travellers > 1 ? `for ${travellers} travellers` : null}
              onChoose={(option) => onPick(option.id)}
            />
          )}
        />
      )}
    </section>
  );
}

function BrandStep({
  result,
  body,
  picks,
  brand,
  currency,
  onBrand,
  onPriced,
  onSearchAgain,
  continueLabel,
}: {
  result: GroupedSearchResult;
  body: SearchBody;
  picks: string[];
  brand: FareBrand | null;
  currency: string;
  onBrand: (brand: FareBrand) => void;
  onPriced: (itinerary: PricedItinerary) => void;
  onSearchAgain: () => void;
  continueLabel: string;
}) {
  const options = useMemo(() => chosenOptions(result, picks), [result, picks]);
  const brands = useMemo(() => tripBrands(options), [options]);
  const [pricing, setPricing] = useState<Pricing>({ state: 'idle' });
  const [price, { isLoading }] = flightsApi.usePriceSelectionMutation();
  const selected = initialBrand(brands, brand);
  const selectedBrand = brands.find((entry) => entry.brand === selected);
  const travellers = result.passengers.adults + result.passengers.children + result.passengers.infants;

  const priceIn = async (chosenBrand: FareBrand) => {
    setPricing({ state: 'idle' });
    try {
      onPriced(await price({ search: body, option_ids: picks, brand: chosenBrand }).unwrap());
    } catch (error) {
      const failure = isApiFailure(error) ? error : null;
      const soldOut = failure?.status === 409 ? SoldOutBrand.safeParse(failure.data) : null;
      if (soldOut?.success)
        setPricing({
          state: 'soldOut',
          brand: chosenBrand,
          alternatives: soldOut.data.alternatives.map(familyBrand),
        });
      else if (failure && (failure.status === 410 || failure.status === 422))
        setPricing({ state: 'stale', message: failure.message });
      else setPricing({ state: 'failed', message: failure?.message ?? GENERIC_ERROR });
    }
  };

  const route = routeSummary(body);
  return (
    <section aria-labelledby="fare-title" className="space-y-4">
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="fare-title" className="font-semibold text-lg text-slate-900">
          Choose a fare
        </h2>
        <p className="mt-0.5 mb-3 text-slate-600 text-sm">
          The same flights in each fare, for the whole trip and {travellers} traveller
          {travellers === 1 ? '' : 's'}; fees are per adult ticket.
        </p>
        {pricing.state === 'soldOut' ? (
          <div className="space-y-3">
            <Alert tone="warning" title={`${pricing.brand} has just sold out on these flights`} assertive>
              <p>Here are the fares still on sale for them now. Choose one to continue.</p>
            </Alert>
            {pricing.alternatives.some((alternative) => !alternative.soldOut) ? (
              <BrandComparison
                brands={pricing.alternatives}
                currency={currency}
                caption={`Fares on sale now for ${route}`}
                actionLabel={(name) => `Choose ${name}`}
                busy={isLoading}
                onChoose={(name) => {
                  onBrand(name);
                  void priceIn(name);
                }}
              />
            ) : (
              <p className="text-slate-700 text-sm">Every fare of these flights is sold out now.</p>
            )}
            <Button variant="secondary" onClick={() => setPricing({ state: 'idle' })}>
              <ArrowLeft aria-hidden="true" className="size-4" /> Back to the comparison
            </Button>
          </div>
        ) : (
          <>
            <BrandComparison
              brands={brands}
              currency={currency}
              caption={`Fares for ${route}`}
              chosen={selected}
              actionLabel={(name) => (name === selected ? `${name} selected` : `Select ${name}`)}
              busy={isLoading}
              onChoose={onBrand}
            />
            {pricing.state === 'stale' && (
              <Alert tone="warning" title="This search is out of date" className="mt-3" assertive>
                <p>
                  {pricing.message}
                  {/* A supplier's own words may already say it (issue 29). */}
                  {!/search again/i.test(pricing.message) &&
                    ' Search again for the fares and seats on sale now.'}
                </p>
                <Button variant="secondary" className="mt-2" onClick={onSearchAgain}>
                  <RefreshCw aria-hidden="true" className="size-4" /> Search again
                </Button>
              </Alert>
            )}
            {pricing.state === 'failed' && (
              <Alert tone="error" title="The fare could not be priced" className="mt-3" assertive>
                <p>{pricing.message}</p>
              </Alert>
            )}
            <div className="mt-4 flex flex-col items-stretch gap-2 border-slate-100 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
              {selectedBrand && selectedBrand.total !== null ? (
                <div>
                  <p className="text-slate-700 text-sm">
                    {selectedBrand.brand}:{' '}
                    <span className="font-semibold text-slate-900 tabular-nums">
                      {formatMoney({
                        Amount: selectedBrand.selling ?? selectedBrand.total,
                        CurrencyCode: currency,
                      })}
                    </span>{' '}
                    {selectedBrand.selling !== null ? 'client price' : 'total'}
                  </p>
                  {/* Beside the sentence, not inside it: the net line is a paragraph of its own. */}
                  {selectedBrand.selling !== null && (
                    <NetLine net={selectedBrand.total} selling={selectedBrand.selling} currency={currency} />
                  )}
                </div>
              ) : (
                <p className="text-slate-700 text-sm">
                  Every fare of these flights is sold out: change a flight.
                </p>
              )}
              <Button disabled={!selected || isLoading} onClick={() => selected && void priceIn(selected)}>
                {isLoading ? 'Pricing…' : `${continueLabel} with ${selected ?? 'a fare'}`}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </>
        )}
      </div>
      <details className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <summary className="cursor-pointer font-semibold text-slate-900">Flight details</summary>
        <div className="mt-3 space-y-4">
          {options.map((option, index) => (
            <div key={option.id}>
              <h3 className="mb-2 font-medium text-slate-700 text-sm">
                {legLabel(result.trip_type, index)}: {result.legs[index]?.origin} →{' '}
                {result.legs[index]?.destination}
              </h3>
              <OptionSegments option={option} reference={result.reference} />
            </div>
          ))}
        </div>
      </details>
    </section>
  );
}
