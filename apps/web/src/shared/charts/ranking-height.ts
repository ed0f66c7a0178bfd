/** The height of a ranking's picture: a bar per item (the chart reserves it, the lazily loaded plot draws in it). */
export const rankingHeight = (items: number): number => Math.max(1, items) * 34 + 8;
