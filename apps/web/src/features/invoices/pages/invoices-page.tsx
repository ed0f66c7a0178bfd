/** Issue 33: filled in next. */
export function InvoicesPage() {
  return null;
}
