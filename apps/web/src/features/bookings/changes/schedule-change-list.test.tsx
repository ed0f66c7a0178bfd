import type { Booking } from '@skydesk/contract';
import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, ok } from '../../../testing/fake-api';
import { sampleCompany } from '../../../testing/fake-session';
import { asListed } from '../testing/bookings';
import { bookingState, renderBookingScreen } from '../testing/render';
import { pendingScheduleChange, ticketedReturn } from './testing';

configure({ asyncUtilTimeout: 5000 });

const listed = (id: string, pnr: string, overrides: Partial<Booking>): Booking => ({
  ...asListed(ticketedReturn()),
  id,
  pnr,
  ...overrides,
});

describe('bookings list (issue 32)', { timeout: 20_000 }, () => {
  it('marks the booking whose schedule change waits for an answer, not the one already answered', async () => {
    fakeApi({
      [`GET /api/booking/company/${sampleCompany.id}`]: () =>
        ok([
          listed('11111111-1111-4111-8111-111111111111', 'MOVED1', {
            schedule_change: pendingScheduleChange(),
          }),
          listed('22222222-2222-4222-8222-222222222222', 'ANSWRD', {
            schedule_change: pendingScheduleChange({ status: 'accepted', actions: [] }),
          }),
        ]),
    });
    renderBookingScreen(`${paths.dashboard.flightBookings}?status=ticketed`, bookingState());
    const marker = await screen.findByText('Airline changed a flight', {}, { timeout: 15_000 });
    expect(marker.closest('a')).toHaveTextContent('MOVED1');
    expect(screen.getAllByText('Airline changed a flight')).toHaveLength(1);
    expect(screen.getByText('ANSWRD')).toBeInTheDocument();
  });
});
