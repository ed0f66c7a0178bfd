import type { CompanyProfile } from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, invalid, ok } from '../../../testing/fake-api';
import { sampleUser, signedInState } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';
import { TIME_ZONE_SAVED } from './time-zone-setting';
import { matchTimeZones, timeZoneOptions, zoneOffset } from './time-zones';

const profile = (overrides: Partial<CompanyProfile> = {}): CompanyProfile => ({
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
  ...overrides,
});

const PUT = 'PUT /api/company/profile';

function settingsApi(start: CompanyProfile, save?: (body: { time_zone?: string }) => Response) {
  let current = start;
  return fakeApi({
    'GET /api/user/sessions': () => ok([]),
    'GET /api/company/profile': () => ok(current),
    [PUT]: ({ body }) => {
      const { time_zone } = body as { time_zone?: string };
      if (save) return save({ time_zone });
      current =
        time_zone === ''
          ? { ...current, time_zone: 'Asia/Dubai', time_zone_default: true }
          : { ...current, time_zone: time_zone ?? current.time_zone, time_zone_default: false };
      return ok(current);
    },
  });
}

const timeZoneSection = async () => {
  const card = await screen.findByRole('region', { name: 'Company profile' });
  return within(card).findByRole('region', { name: 'Time zone' });
};

const openSettings = (owner = true) =>
  renderApp(paths.dashboard.settings, {
    preloadedState: signedInState({
      user: owner
        ? sampleUser
        : { ...sampleUser, is_owner: false, role: { ...sampleUser.role, name: 'Agent' } },
    }),
  });

describe("the agency's time zone (issue 15)", () => {
  it("shows everyone the agency's zone with its offset, the country's default marked", async () => {
    settingsApi(profile());
    openSettings(false);
    const section = await timeZoneSection();
    expect(section).toHaveTextContent('Asia / Dubai (GMT+4)');
    expect(section).toHaveTextContent('Country default');
    expect(section).toHaveTextContent('“today” on the home screen and each day of your analytics');
    expect(section).toHaveTextContent("Only your agency's owner can change the time zone.");
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('lets the owner find another zone by city and save it', async () => {
    const api = settingsApi(profile());
    const { user } = openSettings();
    const section = await timeZoneSection();
    const save = within(section).getByRole('button', { name: 'Save time zone' });
    expect(save).toBeDisabled();

    const zone = within(section).getByRole('combobox', { name: 'Choose another time zone' });
    await user.clear(zone);
    await user.type(zone, 'london');
    const options = within(within(section).getByRole('listbox', { name: 'Time zones' })).getAllByRole(
      'option',
    );
    expect(options.map((option) => option.textContent)).toEqual([
      `Europe / London${zoneOffset('Europe/London')}`,
    ]);
    await user.keyboard('{Enter}');
    expect(zone).toHaveValue(`Europe / London (${zoneOffset('Europe/London')})`);

    await user.click(save);
    expect(await screen.findByText(TIME_ZONE_SAVED)).toBeInTheDocument();
    expect(api.calls(PUT)[0]?.body).toEqual({ time_zone: 'Europe/London' });
    await waitFor(() => expect(section).toHaveTextContent('Chosen by your agency'));
    expect(section).toHaveTextContent('Europe / London');
    expect(within(section).getByRole('button', { name: 'Save time zone' })).toBeDisabled();
  });

  it("goes back to the country's default", async () => {
    const api = settingsApi(profile({ time_zone: 'Europe/London', time_zone_default: false }));
    const { user } = openSettings();
    const section = await timeZoneSection();
    expect(section).toHaveTextContent('Chosen by your agency');
    await user.click(within(section).getByRole('button', { name: "Use your country's default" }));
    expect(await screen.findByText(TIME_ZONE_SAVED)).toBeInTheDocument();
    expect(api.calls(PUT)[0]?.body).toEqual({ time_zone: '' });
    await waitFor(() => expect(section).toHaveTextContent('Country default'));
    expect(section).toHaveTextContent('Asia / Dubai');
    expect(
      within(section).queryByRole('button', { name: "Use your country's default" }),
    ).not.toBeInTheDocument();
  });

  it("shows the server's refusal on the field", async () => {
    settingsApi(profile(), () => invalid({ time_zone: ['Choose a time zone'] }));
    const { user } = openSettings();
    const section = await timeZoneSection();
    const zone = within(section).getByRole('combobox', { name: 'Choose another time zone' });
    await user.clear(zone);
    await user.type(zone, 'tokyo');
    await user.keyboard('{Enter}');
    await user.click(within(section).getByRole('button', { name: 'Save time zone' }));
    await waitFor(() =>
      expect(zone).toHaveAccessibleDescription(expect.stringContaining('Choose a time zone')),
    );
  });
});

describe('the time zones offered', () => {
  it("are the runtime's, UTC first, and keep a zone the server spells otherwise", () => {
    const options = timeZoneOptions('Asia/Kolkata');
    expect(options[0]?.zone).toBe('UTC');
    expect(options.some((option) => option.zone === 'Asia/Kolkata')).toBe(true);
    expect(options.length).toBeGreaterThan(300);
  });

  it('are found by city, region, today’s name of a renamed city, or offset', () => {
    const options = timeZoneOptions(null, new Date('2026-01-15T12:00:00Z'));
    const zones = (typed: string) => matchTimeZones(options, typed).map((option) => option.zone);
    expect(zones('dubai')).toEqual(['Asia/Dubai']);
    expect(zones('buenos aires')).toEqual([expect.stringMatching(/^America\/(Argentina\/)?Buenos_Aires$/)]);
    expect(zones('kolkata')).toEqual(
      expect.arrayContaining([expect.stringMatching(/Asia\/(Calcutta|Kolkata)/)]),
    );
    expect(zones('GMT+5:30')).toEqual(
      expect.arrayContaining([expect.stringMatching(/Asia\/(Calcutta|Kolkata)/)]),
    );
    expect(zones('europe lon')).toEqual(['Europe/London']);
  });
});
