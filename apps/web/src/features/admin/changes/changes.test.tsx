import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { adminAgencyPath, adminPaths } from '../../../shared/routing/admin-paths';
import { answerGate, fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { AGENCY_ID } from '../testing/admin-fixtures';
import {
  affectedBooking,
  BOOKING_ID,
  exchange,
  leg,
  SCHEDULE_CHANGE_ID,
  scheduleChange,
} from '../testing/change-fixtures';
import { renderConsole } from '../testing/render';
import { CHANGE_SUCCESS } from './change-words';
import { deadlineProblem } from './extend-deadline-dialog';

configure({ asyncUtilTimeout: 10_000 });

const LIST = 'GET /api/admin/schedule-changes';
const PUBLISH = 'POST /api/admin/schedule-changes';
const DEADLINE = `POST /api/admin/schedule-changes/${SCHEDULE_CHANGE_ID}/deadline`;
const EXCHANGES = 'GET /api/admin/exchanges';

const cancelledChange = () =>
  scheduleChange({
    id: '5c4e0a11-0000-4000-8000-000000000002',
    flight: 'EK5',
    departure_date: '2099-12-30',
    kind: 'cancelled',
    before: {
      flight: 'EK5',
      origin: 'DXB',
      destination: 'LHR',
      departs_at: '2099-12-30T07:45:00',
      arrives_at: '2099-12-30T11:35:00',
    },
    after: null,
    source: 'operator',
    published_at: '2099-11-28T16:00:00Z',
    bookings: [affectedBooking({ status: 'cancelled', answered_at: '2099-11-28T17:00:00Z' })],
  });

describe('the schedule changes page', { timeout: 20_000 }, () => {
  it('lists each change with its flight, day, new times, source and how many bookings answered', async () => {
    const gate = answerGate();
    const untouched = scheduleChange({
      id: '5c4e0a11-0000-4000-8000-000000000003',
      flight: 'AF22',
      source: 'operator',
      bookings: [],
    });
    fakeApi({ [LIST]: gate.hold(() => ok([scheduleChange(), cancelledChange(), untouched])) });
    renderConsole(adminPaths.scheduleChanges);
    expect(await screen.findByRole('status', { name: 'Loading the schedule changes' })).toBeInTheDocument();
    gate.open();

    const list = await screen.findByRole('region', { name: 'Schedule changes' });
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('BA117');
    expect(rows[0]).toHaveTextContent('LHR → JFK');
    expect(rows[0]).toHaveTextContent('Tue 22 Dec 2099');
    expect(rows[0]).toHaveTextContent('09:35 → 12:05');
    expect(rows[0]).toHaveTextContent('Retimed 2h 30m later · lands 15:10');
    expect(rows[0]).toHaveTextContent('Airline');
    expect(rows[0]).toHaveTextContent('2 bookings1 answered · 1 waiting');
    const cancelled = rows.find((row) => row.textContent?.includes('EK5'))!;
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(cancelled).toHaveTextContent('was 07:45 → 11:35');
    expect(cancelled).toHaveTextContent('Operator');
    expect(cancelled).toHaveTextContent('1 booking1 answered');
    // A change no booking was on says so, with nothing to open.
    const none = rows.find((row) => row.textContent?.includes('AF22'))!;
    expect(none).toHaveTextContent('No bookings');
    expect(within(none).queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens a change on its bookings: PNR, agency, answer, deadline and when it was answered', async () => {
    fakeApi({ [LIST]: () => ok([scheduleChange()]) });
    const { user } = renderConsole(adminPaths.scheduleChanges);
    const toggle = await screen.findByRole('button', {
      name: 'Show the bookings of BA117 on Tue 22 Dec 2099',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const bookings = screen.getByRole('region', { name: 'Bookings on BA117 on Tue 22 Dec 2099' });
    const pending = within(bookings).getByRole('listitem', { name: 'Booking K7Q2ZD' });
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Horizon Voyages' })).toHaveAttribute(
      'href',
      adminAgencyPath(AGENCY_ID),
    );
    expect(pending).toHaveTextContent('Deadline Sun 20 Dec, 18:00');
    expect(pending).toHaveTextContent('Not answered yet');
    expect(
      within(pending).getByRole('button', { name: 'Extend the deadline of K7Q2ZD' }),
    ).toBeInTheDocument();

    const answered = within(bookings).getByRole('listitem', { name: 'Booking M3XW9P' });
    expect(within(answered).getByText('Accepted')).toBeInTheDocument();
    expect(answered).toHaveTextContent('Answered Sun 29 Nov, 10:12');
    // An answered booking has nothing left to extend.
    expect(within(answered).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hide the bookings of BA117 on Tue 22 Dec 2099' }));
    expect(screen.queryByRole('region', { name: /^Bookings on BA117/ })).not.toBeInTheDocument();
  });

  it('shows only the changes still waiting for an answer on that tab, and says when none waits', async () => {
    const api = fakeApi({ [LIST]: () => ok([scheduleChange(), cancelledChange()]) });
    const { user, router } = renderConsole(adminPaths.scheduleChanges);
    await screen.findByRole('region', { name: 'Schedule changes' });
    await user.click(screen.getByRole('button', { name: 'Waiting for an answer' }));
    expect(router.state.location.search).toBe('?show=pending');
    const list = screen.getByRole('region', { name: 'Schedule changes' });
    expect(within(list).getByText('BA117')).toBeInTheDocument();
    expect(within(list).queryByText('EK5')).not.toBeInTheDocument();
    // Opened on the bookings that wait.
    expect(
      within(list).getByRole('region', { name: 'Bookings on BA117 on Tue 22 Dec 2099' }),
    ).toHaveTextContent('K7Q2ZD');
    // The filter is the page's own: the list is not asked again for it.
    expect(api.calls(LIST)).toHaveLength(1);
  });

  it('says so when there is no change yet, and when no answer waits', async () => {
    fakeApi({ [LIST]: () => ok([]) });
    const { user } = renderConsole(adminPaths.scheduleChanges);
    expect(await screen.findByRole('heading', { name: 'No schedule change yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Waiting for an answer' }));
    expect(await screen.findByRole('heading', { name: 'No answer is waiting' })).toBeInTheDocument();
  });

  it('says a failure with a way to try again, and a refusal as the permission state', async () => {
    let answer = () => fail(500, 'Server error');
    fakeApi({ [LIST]: () => answer() });
    const { user } = renderConsole(adminPaths.scheduleChanges);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('The schedule changes could not be loaded')).toBeInTheDocument();
    answer = () => fail(403, 'Forbidden');
    await user.click(retry);
    expect(await screen.findByText('Schedule changes are not open to your account')).toBeInTheDocument();
  });
});

describe('extending a deadline', { timeout: 20_000 }, () => {
  it('refuses a time not after the current deadline, says the server’s refusal on the field, then sends it', async () => {
    const success = vi.spyOn(toast, 'success');
    let answer = () => invalid({ deadline: ['The deadline can be at most 14 days away'] });
    const api = fakeApi({ [LIST]: () => ok([scheduleChange()]), [DEADLINE]: () => answer() });
    const { user } = renderConsole(adminPaths.scheduleChanges);
    await user.click(await screen.findByRole('button', { name: /^Show the bookings of BA117/ }));
    await user.click(screen.getByRole('button', { name: 'Extend the deadline of K7Q2ZD' }));

    const dialog = await screen.findByRole('dialog', { name: 'Extend the deadline of K7Q2ZD' });
    expect(dialog).toHaveTextContent('Horizon Voyages has until Sun 20 Dec 2099, 18:00');
    const field = within(dialog).getByLabelText('New deadline');
    // A day past the current deadline to start with.
    expect(field).toHaveValue('2099-12-21T18:00');

    await user.clear(field);
    await user.type(field, '2099-12-19T12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Extend deadline' }));
    expect(
      await within(dialog).findByText('Choose a time after the current deadline (Sun 20 Dec 2099, 18:00)'),
    ).toBeInTheDocument();
    expect(api.calls(DEADLINE)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '2099-12-24T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Extend deadline' }));
    expect(await within(dialog).findByText('The deadline can be at most 14 days away')).toBeInTheDocument();
    expect(api.calls(DEADLINE)[0]?.body).toEqual({
      booking_id: BOOKING_ID,
      deadline: '2099-12-24T09:30:00.000Z',
    });

    answer = () => ok(scheduleChange({ bookings: [affectedBooking({ deadline: '2099-12-24T09:30:00Z' })] }));
    await user.click(within(dialog).getByRole('button', { name: 'Extend deadline' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(CHANGE_SUCCESS.extended('K7Q2ZD')));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is asked again: the extension invalidated it.
    await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(1));
  });

  it('says a refusal that is not about the field above the buttons', async () => {
    fakeApi({
      [LIST]: () => ok([scheduleChange()]),
      [DEADLINE]: () => fail(409, 'This booking has already answered the schedule change'),
    });
    const { user } = renderConsole(adminPaths.scheduleChanges);
    await user.click(await screen.findByRole('button', { name: /^Show the bookings of BA117/ }));
    await user.click(screen.getByRole('button', { name: 'Extend the deadline of K7Q2ZD' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Extend deadline' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This booking has already answered the schedule change',
    );
  });

  it('checks the time typed before sending it', () => {
    const current = '2099-12-20T18:00:00Z';
    const now = Date.parse('2099-12-01T00:00:00Z');
    expect(deadlineProblem('', current, now)).toBe('Choose the new deadline');
    expect(deadlineProblem('2099-02-31T10:00', current, now)).toBe('Enter a date and time');
    expect(deadlineProblem('2099-11-30T10:00', current, now)).toBe('Choose a time in the future');
    expect(deadlineProblem('2099-12-20T18:00', current, now)).toMatch(
      /^Choose a time after the current deadline/,
    );
    expect(deadlineProblem('2099-12-20T18:01', current, now)).toBeNull();
  });
});

describe('publishing a schedule change', { timeout: 20_000 }, () => {
  it('checks the fields, shows the server’s field errors under them, then publishes', async () => {
    const success = vi.spyOn(toast, 'success');
    let answer = () => invalid({ flight: ['No sandbox flight BA117 leaves on that day'] });
    const api = fakeApi({ [LIST]: () => ok([]), [PUBLISH]: () => answer() });
    const { user } = renderConsole(adminPaths.scheduleChanges);
    await screen.findByRole('heading', { name: 'No schedule change yet' });
    await user.click(screen.getAllByRole('button', { name: /Publish schedule change/ })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Publish a schedule change' });

    await user.click(within(dialog).getByRole('button', { name: 'Publish schedule change' }));
    expect(await within(dialog).findByText('Enter the flight, e.g. BA117')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the day the flight leaves')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Enter whole minutes, e.g. 90 (−45 moves it earlier)'),
    ).toBeInTheDocument();

    const flight = within(dialog).getByLabelText('Flight');
    const minutes = within(dialog).getByLabelText('Moved by (minutes)');
    const publish = within(dialog).getByRole('button', { name: 'Publish schedule change' });
    await user.type(flight, 'B-117');
    await user.type(within(dialog).getByLabelText('Departure date'), '2099-12-22');
    await user.type(minutes, '90');
    await user.click(publish);
    // The contract's own rule, in its words.
    expect(
      await within(dialog).findByText('A flight is its airline and number, e.g. BA117'),
    ).toBeInTheDocument();

    await user.clear(flight);
    await user.type(flight, 'ba117');
    await user.clear(minutes);
    await user.type(minutes, '900');
    await user.click(publish);
    expect(await within(dialog).findByText('At most 720 minutes (12 hours) later')).toBeInTheDocument();
    expect(api.calls(PUBLISH)).toHaveLength(0);

    await user.clear(minutes);
    await user.type(minutes, '-45');
    await user.click(publish);
    expect(await within(dialog).findByText('No sandbox flight BA117 leaves on that day')).toBeInTheDocument();
    expect(api.calls(PUBLISH)[0]?.body).toEqual({
      flight: 'BA117',
      departure_date: '2099-12-22',
      kind: 'retimed',
      delay_minutes: -45,
    });

    answer = () => ok(scheduleChange({ source: 'operator' }), { status: 201 });
    await user.click(publish);
    await waitFor(() => expect(success).toHaveBeenCalledWith(CHANGE_SUCCESS.published('BA117', 2)));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(1));
  });

  it('publishes a cancellation without minutes, and says a refusal in the form', async () => {
    const api = fakeApi({
      [LIST]: () => ok([scheduleChange()]),
      [PUBLISH]: () => fail(404, 'No flight EK5 on Wed 30 Dec 2099'),
    });
    const { user } = renderConsole(adminPaths.scheduleChanges);
    await user.click(await screen.findByRole('button', { name: 'Publish schedule change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish a schedule change' });
    await user.type(within(dialog).getByLabelText('Flight'), 'EK5');
    await user.type(within(dialog).getByLabelText('Departure date'), '2099-12-30');
    await user.click(within(dialog).getByRole('radio', { name: /Cancelled/ }));
    expect(within(dialog).queryByLabelText('Moved by (minutes)')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish schedule change' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No flight EK5 on Wed 30 Dec 2099');
    expect(api.calls(PUBLISH)[0]?.body).toEqual({
      flight: 'EK5',
      departure_date: '2099-12-30',
      kind: 'cancelled',
    });
  });
});

describe('the exchanges page', { timeout: 20_000 }, () => {
  it('shows each exchange with its booking, legs before and after, the three amounts and the tickets', async () => {
    const gate = answerGate();
    fakeApi({ [EXCHANGES]: gate.hold(() => ok([exchange()])) });
    renderConsole(adminPaths.exchanges);
    expect(await screen.findByRole('status', { name: 'Loading the exchanges' })).toBeInTheDocument();
    gate.open();

    const row = await screen.findByRole('row', { name: 'Exchange of K7Q2ZD for Horizon Voyages' });
    expect(within(row).getByRole('link', { name: 'Horizon Voyages' })).toHaveAttribute(
      'href',
      adminAgencyPath(AGENCY_ID),
    );
    expect(row).toHaveTextContent('by Leila Haddad');
    expect(row).toHaveTextContent('Leg 1 · LHR → JFK');
    expect(row).toHaveTextContent('BA117 Tue 22 Dec, 09:35becameBA117 Fri 25 Dec, 09:35');
    expect(within(row).getByText('Fare difference').nextSibling).toHaveTextContent('+US$120.00');
    expect(within(row).getByText('Penalty').nextSibling).toHaveTextContent('US$50.00');
    expect(within(row).getByText('Net').nextSibling).toHaveTextContent('+US$170.00');
    expect(within(row).getByText('Debited from the credits')).toBeInTheDocument();
    const tickets = within(row).getByRole('list', { name: 'Tickets exchanged' });
    expect(tickets).toHaveTextContent('125-2100000001replaced by125-2100000003');
    expect(tickets).toHaveTextContent('125-2100000002replaced by125-2100000004');
  });

  it('says where a residual went: back to the credits, or forfeited on a non-refundable fare', async () => {
    fakeApi({
      [EXCHANGES]: () =>
        ok([
          exchange({
            id: 'e0000000-0000-4000-8000-000000000002',
            pnr: 'AAAAAA',
            fare_difference: { Amount: -80, CurrencyCode: 'USD' },
            penalty: { Amount: 0, CurrencyCode: 'USD' },
            change_total: { Amount: -80, CurrencyCode: 'USD' },
            refund_to: 'credits',
          }),
          exchange({
            id: 'e0000000-0000-4000-8000-000000000003',
            pnr: 'BBBBBB',
            fare_difference: { Amount: -80, CurrencyCode: 'USD' },
            penalty: { Amount: 50, CurrencyCode: 'USD' },
            change_total: { Amount: -30, CurrencyCode: 'USD' },
            refund_to: 'forfeited',
          }),
          exchange({
            id: 'e0000000-0000-4000-8000-000000000004',
            pnr: 'CCCCCC',
            kind: 'schedule_alternative',
            fare_difference: { Amount: 0, CurrencyCode: 'USD' },
            penalty: { Amount: 0, CurrencyCode: 'USD' },
            change_total: { Amount: 0, CurrencyCode: 'USD' },
            after: [leg(0, '2099-12-23T09:35:00', '2099-12-23T12:40:00')],
            actor: null,
          }),
        ]),
    });
    renderConsole(adminPaths.exchanges);
    const back = await screen.findByRole('row', { name: /of AAAAAA/ });
    expect(within(back).getByText('Net').nextSibling).toHaveTextContent('−US$80.00');
    expect(within(back).getByText('US$80.00 back to the credits')).toBeInTheDocument();
    const forfeited = screen.getByRole('row', { name: /of BBBBBB/ });
    expect(
      within(forfeited).getByText('Residual US$30.00 forfeited (non-refundable fare)'),
    ).toBeInTheDocument();
    const alternative = screen.getByRole('row', {
      name: 'Schedule change alternative of CCCCCC for Horizon Voyages',
    });
    expect(within(alternative).getByText('Nothing to pay')).toBeInTheDocument();
  });

  it('says when there is none', async () => {
    fakeApi({ [EXCHANGES]: () => ok([]) });
    renderConsole(adminPaths.exchanges);
    expect(await screen.findByRole('heading', { name: 'No exchange yet' })).toBeInTheDocument();
  });

  it('says a failure with a way to try again, and a refusal as the permission state', async () => {
    let answer = () => fail(500, 'Server error');
    fakeApi({ [EXCHANGES]: () => answer() });
    const { user } = renderConsole(adminPaths.exchanges);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('The exchanges could not be loaded')).toBeInTheDocument();
    answer = () => fail(403, 'Forbidden');
    await user.click(retry);
    expect(await screen.findByText('Exchanges are not open to your account')).toBeInTheDocument();
  });
});

describe('the console menu', { timeout: 20_000 }, () => {
  it('leads to both pages', async () => {
    fakeApi({ [LIST]: () => ok([]), [EXCHANGES]: () => ok([]) });
    const { user, router } = renderConsole(adminPaths.scheduleChanges);
    const nav = await screen.findByRole('navigation', { name: 'Console navigation' });
    expect(within(nav).getByRole('link', { name: /^Schedule changes/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(nav).getByRole('link', { name: /^Exchanges/ }));
    expect(router.state.location.pathname).toBe(adminPaths.exchanges);
    expect(await screen.findByRole('heading', { level: 1, name: 'Exchanges' })).toBeInTheDocument();
  });
});
