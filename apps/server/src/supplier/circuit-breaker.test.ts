import { describe, expect, it } from 'vitest';
import { createManualClock } from '../platform/clock.js';
import { createCircuitBreaker } from './circuit-breaker.js';

describe('a supplier’s circuit breaker', () => {
  it('opens after the threshold of failures in a row, not after failures an answer interrupted', () => {
    const clock = createManualClock();
    const breaker = createCircuitBreaker({ clock, failureThreshold: 3, openMs: 1_000 });
    breaker.failure();
    breaker.failure();
    breaker.success();
    breaker.failure();
    breaker.failure();
    expect(breaker.snapshot().state).toBe('closed');
    breaker.failure();
    expect(breaker.snapshot()).toMatchObject({ state: 'open', consecutiveFailures: 3 });
    expect(breaker.allow()).toBe(false);
  });

  it('lets one probe through when the pause ends; its failure opens again, its success closes', () => {
    const clock = createManualClock();
    const breaker = createCircuitBreaker({ clock, failureThreshold: 1, openMs: 1_000 });
    breaker.failure();
    clock.advance(1_000);
    expect(breaker.snapshot().state).toBe('half_open');
    expect(breaker.allow()).toBe(true);
    expect(breaker.allow()).toBe(false); // one probe at a time
    breaker.failure();
    expect(breaker.snapshot().state).toBe('open');
    clock.advance(1_000);
    expect(breaker.allow()).toBe(true);
    breaker.success();
    expect(breaker.snapshot()).toMatchObject({ state: 'closed', consecutiveFailures: 0, retryAt: null });
    expect(breaker.allow()).toBe(true);
  });

  it('frees the probe slot of a probe that never reported back', () => {
    const clock = createManualClock();
    const breaker = createCircuitBreaker({
      clock,
      failureThreshold: 1,
      openMs: 1_000,
      probeTimeoutMs: 5_000,
    });
    breaker.failure();
    clock.advance(1_000);
    expect(breaker.allow()).toBe(true);
    clock.advance(4_999);
    expect(breaker.allow()).toBe(false);
    clock.advance(1);
    expect(breaker.allow()).toBe(true);
  });
});
