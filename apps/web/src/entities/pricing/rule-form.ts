import type {
  Cabin,
  FareBrand,
  FeeEvent,
  FixedPer,
  PassengerType,
  PricingRule,
  PricingRuleBody,
  PricingRuleKind,
  Region,
  Rounding,
  RouteScope,
  SupplierCode,
  TripType,
} from '@skydesk/contract';

/**
 * Issue 33: a rule as its editor holds it — every field a string or a choice ('' = any), so a
 * half-typed amount stays as typed — and the body it sends. The server judges the rule (its 422s
 * name the contract's field paths, shown on these fields: RULE_FIELD_OF_ERROR).
 */
export type RuleDraft = {
  kind: PricingRuleKind;
  name: string;
  enabled: boolean;
  supplier: SupplierCode | '';
  validating_carrier: string;
  scope: RouteScope;
  region: Region | '';
  from_country: string;
  to_country: string;
  from_airport: string;
  to_airport: string;
  cabin: Cabin | '';
  brand: FareBrand | '';
  passenger_type: PassengerType | '';
  trip_type: TripType | '';
  booking_from: string;
  booking_to: string;
  travel_from: string;
  travel_to: string;
  percent: string;
  fixed: string;
  fixed_per: FixedPer;
  rounding: Rounding;
  event: FeeEvent | '';
};

export const emptyRuleDraft = (kind: PricingRuleKind): RuleDraft => ({
  kind,
  name: '',
  enabled: true,
  supplier: '',
  validating_carrier: '',
  scope: 'any',
  region: '',
  from_country: '',
  to_country: '',
  from_airport: '',
  to_airport: '',
  cabin: '',
  brand: '',
  passenger_type: '',
  trip_type: '',
  booking_from: '',
  booking_to: '',
  travel_from: '',
  travel_to: '',
  percent: '',
  fixed: '',
  fixed_per: kind === 'fee' ? 'booking' : 'passenger',
  rounding: 'none',
  event: kind === 'fee' ? 'issue' : '',
});

export function ruleDraftOf(rule: PricingRule): RuleDraft {
  const { match, value } = rule;
  return {
    kind: rule.kind,
    name: rule.name,
    enabled: rule.enabled,
    supplier: match.supplier ?? '',
    validating_carrier: match.validating_carrier ?? '',
    scope: match.route.scope,
    region: match.route.region ?? '',
    from_country: match.route.from_country ?? '',
    to_country: match.route.to_country ?? '',
    from_airport: match.route.from_airport ?? '',
    to_airport: match.route.to_airport ?? '',
    cabin: match.cabin ?? '',
    brand: match.brand ?? '',
    passenger_type: match.passenger_type ?? '',
    trip_type: match.trip_type ?? '',
    booking_from: match.booking_from ?? '',
    booking_to: match.booking_to ?? '',
    travel_from: match.travel_from ?? '',
    travel_to: match.travel_to ?? '',
    percent: value.percent === null ? '' : String(value.percent),
    fixed: value.fixed === null ? '' : value.fixed.Amount.toFixed(2),
    fixed_per: value.fixed_per,
    rounding: rule.rounding,
    event: rule.event ?? '',
  };
}

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());
const code = (value: string): string | null => text(value)?.toUpperCase() ?? null;
const choice = <T extends string>(value: T | ''): T | null => (value === '' ? null : value);
/** A typed number, or null when blank; what is not a number is sent as typed for the server to refuse on its field. */
const amount = (value: string): number | null => {
  const typed = text(value)?.replace(',', '.');
  if (typed === null || typed === undefined) return null;
  return Number(typed);
};

/**
 * The body of a draft. Only the places the route scope uses are sent (a region left over from an
 * earlier choice must not ride along), and the event only for a fee.
 */
export function ruleBodyOf(draft: RuleDraft, currency: string): PricingRuleBody {
  const fixed = amount(draft.fixed);
  const scope = draft.scope;
  return {
    kind: draft.kind,
    name: draft.name.trim(),
    enabled: draft.enabled,
    match: {
      supplier: choice(draft.supplier),
      validating_carrier: code(draft.validating_carrier),
      route: {
        scope,
        region: scope === 'region' ? choice(draft.region) : null,
        from_country: scope === 'country_pair' ? code(draft.from_country) : null,
        to_country: scope === 'country_pair' ? code(draft.to_country) : null,
        from_airport: scope === 'airport_pair' ? code(draft.from_airport) : null,
        to_airport: scope === 'airport_pair' ? code(draft.to_airport) : null,
      },
      cabin: choice(draft.cabin),
      brand: choice(draft.brand),
      passenger_type: choice(draft.passenger_type),
      trip_type: choice(draft.trip_type),
      booking_from: text(draft.booking_from),
      booking_to: text(draft.booking_to),
      travel_from: text(draft.travel_from),
      travel_to: text(draft.travel_to),
    },
    value: {
      percent: amount(draft.percent),
      fixed: fixed === null ? null : { Amount: fixed, CurrencyCode: currency },
      fixed_per: draft.fixed_per,
    },
    rounding: draft.rounding,
    event: draft.kind === 'fee' ? choice(draft.event) : null,
  };
}

/** The editor's field a server error path lands on (docs/api.md: 422 `data.errors` keyed by path). */
export const RULE_FIELD_OF_ERROR: Record<string, keyof RuleDraft> = {
  name: 'name',
  kind: 'kind',
  'match.supplier': 'supplier',
  'match.validating_carrier': 'validating_carrier',
  'match.route': 'scope',
  'match.route.scope': 'scope',
  'match.route.region': 'region',
  'match.route.from_country': 'from_country',
  'match.route.to_country': 'to_country',
  'match.route.from_airport': 'from_airport',
  'match.route.to_airport': 'to_airport',
  'match.cabin': 'cabin',
  'match.brand': 'brand',
  'match.passenger_type': 'passenger_type',
  'match.trip_type': 'trip_type',
  'match.booking_from': 'booking_from',
  'match.booking_to': 'booking_to',
  'match.travel_from': 'travel_from',
  'match.travel_to': 'travel_to',
  value: 'percent',
  'value.percent': 'percent',
  'value.fixed': 'fixed',
  'value.fixed.Amount': 'fixed',
  'value.fixed.CurrencyCode': 'fixed',
  'value.fixed_per': 'fixed_per',
  rounding: 'rounding',
  event: 'event',
};

export type RuleErrors = Partial<Record<keyof RuleDraft, string>>;

/** The server's field errors on the editor's fields; what names no field is returned apart. */
export function ruleErrorsOf(fieldErrors: Record<string, string[] | undefined>): {
  errors: RuleErrors;
  unplaced: string[];
} {
  const errors: RuleErrors = {};
  const unplaced: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const message = messages?.[0];
    if (!message) continue;
    const field = RULE_FIELD_OF_ERROR[path];
    if (field && !errors[field]) errors[field] = message;
    else if (!field) unplaced.push(message);
  }
  return { errors, unplaced };
}

/** What the editor checks before sending: what a rule cannot be sent without. */
export function checkRuleDraft(draft: RuleDraft): RuleErrors {
  const errors: RuleErrors = {};
  if (!draft.name.trim()) errors.name = draft.kind === 'fee' ? 'Name the fee' : 'Name the rule';
  const percent = amount(draft.percent);
  const fixed = amount(draft.fixed);
  if (percent !== null && Number.isNaN(percent)) errors.percent = 'Enter a number, like 6 or -3';
  if (fixed !== null && Number.isNaN(fixed)) errors.fixed = 'Enter an amount, like 15';
  if (draft.kind === 'fee' && percent === null && fixed === null) errors.fixed = 'Enter the fee';
  else if (percent === null && fixed === null) errors.percent = 'Enter a percentage, an amount or both';
  if (draft.kind === 'fee' && !draft.event) errors.event = 'Choose when the fee is charged';
  return errors;
}
