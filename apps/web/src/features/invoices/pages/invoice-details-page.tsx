/** Issue 33: filled in next. */
export function InvoiceDetailsPage() {
  return null;
}
