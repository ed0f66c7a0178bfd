/**
 * The arithmetic of a client document (issue 33), apart from the store so it can be read and
 * tested as the rules it is: a line per passenger at selling price, a line per seat or bag at its
 * price, a line per service fee, and the tax the agency sets on its earnings.
 */

/**
 * `total` split over `weights` in proportion, to the cent, by the largest remainder: each gets the
 * whole cents of its exact share and the cents left go one each to the largest remainders (the
 * earlier first on a tie), so the parts always add up to the total. Equal parts when every weight
 * is 0. Works for a negative total too (the split of its absolute value, negated).
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  if (total < 0) return splitByWeights(-total, weights).map((part) => -part);
  const positive = weights.map((weight) => Math.max(0, weight));
  const sum = positive.reduce((acc, weight) => acc + weight, 0);
  const used = sum === 0 ? positive.map(() => 1) : positive;
  const whole = BigInt(used.reduce((acc, weight) => acc + weight, 0));
  // BigInt: total × weight can pass 2^53 on large bookings.
  const shares = used.map((weight) => {
    const exact = BigInt(total) * BigInt(weight);
    return { part: Number(exact / whole), lost: exact % whole };
  });
  let left = total - shares.reduce((acc, share) => acc + share.part, 0);
  const byLoss = shares
    .map((share, index) => ({ index, lost: share.lost }))
    .sort((a, b) => (a.lost === b.lost ? a.index - b.index : a.lost > b.lost ? -1 : 1));
  for (const { index } of byLoss) {
    if (left === 0) break;
    shares[index]!.part += 1;
    left -= 1;
  }
  return shares.map((share) => share.part);
}

/**
 * The tax on the agency's earnings: `rate` percent of what the client pays over what the agency
 * paid, fees included (rate × (selling − net + fees)), rounded half away from zero to the cent. An
 * invoice sold under net earns nothing, so it is taxed nothing; a credit note returns the tax of
 * the earnings it gives back (a negative base).
 */
export function earningsTax(baseMinor: number, ratePercent: number): number {
  const exact = (Math.abs(baseMinor) * ratePercent) / 100;
  // The rate has at most three decimals: round the float's noise away before the cent.
  const cents = Math.round(Math.round(exact * 1000) / 1000);
  return baseMinor < 0 ? -cents : cents;
}

export type DocumentLine = {
  kind: 'fare' | 'service' | 'fee' | 'tax';
  description: string;
  quantity: number;
  unit_amount_minor: number;
  amount_minor: number;
  source_id: string | null;
};

export const line = (
  kind: DocumentLine['kind'],
  description: string,
  amountMinor: number,
  sourceId: string | null,
): DocumentLine => ({
  kind,
  description,
  quantity: 1,
  unit_amount_minor: amountMinor,
  amount_minor: amountMinor,
  source_id: sourceId,
});

export type DocumentFigures = {
  lines: DocumentLine[];
  subtotalMinor: number;
  taxMinor: number;
  taxBaseMinor: number;
  totalMinor: number;
  netMinor: number;
  marginMinor: number;
};

/**
 * Lines and net to a document's figures: the tax line (named "VAT 20 % on earnings") appended when
 * the agency taxes its earnings and there is some, total = lines + tax, margin = total − tax − net.
 */
export function documentFigures(input: {
  lines: readonly DocumentLine[];
  netMinor: number;
  tax: { name: string; rate: number } | null;
  /** An invoice never taxes a loss; an adjustment gives back the tax of what it returns. */
  floorAtZero: boolean;
}): DocumentFigures {
  const lines = [...input.lines];
  const subtotalMinor = lines.reduce((sum, entry) => sum + entry.amount_minor, 0);
  const rawBase = subtotalMinor - input.netMinor;
  const taxBaseMinor = input.floorAtZero ? Math.max(0, rawBase) : rawBase;
  const taxMinor = input.tax && input.tax.rate > 0 ? earningsTax(taxBaseMinor, input.tax.rate) : 0;
  if (input.tax && taxMinor !== 0) {
    lines.push(line('tax', `${input.tax.name} ${formatRate(input.tax.rate)} % on earnings`, taxMinor, null));
  }
  const totalMinor = subtotalMinor + taxMinor;
  return {
    lines,
    subtotalMinor,
    taxMinor,
    taxBaseMinor: input.tax ? taxBaseMinor : 0,
    totalMinor,
    netMinor: input.netMinor,
    marginMinor: totalMinor - taxMinor - input.netMinor,
  };
}

/** 20 → "20", 7.5 → "7.5". */
export const formatRate = (rate: number) => String(Number(rate.toFixed(3)));

/** `<prefix><year>-<6-digit sequence>`: 'INV-2026-000042'. */
export const invoiceNumber = (prefix: string, year: number, sequence: number) =>
  `${prefix}${year}-${String(sequence).padStart(6, '0')}`;
