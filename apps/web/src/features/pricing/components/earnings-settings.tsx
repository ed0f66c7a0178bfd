import { LOGO_MAX_BYTES, type PricingSettings, type UpdatePricingSettingsBody } from '@skydesk/contract';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import { pricingApi } from '../../../entities/pricing/pricing-api';
import { currentYear } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { FieldError, TextField } from '../../../shared/ui/field';
import { Switch } from '../../../shared/ui/switch';

type Draft = {
  allow_below_net: boolean;
  max_override_percent: string;
  invoice_prefix: string;
  taxed: boolean;
  tax_name: string;
  tax_rate: string;
  quote_validity_days: string;
  logo: string | null;
};

type DraftErrors = Partial<Record<keyof Draft, string>>;

const draftOf = (settings: PricingSettings): Draft => ({
  allow_below_net: settings.allow_below_net,
  max_override_percent: settings.max_override_percent === null ? '' : String(settings.max_override_percent),
  invoice_prefix: settings.invoice_prefix,
  taxed: settings.tax !== null,
  tax_name: settings.tax?.name ?? '',
  tax_rate: settings.tax === null ? '' : String(settings.tax.rate),
  quote_validity_days: String(settings.quote_validity_days),
  logo: settings.logo,
});

/** The server's field paths (docs/api.md 422) on the form's fields. */
const FIELD_OF: Record<string, keyof Draft> = {
  allow_below_net: 'allow_below_net',
  max_override_percent: 'max_override_percent',
  invoice_prefix: 'invoice_prefix',
  tax: 'tax_name',
  'tax.name': 'tax_name',
  'tax.rate': 'tax_rate',
  quote_validity_days: 'quote_validity_days',
  logo: 'logo',
};

const number = (value: string) => Number(value.trim().replace(',', '.'));

/** What the form checks before sending (the server checks it all again). */
function check(draft: Draft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.max_override_percent.trim() && Number.isNaN(number(draft.max_override_percent)))
    errors.max_override_percent = 'Enter a percentage, or leave it empty for no ceiling';
  if (!draft.invoice_prefix.trim())
    errors.invoice_prefix = 'Use 1 to 8 letters or digits, and an optional dash';
  if (draft.taxed && !draft.tax_name.trim()) errors.tax_name = 'Name the tax';
  if (draft.taxed && (!draft.tax_rate.trim() || Number.isNaN(number(draft.tax_rate))))
    errors.tax_rate = 'Enter the rate, from 0 to 100';
  const days = Number.parseInt(draft.quote_validity_days, 10);
  if (!Number.isInteger(days) || days < 1 || days > 60) errors.quote_validity_days = 'From 1 to 60 days';
  return errors;
}

const bodyOf = (draft: Draft): UpdatePricingSettingsBody => ({
  allow_below_net: draft.allow_below_net,
  max_override_percent: draft.max_override_percent.trim() ? number(draft.max_override_percent) : null,
  invoice_prefix: draft.invoice_prefix.trim().toUpperCase(),
  tax: draft.taxed ? { name: draft.tax_name.trim(), rate: number(draft.tax_rate) } : null,
  quote_validity_days: Number.parseInt(draft.quote_validity_days, 10),
  logo: draft.logo,
});

/** A chosen file as a data URL (what the contract stores for the logo). */
const readAsDataUrl = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * Issue 33: the owner's earnings settings — how far an agent may move the selling price at issue,
 * the invoices' numbering, the tax on the agency's earnings (or none), how long a quote is valid,
 * and the logo printed on quotes and invoices (a PNG or JPEG of at most 256 KB, previewed).
 */
export function EarningsSettings({ settings }: { settings: PricingSettings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { isLoading }] = pricingApi.useUpdatePricingSettingsMutation();
  const logoInputId = useId();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const text = (
    key: 'max_override_percent' | 'invoice_prefix' | 'tax_name' | 'tax_rate' | 'quote_validity_days',
  ) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  const chooseLogo = async (file: File | undefined) => {
    if (!file) return;
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') {
      setErrors((current) => ({ ...current, logo: 'A logo is a PNG or JPEG image' }));
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setErrors((current) => ({ ...current, logo: 'A logo is at most 256 KB' }));
      return;
    }
    set('logo', await readAsDataUrl(file));
  };

  const submit = async () => {
    setProblem(null);
    const found = check(draft);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    try {
      const saved = await save({ body: bodyOf(draft) }).unwrap();
      setDraft(draftOf(saved));
    } catch (failure) {
      if (!isApiFailure(failure)) return;
      const placed: DraftErrors = {};
      for (const [path, messages] of Object.entries(failure.fieldErrors)) {
        const field = FIELD_OF[path];
        if (field && messages?.[0]) placed[field] = messages[0];
      }
      setErrors(placed);
      if (Object.keys(placed).length === 0) setProblem(failure.message);
      return;
    }
    toast.success('Earnings settings saved');
  };

  return (
    <Card title="Earnings settings">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="space-y-6"
      >
        <fieldset className="space-y-4">
          <legend className="mb-2 font-semibold text-slate-900 text-sm">Selling price at issue</legend>
          <Switch
            label="Allow selling under net"
            description="An agent may then agree a price below what the agency pays (a loss). Off: the net is the floor."
            checked={draft.allow_below_net}
            onCheckedChange={(on) => set('allow_below_net', on)}
          />
          <TextField
            label="Highest override above the rules’ price (%)"
            optional
            inputMode="decimal"
            placeholder="No ceiling"
            hint="Leave empty to let agents go as high as the client agrees."
            error={errors.max_override_percent}
            {...text('max_override_percent')}
          />
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="mb-2 font-semibold text-slate-900 text-sm">Client paperwork</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Invoice number prefix"
              maxLength={9}
              autoComplete="off"
              hint={`Invoices number as ${draft.invoice_prefix.trim().toUpperCase() || 'INV-'}${currentYear()}-000001.`}
              error={errors.invoice_prefix}
              {...text('invoice_prefix')}
            />
            <TextField
              label="Quotes valid for (days)"
              type="number"
              min={1}
              max={60}
              inputMode="numeric"
              error={errors.quote_validity_days}
              {...text('quote_validity_days')}
            />
          </div>
          <Switch
            label="Charge tax on earnings"
            description="A rate on your markup and fees, printed on client invoices (e.g. VAT or GST)."
            checked={draft.taxed}
            onCheckedChange={(on) => set('taxed', on)}
          />
          {draft.taxed && (
            <div className="grid grid-cols-2 gap-4">
              <TextField
                label="Tax name"
                maxLength={20}
                placeholder="VAT"
                autoComplete="off"
                error={errors.tax_name}
                {...text('tax_name')}
              />
              <TextField
                label="Rate (%)"
                inputMode="decimal"
                placeholder="20"
                autoComplete="off"
                error={errors.tax_rate}
                {...text('tax_rate')}
              />
            </div>
          )}
          <div>
            <p className="font-medium text-slate-800 text-sm">Logo</p>
            <p className="mb-2 text-slate-500 text-xs">On quotes and invoices. PNG or JPEG, up to 256 KB.</p>
            <div className="flex flex-wrap items-center gap-3">
              <div className="flex h-16 w-40 items-center justify-center overflow-hidden rounded-lg border border-slate-300 border-dashed bg-slate-50">
                {draft.logo ? (
                  <img src={draft.logo} alt="Your logo" className="max-h-full max-w-full object-contain" />
                ) : (
                  <span className="text-slate-400 text-xs">No logo</span>
                )}
              </div>
              <label
                htmlFor={logoInputId}
                className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 text-sm shadow-sm hover:bg-slate-50 focus-within:outline-2 focus-within:outline-indigo-500"
              >
                <ImageUp aria-hidden="true" className="size-4" />
                {draft.logo ? 'Replace logo' : 'Upload logo'}
                <input
                  id={logoInputId}
                  type="file"
                  accept="image/png,image/jpeg"
                  className="sr-only"
                  onChange={(event) => {
                    void chooseLogo(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </label>
              {draft.logo && (
                <Button variant="ghost" onClick={() => set('logo', null)}>
                  <Trash2 aria-hidden="true" className="size-4" /> Remove
                </Button>
              )}
            </div>
            {errors.logo && <FieldError>{errors.logo}</FieldError>}
          </div>
        </fieldset>

        {problem && (
          <Alert tone="error" assertive>
            {problem}
          </Alert>
        )}
        <div className="flex justify-end border-slate-100 border-t pt-4">
          <Button type="submit" busy={isLoading}>
            Save settings
          </Button>
        </div>
      </form>
    </Card>
  );
}
