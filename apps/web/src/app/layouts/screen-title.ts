import { useEffect } from 'react';
import { useMatches } from 'react-router';

/** What a screen's route carries in its `handle`: the title shown in the header and the tab. */
export type ScreenHandle = { title: string };

const isScreenHandle = (handle: unknown): handle is ScreenHandle =>
  typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string';

/** The title of the deepest matched route that names one. */
export function useScreenTitle(): string | undefined {
  const matches = useMatches();
  return matches
    .map((match) => match.handle)
    .filter(isScreenHandle)
    .at(-1)?.title;
}

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · SkyDesk` : 'SkyDesk';
  }, [title]);
}
