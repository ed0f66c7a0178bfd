import { type Credits, LowBalanceThresholdBody } from '@skydesk/contract';
import { BellRing } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-hot-toast';
import { formatCredits } from '../../../shared/format/credits';
import { isApiFailure } from '../../../shared/http/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { TextField } from '../../../shared/ui/field';
import { paymentsApi } from '../payments-api';

const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** An amount as typed: a number with at most two decimals, or the problem with it. */
function readAmount(text: string): { amount: number } | { problem: string } {
  const trimmed = text.trim().replace(/,/g, '');
  if (!AMOUNT_PATTERN.test(trimmed)) return { problem: 'Enter an amount, at most two decimals' };
  const parsed = LowBalanceThresholdBody.safeParse({ amount: Number(trimmed) });
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Enter an amount' };
  return { amount: Number(trimmed) };
}

type LowBalanceSettingProps = {
  credits: Credits;
  /** The user may change it (`payments.create`); others only read it. */
  canChange: boolean;
};

/**
 * Issue 12: when available credits fall under a threshold, the owner is notified and e-mailed,
 * once per crossing. The agency sets its own, or keeps the default (10 % of its last deposit).
 */
export function LowBalanceSetting({ credits, canChange }: LowBalanceSettingProps) {
  const [save, { isLoading: saving }] = paymentsApi.useSetLowBalanceThresholdMutation();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const threshold = formatCredits(credits.low_balance_threshold, credits.currency);

  const send = async (amount: number | null) => {
    setFailure(null);
    try {
      await save({ body: { amount } }).unwrap();
      setDraft('');
      toast.success(amount === null ? 'The default alert is back' : 'Low-balance alert saved');
    } catch (caught) {
      const message = isApiFailure(caught) ? caught.fieldErrors.amount?.[0] : undefined;
      if (message) setError(message);
      else setFailure(isApiFailure(caught) ? caught.message : 'The alert could not be saved');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readAmount(draft);
    if ('problem' in read) {
      setError(read.problem);
      return;
    }
    setError(null);
    void send(read.amount);
  };

  return (
    <Card title="Low-balance alert" aside={<BellRing aria-hidden="true" className="size-5 text-slate-400" />}>
      {!credits.low_balance_threshold_custom && credits.low_balance_threshold === 0 ? (
        <p className="text-slate-700 text-sm">
          No alert yet: by default your owner is notified and e-mailed when available credits fall under 10 %
          of your last approved deposit, and none has been approved.
        </p>
      ) : (
        <p className="text-slate-700 text-sm">
          Your owner is notified and e-mailed when available credits fall under{' '}
          <strong className="tabular-nums">{threshold}</strong>{' '}
          {credits.low_balance_threshold_custom ? (
            <span className="text-slate-500">(your own threshold).</span>
          ) : (
            <span className="text-slate-500">(the default: 10 % of your last deposit).</span>
          )}
        </p>
      )}
      {canChange && (
        <form noValidate onSubmit={submit} className="mt-3 flex flex-wrap items-start gap-x-3 gap-y-2">
          <TextField
            label={`Alert me under (${credits.currency})`}
            inputMode="decimal"
            autoComplete="off"
            placeholder={credits.low_balance_threshold.toFixed(2)}
            value={draft}
            error={error ?? undefined}
            onChange={(event) => setDraft(event.target.value)}
            className="min-w-40 flex-1 sm:max-w-56 xl:max-w-none"
          />
          <div className="flex flex-wrap gap-2 pt-6.5">
            <Button type="submit" variant="secondary" busy={saving}>
              Save
            </Button>
            {credits.low_balance_threshold_custom && (
              <Button variant="ghost" disabled={saving} onClick={() => void send(null)}>
                Use the default
              </Button>
            )}
          </div>
        </form>
      )}
      {failure && (
        <Alert tone="error" className="mt-3" assertive>
          {failure}
        </Alert>
      )}
    </Card>
  );
}
