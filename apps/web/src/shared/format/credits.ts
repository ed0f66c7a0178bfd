import { formatMoney } from './money';

/** An amount of the agency's credits: 1234.5, 'USD' → "US$1,234.50" (a real minus when negative). */
export function formatCredits(amount: number, currency: string): string {
  const text = formatMoney({ Amount: Math.abs(amount), CurrencyCode: currency });
  return amount < 0 ? `\u2212${text}` : text;
}

/** A movement of credits, always signed: "+US$100.00", "−US$42.10", "US$0.00". */
export function formatSignedCredits(amount: number, currency: string): string {
  const text = formatMoney({ Amount: Math.abs(amount), CurrencyCode: currency });
  if (amount > 0) return `+${text}`;
  if (amount < 0) return `\u2212${text}`;
  return text;
}
