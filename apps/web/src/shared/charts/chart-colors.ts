/**
 * The charts' colours: Tailwind's 600/500 shades the rest of the portal uses, distinct for the
 * common kinds of colour blindness in the order they are handed out, and never the only cue (every
 * chart has its labels and a table).
 */
export const CHART_COLORS = {
  indigo: '#4f46e5',
  sky: '#0284c7',
  emerald: '#059669',
  amber: '#d97706',
  rose: '#e11d48',
  violet: '#7c3aed',
  teal: '#0d9488',
  slate: '#94a3b8',
} as const;

const ORDER = [
  CHART_COLORS.indigo,
  CHART_COLORS.amber,
  CHART_COLORS.sky,
  CHART_COLORS.rose,
  CHART_COLORS.emerald,
  CHART_COLORS.violet,
  CHART_COLORS.teal,
  CHART_COLORS.slate,
];

/**
 * States that mean the same wherever they are drawn (a booking's outcome, an agency's status):
 * done in green, waiting in amber or sky, lost in rose, gone quiet in grey.
 */
const BY_MEANING: Record<string, string> = {
  ticketed: CHART_COLORS.emerald,
  approved: CHART_COLORS.emerald,
  booked: CHART_COLORS.sky,
  on_hold: CHART_COLORS.sky,
  email_verified: CHART_COLORS.sky,
  pending_review: CHART_COLORS.amber,
  refund_requested: CHART_COLORS.amber,
  cancelled: CHART_COLORS.slate,
  expired: '#cbd5e1',
  registered: CHART_COLORS.slate,
  voided: CHART_COLORS.violet,
  suspended: CHART_COLORS.violet,
  refunded: CHART_COLORS.rose,
  partially_refunded: '#fb7185',
  refund_rejected: CHART_COLORS.teal,
  rejected: CHART_COLORS.rose,
};

/** The colour of an item: its meaning's when it has one, else the next of the palette. */
export const colorFor = (key: string, index: number): string =>
  BY_MEANING[key] ?? ORDER[index % ORDER.length] ?? CHART_COLORS.indigo;
