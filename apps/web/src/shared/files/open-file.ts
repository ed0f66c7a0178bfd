/** How long an opened file's object URL lives: long enough for the new tab to load it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Opens a file the API serves only with the session's Bearer token (a plain link cannot send it)
 * in a new tab: the tab is opened at once, inside the click, so no popup blocker stops it, then
 * pointed at the file's object URL once fetched — or closed again if it could not be had.
 */
export async function openFetchedFile(fetchFile: () => Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await fetchFile();
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  } catch {
    tab?.close();
  }
}
