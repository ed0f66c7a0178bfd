import { type Money, moneyText } from '@skydesk/contract';

/**
 * { Amount: 1234.5, CurrencyCode: 'USD' } → "US$1,234.50"; `whole` rounds to units (compact
 * strips). The contract's moneyText, so the screens and the server's notifications read alike.
 */
export function formatMoney(money: Money, options: { whole?: boolean } = {}): string {
  return moneyText(money.Amount, money.CurrencyCode, options);
}
