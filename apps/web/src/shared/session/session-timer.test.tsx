import { SESSION, SESSION_MODAL } from '@skydesk/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { fakeJwt } from '../../testing/fake-session';
import { SessionTimer } from './session-timer';

const NOW = new Date('2026-03-02T09:00:00Z').getTime();
const nowInSeconds = () => Math.floor(Date.now() / 1000);
const tokenExpiringIn = (seconds: number) => fakeJwt({ exp: nowInSeconds() + seconds });

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

const warning = () => screen.queryByRole('dialog', { name: SESSION_MODAL.title });

function renderTimer(token: string | null) {
  const onExpire = vi.fn();
  const onContinue = vi.fn();
  const view = render(<SessionTimer token={token} onExpire={onExpire} onContinue={onContinue} />);
  const changeToken = (next: string | null) =>
    view.rerender(<SessionTimer token={next} onExpire={onExpire} onContinue={onContinue} />);
  return { onExpire, onContinue, changeToken };
}

let toastError: MockInstance<typeof toast.error>;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  toastError = vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the session timer (docs/product-spec.md §4)', () => {
  it('logs out at once with "Session expired" when the token is already expired', () => {
    const { onExpire } = renderTimer(tokenExpiringIn(-5));
    expect(onExpire).toHaveBeenCalledOnce();
    expect(toastError).toHaveBeenCalledExactlyOnceWith(SESSION.alreadyExpired, expect.anything());
    expect(warning()).not.toBeInTheDocument();
  });

  it('opens the "Session Expiring Soon" modal 60 seconds before expiry', () => {
    const { onExpire } = renderTimer(tokenExpiringIn(300));
    advance(239_999);
    expect(warning()).not.toBeInTheDocument();
    advance(1);
    expect(warning()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SESSION_MODAL.action })).toBeInTheDocument();
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('opens the modal at once when less than 60 seconds are left', () => {
    renderTimer(tokenExpiringIn(30));
    advance(0);
    expect(warning()).toBeInTheDocument();
  });

  it('logs out at expiry with "Session expired, Please login again"', () => {
    const { onExpire } = renderTimer(tokenExpiringIn(300));
    advance(299_999);
    expect(onExpire).not.toHaveBeenCalled();
    advance(1);
    expect(onExpire).toHaveBeenCalledOnce();
    expect(toastError).toHaveBeenCalledExactlyOnceWith(SESSION.expiredNow, expect.anything());
    expect(warning()).not.toBeInTheDocument();
  });

  it('"Continue Session" calls onContinue and closes the modal; expiry still ends a token not renewed', () => {
    const { onContinue, onExpire } = renderTimer(tokenExpiringIn(300));
    advance(240_000);
    fireEvent.click(screen.getByRole('button', { name: SESSION_MODAL.action }));
    expect(onContinue).toHaveBeenCalledOnce();
    expect(warning()).not.toBeInTheDocument();

    advance(60_000);
    expect(onExpire).toHaveBeenCalledOnce();
  });

  it('a close request (Escape) also calls onContinue and closes the modal', () => {
    const { onContinue } = renderTimer(tokenExpiringIn(300));
    advance(240_000);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onContinue).toHaveBeenCalledOnce();
    expect(warning()).not.toBeInTheDocument();
  });

  it('runs nothing without a token', () => {
    const { onExpire } = renderTimer(null);
    expect(vi.getTimerCount()).toBe(0);
    advance(24 * 3600_000);
    expect(warning()).not.toBeInTheDocument();
    expect(onExpire).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('closes the modal and stops the timers when the token goes away', () => {
    const { onExpire, changeToken } = renderTimer(tokenExpiringIn(90));
    advance(30_000);
    expect(warning()).toBeInTheDocument();
    changeToken(null);
    expect(warning()).not.toBeInTheDocument();
    advance(3600_000);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('starts over when the token changes', () => {
    const { onExpire, changeToken } = renderTimer(tokenExpiringIn(120));
    advance(61_000);
    expect(warning()).toBeInTheDocument();

    changeToken(tokenExpiringIn(1800));
    expect(warning()).not.toBeInTheDocument();

    // The old token's expiry passes without effect…
    advance(120_000);
    expect(onExpire).not.toHaveBeenCalled();
    expect(warning()).not.toBeInTheDocument();

    // …and the new one warns 60 s before its own.
    advance(1800_000 - 120_000 - 60_000);
    expect(warning()).toBeInTheDocument();
    advance(60_000);
    expect(onExpire).toHaveBeenCalledOnce();
  });
});
