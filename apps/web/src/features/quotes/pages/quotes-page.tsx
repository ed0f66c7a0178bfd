/** Issue 33: filled in next. */
export function QuotesPage() {
  return null;
}
