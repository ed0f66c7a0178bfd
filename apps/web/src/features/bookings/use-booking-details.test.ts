import { describe, expect, it } from 'vitest';
import { heldBooking, ticketedBooking } from './testing/bookings';
import { nextActionChange } from './use-booking-details';

const at = (iso: string) => Date.parse(iso);

describe('the next moment a booking’s actions change', () => {
  it('is a hold’s ticketing deadline while it lies ahead', () => {
    const hold = heldBooking({ ticketing_deadline: '2026-12-01T10:00:00.000Z', void_until: null });
    expect(nextActionChange(hold, at('2026-12-01T09:00:00Z'))).toBe(at('2026-12-01T10:00:00Z'));
    expect(nextActionChange(hold, at('2026-12-01T10:00:00Z'))).toBeNull();
  });

  it('is a ticketed booking’s end of the void window, and none after it', () => {
    const ticketed = ticketedBooking({
      ticketing_deadline: '2026-12-01T10:00:00.000Z',
      void_until: '2026-12-02T08:00:00.000Z',
    });
    // The deadline of a hold no longer counts once the booking is ticketed.
    expect(nextActionChange(ticketed, at('2026-12-01T09:00:00Z'))).toBe(at('2026-12-02T08:00:00Z'));
    expect(nextActionChange(ticketed, at('2026-12-02T08:00:01Z'))).toBeNull();
  });
});
