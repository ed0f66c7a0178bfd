/** Money as the agency's screens write it (en-GB, the demo's US dollars): "US$1,234.50". */
export const usd = (amount: number): string =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'USD' }).format(amount);

/** The unsigned amount in a figure's text: "US$1,234.50" → 1234.5. */
export const amountOf = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));

/**
 * The signed amount in a figure's text, as the credits screens write it — a real minus (U+2212)
 * or a hyphen for a debit, a plus or nothing for a credit — after any label a phone's layout
 * adds to the cell: "−US$42.10" → -42.1, "Balance −US$42.10" → -42.1.
 */
export const signedAmountOf = (text: string | null): number => {
  const value = amountOf(text);
  const beforeDigits = (text ?? '').split(/\d/, 1)[0] ?? '';
  return /[−-]/.test(beforeDigits) ? -value : value;
};

/** Cents, so sums of figures compare exactly. */
export const cents = (amount: number): number => Math.round(amount * 100);
