import {
  MAILED_NOTIFICATION_KINDS,
  MAILED_NOTIFICATION_LABELS,
  type NotificationSettingsBody,
} from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { signedInState } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';
import { EMAIL_SETTINGS_SAVED } from './email-notifications-card';

const SETTINGS = 'GET /api/user/notification-settings';
const SAVE = 'PUT /api/user/notification-settings';

/** The settings screen with its other sections answered (empty), and the e-mail settings given. */
const openSettings = (routes: Parameters<typeof fakeApi>[0]) => {
  const api = fakeApi({
    'GET /api/user/sessions': () => ok([]),
    'GET /api/company/profile': () => fail(404, 'Not found'),
    'GET /api/notification/summary': () => ok({ unread: 0 }),
    ...routes,
  });
  const view = renderApp(paths.dashboard.settings, { preloadedState: signedInState() });
  return { ...view, api };
};

const card = () => screen.findByRole('region', { name: 'E-mail notifications' });
const switchFor = (region: HTMLElement, kind: keyof typeof MAILED_NOTIFICATION_LABELS) =>
  within(region).getByRole('switch', { name: MAILED_NOTIFICATION_LABELS[kind] });

describe('the settings screen: e-mail notifications', () => {
  it('shows every e-mailed kind with its switch, under its category, on unless turned off', async () => {
    openSettings({ [SETTINGS]: () => ok({ email: { low_balance: false } }) });
    const region = await card();
    await within(region).findByRole('switch', { name: MAILED_NOTIFICATION_LABELS.low_balance });
    expect(within(region).getAllByRole('switch')).toHaveLength(MAILED_NOTIFICATION_KINDS.length);
    expect(switchFor(region, 'low_balance')).toHaveAttribute('aria-checked', 'false');
    expect(switchFor(region, 'deposit_approved')).toHaveAttribute('aria-checked', 'true');
    const money = within(region).getByRole('group', { name: 'Money' });
    expect(within(money).getByRole('switch', { name: 'Deposit approved' })).toBeInTheDocument();
    const agency = within(region).getByRole('group', { name: 'Your agency' });
    expect(within(agency).getByRole('switch', { name: 'Agency suspended' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Save e-mail settings' })).toBeDisabled();
  });

  it('saves only the switches changed, and takes the answer', async () => {
    const success = vi.spyOn(toast, 'success');
    const { api, user } = openSettings({
      [SETTINGS]: () => ok({ email: { low_balance: false } }),
      [SAVE]: ({ body }) => {
        const { email } = body as NotificationSettingsBody;
        return ok({ email: { low_balance: false, ...email } });
      },
    });
    const region = await card();
    await within(region).findByRole('switch', { name: MAILED_NOTIFICATION_LABELS.low_balance });
    await user.click(switchFor(region, 'deposit_approved'));
    await user.click(switchFor(region, 'low_balance'));
    await user.click(switchFor(region, 'refund_rejected'));
    await user.click(switchFor(region, 'refund_rejected'));
    expect(within(region).getByText('2 changes not saved yet')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Save e-mail settings' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(EMAIL_SETTINGS_SAVED));
    expect(api.calls(SAVE)[0]?.body).toEqual({ email: { deposit_approved: false, low_balance: true } });
    expect(switchFor(region, 'deposit_approved')).toHaveAttribute('aria-checked', 'false');
    expect(switchFor(region, 'low_balance')).toHaveAttribute('aria-checked', 'true');
    expect(within(region).getByRole('button', { name: 'Save e-mail settings' })).toBeDisabled();
    expect(within(region).queryByText(/not saved yet/)).not.toBeInTheDocument();
    expect(api.calls(SETTINGS)).toHaveLength(1);
  });

  it('undoes the changes not saved', async () => {
    const { user } = openSettings({ [SETTINGS]: () => ok({ email: {} }) });
    const region = await card();
    await within(region).findByRole('switch', { name: MAILED_NOTIFICATION_LABELS.low_balance });
    await user.click(switchFor(region, 'company_rejected'));
    expect(switchFor(region, 'company_rejected')).toHaveAttribute('aria-checked', 'false');
    await user.click(within(region).getByRole('button', { name: 'Undo changes' }));
    expect(switchFor(region, 'company_rejected')).toHaveAttribute('aria-checked', 'true');
  });

  it('keeps the choices when the save fails, to try again', async () => {
    const error = vi.spyOn(toast, 'error');
    const { user } = openSettings({
      [SETTINGS]: () => ok({ email: {} }),
      [SAVE]: () => fail(500, 'Something went wrong on our side. Please try again.'),
    });
    const region = await card();
    await within(region).findByRole('switch', { name: MAILED_NOTIFICATION_LABELS.low_balance });
    await user.click(switchFor(region, 'low_balance'));
    await user.click(within(region).getByRole('button', { name: 'Save e-mail settings' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(switchFor(region, 'low_balance')).toHaveAttribute('aria-checked', 'false');
    expect(within(region).getByRole('button', { name: 'Save e-mail settings' })).toBeEnabled();
  });

  it('says in its place, without a toast, when the settings could not be read, and asks again', async () => {
    const error = vi.spyOn(toast, 'error');
    let answer = () => fail(500, 'Server error');
    const { user } = openSettings({ [SETTINGS]: () => answer() });
    const region = await card();
    expect(await within(region).findByText('Server error')).toBeInTheDocument();
    expect(error).not.toHaveBeenCalledWith('Server error');
    answer = () => ok({ email: {} });
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(within(region).getAllByRole('switch')).toHaveLength(MAILED_NOTIFICATION_KINDS.length),
    );
  });
});
