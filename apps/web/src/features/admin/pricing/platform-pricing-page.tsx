/** Issue 33: the platform's markup rules (placeholder until the screen lands in the next commits). */
export function PlatformPricingPage() {
  return null;
}
