import { durationText } from '@skydesk/contract';

const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

/** A number of things: 12345 → "12,345". */
export const formatCount = (value: number): string => whole.format(value);

/** A number of things on a chart's axis: 12_400 → "12.4K". */
export const formatCompactCount = (value: number): string => compact.format(value);

/** A plain ratio to one decimal: 12.345 → "12.3". */
export const formatRatio = (value: number): string => oneDecimal.format(value);

/** A share of a whole as a percentage: 0.1234 → "12.3 %" (one decimal under 10 %, whole above). */
export function formatShare(fraction: number): string {
  const percent = fraction * 100;
  const digits = Math.abs(percent) < 10 && percent !== 0 ? 1 : 0;
  return `${percent.toFixed(digits)} %`;
}

/** Hours as an operator reads a waiting time, in the one duration format: 0.5 → "30m", 5.25 → "5h 15m", 76 → "3d 4h". */
export const formatHours = (hours: number): string => durationText(hours * 60);
