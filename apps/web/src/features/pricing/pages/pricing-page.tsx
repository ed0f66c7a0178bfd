import { PreviewPanel } from '../../../entities/pricing/preview-panel';
import { pricingApi } from '../../../entities/pricing/pricing-api';
import { RuleBoard } from '../../../entities/pricing/rule-board';
import { isForbidden } from '../../../shared/access/require-permission';
import { isApiFailure } from '../../../shared/http/api-error';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { EarningsSettings } from '../components/earnings-settings';

/**
 * /dashboard/pricing (issue 33, `pricing.manage`): how the agency earns — its markup rules and
 * service fees in their order, a price worked out under them, and the earnings settings (override
 * limits, invoice numbering, tax on earnings, quote validity, logo). Amounts are in the agency's
 * currency, which the settings say.
 */
export function PricingPage() {
  const settings = pricingApi.usePricingSettingsQuery();
  const rules = pricingApi.usePricingRulesQuery();
  if (isForbidden(rules.error) || isForbidden(settings.error))
    return <ForbiddenScreen permission="pricing.manage" />;
  if (settings.error)
    return (
      <LoadFailed
        title={
          isApiFailure(settings.error) ? settings.error.message : 'The pricing settings could not be loaded'
        }
        className="mx-auto w-full max-w-3xl"
        busy={settings.isFetching}
        onRetry={() => void settings.refetch()}
      />
    );
  if (!settings.data)
    return (
      <div role="status" aria-label="Loading pricing" className="grid gap-5 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-5">
          <div className="h-56 animate-pulse rounded-2xl bg-slate-200/70" />
          <div className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
        </div>
        <div className="h-96 animate-pulse rounded-2xl bg-slate-200/70" />
      </div>
    );
  const currency = settings.data.currency;
  return (
    <div className="grid items-start gap-5 xl:grid-cols-[1fr_24rem]">
      <div className="min-w-0 space-y-5">
        <RuleBoard
          owner="agency"
          kind="markup"
          title="Markup rules"
          intro="What your client pays over your net. The most specific matching rule wins; equally specific rules apply in this order."
          currency={currency}
        />
        <RuleBoard
          owner="agency"
          kind="fee"
          title="Service fees"
          intro="Named lines of your income, added at issue, change or refund. Never taken from your credits."
          currency={currency}
        />
        <EarningsSettings key={settings.fulfilledTimeStamp} settings={settings.data} />
      </div>
      <div className="min-w-0 xl:sticky xl:top-20">
        <PreviewPanel owner="agency" currency={currency} />
      </div>
    </div>
  );
}
