import { countryName } from '../../country-name';

/** Who a post is for, in a list row: "All agencies", or the countries ("Qatar, United Arab Emirates and 3 more"). */
export function audienceText(countries: readonly string[], shown = 3): string {
  if (countries.length === 0) return 'All agencies';
  const names = countries.map(countryName).sort((a, b) => a.localeCompare(b));
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}
