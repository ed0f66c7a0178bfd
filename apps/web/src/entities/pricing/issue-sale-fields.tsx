import {
  amountToMinor,
  type IssueBody,
  type Money,
  minorToAmount,
  moneyText,
  type PricingSettings,
} from '@skydesk/contract';
import { clsx } from 'clsx';
import { ChevronDown, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../shared/ui/button';
import { Field, inputClasses, TextField } from '../../shared/ui/field';
import { pricingApi } from './pricing-api';

/** Issue 33: what the agent sets at issue beside the PNR (IssueBody's optional rest). */
export type SaleDraft = {
  selling: string;
  fees: { key: number; name: string; amount: string }[];
  client: { name: string; email: string; address: string; tax_id: string };
};

export type SaleErrors = Partial<Record<string, string>>;

/** The booking as the issue step reads it: its net (`total`), the rules' selling price and whom it is for. */
export type SaleBooking = {
  total: Money;
  selling?: Money | undefined;
  contact: { email: string };
  passengers: { first_name: string; last_name: string }[];
};

export const saleDraftOf = (booking: SaleBooking): SaleDraft => {
  const lead = booking.passengers[0];
  return {
    selling: (booking.selling ?? booking.total).Amount.toFixed(2),
    fees: [],
    client: {
      name: lead ? `${lead.first_name} ${lead.last_name}` : '',
      email: booking.contact.email,
      address: '',
      tax_id: '',
    },
  };
};

const amountOf = (typed: string): number => Number(typed.trim().replace(',', '.'));

/** The override's bounds: the net (unless the owner allows selling under it) and the owner's ceiling. */
export function overrideBounds(
  booking: SaleBooking,
  settings: Pick<PricingSettings, 'allow_below_net' | 'max_override_percent'> | undefined,
): { floor: number | null; ceiling: number | null } {
  const rules = booking.selling ?? booking.total;
  const floor = settings?.allow_below_net ? null : booking.total.Amount;
  const ceiling =
    settings?.max_override_percent == null
      ? null
      : minorToAmount(Math.floor(amountToMinor(rules.Amount) * (1 + settings.max_override_percent / 100)));
  return { floor, ceiling };
}

/**
 * What is wrong with the draft, keyed by field (`selling_total`, `fees.0.name`, `client.name` —
 * the contract's paths, so a server 422 lands on the same keys).
 */
export function checkSale(
  draft: SaleDraft,
  booking: SaleBooking,
  settings: Pick<PricingSettings, 'allow_below_net' | 'max_override_percent'> | undefined,
): SaleErrors {
  const errors: SaleErrors = {};
  const currency = booking.total.CurrencyCode;
  const selling = amountOf(draft.selling);
  const { floor, ceiling } = overrideBounds(booking, settings);
  if (!draft.selling.trim() || Number.isNaN(selling) || selling <= 0)
    errors.selling_total = 'Enter what the client pays';
  else if (floor !== null && amountToMinor(selling) < amountToMinor(floor))
    errors.selling_total = `At least the net, ${moneyText(floor, currency)}`;
  else if (ceiling !== null && amountToMinor(selling) > amountToMinor(ceiling))
    errors.selling_total = `At most ${moneyText(ceiling, currency)} (your owner’s limit)`;
  draft.fees.forEach((fee, index) => {
    if (!fee.name.trim()) errors[`fees.${index}.name`] = 'Name the fee';
    const amount = amountOf(fee.amount);
    if (!fee.amount.trim() || Number.isNaN(amount) || amount <= 0)
      errors[`fees.${index}.amount`] = 'A fee is more than 0';
  });
  if (draft.client.name.trim().length < 2) errors['client.name'] = 'Name the client';
  const email = draft.client.email.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors['client.email'] = 'Enter a valid email';
  return errors;
}

/**
 * The body's optional rest, only what the agent changed: the override when it differs from the
 * rules' price, the fees added, the client when not the one the server takes by itself (the
 * contact's e-mail and the lead passenger's name, as prefilled).
 */
export function saleBodyOf(draft: SaleDraft, booking: SaleBooking): Omit<IssueBody, 'pnr'> {
  const rules = booking.selling ?? booking.total;
  const selling = amountOf(draft.selling);
  const text = (value: string) => (value.trim() ? value.trim() : null);
  const prefilled = saleDraftOf(booking).client;
  const client = {
    name: draft.client.name.trim(),
    email: text(draft.client.email),
    address: text(draft.client.address),
    tax_id: text(draft.client.tax_id),
  };
  const sameClient =
    client.name === prefilled.name.trim() &&
    client.email === text(prefilled.email) &&
    client.address === null &&
    client.tax_id === null;
  return {
    ...(amountToMinor(selling) !== amountToMinor(rules.Amount) ? { selling_total: selling } : {}),
    ...(draft.fees.length > 0
      ? { fees: draft.fees.map((fee) => ({ name: fee.name.trim(), amount: amountOf(fee.amount) })) }
      : {}),
    ...(sameClient ? {} : { client }),
  };
}

type IssueSaleFieldsProps = {
  booking: SaleBooking;
  draft: SaleDraft;
  errors: SaleErrors;
  onChange: (draft: SaleDraft) => void;
};

let feeKeys = 0;

/**
 * Issue 33, in the issue confirmation: the client's price (an override of the rules' price within
 * the owner's limits, recorded), fees added by hand and whom the client invoice is made out to —
 * folded under a summary line, open at once when something in it is wrong.
 */
export function IssueSaleFields({ booking, draft, errors, onChange }: IssueSaleFieldsProps) {
  const settings = pricingApi.usePricingSettingsQuery().data;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const currency = booking.total.CurrencyCode;
  const { floor, ceiling } = overrideBounds(booking, settings);
  const hasErrors = Object.values(errors).some(Boolean);
  const shown = open || hasErrors;
  const feesMinor = draft.fees.reduce((sum, fee) => sum + (amountToMinor(amountOf(fee.amount)) || 0), 0);
  const selling = amountOf(draft.selling);

  const setClient = (key: keyof SaleDraft['client'], value: string) =>
    onChange({ ...draft, client: { ...draft.client, [key]: value } });
  const setFee = (index: number, key: 'name' | 'amount', value: string) =>
    onChange({
      ...draft,
      fees: draft.fees.map((fee, at) => (at === index ? { ...fee, [key]: value } : fee)),
    });

  return (
    <div className="mt-3 rounded-xl border border-slate-200 bg-white">
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={panelId}
        onClick={() => setOpen(!shown)}
        className="flex w-full items-center justify-between gap-3 rounded-xl px-3 py-2.5 text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">Client price, fees and invoice</span>
          <span className="block text-slate-600 text-xs">
            Client pays{' '}
            <span className="tabular-nums">
              {Number.isNaN(selling)
                ? '—'
                : moneyText(minorToAmount(amountToMinor(selling) + feesMinor), currency)}
            </span>
            {draft.fees.length > 0 && ` with ${draft.fees.length} fee${draft.fees.length === 1 ? '' : 's'}`} ·
            invoice to {draft.client.name.trim() || '—'}
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={clsx('size-4 shrink-0 transition-transform', shown && 'rotate-180')}
        />
      </button>
      {shown && (
        <div id={panelId} className="space-y-4 border-slate-100 border-t p-3">
          <TextField
            label={`Client pays for the trip (${currency})`}
            inputMode="decimal"
            autoComplete="off"
            value={draft.selling}
            onChange={(event) => onChange({ ...draft, selling: event.target.value })}
            error={errors.selling_total}
            hint={
              <>
                Your rules’ price: {moneyText((booking.selling ?? booking.total).Amount, currency)}. A
                different price is recorded as your override
                {floor !== null || ceiling !== null ? ' (' : ''}
                {floor !== null && `not under the net, ${moneyText(floor, currency)}`}
                {floor !== null && ceiling !== null && '; '}
                {ceiling !== null && `at most ${moneyText(ceiling, currency)}`}
                {floor !== null || ceiling !== null ? ')' : ''}.
              </>
            }
          />
          <fieldset>
            <legend className="font-medium text-slate-800 text-sm">Fees added by hand</legend>
            <p className="text-slate-500 text-xs">
              Your income on this booking, on the client’s invoice; your rules’ fees are added too.
            </p>
            {draft.fees.length > 0 && (
              <ul className="mt-2 space-y-2">
                {draft.fees.map((fee, index) => (
                  <li key={fee.key} className="grid grid-cols-[1fr_7rem_auto] items-start gap-2">
                    <TextField
                      label={<span className="sr-only">Fee {index + 1} name</span>}
                      placeholder="e.g. Service fee"
                      maxLength={80}
                      value={fee.name}
                      onChange={(event) => setFee(index, 'name', event.target.value)}
                      error={errors[`fees.${index}.name`]}
                    />
                    <TextField
                      label={<span className="sr-only">Fee {index + 1} amount</span>}
                      placeholder={currency}
                      inputMode="decimal"
                      value={fee.amount}
                      onChange={(event) => setFee(index, 'amount', event.target.value)}
                      error={errors[`fees.${index}.amount`]}
                    />
                    <button
                      type="button"
                      aria-label={`Remove fee ${index + 1}`}
                      onClick={() => onChange({ ...draft, fees: draft.fees.filter((_, at) => at !== index) })}
                      className="mt-1.5 inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {draft.fees.length < 10 && (
              <Button
                variant="ghost"
                className="mt-1 -ml-2"
                onClick={() => {
                  feeKeys += 1;
                  onChange({ ...draft, fees: [...draft.fees, { key: feeKeys, name: '', amount: '' }] });
                }}
              >
                <Plus aria-hidden="true" className="size-4" /> Add a fee
              </Button>
            )}
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="font-medium text-slate-800 text-sm">Invoice to</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label="Client name"
                maxLength={120}
                value={draft.client.name}
                onChange={(event) => setClient('name', event.target.value)}
                error={errors['client.name']}
              />
              <TextField
                label="Email"
                optional
                type="email"
                maxLength={254}
                value={draft.client.email}
                onChange={(event) => setClient('email', event.target.value)}
                error={errors['client.email']}
              />
              <Field label="Address" optional error={errors['client.address']} className="sm:col-span-2">
                {(control) => (
                  <textarea
                    {...control}
                    rows={2}
                    maxLength={300}
                    value={draft.client.address}
                    onChange={(event) => setClient('address', event.target.value)}
                    className={inputClasses(Boolean(errors['client.address']))}
                  />
                )}
              </Field>
              <TextField
                label="Tax ID"
                optional
                maxLength={40}
                value={draft.client.tax_id}
                onChange={(event) => setClient('tax_id', event.target.value)}
                error={errors['client.tax_id']}
              />
            </div>
          </fieldset>
        </div>
      )}
    </div>
  );
}
