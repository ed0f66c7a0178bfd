import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, ok } from '../../../testing/fake-api';
import { sampleUser } from '../../../testing/fake-session';
import { emptyTraveller } from '../passengers';
import { familyOffer, savedTravellers } from '../testing/bookings';
import { bookingState, renderBookingScreen, routesAnswer } from '../testing/render';

// Screens load lazily: the first one of a file compiles its module graph.
configure({ asyncUtilTimeout: 5000 });

const section = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}`) });

async function fillPassenger(
  user: UserEvent,
  name: string,
  values: {
    title: string;
    first: string;
    last: string;
    gender: 'Male' | 'Female';
    born: string;
    nationality: string;
    passport: string;
    expiry: string;
  },
) {
  const group = within(section(name));
  await user.selectOptions(group.getByLabelText('Title'), values.title);
  await user.type(group.getByLabelText('First and middle names'), values.first);
  await user.type(group.getByLabelText('Last name'), values.last);
  await user.selectOptions(group.getByLabelText('Gender'), values.gender);
  await user.type(group.getByLabelText('Date of birth'), values.born);
  await user.selectOptions(group.getByLabelText('Nationality'), values.nationality);
  await user.type(group.getByLabelText('Passport number'), values.passport);
  await user.type(group.getByLabelText('Passport expiry'), values.expiry);
}

describe('travellers’ details', { timeout: 30_000 }, () => {
  it('sends to the search when no flight was chosen', async () => {
    fakeApi({});
    const { user, router } = renderBookingScreen(paths.dashboard.travelersDetails, bookingState());
    expect(await screen.findByRole('heading', { name: 'No flight chosen' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Search flights' }));
    expect(router.state.location.pathname).toBe(paths.dashboard.searchFlights);
  });

  it('asks for each passenger of the mix, checks ages and passports on the trip’s dates, and saves as it goes', async () => {
    fakeApi({ 'POST /api/booking-all-active-routes': () => ok(routesAnswer) });
    const { user, router, store } = renderBookingScreen(
      paths.dashboard.travelersDetails,
      bookingState({ itinerary: familyOffer }),
    );

    await screen.findByRole('group', { name: /^Adult 1/ });
    expect(screen.getAllByRole('group', { name: /^(Adult|Child|Infant) \d/ })).toHaveLength(4);
    expect(screen.getByRole('group', { name: /^Child 1/ })).toBeInTheDocument();
    // Titles fit the type.
    const childTitles = within(section('Child 1')).getByLabelText('Title');
    expect(
      within(childTitles)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Master', 'Miss']);
    // The age rule and the passport date are spelled out before anything is typed.
    expect(within(section('Infant 1')).getByText('Under 2 on Tue 22 Dec 2026')).toBeInTheDocument();
    expect(within(section('Adult 1')).getByText('Valid until Tue 22 Jun 2027 or later')).toBeInTheDocument();
    // The contact starts as the signed-in agent's.
    expect(screen.getByLabelText('E-mail')).toHaveValue(sampleUser.email);
    expect(screen.getByLabelText('Phone')).toHaveValue(sampleUser.phone);
    expect(screen.getByText(/Offer valid for/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Continue to seats/ }));
    expect(within(section('Adult 1')).getByText('Choose a title')).toBeInTheDocument();
    expect(within(section('Adult 1')).getByText('Enter the first name')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard.travelersDetails);

    await fillPassenger(user, 'Adult 1', {
      title: 'Mrs',
      first: 'Layla',
      last: 'Hassan',
      gender: 'Female',
      born: '1988-04-12',
      nationality: 'United Arab Emirates',
      passport: 'p1234567',
      expiry: '2031-03-01',
    });
    await fillPassenger(user, 'Adult 2', {
      title: 'Mr',
      first: 'Omar',
      last: 'Hassan',
      gender: 'Male',
      born: '1985-09-30',
      nationality: 'United Arab Emirates',
      passport: 'P7654321',
      // Expires 5 months after the flight: not enough.
      expiry: '2027-05-22',
    });
    await fillPassenger(user, 'Child 1', {
      title: 'Miss',
      first: 'Noor',
      last: 'Hassan',
      gender: 'Female',
      // 12 on the travel date: an adult, not a child.
      born: '2014-12-01',
      nationality: 'United Arab Emirates',
      passport: 'C1112223',
      expiry: '2030-01-01',
    });
    await fillPassenger(user, 'Infant 1', {
      title: 'Master',
      first: 'Adam',
      last: 'Hassan',
      gender: 'Male',
      // Turns 2 on the day of the flight.
      born: '2024-12-22',
      nationality: 'United Arab Emirates',
      passport: 'I4445556',
      expiry: '2029-01-01',
    });
    await user.click(screen.getByRole('button', { name: /Continue to seats/ }));

    expect(
      within(section('Adult 2')).getByText(
        'Must be valid until at least Tue 22 Jun 2027, 6 months after the last flight',
      ),
    ).toBeInTheDocument();
    expect(
      within(section('Child 1')).getByText('A child is under 12 on the travel date'),
    ).toBeInTheDocument();
    expect(
      within(section('Infant 1')).getByText('An infant is under 2 on the travel date'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard.travelersDetails);

    // Every keystroke is in the persisted draft already.
    expect(store.getState().bookingDraft.form?.passengers[0]).toMatchObject({
      first_name: 'Layla',
      passport_number: 'p1234567',
    });
    expect(store.getState().bookingDraft.form?.offer_id).toBe(familyOffer.offer_id);

    const adult2 = within(section('Adult 2'));
    await user.clear(adult2.getByLabelText('Passport expiry'));
    await user.type(adult2.getByLabelText('Passport expiry'), '2027-06-22');
    const child = within(section('Child 1'));
    await user.clear(child.getByLabelText('Date of birth'));
    await user.type(child.getByLabelText('Date of birth'), '2014-12-23');
    const infant = within(section('Infant 1'));
    await user.clear(infant.getByLabelText('Date of birth'));
    await user.type(infant.getByLabelText('Date of birth'), '2024-12-23');
    await user.click(screen.getByRole('checkbox', { name: /Save travellers for next time/ }));
    await user.click(screen.getByRole('button', { name: /Continue to seats/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.chooseSeats));
    const draft = store.getState().bookingDraft;
    expect(draft.form?.save_travellers).toBe(true);
    expect(draft.form?.passengers.map((p) => p.passenger_type)).toEqual([
      'adult',
      'adult',
      'child',
      'infant',
    ]);
    expect(draft.previousTraveller).toMatchObject({ first_name: 'Layla', last_name: 'Hassan' });
  });

  it('fills a passenger from the saved travellers, never the same one twice', async () => {
    const api = fakeApi({
      'POST /api/booking-all-active-routes': () => ok(routesAnswer),
      'GET /api/getTravellers': () => ok(savedTravellers),
    });
    const { user, store } = renderBookingScreen(
      paths.dashboard.travelersDetails,
      bookingState({ itinerary: familyOffer }),
    );
    await screen.findByRole('group', { name: /^Adult 1/ });

    await user.click(within(section('Adult 1')).getByRole('button', { name: /Pick a saved traveller/ }));
    const list = await screen.findByRole('list', { name: 'Saved travellers for Adult 1' });
    expect(api.calls('GET /api/getTravellers')[0]?.query.get('passenger_type')).toBe('adult');
    await user.type(screen.getByLabelText('Search saved travellers for Adult 1'), 'layla');
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: /LAYLA HASSAN/ }));

    const adult1 = within(section('Adult 1'));
    expect(adult1.getByLabelText('First and middle names')).toHaveValue('LAYLA');
    expect(adult1.getByLabelText('Passport number')).toHaveValue('P1234567');
    expect(adult1.getByText('Saved traveller')).toBeInTheDocument();
    expect(store.getState().bookingDraft.disabledTravellerIds).toEqual([savedTravellers[0]!.id]);

    // The same type's list is fetched once, and Layla is taken.
    await user.click(within(section('Adult 2')).getByRole('button', { name: /Pick a saved traveller/ }));
    const second = await screen.findByRole('list', { name: 'Saved travellers for Adult 2' });
    expect(within(second).getByRole('button', { name: /LAYLA HASSAN/ })).toBeDisabled();
    expect(within(second).getByRole('button', { name: /LAYLA HASSAN/ })).toHaveTextContent(
      'Already in this booking',
    );
    expect(api.calls('GET /api/getTravellers')).toHaveLength(1);
    await user.click(within(second).getByRole('button', { name: /OMAR HASSAN/ }));
    expect(store.getState().bookingDraft.disabledTravellerIds).toHaveLength(2);

    // Clearing a passenger gives the traveller back.
    await user.click(within(section('Adult 1')).getByRole('button', { name: /Clear/ }));
    expect(within(section('Adult 1')).getByLabelText('First and middle names')).toHaveValue('');
    expect(store.getState().bookingDraft.disabledTravellerIds).toEqual([savedTravellers[1]!.id]);
  });

  it('offers the previous traveller again, and keeps the typed draft across a reload', async () => {
    fakeApi({ 'POST /api/booking-all-active-routes': () => ok(routesAnswer) });
    const previous = {
      ...emptyTraveller('adult'),
      title: 'MS',
      first_name: 'SARA',
      last_name: 'KHAN',
      gender: 'F',
      date_of_birth: '1990-02-02',
      nationality: 'PK',
      passport_number: 'AB9988776',
      passport_expiry: '2032-02-02',
    };
    const typed = {
      offer_id: familyOffer.offer_id,
      passengers: [
        { ...emptyTraveller('adult'), first_name: 'Kept' },
        emptyTraveller('adult'),
        emptyTraveller('child'),
        emptyTraveller('infant'),
      ],
      contact: { email: 'desk@agency.example', phone: '+44 20 7946 0000' },
      save_travellers: false,
    };
    const { user } = renderBookingScreen(
      paths.dashboard.travelersDetails,
      bookingState({ itinerary: familyOffer, draft: { form: typed, previousTraveller: previous } }),
    );
    const adult1 = within(await screen.findByRole('group', { name: /^Adult 1/ }));
    expect(adult1.getByLabelText('First and middle names')).toHaveValue('Kept');
    expect(screen.getByLabelText('E-mail')).toHaveValue('desk@agency.example');
    // Not offered for the child or the infant: the previous traveller is an adult.
    expect(within(section('Child 1')).queryByRole('button', { name: /Same as previous/ })).toBeNull();

    await user.click(within(section('Adult 2')).getByRole('button', { name: /Same as previous traveller/ }));
    expect(within(section('Adult 2')).getByLabelText('Last name')).toHaveValue('KHAN');
    // Now on the booking: offered nowhere else.
    expect(screen.queryByRole('button', { name: /Same as previous traveller/ })).toBeNull();
  });

  it('stops at an expired offer and says to search again', async () => {
    fakeApi({ 'POST /api/booking-all-active-routes': () => ok(routesAnswer) });
    const expired = { ...familyOffer, offer_expires_at: new Date(Date.now() - 1000).toISOString() };
    renderBookingScreen(paths.dashboard.travelersDetails, bookingState({ itinerary: expired }));
    expect(await screen.findByText('Offer expired — search again')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Search again/ })).toHaveAttribute(
      'href',
      paths.dashboard.flightResults,
    );
    expect(screen.getByRole('button', { name: /Continue to seats/ })).toBeDisabled();
  });
});
