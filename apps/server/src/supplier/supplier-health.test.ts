import { describe, expect, it } from 'vitest';
import { createManualClock } from '../platform/clock.js';
import { createSupplierHealth, percentile } from './supplier-health.js';

describe('a supplier’s health', () => {
  it('counts calls and failures by cause over the last hour, with the 95th percentile latency', () => {
    const clock = createManualClock();
    const health = createSupplierHealth({ clock });
    for (let ms = 1; ms <= 100; ms += 1) health.record({ operation: 'GET /air/offers/{id}', latencyMs: ms });
    health.record({
      operation: 'POST /air/orders',
      latencyMs: 5_000,
      failure: { cause: 'timeout', message: 'no answer' },
    });
    const snapshot = health.snapshot();
    expect(snapshot.calls).toBe(101);
    expect(snapshot.errors).toMatchObject({ timeout: 1, server_error: 0 });
    expect(snapshot.p95LatencyMs).toBe(96);
    expect(snapshot.lastError).toMatchObject({
      cause: 'timeout',
      operation: 'POST /air/orders',
      at: clock.now(),
    });

    clock.advance(60 * 60 * 1000 + 1);
    const later = health.snapshot();
    expect(later).toMatchObject({ calls: 0, p95LatencyMs: null, errors: { timeout: 0 } });
    // The last error stays until another: the page says when it was.
    expect(later.lastError?.cause).toBe('timeout');
  });

  it('counts calls skipped and offers left out for want of a rate, by currency', () => {
    const health = createSupplierHealth({ clock: createManualClock() });
    health.recordSkipped();
    health.recordOffersWithoutRate('EUR', 12);
    health.recordOffersWithoutRate('CHF', 3);
    health.recordOffersWithoutRate('EUR', 0);
    expect(health.snapshot()).toMatchObject({
      skipped: 1,
      offersWithoutRate: { count: 15, currencies: ['CHF', 'EUR'] },
    });
  });

  it('takes the nearest-rank percentile', () => {
    expect(percentile([], 0.95)).toBeNull();
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 0.95)).toBe(
      19,
    );
  });
});
