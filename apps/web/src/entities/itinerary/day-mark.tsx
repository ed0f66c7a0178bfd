/** "+1" after an arrival time that falls on a later local day than the departure (−1 for an earlier one). */
export function DayMark({ days }: { days: number }) {
  if (days === 0) return null;
  return (
    <sup
      className="ml-0.5 font-semibold text-amber-700 text-xs"
      title={`Arrives ${days} day${days > 1 ? 's' : ''} later`}
    >
      {days > 0 ? `+${days}` : days}
      <span className="sr-only"> day{Math.abs(days) > 1 ? 's' : ''}</span>
    </sup>
  );
}
