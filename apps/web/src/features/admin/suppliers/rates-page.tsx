import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminRates, CurrencyRate } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Coins, Plus } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { formatDayWithYear, formatInstant } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { TextField } from '../../../shared/ui/field';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { ListSkeleton } from '../components/list-states';
import { type RateStatus, rateFields, ratesByCurrency, rateText, todayUtc } from './rates';
import { suppliersApi } from './suppliers-api';

const STATUS_BADGE: Record<RateStatus, { label: string; tone: 'emerald' | 'sky' | 'slate' }> = {
  in_force: { label: 'In force', tone: 'emerald' },
  scheduled: { label: 'From its day', tone: 'sky' },
  replaced: { label: 'Replaced', tone: 'slate' },
};

/**
 * /admin/rates (issue 29): the rates remote suppliers' prices are converted into the platform
 * currency at, each from its day; the one in force; setting a new one (the platform currency's
 * own rate is always 1 and is refused).
 */
export function RatesPage() {
  const { currentData: answer, error, isError, isFetching, refetch } = suppliersApi.useRatesQuery();
  const groups = useMemo(() => (answer ? ratesByCurrency(answer.rates) : []), [answer]);

  let list: ReactNode;
  if (isApiFailure(error) && error.status === 403)
    list = <Alert tone="error" title="The currency rates are not open to your account" />;
  else if (isError)
    list = (
      <LoadFailed
        title={isApiFailure(error) ? error.message : 'The currency rates could not be loaded'}
        busy={isFetching}
        onRetry={() => void refetch()}
      />
    );
  else if (!answer) list = <ListSkeleton label="Loading the currency rates" rows={3} />;
  else if (groups.length === 0)
    list = (
      <EmptyState icon={Coins} title="No rate set yet">
        A supplier's offers priced in another currency than {answer.platform_currency} are left out of
        searches until a rate converts them.
      </EmptyState>
    );
  else
    list = groups.map(([currency, rates]) => (
      <CurrencyRates key={currency} currency={currency} rates={rates} platform={answer.platform_currency} />
    ));

  return (
    <div className="mx-auto w-full max-w-5xl space-y-4">
      {answer && <RateForm platform={answer.platform_currency} />}
      {list}
    </div>
  );
}

function CurrencyRates({
  currency,
  rates,
  platform,
}: {
  currency: string;
  rates: (CurrencyRate & { status: RateStatus })[];
  platform: string;
}) {
  const id = `rates-${currency}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 id={id} className="border-slate-100 border-b px-4 py-3 font-semibold text-slate-900 sm:px-5">
        {currency}
      </h2>
      <ul className="divide-y divide-slate-100">
        {rates.map((rate) => {
          const badge = STATUS_BADGE[rate.status];
          return (
            <li
              key={rate.id}
              aria-label={`${rate.currency} from ${rate.effective_on}`}
              className={clsx(
                'flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5',
                rate.status === 'replaced' && 'text-slate-500',
              )}
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span
                    className={clsx(
                      'font-semibold tabular-nums',
                      rate.status === 'replaced' ? 'text-slate-500' : 'text-slate-900',
                    )}
                  >
                    {rateText(rate, platform)}
                  </span>
                  <Badge tone={badge.tone}>{badge.label}</Badge>
                </p>
                <p className="text-slate-500 text-xs">
                  Set by {rate.set_by?.name ?? 'the system'} on {formatInstant(rate.created_at)}
                </p>
              </div>
              <p className="shrink-0 text-slate-600 text-sm">
                from <time dateTime={rate.effective_on}>{formatDayWithYear(rate.effective_on)}</time>
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The server's field names for the one rate sent (`rates.0.currency`), onto the form's. */
const SERVER_FIELDS = ['currency', 'rate', 'effective_on'] as const;

function RateForm({ platform }: { platform: string }) {
  const [setRates] = suppliersApi.useSetRatesMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const schema = useMemo(() => rateFields(platform), [platform]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { currency: '', rate: '', effective_on: todayUtc() },
  });

  const submit = handleSubmit(async (rate) => {
    setProblem(null);
    try {
      const answer: AdminRates = await setRates({ body: { rates: [rate] } }).unwrap();
      const set = answer.rates.find(
        (entry) => entry.currency === rate.currency && entry.effective_on === rate.effective_on,
      );
      toast.success(
        set?.in_force
          ? `${rateText(rate, platform)} is in force`
          : `${rateText(rate, platform)} from ${formatDayWithYear(rate.effective_on)}`,
      );
      reset({ currency: '', rate: '', effective_on: todayUtc() });
    } catch (error) {
      if (!isApiFailure(error)) throw error;
      let shown = false;
      for (const field of SERVER_FIELDS) {
        const message = error.fieldErrors[`rates.0.${field}`]?.[0] ?? error.fieldErrors[field]?.[0];
        if (message) {
          setError(field, { type: 'server', message }, { shouldFocus: !shown });
          shown = true;
        }
      }
      if (!shown) setProblem(error.message);
    }
  });

  return (
    <section
      aria-labelledby="rate-form-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="rate-form-title" className="font-semibold text-slate-900">
        Set a rate
      </h2>
      <p className="mt-0.5 text-slate-600 text-sm">
        Prices are shown and charged in {platform}. A rate converts a supplier's prices from its day (UTC)
        until a later one of the same currency; the same currency and day again replaces it.
      </p>
      <form
        noValidate
        onSubmit={submit}
        className="mt-4 grid items-start gap-4 sm:grid-cols-[8rem_1fr_12rem_auto]"
      >
        <TextField
          label="Currency"
          autoComplete="off"
          spellCheck={false}
          maxLength={3}
          placeholder="GBP"
          error={errors.currency?.message}
          {...register('currency')}
        />
        <TextField
          label={`${platform} for one unit`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="1.27"
          error={errors.rate?.message}
          {...register('rate')}
        />
        <TextField
          label="From (UTC day)"
          type="date"
          error={errors.effective_on?.message}
          {...register('effective_on')}
        />
        <Button type="submit" busy={isSubmitting} className="sm:mt-6.5">
          <Plus aria-hidden="true" className="size-4" /> Set rate
        </Button>
      </form>
      {problem && (
        <Alert tone="error" className="mt-3" assertive>
          {problem}
        </Alert>
      )}
    </section>
  );
}
