import { useCallback } from 'react';
import { companyApi } from './company-api';

/** How long an opened document's object URL lives: long enough for the new tab to load it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Opens a submitted document in a new tab. The document needs the Bearer header, which a plain
 * link cannot send: it is fetched with the session's token and shown from an object URL. The tab
 * is opened at once, inside the click, so no popup blocker stops it, and pointed at the file
 * when it has arrived (closed again if it could not be fetched; the error is toasted).
 */
export function useOpenVendorDocument(): (id: string) => Promise<void> {
  const [fetchDocument] = companyApi.useVendorDocumentMutation();
  return useCallback(
    async (id: string) => {
      const tab = window.open('', '_blank');
      try {
        const url = await fetchDocument({ params: { id } }).unwrap();
        if (tab) tab.location.href = url;
        else window.open(url, '_blank', 'noopener');
        setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
      } catch {
        tab?.close();
      }
    },
    [fetchDocument],
  );
}
