import type { Region } from '@skydesk/contract';

/**
 * The region a pricing rule's `route.region` names, from an airport's country (and, for a country
 * not listed, its continent). Regions follow how agencies sell, not plate tectonics: the Gulf and
 * the Levant are the Middle East, Mexico is North America, the Caribbean is Central America, Turkey,
 * Cyprus, the Caucasus and all of Russia are Europe. Egypt stays in Africa.
 */

const MIDDLE_EAST = ['AE', 'BH', 'IL', 'IQ', 'IR', 'JO', 'KW', 'LB', 'OM', 'PS', 'QA', 'SA', 'SY', 'YE'];
const NORTH_AMERICA = ['US', 'CA', 'MX', 'GL', 'BM', 'PM'];
const CENTRAL_AMERICA = [
  // The isthmus
  'BZ',
  'CR',
  'GT',
  'HN',
  'NI',
  'PA',
  'SV',
  // The Caribbean
  'AG',
  'AI',
  'AW',
  'BB',
  'BL',
  'BQ',
  'BS',
  'CU',
  'CW',
  'DM',
  'DO',
  'GD',
  'GP',
  'HT',
  'JM',
  'KN',
  'KY',
  'LC',
  'MF',
  'MQ',
  'MS',
  'PR',
  'SX',
  'TC',
  'TT',
  'VC',
  'VG',
  'VI',
];
/** Countries whose airports lie on more than one continent, or that agencies sell elsewhere. */
const BY_COUNTRY: Record<string, Region> = {
  RU: 'europe',
  TR: 'europe',
  CY: 'europe',
  GE: 'europe',
  AM: 'europe',
  AZ: 'europe',
  ES: 'europe',
  PT: 'europe',
  KZ: 'asia',
  ID: 'asia',
  EG: 'africa',
  CL: 'south_america',
  EC: 'south_america',
  AU: 'oceania',
  NZ: 'oceania',
};
for (const code of MIDDLE_EAST) BY_COUNTRY[code] = 'middle_east';
for (const code of NORTH_AMERICA) BY_COUNTRY[code] = 'north_america';
for (const code of CENTRAL_AMERICA) BY_COUNTRY[code] = 'central_america';

const BY_CONTINENT: Record<string, Region> = {
  EU: 'europe',
  AS: 'asia',
  AF: 'africa',
  SA: 'south_america',
  OC: 'oceania',
  // North American countries not listed above are Caribbean islands.
  NA: 'central_america',
};

/** The region of an airport in `country` on `continent` (AF, AN, AS, EU, NA, OC, SA); null for Antarctica. */
export function regionOf(country: string, continent: string): Region | null {
  return BY_COUNTRY[country] ?? BY_CONTINENT[continent] ?? null;
}
