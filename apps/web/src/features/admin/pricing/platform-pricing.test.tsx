import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pricingRule } from '../../../entities/pricing/testing/pricing-fixtures';
import { adminPaths } from '../../../shared/routing/admin-paths';
import { fakeApi, ok } from '../../../testing/fake-api';
import { renderConsole } from '../testing/render';

configure({ asyncUtilTimeout: 10_000 });

const duffelRule = pricingRule({
  name: 'Duffel long-haul',
  match: { ...pricingRule().match, supplier: 'duffel', cabin: null },
  value: { percent: 2, fixed: { Amount: 5, CurrencyCode: 'USD' }, fixed_per: 'passenger' },
});

describe('the operator’s Platform pricing (issue 33)', { timeout: 30_000 }, () => {
  it('lists the platform rules with their supplier, and writes one naming a supplier with the same editor, no fees', async () => {
    const api = fakeApi({
      'GET /api/admin/pricing/rules': () => ok([duffelRule]),
      'GET /api/admin/rates': () => ok({ platform_currency: 'USD', rates: [] }),
      'POST /api/admin/pricing/rules': () => ok(duffelRule, { status: 201 }),
    });
    renderConsole(adminPaths.pricing);
    const list = await screen.findByRole('list', { name: 'Platform rules' });
    const row = within(list).getByRole('listitem', { name: 'Duffel long-haul' });
    expect(row).toHaveTextContent('+2 % and +US$5.00 per passenger');
    expect(row).toHaveTextContent('Duffel · Long-haul');
    expect(screen.queryByRole('region', { name: 'Service fees' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New markup rule' });
    await userEvent.type(within(dialog).getByLabelText('Rule name'), 'Sandbox');
    await userEvent.selectOptions(within(dialog).getByLabelText('Supplier'), 'sandbox');
    await userEvent.type(within(dialog).getByLabelText(/Fixed amount/), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(api.calls('POST /api/admin/pricing/rules')).toHaveLength(1));
    expect(api.calls('POST /api/admin/pricing/rules')[0]?.body).toMatchObject({
      kind: 'markup',
      match: { supplier: 'sandbox' },
      value: { percent: null, fixed: { Amount: 3, CurrencyCode: 'USD' } },
      event: null,
    });
  });
});
