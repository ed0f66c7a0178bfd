import type { Money, RefundDestination } from '@skydesk/contract';
import { clsx } from 'clsx';
import { formatMoney } from '../../../shared/format/money';

const abs = (money: Money): Money => ({ ...money, Amount: Math.abs(money.Amount) });

/** A signed amount: "+US$80.00", "−US$40.00", "US$0.00". */
export const signedMoney = (money: Money): string =>
  money.Amount > 0
    ? `+${formatMoney(money)}`
    : money.Amount < 0
      ? `−${formatMoney(abs(money))}`
      : formatMoney(money);

/**
 * What the change's net means, in words: paid from the credits, given back to them (a refundable
 * fare) or forfeited (a non-refundable fare's residual value), or nothing at all.
 */
export function netOf(
  changeTotal: Money,
  refundTo: RefundDestination | null,
): { label: string; amount: Money; tone: 'pay' | 'back' | 'lost' | 'none' } {
  if (changeTotal.Amount > 0) return { label: 'To pay from your credits', amount: changeTotal, tone: 'pay' };
  if (changeTotal.Amount < 0)
    return refundTo === 'forfeited'
      ? { label: 'Residual value forfeited', amount: abs(changeTotal), tone: 'lost' }
      : { label: 'Back to your credits', amount: abs(changeTotal), tone: 'back' };
  return { label: 'Nothing to pay', amount: changeTotal, tone: 'none' };
}

type ChangeAmountsProps = {
  /** What the trip would cost bought new today; absent in the history, where only the change counts. */
  newTotal?: Money | undefined;
  fareDifference: Money;
  penalty: Money;
  changeTotal: Money;
  refundTo: RefundDestination | null;
  className?: string;
};

/**
 * The amounts of a change kept apart (issue 32: never mixed into one figure): the new trip's price,
 * the fare difference, the airline's change penalty, and the net with where it goes.
 */
export function ChangeAmounts({
  newTotal,
  fareDifference,
  penalty,
  changeTotal,
  refundTo,
  className,
}: ChangeAmountsProps) {
  const net = netOf(changeTotal, refundTo);
  return (
    <dl className={clsx('grid grid-cols-[1fr_auto] gap-y-1 text-sm tabular-nums', className)}>
      {newTotal && (
        <>
          <dt className="text-slate-600">New trip price today</dt>
          <dd className="pl-4 text-right text-slate-900">{formatMoney(newTotal)}</dd>
        </>
      )}
      <dt className="text-slate-600">Fare difference</dt>
      <dd className="pl-4 text-right text-slate-900">{signedMoney(fareDifference)}</dd>
      <dt className="text-slate-600">Change penalty</dt>
      <dd className={clsx('pl-4 text-right', penalty.Amount > 0 ? 'text-rose-700' : 'text-slate-900')}>
        {penalty.Amount > 0 ? formatMoney(penalty) : 'None'}
      </dd>
      <dt className="border-slate-200 border-t pt-1 font-medium text-slate-800">{net.label}</dt>
      <dd
        className={clsx(
          'border-slate-200 border-t pt-1 pl-4 text-right font-semibold',
          net.tone === 'back'
            ? 'text-emerald-700'
            : net.tone === 'lost'
              ? 'text-slate-500'
              : 'text-slate-900',
        )}
        data-testid="change-net"
      >
        {formatMoney(net.amount)}
      </dd>
      {net.tone === 'lost' && (
        <dd className="col-span-2 text-slate-500 text-xs">
          The fare is non-refundable: what it was worth above the new fare is not given back.
        </dd>
      )}
      {net.tone === 'back' && (
        <dd className="col-span-2 text-slate-500 text-xs">
          The fare is refundable: what it was worth above the new fare goes back to your credits.
        </dd>
      )}
    </dl>
  );
}
