import { CRASH_SCREEN, NEW_VERSION_SCREEN } from '@skydesk/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';
import { loadFreshPage } from './page-location';

vi.mock('./page-location', () => ({ reloadPage: vi.fn(), loadFreshPage: vi.fn() }));

let failure: Error | null = null;

function Widget() {
  if (failure) throw failure;
  return <p>Working widget</p>;
}

beforeEach(() => {
  vi.mocked(loadFreshPage).mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the app-wide error boundary', () => {
  it('shows the crash screen, and "Try Again" renders the children again', async () => {
    failure = new Error('boom');
    render(
      <AppErrorBoundary onLogout={vi.fn(async () => {})}>
        <Widget />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: CRASH_SCREEN.title })).toBeInTheDocument();

    failure = null;
    await userEvent.click(screen.getByRole('button', { name: CRASH_SCREEN.retry }));
    expect(screen.getByText('Working widget')).toBeInTheDocument();
  });

  it('"Logout and Start Fresh" logs out, then loads "/" afresh', async () => {
    failure = new Error('boom');
    const onLogout = vi.fn(async () => {});
    render(
      <AppErrorBoundary onLogout={onLogout}>
        <Widget />
      </AppErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: CRASH_SCREEN.reset }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(loadFreshPage).toHaveBeenCalledWith('/');
  });

  it('shows the new-version screen for a missing chunk', () => {
    failure = new TypeError('Importing a module script failed.');
    render(
      <AppErrorBoundary onLogout={vi.fn(async () => {})}>
        <Widget />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: NEW_VERSION_SCREEN.title })).toBeInTheDocument();
  });
});
