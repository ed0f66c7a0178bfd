/**
 * Whether a link names a page of the portal itself (`/dashboard/…`), and so may be followed from
 * something the server or an operator wrote (a notification's link, a post's Markdown): one
 * leading `/` and then no second one (`//evil.example` is another site), no backslash (browsers
 * read `/\evil.example` as `//evil.example`) and no white space or control character (browsers
 * drop tabs and newlines from URLs, so `/\t/evil.example` would be another site as well).
 */
export function portalPath(link: string | null | undefined): string | null {
  if (!link?.startsWith('/')) return null;
  if (link[1] === '/' || /[\\\s\p{Cc}\p{Cf}]/u.test(link)) return null;
  return link;
}
