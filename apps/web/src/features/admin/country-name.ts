import { COUNTRIES } from '@skydesk/contract';

const countryNames = new Map(COUNTRIES.map((country) => [country.code, country.name]));

/** 'AE' → "United Arab Emirates"; an unknown code as it is. */
export const countryName = (code: string): string => countryNames.get(code) ?? code;
