import { act, render, screen } from '@testing-library/react';
import { toast, useToasterStore } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster, MAX_VISIBLE_TOASTS } from './app-toaster';

/** The messages of the toasts currently shown (dismissed ones linger for their exit animation). */
function VisibleToasts() {
  const { toasts } = useToasterStore();
  const visible = toasts.filter((item) => item.visible).map((item) => String(item.message));
  return <output data-testid="visible-toasts">{JSON.stringify(visible)}</output>;
}

const visibleToasts = (): string[] => JSON.parse(screen.getByTestId('visible-toasts').textContent ?? '[]');

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <>
      <AppToaster />
      <VisibleToasts />
    </>,
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (docs/product-spec.md §9)', () => {
  it('shows at most 20 at once, dismissing the oldest', () => {
    act(() => {
      for (let n = 1; n <= 25; n += 1) toast.error(`Failure ${n}`);
    });
    expect(MAX_VISIBLE_TOASTS).toBe(20);
    const shown = visibleToasts();
    expect(shown).toHaveLength(20);
    expect(shown).not.toContain('Failure 5');
    expect(shown).toContain('Failure 6');
    expect(shown).toContain('Failure 25');
  });

  it('keeps a success 2000 ms, an error or a plain toast 4000 ms, and a loading toast until dismissed', () => {
    act(() => {
      toast.success('Saved');
      toast.error('Failed');
      toast('Note');
      toast.loading('Working');
    });

    advance(1999);
    expect(visibleToasts()).toContain('Saved');
    advance(1);
    expect(visibleToasts()).not.toContain('Saved');

    advance(1999);
    expect(visibleToasts()).toEqual(expect.arrayContaining(['Failed', 'Note']));
    advance(1);
    expect(visibleToasts()).toEqual(['Working']);

    advance(10 * 60_000);
    expect(visibleToasts()).toEqual(['Working']);
  });

  it('caps the width at 350 px', () => {
    act(() => {
      toast('A rather long message about a booking');
    });
    // Set inline by our options, not only by the library's stylesheet default.
    expect(screen.getByText('A rather long message about a booking').parentElement?.style.maxWidth).toBe(
      '350px',
    );
  });
});
