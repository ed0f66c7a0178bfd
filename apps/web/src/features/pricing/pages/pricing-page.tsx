/** Issue 33: the agency's pricing (placeholder until the screen lands in the next commits). */
export function PricingPage() {
  return null;
}
