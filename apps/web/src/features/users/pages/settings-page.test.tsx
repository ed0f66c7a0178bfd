import {
  type CompanyProfile,
  PROFILE_IMAGE_MAX_BYTES,
  SUCCESS,
  USER_RULES,
  type User,
  type UserSession,
} from '@skydesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, invalid, ok } from '../../../testing/fake-api';
import { sampleUser, signedInState } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';
import { COMPANY_PROFILE_SAVED } from '../settings/company-profile-card';
import { PROFILE_IMAGE_MESSAGES } from '../settings/profile-image-file';

const accountUser = (overrides: Partial<User> = {}): User => ({
  ...sampleUser,
  is_active: true,
  status: 'active',
  invitation_expires_at: null,
  last_sign_in_at: '2026-11-20T08:00:00.000Z',
  created_at: '2026-01-10T08:00:00.000Z',
  ...overrides,
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const sampleSessions = (): UserSession[] => [
  {
    id: 'a1111111-1111-4111-8111-111111111111',
    device: 'Safari on iPhone',
    ip: '94.200.10.7',
    last_seen_at: minutesAgo(5),
    created_at: '2026-11-18T07:00:00.000Z',
    current: false,
  },
  {
    id: 'b2222222-2222-4222-8222-222222222222',
    device: 'Chrome on Windows',
    ip: '10.0.0.4',
    last_seen_at: minutesAgo(0),
    created_at: '2026-11-20T08:00:00.000Z',
    current: true,
  },
  {
    id: 'c3333333-3333-4333-8333-333333333333',
    device: 'Firefox on Linux',
    ip: null,
    last_seen_at: minutesAgo(3 * 24 * 60),
    created_at: '2026-11-01T07:00:00.000Z',
    current: false,
  },
];

const sampleProfile = (): CompanyProfile => ({
  id: sampleUser.company_id,
  name: 'Demo Travels',
  contact_name: 'Amina Rahman',
  email: 'office@demo-travels.example',
  phone: '+971 4 555 0100',
  country: 'AE',
  city: 'Dubai',
  address: 'Office 1204, Bay Square 3, Business Bay',
  iata_number: '9612345',
  time_zone: 'Asia/Dubai',
  time_zone_default: true,
});

/** Every section's reads answered, plus the test's own routes. */
const settingsApi = (routes: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /api/user/sessions': () => ok(sampleSessions()),
    'GET /api/company/profile': () => ok(sampleProfile()),
    ...routes,
  });

const section = (name: string) => screen.getByRole('region', { name });

const openSettings = (session: Parameters<typeof signedInState>[0] = {}) =>
  renderApp(paths.dashboard.settings, { preloadedState: signedInState(session) });

describe('the settings screen: profile', () => {
  it('saves the name and phone, and the header shows the new name at once', async () => {
    const api = settingsApi({
      'PUT /api/user/update-account': ({ body }) =>
        ok(accountUser(body as Partial<User>), { message: SUCCESS.accountUpdated }),
    });
    const { user, store } = openSettings();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByLabelText('E-mail')).toHaveValue(sampleUser.email);
    expect(within(profile).getByLabelText('E-mail')).toBeDisabled();
    expect(within(profile).getByRole('button', { name: 'Save profile' })).toBeDisabled();

    const name = within(profile).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Amina R. Khan');
    const phone = within(profile).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+971 55 765 4321');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText(SUCCESS.accountUpdated)).toBeInTheDocument();
    expect(api.calls('PUT /api/user/update-account')[0]?.body).toEqual({
      name: 'Amina R. Khan',
      phone: '+971 55 765 4321',
    });
    expect(screen.getByRole('button', { name: 'Account menu for Amina R. Khan' })).toBeInTheDocument();
    expect(store.getState().session.user).toMatchObject({ name: 'Amina R. Khan', phone: '+971 55 765 4321' });
    // Saved: nothing left to save.
    expect(within(profile).getByRole('button', { name: 'Save profile' })).toBeDisabled();
  });

  it('checks the fields before sending', async () => {
    const api = settingsApi();
    const { user } = openSettings();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    const name = within(profile).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'A');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(name).toHaveAccessibleDescription('Name is too short');
    expect(api.calls('PUT /api/user/update-account')).toHaveLength(0);
  });
});

describe('the settings screen: password', () => {
  it("shows the server's refusal of the current password on its field, then changes it", async () => {
    let attempts = 0;
    const api = settingsApi({
      'PUT /api/user/update-account': () => {
        attempts += 1;
        return attempts === 1
          ? invalid({ current_password: [USER_RULES.wrongPassword] })
          : ok(accountUser(), { message: SUCCESS.accountUpdated });
      },
    });
    const { user } = openSettings();
    const card = await screen.findByRole('region', { name: 'Password' });
    expect(card).toHaveTextContent('signs you out on every other device');
    // The devices list shows the two other devices before the change.
    expect(await screen.findByRole('listitem', { name: 'Firefox on Linux' })).toBeInTheDocument();

    const current = within(card).getByLabelText('Current password');
    await user.type(current, 'not-my-password');
    await user.type(within(card).getByLabelText('New password'), 'Harbour-Lights-2026');
    await user.type(within(card).getByLabelText('Confirm new password'), 'Harbour-Lights-2026');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(current).toHaveAccessibleDescription(USER_RULES.wrongPassword));
    expect(current).toHaveFocus();
    expect(api.calls('PUT /api/user/update-account')[0]?.body).toEqual({
      current_password: 'not-my-password',
      new_password: 'Harbour-Lights-2026',
      new_password_confirmation: 'Harbour-Lights-2026',
    });

    await user.clear(current);
    await user.type(current, 'my-old-password-1');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(SUCCESS.accountUpdated)).toBeInTheDocument();
    expect(current).toHaveValue('');
    // The other devices were signed out by the server: the list says so.
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Firefox on Linux' })).not.toBeInTheDocument(),
    );
  });

  it('refuses a confirmation that does not match without asking the server', async () => {
    const api = settingsApi();
    const { user } = openSettings();
    const card = await screen.findByRole('region', { name: 'Password' });
    await user.type(within(card).getByLabelText('Current password'), 'my-old-password-1');
    await user.type(within(card).getByLabelText('New password'), 'Harbour-Lights-2026');
    await user.type(within(card).getByLabelText('Confirm new password'), 'Harbour-Lights-2025');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(within(card).getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The passwords do not match',
    );
    expect(api.calls('PUT /api/user/update-account')).toHaveLength(0);
  });
});

describe('the settings screen: profile picture', () => {
  const png = (size = 4096, name = 'me.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });
  const newImageUrl = `/api/user/${sampleUser.id}/image?v=2`;

  it('previews a chosen picture, uploads it, and the header shows it', async () => {
    const api = settingsApi({
      'POST /api/user/image': () => ok({ image_url: newImageUrl }, { message: SUCCESS.imageUploaded }),
      [`GET /api/user/${sampleUser.id}/image`]: () =>
        new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'Content-Type': 'image/webp' } }),
    });
    const { user, store } = openSettings();
    const card = await screen.findByRole('region', { name: 'Profile picture' });
    expect(card).toHaveTextContent('No picture yet');

    await user.upload(within(card).getByLabelText('Choose a picture'), png());
    expect(within(card).getByRole('img', { name: /as it will be shown/ })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await user.click(within(card).getByRole('button', { name: 'Upload picture' }));

    expect(await screen.findByText(SUCCESS.imageUploaded)).toBeInTheDocument();
    const [upload] = api.calls('POST /api/user/image');
    expect(upload?.formData?.get('image')).toBeInstanceOf(File);
    expect(store.getState().session.user?.image_url).toBe(newImageUrl);

    // The picture is the API's, fetched with the session's token, and shown from an object URL.
    const header = screen.getByRole('banner');
    await waitFor(() =>
      expect(header.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^blob:/)),
    );
    const [fetched] = api.calls(`GET /api/user/${sampleUser.id}/image`);
    expect(fetched?.query.get('v')).toBe('2');
    expect(fetched?.headers.get('Authorization')).toBe(`Bearer ${store.getState().session.token}`);
    expect(await within(card).findByRole('img', { name: sampleUser.name })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
  });

  it('refuses a picture over 2 MB, or not an image, before sending anything', async () => {
    const api = settingsApi();
    const { user } = openSettings();
    const card = await screen.findByRole('region', { name: 'Profile picture' });
    const input = within(card).getByLabelText('Choose a picture');

    await user.upload(input, png(PROFILE_IMAGE_MAX_BYTES + 1));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(PROFILE_IMAGE_MESSAGES.tooLarge));
    expect(within(card).queryByRole('button', { name: 'Upload picture' })).not.toBeInTheDocument();

    // The picker offers only the three types; a file dropped in anyway is still refused.
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'me.gif', { type: 'image/gif' })] } });
    expect(input).toHaveAccessibleDescription(expect.stringContaining(PROFILE_IMAGE_MESSAGES.wrongType));
    expect(api.calls('POST /api/user/image')).toHaveLength(0);
  });
});

describe('the settings screen: signed-in devices', () => {
  it('lists the devices, this one first, and signs one out', async () => {
    const api = settingsApi({
      'DELETE /api/user/sessions/a1111111-1111-4111-8111-111111111111': () =>
        ok({ id: 'a1111111-1111-4111-8111-111111111111' }),
    });
    const { user } = openSettings();
    const list = await screen.findByRole('list', { name: 'Devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Chrome on Windows, this device',
      'Safari on iPhone',
      'Firefox on Linux',
    ]);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('94.200.10.7 · Last seen 5m ago');
    expect(rows[2]).toHaveTextContent('Unknown IP address · Last seen 3d ago');

    await user.click(within(rows[1]!).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(await screen.findByText(USER_RULES.sessionEnded)).toBeInTheDocument();
    expect(within(list).queryByRole('listitem', { name: 'Safari on iPhone' })).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/user/sessions/a1111111-1111-4111-8111-111111111111')).toHaveLength(1);
  });

  it('signs out everywhere else after asking', async () => {
    const api = settingsApi({ 'DELETE /api/user/sessions': () => ok({ ended: 2 }) });
    const { user } = openSettings();
    const card = await screen.findByRole('region', { name: 'Signed-in devices' });
    await within(card).findByRole('list', { name: 'Devices' });

    await user.click(within(card).getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('The 2 other devices are signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('DELETE /api/user/sessions')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Sign out everywhere else' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out everywhere else' }),
    );
    expect(await screen.findByText(USER_RULES.othersEnded)).toBeInTheDocument();
    expect(api.calls('DELETE /api/user/sessions')).toHaveLength(1);
    expect(within(card).getAllByRole('listitem')).toHaveLength(1);
    expect(card).toHaveTextContent('You are signed in on this device only.');
    expect(within(card).queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it('says when the devices could not be fetched, and asks again', async () => {
    let asked = 0;
    settingsApi({
      'GET /api/user/sessions': () => {
        asked += 1;
        return asked === 1 ? invalid({}) : ok(sampleSessions());
      },
    });
    const { user } = openSettings();
    const card = await screen.findByRole('region', { name: 'Signed-in devices' });
    await user.click(await within(card).findByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('list', { name: 'Devices' })).toBeInTheDocument();
  });
});

describe('the settings screen: company profile', () => {
  it('is read-only to a user who is not the owner', async () => {
    settingsApi();
    openSettings({ user: { ...sampleUser, is_owner: false, role: { ...sampleUser.role, name: 'Agent' } } });
    const card = await screen.findByRole('region', { name: 'Company profile' });
    await within(card).findByText('Demo Travels');
    expect(card).toHaveTextContent('United Arab Emirates');
    expect(card).toHaveTextContent('Office 1204, Bay Square 3, Business Bay');
    expect(card).toHaveTextContent('9612345');
    expect(card).toHaveTextContent("Only your agency's owner can change these details.");
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Save company profile' })).not.toBeInTheDocument();
  });

  it("is the owner's to edit, except the verified name and country", async () => {
    const api = settingsApi({
      'PUT /api/company/profile': ({ body }) => ok({ ...sampleProfile(), ...(body as object) }),
    });
    const { user } = openSettings();
    const card = await screen.findByRole('region', { name: 'Company profile' });
    const city = await within(card).findByLabelText('City');
    expect(city).toHaveValue('Dubai');
    expect(within(card).queryByLabelText('Company name')).not.toBeInTheDocument();
    expect(card).toHaveTextContent("verified identity and can't be changed here");

    await user.clear(city);
    await user.type(city, 'Sharjah');
    const iata = within(card).getByLabelText(/IATA number/);
    await user.clear(iata);
    await user.type(iata, '12');
    await user.click(within(card).getByRole('button', { name: 'Save company profile' }));
    expect(iata).toHaveAccessibleDescription(expect.stringContaining('An IATA number has 7 or 8 digits'));
    expect(api.calls('PUT /api/company/profile')).toHaveLength(0);

    await user.clear(iata);
    await user.click(within(card).getByRole('button', { name: 'Save company profile' }));
    expect(await screen.findByText(COMPANY_PROFILE_SAVED)).toBeInTheDocument();
    expect(api.calls('PUT /api/company/profile')[0]?.body).toEqual({
      contact_name: 'Amina Rahman',
      phone: '+971 4 555 0100',
      city: 'Sharjah',
      address: 'Office 1204, Bay Square 3, Business Bay',
      iata_number: '',
    });
    expect(within(card).getByRole('button', { name: 'Save company profile' })).toBeDisabled();
    expect(section('Company profile')).toBeInTheDocument();
  });
});
