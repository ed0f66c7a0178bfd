import type { BagOffer } from '@skydesk/contract';
import { Minus, Plus } from 'lucide-react';
import { formatMoney } from '../../../shared/format/money';

/**
 * "1 × 23 kg included; add up to 2 more" ("No checked bag included; add up to 3": nothing to add
 * more to), and each extra bag's allowance and price.
 */
export function bagAllowanceWords(offer: BagOffer): string {
  const none = offer.included.pieces === 0;
  const included = none
    ? 'No checked bag included'
    : `${offer.included.pieces} × ${offer.included.weight_kg} kg included`;
  if (offer.max_quantity === 0) return `${included}; no ${none ? 'bag' : 'more'} can be added`;
  return `${included}; add up to ${offer.max_quantity}${none ? '' : ' more'}`;
}

export function BagAllowance({ offer }: { offer: BagOffer }) {
  return (
    <p className="text-slate-600 text-sm">
      {bagAllowanceWords(offer)}
      {offer.max_quantity > 0 && (
        <span className="block text-slate-500 text-xs">
          Each extra bag up to {offer.weight_kg} kg: {formatMoney(offer.price)}
        </span>
      )}
    </p>
  );
}

type BagStepperProps = {
  /** Names the group for screen readers: whose bags, on which flight. */
  label: string;
  offer: BagOffer;
  quantity: number;
  onChange: (quantity: number) => void;
};

/** How many extra bags, 0 to the offer's maximum, with what they cost. */
export function BagStepper({ label, offer, quantity, onChange }: BagStepperProps) {
  const max = offer.max_quantity;
  const amount = {
    Amount: Math.round(offer.price.Amount * 100 * quantity) / 100,
    CurrencyCode: offer.price.CurrencyCode,
  };
  const step =
    'flex size-9 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';
  return (
    <fieldset
      aria-label={label}
      className="flex shrink-0 items-center justify-between gap-3 sm:justify-start"
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={step}
          aria-label="One bag fewer"
          disabled={quantity <= 0}
          onClick={() => onChange(Math.max(0, quantity - 1))}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <output
          aria-live="polite"
          aria-label="Extra bags"
          className="w-6 text-center font-semibold tabular-nums"
        >
          {quantity}
        </output>
        <button
          type="button"
          className={step}
          aria-label="One bag more"
          disabled={quantity >= max}
          onClick={() => onChange(Math.min(max, quantity + 1))}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
      <span className="w-24 text-right text-slate-900 text-sm tabular-nums">
        {quantity === 0 ? '—' : formatMoney(amount)}
      </span>
    </fieldset>
  );
}
