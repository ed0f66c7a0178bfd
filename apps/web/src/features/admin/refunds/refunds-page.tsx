export function RefundsPage() {
  return null;
}
