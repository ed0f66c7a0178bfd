import { reloadPage } from './page-location';

/** sessionStorage key holding when the page last reloaded itself for a new version. */
export const NEW_VERSION_RELOAD_KEY = 'skydesk:new-version-reload-at';

/**
 * A second chunk failure within this time of the last automatic reload means the reload did not
 * help (the server is mid-deploy, or the network is down): stop reloading and let the user choose.
 */
export const RELOAD_GUARD_MS = 30_000;

/**
 * docs/product-spec.md §2: when a screen fails to load because a new version was deployed, the page reloads
 * itself — once. Returns whether a reload was started.
 */
export function reloadOnceForNewVersion(now: number = Date.now()): boolean {
  try {
    const lastReloadAt = Number(sessionStorage.getItem(NEW_VERSION_RELOAD_KEY));
    if (lastReloadAt && now - lastReloadAt < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(NEW_VERSION_RELOAD_KEY, String(now));
  } catch {
    // No sessionStorage (privacy mode): without the guard a reload could loop, so do not reload.
    return false;
  }
  reloadPage();
  return true;
}

/**
 * Vite announces a failed preload of a lazy chunk's dependencies with `vite:preloadError`
 * (Vite's documented hook for new deployments); reload once for those too.
 */
export function reloadOnPreloadError(): () => void {
  const onPreloadError = () => {
    reloadOnceForNewVersion();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
