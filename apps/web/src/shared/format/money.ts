import type { Money } from '@skydesk/contract';

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

/** { Amount: 1234.5, CurrencyCode: 'USD' } → "US$1,234.50"; `whole` rounds to units (compact strips). */
export function formatMoney(money: Money, { whole = false }: { whole?: boolean } = {}): string {
  return formatterFor(money.CurrencyCode, whole).format(money.Amount);
}
