/**
 * Amounts in minor units (integers) inside, decimal strings on the wire: Duffel sends every amount
 * as a string with two decimals ("30.20") beside an ISO 4217 currency.
 */

/** Prices are made in GBP and shown in the test's currency at these fixed rates (not real ones). */
const UNITS_PER_GBP: Record<string, number> = { GBP: 1, USD: 1.27, EUR: 1.17, AUD: 1.93, CAD: 1.72 };

export function fromGbp(minorGbp: number, currency: string): number {
  return Math.round(minorGbp * (UNITS_PER_GBP[currency] ?? 1));
}

export function formatAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "30.2", "30.20" and "30" are the same amount; anything else is no amount (null). */
export function parseAmount(text: unknown): number | null {
  if (typeof text !== 'string' || !/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [units = '0', cents = ''] = text.split('.');
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
}

export function parseStoredAmount(text: string): number {
  const minor = parseAmount(text);
  if (minor === null) throw new Error(`not an amount: ${text}`);
  return minor;
}
