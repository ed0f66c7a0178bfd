import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { adminPaths } from '../../../shared/routing/admin-paths';
import { answerGate, fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { renderConsole } from '../testing/render';
import { duffelSupplier, health, sandboxSupplier } from '../testing/supplier-fixtures';
import { SUPPLIER_SUCCESS } from './supplier-words';

configure({ asyncUtilTimeout: 10_000 });

const LIST = 'GET /api/admin/suppliers';
const PUT_DUFFEL = 'PUT /api/admin/suppliers/duffel';

describe('the Suppliers page', { timeout: 20_000 }, () => {
  it('shows each supplier with its markup and the hour of its calls', async () => {
    const gate = answerGate();
    fakeApi({ [LIST]: gate.hold(() => ok([sandboxSupplier(), duffelSupplier()])) });
    renderConsole(adminPaths.suppliers);
    expect(await screen.findByRole('status', { name: 'Loading the suppliers' })).toBeInTheDocument();
    gate.open();

    const duffel = await screen.findByRole('region', { name: /^Duffel/ });
    expect(within(duffel).getByText('On')).toBeInTheDocument();
    expect(within(duffel).getByText('3 %')).toBeInTheDocument();
    expect(within(duffel).getByText('US$10.00')).toBeInTheDocument();
    expect(within(duffel).getByText('1,240')).toBeInTheDocument();
    expect(within(duffel).getByText('1.8 s')).toBeInTheDocument();
    // Timeouts and 5xx are failures; an offer gone is the supplier saying no, counted apart.
    const failures = within(duffel).getByRole('list', { name: 'Failures by cause' });
    expect(within(failures).getByText('Timed out').nextSibling).toHaveTextContent('3');
    expect(within(failures).getByText('Server errors (5xx)').nextSibling).toHaveTextContent('2');
    const refusals = within(duffel).getByRole('list', { name: 'Refused by the supplier' });
    expect(within(refusals).getByText('Offers no longer sold')).toBeInTheDocument();
    expect(within(duffel).getByText('No answer within 4000 ms')).toBeInTheDocument();
    expect(within(duffel).getByText(/Circuit closed/)).toBeInTheDocument();

    const sandbox = screen.getByRole('region', { name: /^SkyDesk sandbox/ });
    expect(within(sandbox).getByText(/makes no calls to count/)).toBeInTheDocument();
    expect(within(sandbox).queryByRole('button', { name: /markup/ })).not.toBeInTheDocument();
  });

  it('says when the circuit is open and how many offers wanted a rate, with the way to set one', async () => {
    fakeApi({
      [LIST]: () =>
        ok([
          duffelSupplier({
            health: health({
              skipped: 17,
              offers_without_rate: { count: 42, currencies: ['EUR', 'GBP'] },
              circuit: {
                state: 'open',
                consecutive_failures: 5,
                opened_at: '2026-11-29T08:41:00Z',
                retry_at: '2026-11-29T08:42:00Z',
              },
            }),
          }),
        ]),
    });
    renderConsole(adminPaths.suppliers);
    const duffel = await screen.findByRole('region', { name: /^Duffel/ });
    expect(within(duffel).getByText('Paused after failures')).toBeInTheDocument();
    expect(within(duffel).getByText(/Open after 5 failures in a row/)).toBeInTheDocument();
    expect(within(duffel).getByText('42 offers left out for want of a rate')).toBeInTheDocument();
    expect(within(duffel).getByText(/Priced in EUR, GBP/)).toBeInTheDocument();
    expect(within(duffel).getByRole('link', { name: 'Set a rate' })).toHaveAttribute(
      'href',
      adminPaths.rates,
    );
  });

  it('says a supplier that is not connected cannot be switched', async () => {
    fakeApi({ [LIST]: () => ok([duffelSupplier({ connected: false, enabled: true, health: null })]) });
    renderConsole(adminPaths.suppliers);
    const duffel = await screen.findByRole('region', { name: /^Duffel/ });
    expect(within(duffel).getByText('Not connected')).toBeInTheDocument();
    expect(within(duffel).getByRole('switch')).toBeDisabled();
    expect(within(duffel).getByText(/Set its access token/)).toBeInTheDocument();
  });

  it('turns a supplier off only after a confirmation, and says the 409 in the dialog', async () => {
    const success = vi.spyOn(toast, 'success');
    let answer = () =>
      fail(409, 'Another connected supplier must stay on: agencies would find no flights at all');
    const api = fakeApi({
      [LIST]: () => ok([sandboxSupplier(), duffelSupplier()]),
      [PUT_DUFFEL]: () => answer(),
    });
    const { user } = renderConsole(adminPaths.suppliers);
    const duffel = await screen.findByRole('region', { name: /^Duffel/ });
    await user.click(within(duffel).getByRole('switch', { name: "Sell Duffel's offers" }));

    const dialog = await screen.findByRole('dialog', { name: 'Turn off Duffel?' });
    expect(api.calls(PUT_DUFFEL)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(/must stay on/)).toBeInTheDocument();
    expect(api.calls(PUT_DUFFEL)[0]?.body).toEqual({ enabled: false });

    answer = () => ok(duffelSupplier({ enabled: false }));
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(SUPPLIER_SUCCESS.turnedOff('Duffel')));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is asked again: the change invalidated it.
    await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(1));
  });

  it('cancelling the confirmation changes nothing', async () => {
    const api = fakeApi({ [LIST]: () => ok([duffelSupplier({ enabled: false })]) });
    const { user } = renderConsole(adminPaths.suppliers);
    const duffel = await screen.findByRole('region', { name: /^Duffel/ });
    await user.click(within(duffel).getByRole('switch'));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on Duffel?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(PUT_DUFFEL)).toHaveLength(0);
  });

  it("edits the markup, checking the numbers first and the server's 422 on its field", async () => {
    let answer = () => invalid({ markup_fixed_per_passenger: ['At most 1,000,000'] });
    const api = fakeApi({ [LIST]: () => ok([duffelSupplier()]), [PUT_DUFFEL]: () => answer() });
    const { user } = renderConsole(adminPaths.suppliers);
    await user.click(await screen.findByRole('button', { name: "Edit Duffel's markup" }));
    const dialog = await screen.findByRole('dialog', { name: "Duffel's markup" });
    const percent = within(dialog).getByLabelText('Percent of the price');
    const fixed = within(dialog).getByLabelText('Fixed per passenger (USD)');
    expect(percent).toHaveValue('3');
    expect(fixed).toHaveValue('10.00');

    await user.clear(percent);
    await user.type(percent, '101');
    await user.clear(fixed);
    await user.type(fixed, 'ten');
    await user.click(within(dialog).getByRole('button', { name: 'Save markup' }));
    expect(await within(dialog).findByText('At most 100')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a number, like 4.5')).toBeInTheDocument();
    expect(api.calls(PUT_DUFFEL)).toHaveLength(0);

    await user.clear(percent);
    await user.type(percent, '4.5');
    await user.clear(fixed);
    await user.type(fixed, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save markup' }));
    expect(await within(dialog).findByText('At most 1,000,000')).toBeInTheDocument();
    expect(api.calls(PUT_DUFFEL)[0]?.body).toEqual({ markup_percent: 4.5, markup_fixed_per_passenger: 12.5 });

    answer = () =>
      ok(
        duffelSupplier({
          markup: { percent: 4.5, fixed_per_passenger: { Amount: 12.5, CurrencyCode: 'USD' } },
        }),
      );
    await user.click(within(dialog).getByRole('button', { name: 'Save markup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says a failure with a way to try again, and a refusal as the permission state', async () => {
    let answer = () => fail(500, 'Server error');
    fakeApi({ [LIST]: () => answer() });
    const { user } = renderConsole(adminPaths.suppliers);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    answer = () => fail(403, 'Forbidden');
    await user.click(retry);
    expect(await screen.findByText('The suppliers are not open to your account')).toBeInTheDocument();
  });

  it('says so when the server knows no supplier', async () => {
    fakeApi({ [LIST]: () => ok([]) });
    renderConsole(adminPaths.suppliers);
    expect(await screen.findByRole('heading', { name: 'No supplier is set up' })).toBeInTheDocument();
  });
});
