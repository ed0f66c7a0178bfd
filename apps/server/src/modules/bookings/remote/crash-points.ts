/**
 * The saga's crash points (docs/decisions/020-supplier-order-saga.md): where a process killed between
 * a supplier's answer and the commit that records it leaves a step for the reconciler. The crash
 * tests start the server with SKYDESK_CRASH_AT naming one (honoured only with SKYDESK_TEST_HOOKS=1,
 * config.ts), and the process kills itself there with SIGKILL — no handler, no flush, as a power cut
 * or the kernel's OOM killer would.
 */
export const CRASH_POINTS = [
  /** A hold order's answer came; not recorded. */
  'duffel.after-hold',
  /** The ticket debit is committed; the payment not asked for yet. */
  'duffel.before-payment',
  /** The payment's answer came; the tickets not recorded. */
  'duffel.after-payment',
  /** The ticket debit is committed; the instant order not asked for yet. */
  'duffel.before-order',
  /** The instant order's answer came; the tickets not recorded. */
  'duffel.after-order',
  /** The cancellation's confirmation came; the refund not recorded. */
  'duffel.after-cancel',
  /** An expired hold's order was cancelled at the airline; not recorded. */
  'duffel.after-expiry-cancel',
  /** Issue 31: the debit for bags added after issue is committed; the airline not asked yet. */
  'duffel.before-services',
  /** Issue 31: the airline added the bags to its order; not recorded. */
  'duffel.after-services',
  /** Issue 32: a change's debit (when positive) is committed and its offer used; the confirm not sent yet. */
  'duffel.before-change',
  /** Issue 32: the airline confirmed the order change; the new tickets not recorded. */
  'duffel.after-change',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

export type CrashAt = (point: CrashPoint) => void;

/** What config.crashAt names, as a function the saga calls at each point (a no-op when unset). */
export function crashPoints(crashAt: string | null): CrashAt {
  if (!crashAt) return () => {};
  if (!(CRASH_POINTS as readonly string[]).includes(crashAt)) {
    throw new Error(`SKYDESK_CRASH_AT names no saga point: ${crashAt} (one of ${CRASH_POINTS.join(', ')})`);
  }
  return (point) => {
    if (point === crashAt) process.kill(process.pid, 'SIGKILL');
  };
}
