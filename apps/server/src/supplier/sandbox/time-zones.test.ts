import { describe, expect, it } from 'vitest';
import {
  epochDayOf,
  formatUtcOffset,
  localDate,
  localTime,
  startOfLocalDay,
  utcOffsetMinutes,
  weekdayOfEpochDay,
} from './time-zones.js';

const minuteOf = (iso: string) => Date.parse(iso) / 60_000;

describe('airport-local time', () => {
  it('knows standard and summer time', () => {
    expect(localTime('America/New_York', minuteOf('2026-01-15T17:00:00Z'))).toMatchObject({
      dateTime: '2026-01-15T12:00:00',
      offset: '-05:00',
    });
    expect(localTime('America/New_York', minuteOf('2026-07-15T16:00:00Z'))).toMatchObject({
      dateTime: '2026-07-15T12:00:00',
      offset: '-04:00',
    });
    // Southern hemisphere: summer in January.
    expect(localTime('Australia/Sydney', minuteOf('2026-01-15T01:00:00Z')).offset).toBe('+11:00');
    expect(localTime('Australia/Sydney', minuteOf('2026-07-15T02:00:00Z')).offset).toBe('+10:00');
    // Half-hour zones and zones without DST.
    expect(localTime('Asia/Kolkata', minuteOf('2026-07-15T00:00:00Z')).offset).toBe('+05:30');
    expect(localTime('Asia/Kathmandu', minuteOf('2026-07-15T00:00:00Z')).offset).toBe('+05:45');
  });

  it('switches at the exact minute on a daylight-saving day', () => {
    // US clocks go forward at 02:00 local (07:00 UTC) on 8 March 2026.
    expect(utcOffsetMinutes('America/New_York', minuteOf('2026-03-08T06:59:00Z'))).toBe(-300);
    expect(utcOffsetMinutes('America/New_York', minuteOf('2026-03-08T07:00:00Z'))).toBe(-240);
    // Europe goes back at 01:00 UTC on 25 October 2026.
    expect(localTime('Europe/Paris', minuteOf('2026-10-25T00:59:00Z')).dateTime).toBe('2026-10-25T02:59:00');
    expect(localTime('Europe/Paris', minuteOf('2026-10-25T01:00:00Z')).dateTime).toBe('2026-10-25T02:00:00');
    // Lord Howe Island moves by half an hour.
    const before = utcOffsetMinutes('Australia/Lord_Howe', minuteOf('2026-10-03T15:29:00Z'));
    const after = utcOffsetMinutes('Australia/Lord_Howe', minuteOf('2026-10-04T15:31:00Z'));
    expect(after - before).toBe(30);
  });

  it('agrees with Intl at every minute around each switch, and at random instants, in awkward zones', () => {
    const intlOffset = (zone: string, epochMinute: number) => {
      const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(new Date(epochMinute * 60_000))
        .find((part) => part.type === 'timeZoneName')!.value;
      const match = /GMT([+-])(\d\d):(\d\d)/.exec(name);
      return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    };
    // Casablanca leaves +01:00 for Ramadan (two switches a month apart); Lord Howe moves by half
    // an hour; Chatham sits at +12:45/+13:45; Santiago and Sydney switch in the south.
    const zones = [
      'Africa/Casablanca',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'America/Santiago',
      'Europe/London',
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const from = minuteOf('2026-01-01T00:00:00Z');
    const to = minuteOf('2028-01-01T00:00:00Z');
    for (const zone of zones) {
      for (let i = 0; i < 400; i += 1) {
        const minute = Math.floor(from + random() * (to - from));
        expect(utcOffsetMinutes(zone, minute), `${zone} at ${minute}`).toBe(intlOffset(zone, minute));
      }
      // Around every switch: find the days whose midnights differ, then check each of their
      // minutes within 20 of a change (every tenth minute elsewhere).
      for (let day = from; day < to; day += 1440) {
        if (intlOffset(zone, day) === intlOffset(zone, day + 1440)) continue;
        for (let coarse = day; coarse < day + 1440; coarse += 10) {
          const changes = intlOffset(zone, coarse) !== intlOffset(zone, coarse + 10);
          for (let minute = coarse - (changes ? 10 : 0); minute <= coarse + (changes ? 20 : 0); minute += 1) {
            expect(utcOffsetMinutes(zone, minute), `${zone} at ${minute}`).toBe(intlOffset(zone, minute));
          }
        }
      }
    }
  });

  it('finds the UTC start of a local day, also on DST days and across the date line', () => {
    const zones = [
      'America/New_York',
      'Europe/London',
      'Pacific/Auckland',
      'Pacific/Honolulu',
      'Pacific/Kiritimati',
      'Asia/Tehran',
    ];
    for (const zone of zones) {
      for (const date of [
        '2026-01-15',
        '2026-03-08',
        '2026-03-29',
        '2026-04-05',
        '2026-09-27',
        '2026-10-25',
        '2026-11-01',
      ]) {
        const start = startOfLocalDay(zone, date);
        expect(localDate(zone, start), `${zone} ${date}`).toBe(date);
        expect(localDate(zone, start - 1) < date, `${zone} ${date}`).toBe(true);
      }
    }
    expect(startOfLocalDay('Pacific/Kiritimati', '2026-12-20')).toBe(minuteOf('2026-12-19T10:00:00Z'));
  });

  it('formats offsets and knows weekdays', () => {
    expect(formatUtcOffset(-570)).toBe('-09:30');
    expect(formatUtcOffset(345)).toBe('+05:45');
    expect(formatUtcOffset(0)).toBe('+00:00');
    expect(weekdayOfEpochDay(epochDayOf('2026-12-20'))).toBe(0);
    expect(weekdayOfEpochDay(epochDayOf('2026-12-21'))).toBe(1);
  });
});
