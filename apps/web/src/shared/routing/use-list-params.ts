import { MAX_PAGE } from '@skydesk/contract';
import { useSearchParams } from 'react-router';

/*
 * A list's page, filters and sort live in the address, so a list can be reloaded, shared and gone
 * back to. One hook reads and writes them for every list screen: each parameter says how it is
 * read (anything unexpected reads as its default, never an error) and its default is left out of
 * the address, so an unfiltered first page is the bare path.
 */

/** One search parameter of a list: how it reads from the address and writes back to it. */
export type ListParam<T> = {
  read(raw: string | null): T;
  /** The text the address carries; null leaves the parameter out (its default). */
  write(value: T): string | null;
  fallback: T;
};

// Methods, not function properties: a ListParam<'pending' | …> is then a ListParam<unknown>.
type Spec = Record<string, ListParam<unknown>>;

export type ListValues<S extends Spec> = { [K in keyof S]: S[K] extends ListParam<infer T> ? T : never };

export const listParam = {
  /** One of a fixed set (a status tab, a sort order); the fallback when absent or unknown. */
  oneOf<const T extends string>(values: readonly T[], fallback: T): ListParam<T> {
    return {
      read: (raw) => (values.includes(raw as T) ? (raw as T) : fallback),
      write: (value) => (value === fallback ? null : value),
      fallback,
    };
  },
  /** One of a fixed set, or none at all (null: every status, say). */
  optional<const T extends string>(values: readonly T[]): ListParam<T | null> {
    return {
      read: (raw) => (values.includes(raw as T) ? (raw as T) : null),
      write: (value) => value,
      fallback: null,
    };
  },
  /** Free text (a search), cut at `max` characters; '' when absent. `valid` refuses the rest (a day). */
  text({ max = 100, valid }: { max?: number; valid?: (value: string) => boolean } = {}): ListParam<string> {
    return {
      read: (raw) => {
        const value = (raw ?? '').slice(0, max);
        return !valid || valid(value) ? value : '';
      },
      write: (value) => (value.trim() ? value : null),
      fallback: '',
    };
  },
  /** An on/off switch, `1` when on. */
  flag(): ListParam<boolean> {
    return { read: (raw) => raw === '1', write: (value) => (value ? '1' : null), fallback: false };
  },
};

/** docs/api.md: pages count from 0; a page the address cannot mean is the first. */
export function readPage(raw: string | null): number {
  if (!raw || !/^\d+$/.test(raw)) return 0;
  return Math.min(MAX_PAGE, Number(raw));
}

export type ListParams<S extends Spec> = {
  /** The filters (and sort) as the address says, each valid or its default. */
  filters: ListValues<S>;
  page: number;
  /** Other filters: the list starts again at its first page. */
  setFilters: (changes: Partial<ListValues<S>>) => void;
  setPage: (page: number) => void;
  /** Every filter back to its default, at the first page. */
  reset: () => void;
};

/**
 * The list's state in the address, typed by `spec` (the page comes with it): written in the
 * spec's order, then the page, then whatever else the address held (another screen's parameter,
 * a dialog's `receipt`), which the list leaves as it found it. `replace` writes over the current
 * history entry instead of adding one (a filter changed at each keystroke).
 */
export function useListParams<S extends Spec>(spec: S, { replace = false } = {}): ListParams<S> {
  const [params, setParams] = useSearchParams();
  const keys = Object.keys(spec) as (keyof S & string)[];
  const filters = Object.fromEntries(
    keys.map((key) => [key, spec[key]!.read(params.get(key))]),
  ) as ListValues<S>;
  const page = readPage(params.get('page'));

  const write = (nextFilters: ListValues<S>, nextPage: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams();
        for (const key of keys) {
          const text = spec[key]!.write(nextFilters[key]);
          if (text !== null) next.set(key, text);
        }
        if (nextPage > 0) next.set('page', String(nextPage));
        for (const [key, value] of current) if (key !== 'page' && !(key in spec)) next.append(key, value);
        return next;
      },
      { replace },
    );

  return {
    filters,
    page,
    setFilters: (changes) => write({ ...filters, ...changes }, 0),
    setPage: (nextPage) => write(filters, nextPage),
    reset: () => write(Object.fromEntries(keys.map((key) => [key, spec[key]!.fallback])) as ListValues<S>, 0),
  };
}
