/** Issue 33: filled in next. */
export function CreateQuotePage() {
  return null;
}
