export function RefundPage() {
  return null;
}
