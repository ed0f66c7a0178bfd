/**
 * Full page loads, kept in one module so tests can replace them (jsdom cannot navigate) and so
 * every place that leaves the single-page app is easy to find.
 */

/** Reloads the current page from the server: picks up a newly deployed build. */
export function reloadPage(): void {
  window.location.reload();
}

/** Loads a path as a fresh document: no state of the running app survives. */
export function loadFreshPage(path: string): void {
  window.location.assign(path);
}
