import { type Money, moneyText } from '@skydesk/contract';

/**
 * { Amount: 1234.5, CurrencyCode: 'USD' } → "US$1,234.50"; `whole` rounds to units (compact
 * strips). The contract's moneyText, so the screens and the server's notifications read alike.
 */
export function formatMoney(money: Money, options: { whole?: boolean } = {}): string {
  return moneyText(money.Amount, money.CurrencyCode, options);
}

const compactMoney = new Map<string, Intl.NumberFormat>();

/**
 * An amount as a chart's axis reads it: 12_400 USD → "US$12K", 950 → "US$950". Only where the
 * exact figure is a tooltip or a table away; everywhere else formatMoney.
 */
export function formatCompactMoney(amount: number, currency: string): string {
  let formatter = compactMoney.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    compactMoney.set(currency, formatter);
  }
  return formatter.format(amount);
}
