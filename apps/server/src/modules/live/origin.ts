/**
 * Whether a browser page at `origin` may open the live socket (docs/architecture.md §6): the portal's own
 * address (PUBLIC_URL), or the host the request was sent to (the SPA served by this server under
 * another name, or through the development proxy, which keeps the Host). A page elsewhere cannot
 * open it in the user's browser; a request without an Origin is no browser's and is refused too.
 */
export function isAllowedOrigin(origin: string | undefined, publicUrl: string, requestHost: string): boolean {
  if (!origin) return false;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
  return page.origin === new URL(publicUrl).origin || page.host === requestHost.toLowerCase();
}
