import { useEffect, useState } from 'react';

const secondsUntil = (until: number | null): number =>
  until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));

/**
 * Whole seconds left until `until` (epoch ms), ticking once a second, 0 when it has passed or
 * when there is nothing to wait for (null). Reads the clock on every tick, so a throttled
 * background tab is right again as soon as it wakes.
 */
export function useCountdown(until: number | null): number {
  const [left, setLeft] = useState(() => secondsUntil(until));
  useEffect(() => {
    setLeft(secondsUntil(until));
    if (until === null || until <= Date.now()) return;
    const timer = setInterval(() => {
      const next = secondsUntil(until);
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}
