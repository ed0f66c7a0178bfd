import {
  CABINS,
  FARE_BRANDS,
  FEE_EVENTS,
  FIXED_PER,
  PASSENGER_TYPES,
  type PricingRule,
  type PricingRuleKind,
  REGIONS,
  ROUNDINGS,
  ROUTE_SCOPES,
  SUPPLIER_CODES,
  TRIP_TYPES,
} from '@skydesk/contract';
import { type ReactNode, useState } from 'react';
import { isApiFailure } from '../../shared/http/api-error';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { Modal } from '../../shared/ui/dialog';
import { Field, inputClasses, TextField } from '../../shared/ui/field';
import { Switch } from '../../shared/ui/switch';
import { RULE_CALLS, type RuleOwner } from './pricing-api';
import {
  checkRuleDraft,
  emptyRuleDraft,
  type RuleDraft,
  type RuleErrors,
  ruleBodyOf,
  ruleDraftOf,
  ruleErrorsOf,
} from './rule-form';
import {
  CABIN_LABELS,
  FEE_EVENT_LABELS,
  PASSENGER_TYPE_LABELS,
  REGION_LABELS,
  ROUNDING_LABELS,
  ROUTE_SCOPE_LABELS,
  SUPPLIER_LABELS,
  TRIP_TYPE_LABELS,
} from './rule-words';

type RuleEditorProps = {
  owner: RuleOwner;
  kind: PricingRuleKind;
  /** The rule to change; null writes a new one (last in the order). */
  rule: PricingRule | null;
  /** The currency of fixed amounts (the agency's). */
  currency: string;
  open: boolean;
  onClose: () => void;
};

const ANY = '';

/** A select of a closed list with an "Any …" first choice (null: the rule matches every value). */
function Choice<T extends string>({
  label,
  value,
  options,
  labels,
  anyLabel,
  error,
  hint,
  onChange,
  className,
}: {
  label: string;
  value: T | '';
  options: readonly T[];
  labels: Record<T, string>;
  /** The "any" choice's words; none when a value is required. */
  anyLabel?: string;
  error?: string | undefined;
  hint?: ReactNode;
  onChange: (value: T | '') => void;
  className?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value as T | '')}
          className={inputClasses(Boolean(error))}
        >
          {anyLabel !== undefined && <option value={ANY}>{anyLabel}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

const FIXED_PER_LABELS = { passenger: 'Per passenger', booking: 'Per booking' } as const;

/**
 * Issue 33: writes one markup rule or service fee — every criterion of RuleMatch (the supplier
 * only on the operator's rules), the value and its rounding, a fee's event. The server's 422s land
 * on the fields they name; the same editor serves the agency's and the operator's boards.
 */
export function RuleEditor({ owner, kind, rule, currency, open, onClose }: RuleEditorProps) {
  const [draft, setDraft] = useState<RuleDraft>(() => (rule ? ruleDraftOf(rule) : emptyRuleDraft(kind)));
  const [errors, setErrors] = useState<RuleErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = RULE_CALLS[owner].useCreate();
  const [update, updating] = RULE_CALLS[owner].useUpdate();
  const busy = creating.isLoading || updating.isLoading;
  const fee = kind === 'fee';
  const noun = fee ? 'fee' : 'rule';

  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };
  const text = (key: keyof RuleDraft, upper = false) => ({
    value: String(draft[key]),
    onChange: (event: { target: { value: string } }) =>
      set(key, (upper ? event.target.value.toUpperCase() : event.target.value) as never),
  });

  const save = async () => {
    setProblem(null);
    const found = checkRuleDraft(draft);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    const body = ruleBodyOf(draft, currency);
    try {
      if (rule) await update({ params: { id: rule.id }, body }).unwrap();
      else await create({ body }).unwrap();
    } catch (error) {
      if (!isApiFailure(error)) return;
      const { errors: placed, unplaced } = ruleErrorsOf(error.fieldErrors);
      setErrors(placed);
      if (unplaced.length > 0 || Object.keys(placed).length === 0)
        setProblem(unplaced.join(' ') || error.message);
      return;
    }
    onClose();
  };

  const scope = draft.scope;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={rule ? `Edit ${noun}: ${rule.name}` : fee ? 'New service fee' : 'New markup rule'}
      description={
        fee
          ? 'A named line of your income added to the client’s price when it applies; never taken from your credits.'
          : 'Changes the fare’s price when every criterion below matches. The most specific matching rule wins; ties by the order of the list.'
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        className="space-y-5"
      >
        <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextField
            label={fee ? 'Fee name (as the client reads it)' : 'Rule name'}
            placeholder={fee ? 'e.g. Booking fee' : 'e.g. Long-haul economy'}
            autoComplete="off"
            maxLength={80}
            error={errors.name}
            {...text('name')}
          />
          <Switch
            layout="inline"
            label="Active"
            checked={draft.enabled}
            onCheckedChange={(on) => set('enabled', on)}
            className="pb-2.5"
          />
        </div>

        <fieldset className="space-y-4">
          <legend className="mb-2 font-semibold text-slate-900 text-sm">When it applies</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {owner === 'platform' && (
              <Choice
                label="Supplier"
                value={draft.supplier}
                options={SUPPLIER_CODES}
                labels={SUPPLIER_LABELS}
                anyLabel="Any supplier"
                error={errors.supplier}
                onChange={(value) => set('supplier', value)}
              />
            )}
            <TextField
              label="Validating airline"
              optional
              placeholder="Any airline, or a code: BA"
              maxLength={2}
              autoComplete="off"
              hint="The 2-character code of the airline that issues the ticket."
              error={errors.validating_carrier}
              {...text('validating_carrier', true)}
            />
            <Choice
              label="Route"
              value={scope}
              options={ROUTE_SCOPES}
              labels={ROUTE_SCOPE_LABELS}
              error={errors.scope}
              hint="As the trip’s first flight flies, origin to destination."
              onChange={(value) => set('scope', value || 'any')}
            />
            {scope === 'region' && (
              <Choice
                label="Region"
                value={draft.region}
                options={REGIONS}
                labels={REGION_LABELS}
                anyLabel="Choose a region"
                error={errors.region}
                onChange={(value) => set('region', value)}
              />
            )}
            {scope === 'country_pair' && (
              <div className="grid grid-cols-2 gap-3">
                <TextField
                  label="From country"
                  placeholder="GB"
                  maxLength={2}
                  autoComplete="off"
                  error={errors.from_country}
                  {...text('from_country', true)}
                />
                <TextField
                  label="To country"
                  placeholder="US"
                  maxLength={2}
                  autoComplete="off"
                  error={errors.to_country}
                  {...text('to_country', true)}
                />
              </div>
            )}
            {scope === 'airport_pair' && (
              <div className="grid grid-cols-2 gap-3">
                <TextField
                  label="From airport"
                  placeholder="LHR"
                  maxLength={3}
                  autoComplete="off"
                  error={errors.from_airport}
                  {...text('from_airport', true)}
                />
                <TextField
                  label="To airport"
                  placeholder="JFK"
                  maxLength={3}
                  autoComplete="off"
                  error={errors.to_airport}
                  {...text('to_airport', true)}
                />
              </div>
            )}
            <Choice
              label="Cabin"
              value={draft.cabin}
              options={CABINS}
              labels={CABIN_LABELS}
              anyLabel="Any cabin"
              error={errors.cabin}
              onChange={(value) => set('cabin', value)}
            />
            <Choice
              label="Fare brand"
              value={draft.brand}
              options={FARE_BRANDS}
              labels={{ Basic: 'Basic', Standard: 'Standard', Flex: 'Flex' }}
              anyLabel="Any brand"
              error={errors.brand}
              onChange={(value) => set('brand', value)}
            />
            <Choice
              label="Passengers"
              value={draft.passenger_type}
              options={PASSENGER_TYPES}
              labels={PASSENGER_TYPE_LABELS}
              anyLabel="Every passenger"
              error={errors.passenger_type}
              onChange={(value) => set('passenger_type', value)}
            />
            <Choice
              label="Trip type"
              value={draft.trip_type}
              options={TRIP_TYPES}
              labels={TRIP_TYPE_LABELS}
              anyLabel="Any trip"
              error={errors.trip_type}
              onChange={(value) => set('trip_type', value)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <DateRange
              legend="Booked between"
              from={text('booking_from')}
              to={text('booking_to')}
              fromError={errors.booking_from}
              toError={errors.booking_to}
            />
            <DateRange
              legend="Flying between"
              from={text('travel_from')}
              to={text('travel_to')}
              fromError={errors.travel_from}
              toError={errors.travel_to}
            />
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="mb-2 font-semibold text-slate-900 text-sm">{fee ? 'Amount' : 'Value'}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {!fee && (
              <TextField
                label="Percentage of the fare"
                optional
                inputMode="decimal"
                placeholder="6, or -3 for a discount"
                autoComplete="off"
                error={errors.percent}
                {...text('percent')}
              />
            )}
            <TextField
              label={`${fee ? 'Fee' : 'Fixed amount'} (${currency})`}
              optional={!fee}
              inputMode="decimal"
              placeholder={fee ? '15' : '10, or -5'}
              autoComplete="off"
              error={errors.fixed}
              {...text('fixed')}
            />
            <Choice
              label="Counted"
              value={draft.fixed_per}
              options={FIXED_PER}
              labels={FIXED_PER_LABELS}
              error={errors.fixed_per}
              onChange={(value) => set('fixed_per', value || 'passenger')}
            />
            {fee ? (
              <Choice
                label="Charged"
                value={draft.event}
                options={FEE_EVENTS}
                labels={FEE_EVENT_LABELS}
                anyLabel="Choose when"
                error={errors.event}
                onChange={(value) => set('event', value)}
              />
            ) : (
              <Choice
                label="Rounding"
                value={draft.rounding}
                options={ROUNDINGS}
                labels={ROUNDING_LABELS}
                error={errors.rounding}
                hint="Of each passenger’s selling price."
                onChange={(value) => set('rounding', value || 'none')}
              />
            )}
          </div>
        </fieldset>

        {problem && (
          <Alert tone="error" assertive>
            {problem}
          </Alert>
        )}
        <div className="flex flex-col-reverse gap-2 border-slate-100 border-t pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {rule ? `Save ${noun}` : fee ? 'Add fee' : 'Add rule'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

type TextProps = { value: string; onChange: (event: { target: { value: string } }) => void };

function DateRange({
  legend,
  from,
  to,
  fromError,
  toError,
}: {
  legend: string;
  from: TextProps;
  to: TextProps;
  fromError: string | undefined;
  toError: string | undefined;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 font-medium text-slate-800 text-sm">
        {legend} <span className="font-normal text-slate-500">(optional)</span>
      </legend>
      <div className="grid grid-cols-2 gap-2">
        <TextField
          label={<span className="sr-only">{legend}: from</span>}
          type="date"
          error={fromError}
          {...from}
        />
        <TextField
          label={<span className="sr-only">{legend}: to</span>}
          type="date"
          error={toError}
          {...to}
        />
      </div>
    </fieldset>
  );
}
