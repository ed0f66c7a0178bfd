import type { ActiveRoutes } from '@skydesk/contract';

export type Airport = ActiveRoutes['Airports'][number];

/** An airport with what it is matched on, prepared once (about 4,500 of them). */
export type AirportEntry = Airport & { country: string; label: string; haystack: string };

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** 'GB' → "United Kingdom" (the code itself when the browser cannot name it). */
export function countryName(code: string): string {
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** "LHR · London, United Kingdom — Heathrow Airport" */
export const airportLabel = (airport: Airport): string =>
  `${airport.code} · ${airport.city}, ${countryName(airport.country_code)} — ${airport.name}`;

export function indexAirports(airports: Airport[]): AirportEntry[] {
  return airports.map((airport) => {
    const country = countryName(airport.country_code);
    return {
      ...airport,
      country,
      label: airportLabel(airport),
      haystack: fold(`${airport.code} ${airport.city} ${airport.name} ${country} ${airport.country_code}`),
    };
  });
}

/**
 * The airports a query names, best first: the exact code, then codes, cities, airport names and
 * countries starting with it, then any word of them containing it. Accents and case are ignored.
 */
export function matchAirports(entries: AirportEntry[], query: string, limit = 8): AirportEntry[] {
  const q = fold(query.trim());
  if (q === '') return [];
  const scored: { entry: AirportEntry; score: number }[] = [];
  for (const entry of entries) {
    if (!entry.haystack.includes(q)) continue;
    const code = entry.code.toLowerCase();
    const city = fold(entry.city);
    const name = fold(entry.name);
    const country = fold(entry.country);
    let score: number;
    if (code === q) score = 0;
    else if (city === q) score = 1;
    else if (code.startsWith(q)) score = 2;
    else if (city.startsWith(q)) score = 3;
    else if (name.startsWith(q)) score = 4;
    else if (country.startsWith(q) || entry.country_code.toLowerCase() === q) score = 5;
    else if (` ${city} ${name}`.includes(` ${q}`)) score = 6;
    else score = 7;
    scored.push({ entry, score });
  }
  return scored
    .sort(
      (a, b) =>
        a.score - b.score ||
        a.entry.city.localeCompare(b.entry.city) ||
        a.entry.code.localeCompare(b.entry.code),
    )
    .slice(0, limit)
    .map((item) => item.entry);
}
