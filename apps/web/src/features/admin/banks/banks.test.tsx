import { EMPTY_RESULT } from '@skydesk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { adminPaths } from '../../../shared/routing/admin-paths';
import { fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { ADMIN_SUCCESS } from '../admin-labels';
import { bank } from '../testing/admin-fixtures';
import { renderConsole } from '../testing/render';

configure({ asyncUtilTimeout: 10_000 });

const LIST = 'GET /api/admin/banks';
const BANK_ID = bank().id;

describe('bank accounts', { timeout: 20_000 }, () => {
  it('lists live accounts first, retired ones apart and without actions', async () => {
    fakeApi({
      [LIST]: () =>
        ok([
          bank(),
          bank({
            id: 'ba000000-0000-4000-8000-000000000002',
            bank: 'Mashreq',
            iban: null,
            retired_at: '2026-02-01T09:00:00Z',
          }),
        ]),
    });
    renderConsole(adminPaths.banks);
    const live = await screen.findByRole('region', { name: 'Live (1)' });
    expect(within(live).getByText(/IBAN AE07 0331 2345 6789 0123 456/)).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Retire Emirates NBD' })).toBeInTheDocument();
    const retired = screen.getByRole('region', { name: 'Retired (1)' });
    expect(within(retired).getByText(/^Retired /)).toBeInTheDocument();
    expect(within(retired).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says "No Banks Found" when there is none, and a failure with a way to try again', async () => {
    let answer = () => fail(500, 'Server error');
    fakeApi({ [LIST]: () => answer() });
    const { user } = renderConsole(adminPaths.banks);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    answer = () => ok([]);
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: EMPTY_RESULT.noBanks })).toBeInTheDocument();
  });

  it('adds an account, checking the IBAN, with the 422 field errors on their fields', async () => {
    const success = vi.spyOn(toast, 'success');
    let answer = () => invalid({ account_number: ['This bank already has a live account with this number'] });
    const api = fakeApi({ [LIST]: () => ok([]), 'POST /api/admin/banks': () => answer() });
    const { user } = renderConsole(adminPaths.banks);
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a bank account' });

    await user.type(within(dialog).getByLabelText('Bank'), 'Emirates NBD');
    await user.type(within(dialog).getByLabelText('Account title'), 'SkyDesk FZ-LLC');
    await user.type(within(dialog).getByLabelText('Account number'), '1014 2233 4455');
    await user.type(within(dialog).getByLabelText(/IBAN/), 'AE07 0331 2345 6789 0123 457');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await within(dialog).findByText(/Enter a valid IBAN/)).toBeInTheDocument();
    expect(api.calls('POST /api/admin/banks')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/IBAN/));
    await user.type(within(dialog).getByLabelText(/IBAN/), 'ae07 0331 2345 6789 0123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(
      await within(dialog).findByText('This bank already has a live account with this number'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/admin/banks')[0]?.body).toEqual({
      bank: 'Emirates NBD',
      account_title: 'SkyDesk FZ-LLC',
      account_number: '1014 2233 4455',
      iban: 'AE070331234567890123456',
    });

    answer = () => ok(bank(), { status: 201 });
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(ADMIN_SUCCESS.bankCreated));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a live account, an empty IBAN sent as none', async () => {
    const api = fakeApi({
      [LIST]: () => ok([bank()]),
      [`PUT /api/admin/banks/${BANK_ID}`]: () => ok(bank({ iban: null })),
    });
    const { user } = renderConsole(adminPaths.banks);
    await user.click(await screen.findByRole('button', { name: 'Edit Emirates NBD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Emirates NBD' });
    expect(within(dialog).getByLabelText('Account title')).toHaveValue('SkyDesk FZ-LLC');
    await user.clear(within(dialog).getByLabelText(/IBAN/));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(api.calls(`PUT /api/admin/banks/${BANK_ID}`)[0]?.body).toEqual({
        bank: 'Emirates NBD',
        account_title: 'SkyDesk FZ-LLC',
        account_number: '1014 2233 4455',
        iban: null,
      }),
    );
  });

  it('retires an account after a confirmation', async () => {
    const api = fakeApi({
      [LIST]: () => ok([bank()]),
      [`DELETE /api/admin/banks/${BANK_ID}`]: () => ok(bank({ retired_at: '2026-03-10T10:00:00Z' })),
    });
    const { user } = renderConsole(adminPaths.banks);
    await user.click(await screen.findByRole('button', { name: 'Retire Emirates NBD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire Emirates NBD' });
    await user.click(within(dialog).getByRole('button', { name: 'Retire account' }));
    await waitFor(() => expect(api.calls(`DELETE /api/admin/banks/${BANK_ID}`)).toHaveLength(1));
    // The list is asked again: the retirement invalidated it.
    await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(1));
  });
});
