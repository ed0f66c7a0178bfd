import { PreviewPanel } from '../../../entities/pricing/preview-panel';
import { RuleBoard } from '../../../entities/pricing/rule-board';
import { suppliersApi } from '../suppliers/suppliers-api';

/** Until the rates answer: the platform currency of the demo and every test. */
const FALLBACK_CURRENCY = 'USD';

/**
 * /admin/pricing (issue 33): the platform's markup rules on suppliers' prices — the same rule engine
 * and the same board and editor as the agency's rules (a rule may name its supplier; there are no
 * fees) — and what an agency's net comes to under them.
 */
export function PlatformPricingPage() {
  // Fixed amounts are in the platform currency, the one suppliers' prices are converted into (issue 29).
  const currency = suppliersApi.useRatesQuery().data?.platform_currency ?? FALLBACK_CURRENCY;
  return (
    <div className="grid items-start gap-5 xl:grid-cols-[1fr_24rem]">
      <div className="min-w-0">
        <RuleBoard
          owner="platform"
          kind="markup"
          title="Platform rules"
          intro="What SkyDesk adds to a supplier’s price: the agency’s net. The most specific matching rule wins; equally specific rules apply in this order."
          currency={currency}
        />
      </div>
      <div className="min-w-0 xl:sticky xl:top-20">
        <PreviewPanel owner="platform" currency={currency} />
      </div>
    </div>
  );
}
