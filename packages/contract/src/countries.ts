/**
 * ISO 3166-1 alpha-2 countries, with English names, as the runtime's Unicode data knows them.
 * Built once from Intl.DisplayNames instead of a copied table; groupings and test regions that
 * are not countries are left out.
 */
const NOT_COUNTRIES = new Set([
  'EU',
  'EZ',
  'UN',
  'QO',
  'XA',
  'XB',
  'ZZ',
  'AN',
  'BU',
  'CS',
  'DD',
  'FX',
  'NT',
  'SU',
  'TP',
  'YD',
  'YU',
  'ZR',
]);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export type Country = { code: string; name: string };

export const COUNTRIES: readonly Country[] = (() => {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const list: Country[] = [];
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second;
      if (NOT_COUNTRIES.has(code)) continue;
      const name = regionNames.of(code);
      if (name && name !== code) list.push({ code, name });
    }
  }
  return list.sort((a, b) => a.name.localeCompare(b.name));
})();

const COUNTRY_CODES = new Set(COUNTRIES.map((country) => country.code));

export const isCountryCode = (code: string): boolean => COUNTRY_CODES.has(code);
