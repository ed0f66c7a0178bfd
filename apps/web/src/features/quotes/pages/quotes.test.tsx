import { QUOTE_MESSAGES } from '@skydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { quoteTray } from '../../../entities/quotes/quote-tray';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { signedInState } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';
import { quoteDetailsPath } from '../quote-paths';
import { OPTION_ID, publicQuote, QUOTE_ID, quoteSummary, sampleQuote, TOKEN } from '../testing/quotes';

const QUOTING = signedInState({ permissions: ['bookings.create', 'bookings.view', 'flights.search'] });

beforeEach(() => quoteTray.reset());

describe('quotes (issue 33)', () => {
  it('lists the quotes with their status and searches them by client', async () => {
    const api = fakeApi({
      'GET /api/quotes': () =>
        ok({
          items: [
            quoteSummary(),
            quoteSummary({
              id: 'f0e1d2c3-b4a5-4697-8899-aabbccddeeff',
              reference: 'Q-22PLMA',
              client: { name: 'Omar Ali', email: null },
              status: 'viewed',
            }),
          ],
          total: 2,
          totalPages: 1,
        }),
    });
    const { user, router } = renderApp(paths.dashboard.quotes, { preloadedState: QUOTING });
    // The first screen of the file loads its code cold: on a busy machine that takes a while.
    const row = await screen.findByRole('listitem', { name: 'Quote Q-7K3D9A' }, { timeout: 15_000 });
    expect(row).toHaveTextContent('Sara Khan');
    expect(row).toHaveTextContent('LHR ⇄ JFK · 2 options from US$1,210.00');
    expect(within(row).getByText('Sent')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Quote Q-22PLMA' })).getByText('Viewed'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('Client or reference'), 'Sara');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Sara'));
    await waitFor(() => expect(api.calls('GET /api/quotes').at(-1)?.query.get('q')).toBe('Sara'));
  });

  it('says so when there are no quotes, and refuses a role that does not book', async () => {
    fakeApi({ 'GET /api/quotes': () => ok({ items: [], total: 0, totalPages: 0 }) });
    renderApp(paths.dashboard.quotes, { preloadedState: QUOTING });
    expect(await screen.findByText('No quotes yet')).toBeInTheDocument();
  });

  it('makes a quote from the tray’s options for a named client', async () => {
    quoteTray.add({
      offer_id: 'offer-1',
      route: 'LHR → JFK · JFK → LHR',
      departs: '2026-12-14T08:30:00',
      carrier: 'BA',
      brand: 'Flex',
      selling: { Amount: 1484.4, CurrencyCode: 'USD' },
      offer_expires_at: '2026-11-29T10:30:00.000Z',
    });
    const api = fakeApi({
      'POST /api/quotes': () => ok(sampleQuote({ status: 'created' }), { status: 201 }),
      [`GET /api/quotes/${QUOTE_ID}`]: () => ok(sampleQuote({ status: 'created' })),
    });
    const { user, router } = renderApp(paths.dashboard.createQuote, { preloadedState: QUOTING });
    expect(await screen.findByRole('listitem', { name: 'Option 1' })).toHaveTextContent('US$1,484.40');

    await user.click(screen.getByRole('button', { name: 'Create quote' }));
    expect(screen.getByLabelText('Client name')).toHaveAccessibleDescription('Name the client');
    expect(api.calls('POST /api/quotes')).toHaveLength(0);

    await user.type(screen.getByLabelText('Client name'), 'Sara Khan');
    await user.type(screen.getByLabelText(/Client e-mail/), 'sara@example.com');
    await user.type(screen.getByLabelText(/Valid for/), '5');
    await user.click(screen.getByRole('button', { name: 'Create quote' }));

    await waitFor(() => expect(router.state.location.search).toBe(`?id=${QUOTE_ID}`));
    expect(api.calls('POST /api/quotes')[0]?.body).toEqual({
      client: { name: 'Sara Khan', email: 'sara@example.com' },
      offer_ids: ['offer-1'],
      validity_days: 5,
      note: null,
    });
    expect(quoteTray.options()).toEqual([]);
  });

  it('shows a quote with net and margin, withdraws it after asking, and books an option from a fresh offer', async () => {
    let withdrawn = false;
    const api = fakeApi({
      [`GET /api/quotes/${QUOTE_ID}`]: () =>
        ok(sampleQuote(withdrawn ? { status: 'withdrawn', withdrawn_at: '2026-11-29T11:00:00.000Z' } : {})),
      [`POST /api/quotes/${QUOTE_ID}/withdraw`]: () => {
        withdrawn = true;
        return ok(sampleQuote({ status: 'withdrawn' }));
      },
      [`POST /api/quotes/${QUOTE_ID}/options/${OPTION_ID}/offer`]: () => fail(409, 'This option is sold out'),
    });
    const { user } = renderApp(quoteDetailsPath(QUOTE_ID), { preloadedState: QUOTING });
    const option = await screen.findByRole('article', { name: 'Option 1' });
    expect(option).toHaveTextContent('US$1,484.40');
    expect(option).toHaveTextContent('NetUS$1,400.00');
    expect(option).toHaveTextContent('MarginUS$84.40');
    expect(option).toHaveTextContent('1 bag of 23 kg');
    expect(screen.getByLabelText('Public link')).toHaveValue(`http://localhost:3000/q/${TOKEN}`);

    await user.click(within(option).getByRole('button', { name: /Book this option/ }));
    expect(await within(option).findByRole('alert')).toHaveTextContent('This option is sold out');
    expect(api.calls(`POST /api/quotes/${QUOTE_ID}/options/${OPTION_ID}/offer`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this quote?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw quote' }));
    expect(
      await screen.findByText(/its link shows the client that the quote is no longer available/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Book this option/ })).not.toBeInTheDocument();
  });
});

describe('the client’s page of a quote (issue 33)', () => {
  it('shows the agency, the options at selling price only and the disclaimer, with no portal around it', async () => {
    fakeApi({ [`GET /api/public/quotes/${TOKEN}`]: () => ok(publicQuote()) });
    renderApp(`/q/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'For Sara Khan' })).toBeInTheDocument();
    expect(screen.getByText('Demo Travels')).toBeInTheDocument();
    expect(screen.getByText(QUOTE_MESSAGES.disclaimer)).toBeInTheDocument();
    const option = screen.getByRole('article', { name: 'Option 1' });
    expect(option).toHaveTextContent('US$1,484.40');
    expect(option).not.toHaveTextContent('Net');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('says a withdrawn or expired quote is no longer available, and an unknown one not found', async () => {
    fakeApi({ [`GET /api/public/quotes/${TOKEN}`]: () => fail(410, QUOTE_MESSAGES.gone) });
    renderApp(`/q/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: QUOTE_MESSAGES.gone })).toBeInTheDocument();
  });

  it('says not found for a link that is no quote’s', async () => {
    fakeApi({});
    renderApp('/q/short');
    expect(await screen.findByRole('heading', { name: 'Quote not found' })).toBeInTheDocument();
  });
});
