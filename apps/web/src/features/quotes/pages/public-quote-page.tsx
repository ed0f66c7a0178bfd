/** Issue 33: filled in next. */
export function PublicQuotePage() {
  return null;
}
