import { MAX_PAGE } from '@skydesk/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { listParam, readPage, useListParams } from './use-list-params';

const QUEUE = {
  status: listParam.oneOf(['pending', 'approved', 'rejected'], 'pending'),
  company: listParam.text(),
  unread: listParam.flag(),
};

/** The hook on a page at `url`, with the router to read the address from. */
function listAt(url: string, options?: { replace?: boolean }) {
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/list', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useListParams(QUEUE, options), { wrapper });
  return { hook, router: () => router };
}

describe('the list parameters in the address', () => {
  it('reads each filter as valid or its default, and the page as a count from 0 up to the last the API serves', () => {
    expect(readPage('3')).toBe(3);
    expect(readPage(null)).toBe(0);
    for (const raw of ['-1', '1.5', 'abc', '2e3', '']) expect(readPage(raw)).toBe(0);
    expect(readPage(String(MAX_PAGE + 5))).toBe(MAX_PAGE);

    const { hook } = listAt('/list?status=bogus&company=c1&unread=1&page=2');
    expect(hook.result.current.filters).toEqual({ status: 'pending', company: 'c1', unread: true });
    expect(hook.result.current.page).toBe(2);
  });

  it('writes in the spec’s order, defaults left out, the page last; a filter change starts at page 0', () => {
    const { hook, router } = listAt('/list?company=c1');
    act(() => hook.result.current.setPage(2));
    expect(router().state.location.search).toBe('?company=c1&page=2');
    act(() => hook.result.current.setFilters({ status: 'approved' }));
    expect(router().state.location.search).toBe('?status=approved&company=c1');
    act(() => hook.result.current.reset());
    expect(router().state.location.search).toBe('');
  });

  it('leaves the address’s other parameters as it found them', () => {
    const { hook, router } = listAt('/list?receipt=r1&status=rejected');
    act(() => hook.result.current.setPage(1));
    expect(router().state.location.search).toBe('?status=rejected&page=1&receipt=r1');
  });

  it('adds a history entry per change, or replaces the current one when asked', () => {
    const pushed = listAt('/list');
    act(() => pushed.hook.result.current.setFilters({ unread: true }));
    expect(pushed.router().state.historyAction).toBe('PUSH');

    const replaced = listAt('/list', { replace: true });
    act(() => replaced.hook.result.current.setFilters({ unread: true }));
    expect(replaced.router().state.historyAction).toBe('REPLACE');
    expect(replaced.router().state.location.search).toBe('?unread=1');
  });
});
