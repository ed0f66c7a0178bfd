import { type CurrencyRate, RatesBody } from '@skydesk/contract';
import { z } from 'zod';
import { addDays } from '../../../shared/format/date-time';

/** The rate as people read it: 1 GBP = 1.27 USD (up to six decimals, none padded). */
export const rateText = (rate: Pick<CurrencyRate, 'currency' | 'rate'>, platform: string): string =>
  `1 ${rate.currency} = ${rate.rate.toLocaleString('en-GB', { maximumFractionDigits: 6 })} ${platform}`;

const DAY_MS = 86_400_000;

/**
 * Today's date in UTC, the day rates take effect by (contract: CurrencyRate.effective_on): the
 * days since the epoch counted on from its first day, whatever the browser's zone.
 */
export const todayUtc = (now = Date.now()): string => addDays('1970-01-01', Math.floor(now / DAY_MS));

/**
 * One rate as typed, checked by the contract's own item schema (the currency upper-cased, the rate
 * above zero, a real day), and the platform currency refused before the server is asked.
 */
export const rateFields = (platform: string) => {
  const item = RatesBody.shape.rates.element;
  return z
    .object({
      currency: z.string(),
      rate: z
        .string()
        .trim()
        .min(1, 'Enter the rate')
        .regex(/^\d+(\.\d+)?$/, 'Enter a number, like 1.27')
        .transform(Number),
      effective_on: z.string(),
    })
    .pipe(item)
    .superRefine((value, ctx) => {
      if (value.currency === platform)
        ctx.addIssue({
          code: 'custom',
          path: ['currency'],
          message: `${platform} is the platform currency: its rate is always 1`,
        });
    });
};

export type RateStatus = 'in_force' | 'scheduled' | 'replaced';

/** Each currency's rates, newest day first, each told as in force, scheduled (a later day) or replaced. */
export function ratesByCurrency(
  rates: CurrencyRate[],
): [string, (CurrencyRate & { status: RateStatus })[]][] {
  const groups = new Map<string, CurrencyRate[]>();
  for (const rate of rates) groups.set(rate.currency, [...(groups.get(rate.currency) ?? []), rate]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, list]) => {
      const sorted = [...list].sort((a, b) => b.effective_on.localeCompare(a.effective_on));
      const inForce = sorted.find((rate) => rate.in_force);
      return [
        currency,
        sorted.map((rate) => ({
          ...rate,
          status: rate.in_force
            ? 'in_force'
            : !inForce || rate.effective_on > inForce.effective_on
              ? 'scheduled'
              : 'replaced',
        })),
      ];
    });
}
