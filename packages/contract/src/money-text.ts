import { minorToAmount } from './envelope.js';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${currency}:${whole}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      ...(whole ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * How an amount reads wherever a person reads it — the portal's screens, the notifications and
 * e-mails the server writes: 1234.5 USD → "US$1,234.50" (`whole` rounds to units).
 */
export function moneyText(amount: number, currency: string, { whole = false }: { whole?: boolean } = {}) {
  return formatterFor(currency, whole).format(amount);
}

/** The same, from integer minor units as the server holds money. */
export const minorMoneyText = (minor: number, currency: string): string =>
  moneyText(minorToAmount(minor), currency);
