/**
 * An operator may approve a refund for less than the fare rules allow (docs/api.md#back-office). The
 * lowered amount is spread over the request's tickets in proportion to what each may return, to
 * the cent, by the largest-remainder method: each ticket gets the whole cents of its exact share,
 * and the cents left over go one each to the tickets whose shares lost the most in rounding (the
 * earlier ticket first on a tie). The shares always add up to the amount, and no ticket ever gets
 * more than it may return; the full amount leaves every ticket its own.
 */
export function spreadRefund(allowedMinor: readonly number[], amountMinor: number): number[] {
  const total = allowedMinor.reduce((sum, allowed) => sum + allowed, 0);
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0 || amountMinor > total) {
    throw new Error(`A refund of ${amountMinor} cannot be spread over tickets allowing ${total}`);
  }
  if (amountMinor === total) return [...allowedMinor];
  // BigInt: a share's numerator (allowed × amount) can pass 2^53 for large bookings.
  const whole = BigInt(total);
  const shares = allowedMinor.map((allowed) => {
    const exact = BigInt(allowed) * BigInt(amountMinor);
    return { cents: Number(exact / whole), lost: exact % whole };
  });
  let left = amountMinor - shares.reduce((sum, share) => sum + share.cents, 0);
  const byLoss = shares
    .map((share, index) => ({ index, lost: share.lost }))
    .sort((a, b) => (a.lost === b.lost ? a.index - b.index : a.lost > b.lost ? -1 : 1));
  for (const { index } of byLoss) {
    if (left === 0) break;
    shares[index]!.cents += 1;
    left -= 1;
  }
  return shares.map((share) => share.cents);
}
