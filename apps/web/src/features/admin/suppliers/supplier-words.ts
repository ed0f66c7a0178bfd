import type { AdminSupplier, SupplierHealth } from '@skydesk/contract';
import { SUPPLIER_FAILURE_CAUSES } from '@skydesk/contract';
import type { BadgeTone } from '../../../shared/ui/badge';

type Cause = (typeof SUPPLIER_FAILURE_CAUSES)[number];

/**
 * A failed call's cause in an operator's words. `refused` and `gone` are the supplier saying no to
 * a request (an offer sold out, a bad passenger name), not the supplier failing: they are counted
 * apart (contract: SupplierHealth.errors).
 */
export const FAILURE_CAUSE: Record<Cause, { label: string; refusal: boolean }> = {
  timeout: { label: 'Timed out', refusal: false },
  connection: { label: 'Connection failed', refusal: false },
  rate_limited: { label: 'Rate limited (429)', refusal: false },
  server_error: { label: 'Server errors (5xx)', refusal: false },
  authentication: { label: 'Token refused', refusal: false },
  refused: { label: 'Requests refused', refusal: true },
  gone: { label: 'Offers no longer sold', refusal: true },
};

/** The causes counted in the window, failures first, each with its count (none left out at zero). */
export function failuresByCause(errors: SupplierHealth['errors']) {
  const counted = SUPPLIER_FAILURE_CAUSES.map((cause) => ({
    cause,
    ...FAILURE_CAUSE[cause],
    count: errors[cause] ?? 0,
  })).filter((entry) => entry.count > 0);
  return {
    failures: counted.filter((entry) => !entry.refusal),
    refusals: counted.filter((entry) => entry.refusal),
    failed: counted.filter((entry) => !entry.refusal).reduce((sum, entry) => sum + entry.count, 0),
  };
}

/** What a supplier's state is, in one badge: off, not connected, paused by its breaker, answering. */
export function supplierState(supplier: AdminSupplier): { label: string; tone: BadgeTone } {
  if (!supplier.connected) return { label: 'Not connected', tone: 'slate' };
  if (!supplier.enabled) return { label: 'Off', tone: 'slate' };
  const circuit = supplier.health?.circuit.state;
  if (circuit === 'open') return { label: 'Paused after failures', tone: 'rose' };
  if (circuit === 'half_open') return { label: 'Trying again', tone: 'amber' };
  return { label: 'On', tone: 'emerald' };
}

/** 4.5 → "4.5 %", 3 → "3 %": the percent as the operator typed it, at most two decimals. */
export const formatPercent = (percent: number): string =>
  `${Number(percent.toFixed(2)).toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`;

/** 1830 → "1.8 s", 240 → "240 ms". */
export const formatLatency = (ms: number): string =>
  ms >= 1000 ? `${(ms / 1000).toLocaleString('en-GB', { maximumFractionDigits: 1 })} s` : `${ms} ms`;

/** The success toasts of the page's two changes. */
export const SUPPLIER_SUCCESS = {
  turnedOn: (name: string) => `${name} is on: searches ask it from now`,
  turnedOff: (name: string) => `${name} is off: its offers no longer appear`,
  markup: (name: string) => `${name}'s markup saved: new searches show it`,
} as const;
