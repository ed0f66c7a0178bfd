import {
  type Cabin,
  type FareBrand,
  type FeeEvent,
  moneyText,
  type PassengerType,
  type PricingRule,
  type Region,
  type Rounding,
  type RouteScope,
  type SupplierCode,
  type TripType,
} from '@skydesk/contract';
import { formatDayWithYear } from '../../shared/format/date-time';

/** Issue 33: the words of the pricing screens, in one place (the agency's and the operator's). */

export const ROUTE_SCOPE_LABELS: Record<RouteScope, string> = {
  any: 'Any route',
  domestic: 'Domestic',
  international: 'International',
  long_haul: 'Long-haul (over 4,000 km)',
  short_haul: 'Short-haul (up to 4,000 km)',
  region: 'Within a region',
  country_pair: 'Between two countries',
  airport_pair: 'Between two airports',
};

export const REGION_LABELS: Record<Region, string> = {
  europe: 'Europe',
  north_america: 'North America',
  central_america: 'Central America',
  south_america: 'South America',
  middle_east: 'Middle East',
  africa: 'Africa',
  asia: 'Asia',
  oceania: 'Oceania',
};

export const CABIN_LABELS: Record<Cabin, string> = {
  Economy: 'Economy',
  PremiumEconomy: 'Premium economy',
  Business: 'Business',
  First: 'First',
};

export const PASSENGER_TYPE_LABELS: Record<PassengerType, string> = {
  adult: 'Adults',
  child: 'Children',
  infant: 'Infants',
};

export const TRIP_TYPE_LABELS: Record<TripType, string> = {
  OneWay: 'One way',
  Return: 'Return',
  MultiCity: 'Multi-city',
};

export const ROUNDING_LABELS: Record<Rounding, string> = {
  none: 'No rounding',
  whole: 'Up to a whole unit (212.40 → 213.00)',
  ninety_nine: 'Up to .99 (212.40 → 212.99)',
};

export const FEE_EVENT_LABELS: Record<FeeEvent, string> = {
  issue: 'At issue',
  change: 'At a change',
  refund: 'At a refund',
};

export const SUPPLIER_LABELS: Record<SupplierCode, string> = {
  sandbox: 'SkyDesk sandbox',
  duffel: 'Duffel',
};

const day = (date: string | null) => (date ? formatDayWithYear(date) : '…');

const BRAND_LABEL = (brand: FareBrand) => `${brand} fares`;

/** "+6 %", "−3 %", "+US$15.00 per booking", "+2 % and US$5.00 per passenger". */
export function ruleValueText(rule: Pick<PricingRule, 'value' | 'kind'>): string {
  const { percent, fixed, fixed_per } = rule.value;
  const parts: string[] = [];
  const sign = (n: number) => (n < 0 ? '−' : rule.kind === 'fee' ? '' : '+');
  if (percent !== null) parts.push(`${sign(percent)}${Math.abs(percent)} %`);
  if (fixed !== null)
    parts.push(
      `${sign(fixed.Amount)}${moneyText(Math.abs(fixed.Amount), fixed.CurrencyCode)} per ${fixed_per}`,
    );
  return parts.join(' and ') || 'Nothing';
}

/** What a rule matches, as a list of short words ("Long-haul", "Economy", "BA"); empty: everything. */
export function ruleMatchWords(rule: Pick<PricingRule, 'match'>): string[] {
  const { match } = rule;
  const words: string[] = [];
  if (match.supplier) words.push(SUPPLIER_LABELS[match.supplier]);
  if (match.validating_carrier) words.push(`Airline ${match.validating_carrier}`);
  const route = match.route;
  if (route.scope === 'region' && route.region) words.push(`Within ${REGION_LABELS[route.region]}`);
  else if (route.scope === 'country_pair') words.push(`${route.from_country} ⇄ ${route.to_country}`);
  else if (route.scope === 'airport_pair') words.push(`${route.from_airport} ⇄ ${route.to_airport}`);
  else if (route.scope !== 'any') words.push(ROUTE_SCOPE_LABELS[route.scope].replace(/ \(.*\)$/, ''));
  if (match.cabin) words.push(CABIN_LABELS[match.cabin]);
  if (match.brand) words.push(BRAND_LABEL(match.brand));
  if (match.passenger_type) words.push(PASSENGER_TYPE_LABELS[match.passenger_type]);
  if (match.trip_type) words.push(TRIP_TYPE_LABELS[match.trip_type]);
  if (match.booking_from || match.booking_to)
    words.push(`Booked ${day(match.booking_from)} – ${day(match.booking_to)}`);
  if (match.travel_from || match.travel_to)
    words.push(`Flying ${day(match.travel_from)} – ${day(match.travel_to)}`);
  return words;
}
