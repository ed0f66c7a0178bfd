/** Issue 33: filled in next. */
export function QuoteDetailsPage() {
  return null;
}
