import { SUCCESS } from '@skydesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, todayLocalDate } from '../../../shared/format/date-time';
import { paths } from '../../../shared/routing/paths';
import { answerGate, fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-with-providers';
import { banks, paymentsState, sampleCredits, transaction } from '../testing/payments';

const png = (name = 'receipt.png', size = 300) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });
const receiptInput = () => screen.getByLabelText('Receipt', { selector: 'input[type=file]' });

async function openForm(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/bank': () => ok([banks]),
    'GET /api/company/user-transactions': () => ok([]),
    'GET /api/booking-credits': () => ok(sampleCredits()),
    ...routes,
  });
  const view = renderApp(paths.dashboard.createTransaction, { preloadedState: paymentsState() });
  // The first screen of a file loads its code on demand, on two shared cores.
  await screen.findByLabelText('Bank you paid into', {}, { timeout: 15_000 });
  return { ...view, api };
}

async function fillIn(user: ReturnType<typeof renderApp>['user']) {
  await user.selectOptions(screen.getByLabelText('Bank you paid into'), 'Emirates NBD');
  await user.type(screen.getByLabelText('Amount deposited'), '2500.50');
  await user.type(screen.getByLabelText('Bank reference'), 'FT2611180042');
  await user.type(screen.getByLabelText(/Note/), 'Top-up for December');
  await user.upload(receiptInput(), png());
}

describe('recording a deposit', () => {
  it('offers the banks as value/label pairs and shows where to pay into the chosen one', async () => {
    const { user } = await openForm();
    const select = screen.getByLabelText('Bank you paid into');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a bank', 'Emirates NBD', 'Mashreq']);
    const payInto = screen.getByRole('region', { name: 'Pay into' });
    expect(payInto).toHaveTextContent(/Choose the bank you paid into/);

    await user.selectOptions(select, 'Emirates NBD');
    expect(payInto).toHaveTextContent('SkyDesk Travel Technology LLC');
    expect(payInto).toHaveTextContent('1015 4477 2901');
    expect(payInto).toHaveTextContent('AE070331234567890123456');
    await user.selectOptions(select, 'Mashreq');
    expect(payInto).toHaveTextContent(/IBAN\s*None/);
  });

  it('checks the fields before sending: bank, amount, a deposit date not in the future, reference, receipt', async () => {
    const { user, api } = await openForm();
    expect(screen.getByLabelText('Deposit date')).toHaveValue(todayLocalDate());
    await user.type(screen.getByLabelText('Amount deposited'), '12.345');
    const date = screen.getByLabelText('Deposit date');
    fireEvent.change(date, { target: { value: addDays(todayLocalDate(), 1) } });
    await user.click(screen.getByRole('button', { name: 'Record the deposit' }));

    expect(await screen.findByText('Choose the bank you paid into')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount deposited')).toHaveAccessibleDescription(
      'Enter an amount, at most two decimals',
    );
    expect(date).toHaveAccessibleDescription('The deposit date cannot be in the future');
    expect(screen.getByLabelText('Bank reference')).toHaveAccessibleDescription(/Enter the bank reference/);
    expect(receiptInput()).toHaveAccessibleDescription(/Attach the receipt of the deposit/);
    expect(api.calls('POST /api/company/create-transaction')).toHaveLength(0);
  });

  it('refuses a receipt of another type, or over 5 MB, as soon as it is chosen', async () => {
    await openForm();
    fireEvent.change(receiptInput(), {
      target: { files: [new File(['GIF89a'], 'scan.gif', { type: 'image/gif' })] },
    });
    await waitFor(() => expect(receiptInput()).toHaveAccessibleDescription(/Upload a PDF, PNG or JPEG file/));
    fireEvent.change(receiptInput(), { target: { files: [png('big.png', 5 * 1024 * 1024 + 1)] } });
    await waitFor(() => expect(receiptInput()).toHaveAccessibleDescription(/The file is larger than 5 MB/));
  });

  it('sends the deposit as multipart with an Idempotency-Key, says so and opens the list', async () => {
    const { user, api, router } = await openForm({
      'POST /api/company/create-transaction': () =>
        ok(transaction(), { status: 201, message: SUCCESS.transactionCreated }),
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Record the deposit' }));

    expect(await screen.findByText(SUCCESS.transactionCreated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.transactions));
    const [post] = api.calls('POST /api/company/create-transaction');
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const form = post!.formData!;
    expect(form.get('bank_id')).toBe(banks[0]!.id);
    expect(form.get('amount')).toBe('2500.50');
    expect(form.get('deposit_date')).toBe(todayLocalDate());
    expect(form.get('reference_no')).toBe('FT2611180042');
    expect(form.get('note')).toBe('Top-up for December');
    expect((form.get('receipt') as File).name).toBe('receipt.png');
  });

  it('sends the same key again when the answer never came, and a new one for a changed deposit', async () => {
    let answer: () => Response | Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'));
    const { user, api } = await openForm({ 'POST /api/company/create-transaction': () => answer() });
    await fillIn(user);
    const send = screen.getByRole('button', { name: 'Record the deposit' });
    await user.click(send);
    await waitFor(() => expect(send).not.toHaveAttribute('aria-busy'));
    await user.click(send);
    await waitFor(() => expect(api.calls('POST /api/company/create-transaction')).toHaveLength(2));
    await waitFor(() => expect(send).not.toHaveAttribute('aria-busy'));
    const [first, second] = api.calls('POST /api/company/create-transaction');
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));

    answer = () => invalid({ amount: ['At most 10,000,000'] });
    await user.clear(screen.getByLabelText('Amount deposited'));
    await user.type(screen.getByLabelText('Amount deposited'), '2600');
    await user.click(send);
    await waitFor(() => expect(api.calls('POST /api/company/create-transaction')).toHaveLength(3));
    expect(api.calls('POST /api/company/create-transaction')[2]?.headers.get('Idempotency-Key')).not.toBe(
      first?.headers.get('Idempotency-Key'),
    );
  });

  it('shows the server’s field errors on their fields', async () => {
    const { user } = await openForm({
      'POST /api/company/create-transaction': () =>
        invalid({
          receipt: ['Upload a PDF, PNG or JPEG file'],
          deposit_date: ['The deposit date is in the future'],
        }),
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Record the deposit' }));
    await waitFor(() => expect(receiptInput()).toHaveAccessibleDescription(/Upload a PDF, PNG or JPEG file/));
    expect(screen.getByLabelText('Deposit date')).toHaveAccessibleDescription(
      'The deposit date is in the future',
    );
  });

  it('shows a reference recorded before (409) on the reference field', async () => {
    const message = 'This bank reference was already recorded';
    const { user } = await openForm({
      'POST /api/company/create-transaction': () => fail(409, message),
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Record the deposit' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Bank reference')).toHaveAccessibleDescription(new RegExp(message)),
    );
    expect(screen.getByLabelText('Bank reference')).toHaveFocus();
  });

  it('says No Banks Found when there is no account to pay into', async () => {
    fakeApi({ 'GET /api/bank': () => fail(404, 'No Banks Found') });
    renderApp(paths.dashboard.createTransaction, { preloadedState: paymentsState() });
    expect(await screen.findByRole('heading', { name: 'No Banks Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record the deposit' })).not.toBeInTheDocument();
  });

  it('says the banks could not be fetched, and asks again', async () => {
    let answer = () => fail(500, 'Failed to fetch banks');
    const gate = answerGate();
    fakeApi({ 'GET /api/bank': gate.hold(() => answer()) });
    const { user } = renderApp(paths.dashboard.createTransaction, { preloadedState: paymentsState() });
    await screen.findByRole('status', { name: 'Loading the bank accounts' });
    gate.open();
    await screen.findByRole('button', { name: 'Try again' });
    answer = () => ok([banks]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Bank you paid into')).toBeInTheDocument();
  });

  it('is closed to a user without payments.create', async () => {
    const api = fakeApi({});
    renderApp(paths.dashboard.createTransaction, { preloadedState: paymentsState(['payments.view']) });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Make deposits')).toBeInTheDocument();
    expect(api.calls('GET /api/bank')).toHaveLength(0);
  });
});
