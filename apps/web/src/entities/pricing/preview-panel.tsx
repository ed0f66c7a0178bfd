import {
  amountToMinor,
  CABINS,
  type Cabin,
  FARE_BRANDS,
  type FareBrand,
  minorToAmount,
  moneyText,
  type PricingPreview,
  SUPPLIER_CODES,
  type SupplierCode,
  TRIP_TYPES,
  type TripType,
} from '@skydesk/contract';
import { Calculator } from 'lucide-react';
import { useState } from 'react';
import { formatMoney } from '../../shared/format/money';
import { isApiFailure } from '../../shared/http/api-error';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { Card } from '../../shared/ui/card';
import { Field, inputClasses, TextField } from '../../shared/ui/field';
import { RULE_CALLS, type RuleOwner } from './pricing-api';
import { CABIN_LABELS, PASSENGER_TYPE_LABELS, SUPPLIER_LABELS, TRIP_TYPE_LABELS } from './rule-words';

type PreviewPanelProps = { owner: RuleOwner; currency: string };

type Trip = {
  origin: string;
  destination: string;
  trip_type: TripType;
  cabin: Cabin;
  brand: FareBrand | '';
  validating_carrier: string;
  adults: string;
  children: string;
  infants: string;
  departure_date: string;
  net_per_adult: string;
  supplier: SupplierCode | '';
};

const FIELD_OF: Record<string, keyof Trip> = {
  origin: 'origin',
  destination: 'destination',
  validating_carrier: 'validating_carrier',
  adult_quantity: 'adults',
  child_quantity: 'children',
  infant_quantity: 'infants',
  departure_date: 'departure_date',
  net_per_adult: 'net_per_adult',
  'net_per_adult.Amount': 'net_per_adult',
  'net_per_adult.CurrencyCode': 'net_per_adult',
};

const count = (value: string) => Number.parseInt(value || '0', 10) || 0;

/**
 * Issue 33: "what does my client pay for London → New York, Economy Flex, two adults" — a trip as
 * a rule sees it and a net fare, answered with the selling price, the rule that applied per
 * passenger type and the fees issuing it would add (the operator's: the agency's net).
 */
export function PreviewPanel({ owner, currency }: PreviewPanelProps) {
  const [preview, { isLoading }] = RULE_CALLS[owner].usePreview();
  const [trip, setTrip] = useState<Trip>({
    origin: 'LHR',
    destination: 'JFK',
    trip_type: 'OneWay',
    cabin: 'Economy',
    brand: 'Flex',
    validating_carrier: '',
    adults: '2',
    children: '0',
    infants: '0',
    departure_date: '',
    net_per_adult: '500',
    supplier: '',
  });
  const [answer, setAnswer] = useState<PricingPreview | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Trip, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof Trip) => ({
    value: trip[key],
    onChange: (event: { target: { value: string } }) => {
      const value = ['origin', 'destination', 'validating_carrier'].includes(key)
        ? event.target.value.toUpperCase()
        : event.target.value;
      setTrip((current) => ({ ...current, [key]: value }));
      setErrors((current) => ({ ...current, [key]: undefined }));
    },
  });

  const run = async () => {
    setProblem(null);
    const net = Number(trip.net_per_adult.replace(',', '.'));
    if (!trip.net_per_adult.trim() || Number.isNaN(net) || net <= 0) {
      setErrors({ net_per_adult: 'Enter the net fare per adult' });
      return;
    }
    try {
      const result = await preview({
        body: {
          origin: trip.origin.trim(),
          destination: trip.destination.trim(),
          trip_type: trip.trip_type,
          cabin: trip.cabin,
          brand: trip.brand || null,
          validating_carrier: trip.validating_carrier.trim() || null,
          adult_quantity: count(trip.adults),
          child_quantity: count(trip.children),
          infant_quantity: count(trip.infants),
          departure_date: trip.departure_date || null,
          net_per_adult: { Amount: net, CurrencyCode: currency },
          ...(owner === 'platform' ? { supplier: trip.supplier || null } : {}),
        },
      }).unwrap();
      setAnswer(result);
    } catch (failure) {
      setAnswer(null);
      if (!isApiFailure(failure)) return;
      const placed: Partial<Record<keyof Trip, string>> = {};
      for (const [path, messages] of Object.entries(failure.fieldErrors)) {
        const field = FIELD_OF[path];
        if (field && messages?.[0]) placed[field] = messages[0];
      }
      setErrors(placed);
      if (Object.keys(placed).length === 0) setProblem(failure.message);
    }
  };

  const passengers = [
    count(trip.adults) && `${count(trip.adults)} adult${count(trip.adults) === 1 ? '' : 's'}`,
    count(trip.children) && `${count(trip.children)} child${count(trip.children) === 1 ? '' : 'ren'}`,
    count(trip.infants) && `${count(trip.infants)} infant${count(trip.infants) === 1 ? '' : 's'}`,
  ].filter(Boolean);

  return (
    <Card title="Try a price">
      <p className="-mt-1 mb-4 text-slate-600 text-sm">
        {owner === 'platform'
          ? 'What an agency pays for a supplier’s fare under the platform rules.'
          : 'What your client pays for a trip under your rules, and the rule that applied.'}
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
        className="space-y-4"
      >
        <div className="grid grid-cols-2 gap-3">
          <TextField label="From" maxLength={3} autoComplete="off" error={errors.origin} {...set('origin')} />
          <TextField
            label="To"
            maxLength={3}
            autoComplete="off"
            error={errors.destination}
            {...set('destination')}
          />
          <SelectField label="Trip" {...set('trip_type')} options={TRIP_TYPES} labels={TRIP_TYPE_LABELS} />
          <SelectField label="Cabin" {...set('cabin')} options={CABINS} labels={CABIN_LABELS} />
          <SelectField
            label="Brand"
            {...set('brand')}
            options={FARE_BRANDS}
            labels={{ Basic: 'Basic', Standard: 'Standard', Flex: 'Flex' }}
            any="Any brand"
          />
          <TextField
            label="Airline"
            optional
            maxLength={2}
            autoComplete="off"
            placeholder="BA"
            error={errors.validating_carrier}
            {...set('validating_carrier')}
          />
          {owner === 'platform' && (
            <SelectField
              label="Supplier"
              {...set('supplier')}
              options={SUPPLIER_CODES}
              labels={SUPPLIER_LABELS}
              any="Any supplier"
            />
          )}
        </div>
        <div className="grid grid-cols-3 gap-3">
          {(['adults', 'children', 'infants'] as const).map((key) => (
            <TextField
              key={key}
              label={key === 'adults' ? 'Adults' : key === 'children' ? 'Children' : 'Infants'}
              type="number"
              min={0}
              max={9}
              inputMode="numeric"
              error={errors[key]}
              {...set(key)}
            />
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={`Net per adult (${currency})`}
            inputMode="decimal"
            autoComplete="off"
            error={errors.net_per_adult}
            {...set('net_per_adult')}
          />
          <TextField
            label="Departure"
            optional
            type="date"
            error={errors.departure_date}
            {...set('departure_date')}
          />
        </div>
        <Button type="submit" busy={isLoading} className="w-full sm:w-auto">
          {!isLoading && <Calculator aria-hidden="true" className="size-4" />}
          Work out the price
        </Button>
      </form>
      {problem && (
        <Alert tone="error" className="mt-4" assertive>
          {problem}
        </Alert>
      )}
      {answer && (
        <section
          aria-label="Price worked out"
          aria-live="polite"
          className="mt-4 rounded-xl bg-indigo-50/60 p-4 ring-1 ring-indigo-100"
        >
          <p className="text-slate-600 text-sm">
            {trip.origin} → {trip.destination}, {CABIN_LABELS[trip.cabin]}
            {trip.brand && ` ${trip.brand}`}, {passengers.join(', ') || 'no passengers'}
          </p>
          <p className="mt-1 font-bold text-2xl text-slate-900 tabular-nums">{formatMoney(answer.selling)}</p>
          <p className="text-slate-700 text-sm">
            {owner === 'platform' ? 'the agency’s net' : 'your client pays'} · net{' '}
            <span className="tabular-nums">{formatMoney(answer.net)}</span> · markup{' '}
            <span className="tabular-nums">{formatMoney(answer.markup)}</span>
          </p>
          <p className="mt-2 text-sm">
            {answer.rule ? (
              <>
                Rule applied: <strong className="font-semibold text-slate-900">{answer.rule.name}</strong>
              </>
            ) : (
              <span className="text-slate-700">No rule matches: sold at net.</span>
            )}
          </p>
          {answer.passengers.length > 1 && (
            <ul className="mt-2 space-y-0.5 text-slate-700 text-xs">
              {answer.passengers.map((line) => (
                <li key={line.passenger_type}>
                  {line.quantity} × {PASSENGER_TYPE_LABELS[line.passenger_type].toLowerCase()}:{' '}
                  <span className="tabular-nums">{formatMoney(line.selling)}</span> each (net{' '}
                  <span className="tabular-nums">{formatMoney(line.net)}</span>)
                  {line.rule ? ` · ${line.rule.name}` : ' · at net'}
                </li>
              ))}
            </ul>
          )}
          {answer.fees.length > 0 && (
            <div className="mt-3 border-indigo-100 border-t pt-2">
              <p className="font-medium text-slate-800 text-sm">Fees at issue</p>
              <ul className="text-slate-700 text-sm">
                {answer.fees.map((fee) => (
                  <li key={`${fee.name}-${fee.rule?.id ?? 'hand'}`} className="flex justify-between gap-3">
                    <span>{fee.name}</span>
                    <span className="tabular-nums">{formatMoney(fee.amount)}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-1 flex justify-between gap-3 font-semibold text-slate-900 text-sm">
                <span>With fees</span>
                <span className="tabular-nums">
                  {moneyText(
                    // In minor units: amounts are never added as floats.
                    minorToAmount(
                      amountToMinor(answer.selling.Amount) +
                        answer.fees.reduce((sum, fee) => sum + amountToMinor(fee.amount.Amount), 0),
                    ),
                    answer.selling.CurrencyCode,
                  )}
                </span>
              </p>
            </div>
          )}
        </section>
      )}
    </Card>
  );
}

function SelectField<T extends string>({
  label,
  value,
  onChange,
  options,
  labels,
  any,
}: {
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  options: readonly T[];
  labels: Record<T, string>;
  any?: string;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select {...control} value={value} onChange={onChange} className={inputClasses(false)}>
          {any !== undefined && <option value="">{any}</option>}
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
