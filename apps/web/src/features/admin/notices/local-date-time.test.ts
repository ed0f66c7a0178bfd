import { describe, expect, it } from 'vitest';
import { instantToLocalInput, localInputToInstant } from './local-date-time';

describe('local date-times of the post editor', () => {
  it('reads what a datetime-local input holds in the browser’s zone, as an instant in UTC', () => {
    const local = '2026-03-10T14:30';
    expect(localInputToInstant(local)).toBe(new Date(2026, 2, 10, 14, 30).toISOString());
    expect(localInputToInstant('2026-03-10T14:30:15')).toBe(new Date(2026, 2, 10, 14, 30, 15).toISOString());
  });

  it('goes there and back', () => {
    for (const instant of [
      '2026-03-10T10:30:00.000Z',
      '2026-12-31T23:59:00.000Z',
      '2027-07-01T00:00:00.000Z',
    ]) {
      expect(localInputToInstant(instantToLocalInput(instant))).toBe(instant);
    }
  });

  it('refuses what is not a date and time', () => {
    for (const typed of ['', '2026-03-10', '2026-02-31T10:00', '2026-13-01T10:00', '10:00', 'soon']) {
      expect(localInputToInstant(typed), typed).toBeNull();
    }
  });

  it('shows nothing for no instant', () => {
    expect(instantToLocalInput(null)).toBe('');
    expect(instantToLocalInput('nonsense')).toBe('');
  });
});
