import { describe, expect, it } from 'vitest';
import {
  kpiSelectionParams,
  presetRange,
  previousRange,
  rangeDays,
  rangeProblem,
  readKpiSelection,
  todayIn,
} from './kpi-range';

describe("an agency's today", () => {
  it('is already tomorrow in Asia/Dubai at 22:30 UTC, and still today in New York', () => {
    const now = new Date('2026-03-14T22:30:00Z');
    expect(todayIn('Asia/Dubai', now)).toBe('2026-03-15');
    expect(todayIn('UTC', now)).toBe('2026-03-14');
    expect(todayIn('America/New_York', now)).toBe('2026-03-14');
  });

  it('is still yesterday west of UTC just after midnight UTC', () => {
    expect(todayIn('America/Los_Angeles', new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
    expect(todayIn('Pacific/Kiritimati', new Date('2025-12-31T11:00:00Z'))).toBe('2026-01-01');
  });
});

describe('the range presets', () => {
  const today = '2026-03-15';

  it('count today, 7 and 30 days back from the zone’s today, both ends included', () => {
    expect(presetRange('today', today)).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    expect(presetRange('7d', today)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(presetRange('30d', today)).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(rangeDays(presetRange('7d', today))).toBe(7);
    expect(rangeDays(presetRange('30d', today))).toBe(30);
  });

  it('take this month so far, the whole of last month and the year so far', () => {
    expect(presetRange('this-month', today)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(presetRange('last-month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last-month', '2024-03-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('last-month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('ytd', today)).toEqual({ from: '2026-01-01', to: '2026-03-15' });
  });

  it('give Dubai’s figures for its own new day while UTC is still on the day before', () => {
    const now = new Date('2026-03-31T22:30:00Z');
    expect(presetRange('today', todayIn('Asia/Dubai', now))).toEqual({
      from: '2026-04-01',
      to: '2026-04-01',
    });
    expect(presetRange('this-month', todayIn('Asia/Dubai', now)).from).toBe('2026-04-01');
    expect(presetRange('this-month', todayIn('UTC', now)).from).toBe('2026-03-01');
  });

  it('compare with the period of equal length just before', () => {
    expect(previousRange({ from: '2026-03-09', to: '2026-03-15' })).toEqual({
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    });
  });
});

describe('the range in the address', () => {
  const read = (search: string) => readKpiSelection(new URLSearchParams(search));

  it('reads a preset, fixed days, and falls back to 30 days on anything else', () => {
    expect(read('range=7d')).toEqual({ preset: '7d' });
    expect(read('from=2026-01-01&to=2026-01-31')).toEqual({
      preset: 'custom',
      range: { from: '2026-01-01', to: '2026-01-31' },
    });
    expect(read('')).toEqual({ preset: '30d' });
    expect(read('range=decade')).toEqual({ preset: '30d' });
    expect(read('from=2026-02-01&to=2026-01-01')).toEqual({ preset: '30d' });
    expect(read('from=2026-02-30&to=2026-03-01')).toEqual({ preset: '30d' });
    expect(read('from=2020-01-01&to=2026-01-01')).toEqual({ preset: '30d' });
  });

  it('writes them back, the default as the bare path', () => {
    expect(kpiSelectionParams({ preset: '30d' }).toString()).toBe('');
    expect(kpiSelectionParams({ preset: 'ytd' }).toString()).toBe('range=ytd');
    expect(
      kpiSelectionParams({ preset: 'custom', range: { from: '2026-01-01', to: '2026-01-02' } }).toString(),
    ).toBe('from=2026-01-01&to=2026-01-02');
  });

  it('refuses a custom range the server would', () => {
    expect(rangeProblem({ from: '', to: '2026-01-01' })).toBe('Choose both days');
    expect(rangeProblem({ from: '2026-01-02', to: '2026-01-01' })).toBe('The end is before the start');
    expect(rangeProblem({ from: '2024-01-01', to: '2026-01-01' })).toBe('At most 731 days at once');
    expect(rangeProblem({ from: '2024-01-01', to: '2025-12-31' })).toBeNull();
  });
});
