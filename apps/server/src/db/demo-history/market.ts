/** What the demo agency (San Francisco) sells, and the parties who travel with it. */

/**
 * Routes a San Francisco agency sells, each on carriers the sandbox network flies it with (checked
 * against the network: a direct flight every day), with how often it is sold.
 */
export const ROUTES: { from: string; to: string; carriers: string[]; weight: number; longHaul: boolean }[] = [
  { from: 'SFO', to: 'JFK', carriers: ['B6'], weight: 14, longHaul: false },
  { from: 'SFO', to: 'ORD', carriers: ['UA'], weight: 9, longHaul: false },
  { from: 'SFO', to: 'SEA', carriers: ['AS'], weight: 9, longHaul: false },
  { from: 'SFO', to: 'LAS', carriers: ['WN'], weight: 7, longHaul: false },
  { from: 'SFO', to: 'ATL', carriers: ['DL'], weight: 4, longHaul: false },
  { from: 'SFO', to: 'DFW', carriers: ['AA'], weight: 5, longHaul: false },
  { from: 'SFO', to: 'MEX', carriers: ['AM'], weight: 4, longHaul: false },
  { from: 'SFO', to: 'YVR', carriers: ['AC'], weight: 4, longHaul: false },
  { from: 'LAX', to: 'JFK', carriers: ['B6'], weight: 4, longHaul: false },
  { from: 'SFO', to: 'LHR', carriers: ['VS', 'BA'], weight: 7, longHaul: true },
  { from: 'SFO', to: 'HND', carriers: ['JL'], weight: 3, longHaul: true },
  { from: 'SFO', to: 'FRA', carriers: ['LH'], weight: 3, longHaul: true },
  { from: 'SFO', to: 'DXB', carriers: ['EK'], weight: 2, longHaul: true },
  { from: 'SFO', to: 'ICN', carriers: ['KE', 'OZ'], weight: 2, longHaul: true },
  { from: 'SFO', to: 'HKG', carriers: ['CX'], weight: 1, longHaul: true },
  { from: 'SFO', to: 'SYD', carriers: ['QF'], weight: 1, longHaul: true },
  { from: 'JFK', to: 'LHR', carriers: ['BA', 'VS'], weight: 4, longHaul: true },
  { from: 'LHR', to: 'JFK', carriers: ['BA', 'VS'], weight: 3, longHaul: true },
  { from: 'DXB', to: 'LHR', carriers: ['EK', 'BA'], weight: 2, longHaul: true },
  { from: 'LHR', to: 'DXB', carriers: ['EK', 'BA'], weight: 2, longHaul: true },
];

/** Parties, by how often they travel: adults, children, infants. */
export const PARTIES: { adults: number; children: number; infants: number; weight: number }[] = [
  { adults: 1, children: 0, infants: 0, weight: 62 },
  { adults: 2, children: 0, infants: 0, weight: 17 },
  { adults: 3, children: 0, infants: 0, weight: 3 },
  { adults: 2, children: 1, infants: 0, weight: 8 },
  { adults: 2, children: 2, infants: 0, weight: 5 },
  { adults: 1, children: 0, infants: 1, weight: 3 },
  { adults: 2, children: 1, infants: 1, weight: 4 },
];

export type Route = (typeof ROUTES)[number];
export type Party = (typeof PARTIES)[number];
