import { amountToMinor, minorToAmount, moneyText } from '@skydesk/contract';
import { clsx } from 'clsx';
import { useShowsNet } from './client-view';

type NetLineProps = {
  /** What the agency pays (wire amounts). */
  net: number;
  /** What its client pays. */
  selling: number;
  currency: string;
  /** A narrow column (a fare family's): the margin on its own line, and left out on a phone. */
  compact?: boolean;
  className?: string;
};

/**
 * Issue 33: the agency's side of a price — its net and its margin over the client's selling
 * price — on a line under the selling price; nothing at all in the client view.
 */
export function NetLine({ net, selling, currency, compact = false, className }: NetLineProps) {
  if (!useShowsNet()) return null;
  // In minor units: amounts are never subtracted as floats.
  const margin = minorToAmount(amountToMinor(selling) - amountToMinor(net));
  if (compact)
    return (
      <span className={clsx('block text-slate-500 text-xs', className)}>
        <span className="block">
          Net <span className="whitespace-nowrap tabular-nums">{moneyText(net, currency)}</span>
        </span>
        {margin !== 0 && (
          <span
            className={clsx(
              'hidden tabular-nums sm:block',
              margin < 0 ? 'text-rose-700' : 'text-emerald-700',
            )}
          >
            {margin > 0 ? '+' : '−'}
            {moneyText(Math.abs(margin), currency)}
          </span>
        )}
      </span>
    );
  return (
    <p className={clsx('text-slate-500 text-xs', className)}>
      Net <span className="tabular-nums">{moneyText(net, currency)}</span>
      {margin !== 0 && (
        <>
          {' · '}
          <span className={clsx('tabular-nums', margin < 0 ? 'text-rose-700' : 'text-emerald-700')}>
            {margin > 0 ? '+' : '−'}
            {moneyText(Math.abs(margin), currency)}
          </span>
        </>
      )}
    </p>
  );
}
