import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { adminPaths } from '../../../shared/routing/admin-paths';
import { answerGate, fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { renderConsole } from '../testing/render';
import { currencyRate, ratesAnswer } from '../testing/supplier-fixtures';
import { ratesByCurrency, todayUtc } from './rates';

configure({ asyncUtilTimeout: 10_000 });

const LIST = 'GET /api/admin/rates';
const SET = 'PUT /api/admin/rates';

const gbpNow = currencyRate();
const gbpOld = currencyRate({
  id: 'ce000000-0000-4000-8000-000000000002',
  rate: 1.25,
  effective_on: '2026-10-01',
  in_force: false,
});
const gbpNext = currencyRate({
  id: 'ce000000-0000-4000-8000-000000000003',
  rate: 1.3,
  effective_on: '2026-12-15',
  in_force: false,
});
const eur = currencyRate({ id: 'ce000000-0000-4000-8000-000000000004', currency: 'EUR', rate: 1.08 });

describe('todayUtc', () => {
  it('is the UTC calendar day, late evening and just after midnight alike', () => {
    expect(todayUtc(Date.parse('2026-11-29T23:59:59Z'))).toBe('2026-11-29');
    expect(todayUtc(Date.parse('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(todayUtc(Date.parse('2028-02-29T12:00:00Z'))).toBe('2028-02-29');
  });
});

describe('ratesByCurrency', () => {
  it('groups by currency, newest day first, each in force, from its day or replaced', () => {
    const groups = ratesByCurrency([gbpOld, eur, gbpNow, gbpNext]);
    expect(groups.map(([currency]) => currency)).toEqual(['EUR', 'GBP']);
    expect(groups[1]?.[1].map((rate) => [rate.effective_on, rate.status])).toEqual([
      ['2026-12-15', 'scheduled'],
      ['2026-11-01', 'in_force'],
      ['2026-10-01', 'replaced'],
    ]);
  });
});

describe('the Rates page', { timeout: 20_000 }, () => {
  it('lists each currency with the rate in force', async () => {
    const gate = answerGate();
    fakeApi({ [LIST]: gate.hold(() => ok(ratesAnswer([gbpOld, gbpNow, gbpNext, eur]))) });
    renderConsole(adminPaths.rates);
    expect(await screen.findByRole('status', { name: 'Loading the currency rates' })).toBeInTheDocument();
    gate.open();
    const gbp = await screen.findByRole('region', { name: 'GBP' });
    const now = within(gbp).getByRole('listitem', { name: 'GBP from 2026-11-01' });
    expect(within(now).getByText('1 GBP = 1.27 USD')).toBeInTheDocument();
    expect(within(now).getByText('In force')).toBeInTheDocument();
    expect(within(gbp).getByRole('listitem', { name: 'GBP from 2026-10-01' })).toHaveTextContent('Replaced');
    expect(within(gbp).getByRole('listitem', { name: 'GBP from 2026-12-15' })).toHaveTextContent(
      'From its day',
    );
    expect(screen.getByRole('region', { name: 'EUR' })).toHaveTextContent('1 EUR = 1.08 USD');
  });

  it('says what an empty table means', async () => {
    fakeApi({ [LIST]: () => ok(ratesAnswer([])) });
    renderConsole(adminPaths.rates);
    expect(await screen.findByRole('heading', { name: 'No rate set yet' })).toBeInTheDocument();
    expect(screen.getByText(/priced in another currency than USD are left out/)).toBeInTheDocument();
  });

  it('sets a rate, refusing the platform currency and a bad number before asking', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      [LIST]: () => ok(ratesAnswer([])),
      [SET]: () => ok(ratesAnswer([currencyRate({ rate: 1.28, effective_on: '2026-11-01' })])),
    });
    const { user } = renderConsole(adminPaths.rates);
    const form = await screen.findByRole('region', { name: 'Set a rate' });
    const currency = within(form).getByLabelText('Currency');
    const rate = within(form).getByLabelText('USD for one unit');
    const day = within(form).getByLabelText('From (UTC day)');

    await user.type(currency, 'usd');
    await user.type(rate, '0');
    await user.click(within(form).getByRole('button', { name: 'Set rate' }));
    expect(
      await within(form).findByText('USD is the platform currency: its rate is always 1'),
    ).toBeInTheDocument();
    expect(within(form).getByText('More than 0')).toBeInTheDocument();
    expect(api.calls(SET)).toHaveLength(0);

    await user.clear(currency);
    await user.type(currency, 'gbp');
    await user.clear(rate);
    await user.type(rate, '1.28');
    await user.clear(day);
    await user.type(day, '2026-11-01');
    await user.click(within(form).getByRole('button', { name: 'Set rate' }));
    await waitFor(() =>
      expect(api.calls(SET)[0]?.body).toEqual({
        rates: [{ currency: 'GBP', rate: 1.28, effective_on: '2026-11-01' }],
      }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('1 GBP = 1.28 USD is in force'));
    expect(currency).toHaveValue('');
  });

  it("puts the server's 422 for one rate on its field", async () => {
    fakeApi({
      [LIST]: () => ok(ratesAnswer([gbpNow])),
      [SET]: () => invalid({ 'rates.0.currency': ['USD is the platform currency: its rate is always 1'] }),
    });
    const { user } = renderConsole(adminPaths.rates);
    const form = await screen.findByRole('region', { name: 'Set a rate' });
    // A platform currency the page did not know of (the server's setting changed): the server says it.
    await user.type(within(form).getByLabelText('Currency'), 'CHF');
    await user.type(within(form).getByLabelText('USD for one unit'), '1.1');
    await user.click(within(form).getByRole('button', { name: 'Set rate' }));
    expect(
      await within(form).findByText('USD is the platform currency: its rate is always 1'),
    ).toBeInTheDocument();
  });

  it('says a failure with a way to try again, and a refusal as the permission state', async () => {
    let answer = () => fail(500, 'Server error');
    fakeApi({ [LIST]: () => answer() });
    const { user } = renderConsole(adminPaths.rates);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    answer = () => fail(403, 'Forbidden');
    await user.click(retry);
    expect(await screen.findByText('The currency rates are not open to your account')).toBeInTheDocument();
  });
});
