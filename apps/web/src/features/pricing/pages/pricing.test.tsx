import { PERMISSIONS } from '@skydesk/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  airlineDiscount,
  bookingFee,
  longHaulRule,
  pricingRule,
  pricingSettings,
} from '../../../entities/pricing/testing/pricing-fixtures';
import { paths } from '../../../shared/routing/paths';
import { answerGate, fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { signedInState } from '../../../testing/fake-session';
import { renderApp, startOver } from '../../../testing/render-with-providers';

configure({ asyncUtilTimeout: 10_000 });

const owner = () => ({ preloadedState: signedInState({ permissions: [...PERMISSIONS] }) });

const answers = (rules = [longHaulRule, airlineDiscount, bookingFee]) => ({
  'GET /api/pricing/rules': () => ok(rules),
  'GET /api/pricing/settings': () => ok(pricingSettings()),
});

describe('the Pricing screen (issue 33)', { timeout: 30_000 }, () => {
  it('lists markup rules and fees apart, in their order, with what they match and their value', async () => {
    const gate = answerGate();
    fakeApi({ ...answers(), 'GET /api/pricing/settings': gate.hold(() => ok(pricingSettings())) });
    renderApp(paths.dashboard.pricing, owner());
    expect(await screen.findByRole('status', { name: 'Loading pricing' })).toBeInTheDocument();
    gate.open();

    const markups = await screen.findByRole('list', { name: 'Markup rules' });
    const rows = within(markups).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Long-haul economy', 'BA discount']);
    expect(rows[0]).toHaveTextContent('+6 %');
    expect(rows[0]).toHaveTextContent('Long-haul · Economy');
    expect(rows[1]).toHaveTextContent('−3 %');
    expect(rows[1]).toHaveTextContent('Airline BA');
    const fees = screen.getByRole('list', { name: 'Service fees' });
    expect(within(fees).getByRole('listitem', { name: 'Booking fee' })).toHaveTextContent(
      'US$15.00 per booking',
    );
    expect(within(markups).getByRole('button', { name: 'Move Long-haul economy up' })).toBeDisabled();
  });

  it('moves a rule down: the reorder sends every rule of the list in the new order', async () => {
    const api = fakeApi({
      ...answers(),
      'POST /api/pricing/rules/reorder': () => ok([airlineDiscount, longHaulRule]),
    });
    renderApp(paths.dashboard.pricing, owner());
    await userEvent.click(await screen.findByRole('button', { name: 'Move Long-haul economy down' }));
    await waitFor(() => expect(api.calls('POST /api/pricing/rules/reorder')).toHaveLength(1));
    expect(api.calls('POST /api/pricing/rules/reorder')[0]?.body).toEqual({
      ids: [airlineDiscount.id, longHaulRule.id],
    });
  });

  it('writes a rule with its route scope and places, and shows the server’s 422 on the field', async () => {
    let attempts = 0;
    const api = fakeApi({
      ...answers(),
      'POST /api/pricing/rules': () => {
        attempts += 1;
        return attempts === 1
          ? invalid({ 'value.percent': ['A percentage is at most 1,000'] })
          : ok(pricingRule({ id: '30000000-0000-4000-8000-000000000009', name: 'Europe' }), { status: 201 });
      },
    });
    renderApp(paths.dashboard.pricing, owner());
    const markups = await screen.findByRole('region', { name: 'Markup rules' });
    await userEvent.click(within(markups).getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New markup rule' });
    await userEvent.type(within(dialog).getByLabelText('Rule name'), 'Europe');
    await userEvent.selectOptions(within(dialog).getByLabelText('Route'), 'region');
    await userEvent.selectOptions(within(dialog).getByLabelText('Region'), 'europe');
    await userEvent.selectOptions(within(dialog).getByLabelText('Cabin'), 'Business');
    await userEvent.type(within(dialog).getByLabelText(/Percentage of the fare/), '2000');
    await userEvent.selectOptions(within(dialog).getByLabelText('Rounding'), 'ninety_nine');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));

    expect(await within(dialog).findByText('A percentage is at most 1,000')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Percentage of the fare/)).toHaveAttribute('aria-invalid', 'true');
    const sent = api.calls('POST /api/pricing/rules')[0]?.body as Record<string, never>;
    expect(sent).toMatchObject({
      kind: 'markup',
      name: 'Europe',
      match: { route: { scope: 'region', region: 'europe', from_airport: null }, cabin: 'Business' },
      value: { percent: 2000, fixed: null },
      rounding: 'ninety_nine',
      event: null,
    });

    fireEvent.change(within(dialog).getByLabelText(/Percentage of the fare/), { target: { value: '4' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('adds a fee with its event and a fixed amount in the agency’s currency', async () => {
    const api = fakeApi({ ...answers(), 'POST /api/pricing/rules': () => ok(bookingFee, { status: 201 }) });
    renderApp(paths.dashboard.pricing, owner());
    const fees = await screen.findByRole('region', { name: 'Service fees' });
    await userEvent.click(within(fees).getByRole('button', { name: 'Add fee' }));
    const dialog = await screen.findByRole('dialog', { name: 'New service fee' });
    await userEvent.type(within(dialog).getByLabelText(/Fee name/), 'After-sales fee');
    await userEvent.type(within(dialog).getByLabelText(/Fee \(USD\)/), '25');
    await userEvent.selectOptions(within(dialog).getByLabelText('Charged'), 'refund');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add fee' }));
    await waitFor(() => expect(api.calls('POST /api/pricing/rules')).toHaveLength(1));
    expect(api.calls('POST /api/pricing/rules')[0]?.body).toMatchObject({
      kind: 'fee',
      name: 'After-sales fee',
      value: { percent: null, fixed: { Amount: 25, CurrencyCode: 'USD' }, fixed_per: 'booking' },
      event: 'refund',
    });
  });

  it('deletes a rule after asking', async () => {
    const api = fakeApi({
      ...answers(),
      [`DELETE /api/pricing/rules/${airlineDiscount.id}`]: () => ok({}),
    });
    renderApp(paths.dashboard.pricing, owner());
    await userEvent.click(await screen.findByRole('button', { name: 'Delete BA discount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete BA discount?' });
    expect(api.calls(`DELETE /api/pricing/rules/${airlineDiscount.id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(api.calls(`DELETE /api/pricing/rules/${airlineDiscount.id}`)).toHaveLength(1));
  });

  it('works out a price: the selling price, the rule that applied and the fees', async () => {
    const api = fakeApi({
      ...answers(),
      'POST /api/pricing/preview': () =>
        ok({
          net: { Amount: 1000, CurrencyCode: 'USD' },
          selling: { Amount: 1060, CurrencyCode: 'USD' },
          markup: { Amount: 60, CurrencyCode: 'USD' },
          passengers: [
            {
              passenger_type: 'adult',
              quantity: 2,
              net: { Amount: 500, CurrencyCode: 'USD' },
              selling: { Amount: 530, CurrencyCode: 'USD' },
              rule: { id: longHaulRule.id, name: longHaulRule.name },
            },
          ],
          fees: [
            {
              name: 'Booking fee',
              amount: { Amount: 15, CurrencyCode: 'USD' },
              rule: { id: bookingFee.id, name: 'Booking fee' },
            },
          ],
          rule: { id: longHaulRule.id, name: longHaulRule.name },
        }),
    });
    renderApp(paths.dashboard.pricing, owner());
    await userEvent.click(await screen.findByRole('button', { name: 'Work out the price' }));
    const answer = await screen.findByRole('region', { name: 'Price worked out' });
    expect(answer).toHaveTextContent('LHR → JFK, Economy Flex, 2 adults');
    expect(answer).toHaveTextContent('US$1,060.00');
    expect(answer).toHaveTextContent('Rule applied: Long-haul economy');
    expect(answer).toHaveTextContent('With feesUS$1,075.00');
    expect(api.calls('POST /api/pricing/preview')[0]?.body).toMatchObject({
      origin: 'LHR',
      destination: 'JFK',
      cabin: 'Economy',
      brand: 'Flex',
      adult_quantity: 2,
      net_per_adult: { Amount: 500, CurrencyCode: 'USD' },
    });
  });

  it('saves the earnings settings: no tax, no ceiling, a new prefix', async () => {
    const api = fakeApi({
      ...answers(),
      'PUT /api/pricing/settings': (request) => ok({ ...pricingSettings(), ...(request.body as object) }),
    });
    renderApp(paths.dashboard.pricing, owner());
    const form = await screen.findByRole('region', { name: 'Earnings settings' });
    await userEvent.clear(within(form).getByLabelText(/Highest override/));
    await userEvent.clear(within(form).getByLabelText('Invoice number prefix'));
    await userEvent.type(within(form).getByLabelText('Invoice number prefix'), 'sky-');
    await userEvent.click(within(form).getByRole('switch', { name: 'Charge tax on earnings' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.calls('PUT /api/pricing/settings')).toHaveLength(1));
    expect(api.calls('PUT /api/pricing/settings')[0]?.body).toEqual({
      allow_below_net: false,
      max_override_percent: null,
      invoice_prefix: 'SKY-',
      tax: null,
      quote_validity_days: 7,
      logo: null,
    });
  });

  it('refuses a logo over 256 KB before sending it', async () => {
    fakeApi(answers());
    renderApp(paths.dashboard.pricing, owner());
    const form = await screen.findByRole('region', { name: 'Earnings settings' });
    const big = new File([new Uint8Array(300 * 1024)], 'logo.png', { type: 'image/png' });
    await userEvent.upload(within(form).getByLabelText('Upload logo'), big);
    expect(await within(form).findByText('A logo is at most 256 KB')).toBeInTheDocument();
  });

  it('says so when the rules cannot be read', async () => {
    fakeApi({ ...answers(), 'GET /api/pricing/rules': () => fail(500, 'The rules could not be loaded') });
    renderApp(paths.dashboard.pricing, owner());
    expect(await screen.findAllByText('The rules could not be loaded')).not.toHaveLength(0);
  });

  it('shows an empty list with its first step, and the 403 screen to a role without pricing', async () => {
    fakeApi(answers([]));
    const view = renderApp(paths.dashboard.pricing, owner());
    expect(await screen.findByText('No markup rules yet: fares sell at net.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add your first fee' })).toBeVisible();
    await startOver(view);

    fakeApi(answers());
    renderApp(paths.dashboard.pricing, {
      preloadedState: signedInState({ permissions: PERMISSIONS.filter((p) => p !== 'pricing.manage') }),
    });
    expect(await screen.findByText("You don't have access to this page")).toBeVisible();
  });
});
