import { FALLBACK, SUCCESS } from '@skydesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { sampleCompany } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';
import { recentBooking, supportState, ticket } from '../testing/support';
import { CATEGORY_MISSING } from '../ticket-form';

const CREATE = 'POST /api/ticket';
const BOOKINGS = `GET /api/booking/company/${sampleCompany.id}`;
const created = ticket({ id: '71c4e700-aaaa-4000-8000-000000000001', number: 1099 });
const ATTACH = `POST /api/ticket/${created.id}/attachments`;

const bookings = () =>
  ok([
    recentBooking('QX7P2M', 'DXB', 'LHR', 'b0000000-0000-4000-8000-000000000001'),
    recentBooking('ZK4T9A', 'DXB', 'BOM', 'b0000000-0000-4000-8000-000000000002'),
  ]);

const chatRoutes = {
  [`GET /api/ticket/${created.id}`]: () => ok(created),
  [`GET /api/ticket/${created.id}/messages`]: () => ok([]),
  'GET /api/ticket/company': () => ok([created]),
};

const file = (name: string, type: string, size = 1_000) =>
  new File([new Uint8Array(size)], name, { type, lastModified: 0 });

async function fillIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Subject'), 'Name correction on QX7P2M');
  await user.selectOptions(screen.getByLabelText('Category'), 'Booking');
  await user.type(screen.getByLabelText('Message'), 'The passenger’s surname is misspelt.');
}

describe('the new-ticket screen', () => {
  it('asks for a subject, a category and a message before sending anything', async () => {
    const api = fakeApi({ [BOOKINGS]: bookings, [CREATE]: () => ok(created, { status: 201 }) });
    const { user } = renderApp(paths.dashboard.createTicket, { preloadedState: supportState() });
    await user.click(await screen.findByRole('button', { name: 'Open ticket' }));

    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription(
      'Say in a few words what it is about',
    );
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription(CATEGORY_MISSING);
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(/Write your message/);
    await user.type(screen.getByLabelText(/Booking reference/), 'AB1');
    await user.tab();
    expect(screen.getByLabelText(/Booking reference/)).toHaveAccessibleDescription(
      /A booking reference has 6 letters and digits/,
    );
    expect(api.calls(CREATE)).toHaveLength(0);
  });

  it('creates the ticket, says "New Ticket Created" and opens its chat', async () => {
    const api = fakeApi({
      [BOOKINGS]: bookings,
      [CREATE]: () => ok(created, { status: 201 }),
      ...chatRoutes,
    });
    const { user, router } = renderApp(paths.dashboard.createTicket, { preloadedState: supportState() });
    await fillIn(user);
    await user.selectOptions(screen.getByLabelText('Priority'), 'High');
    // One of the latest bookings, picked rather than typed.
    await user.click(await screen.findByRole('button', { name: /QX7P2M/ }));
    expect(screen.getByLabelText(/Booking reference/)).toHaveValue('QX7P2M');
    expect(screen.getByRole('button', { name: /QX7P2M/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));

    expect(await screen.findByText(SUCCESS.ticketCreated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.supportChat));
    expect(router.state.location.search).toBe(`?id=${created.id}`);
    expect(api.calls(CREATE)[0]?.body).toEqual({
      subject: 'Name correction on QX7P2M',
      category: 'booking',
      priority: 'high',
      pnr: 'QX7P2M',
      message: 'The passenger’s surname is misspelt.',
    });
    expect(api.calls(BOOKINGS)[0]?.query.get('limit')).toBe('6');
  });

  it('fills the booking from ?pnr= (the booking page’s link) and sends no PNR when cleared', async () => {
    const api = fakeApi({
      [BOOKINGS]: bookings,
      [CREATE]: () => ok(created, { status: 201 }),
      ...chatRoutes,
    });
    const { user } = renderApp(`${paths.dashboard.createTicket}?pnr=zk4t9a`, {
      preloadedState: supportState(),
    });
    const pnr = await screen.findByLabelText(/Booking reference/);
    expect(pnr).toHaveValue('ZK4T9A');
    expect(screen.getByLabelText('Category')).toHaveValue('booking');

    await user.clear(pnr);
    await user.type(screen.getByLabelText('Subject'), 'Invoice copy');
    await user.selectOptions(screen.getByLabelText('Category'), 'Payment');
    await user.type(screen.getByLabelText('Message'), 'Please send the March invoice.');
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));
    await waitFor(() => expect(api.calls(CREATE)).toHaveLength(1));
    expect(api.calls(CREATE)[0]?.body).not.toHaveProperty('pnr');
  });

  it('puts the server’s field errors on their fields (an unknown PNR), toasting nothing else', async () => {
    fakeApi({
      [BOOKINGS]: () => fail(403, 'Forbidden'),
      [CREATE]: () => invalid({ pnr: ['No booking of your agency has this reference'] }),
    });
    const { user } = renderApp(paths.dashboard.createTicket, { preloadedState: supportState() });
    await fillIn(user);
    await user.type(screen.getByLabelText(/Booking reference/), 'NOPE42');
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));
    expect(await screen.findByText('No booking of your agency has this reference')).toBeInTheDocument();
    expect(screen.getByLabelText(/Booking reference/)).toHaveFocus();
    expect(screen.queryByRole('button', { name: /QX7P2M/ })).not.toBeInTheDocument();
  });

  it('toasts a failure that names no field with its fallback', async () => {
    fakeApi({ [BOOKINGS]: bookings, [CREATE]: () => new Response('oops', { status: 500 }) });
    const { user, router } = renderApp(paths.dashboard.createTicket, { preloadedState: supportState() });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));
    expect(await screen.findByText(FALLBACK.createTicket)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard.createTicket);
  });

  it('checks files as they are chosen and sends each after the ticket, as its own message', async () => {
    const api = fakeApi({
      [BOOKINGS]: bookings,
      [CREATE]: () => ok(created, { status: 201 }),
      [ATTACH]: () => ok({}, { status: 201 }),
      ...chatRoutes,
    });
    const { user, router } = renderApp(paths.dashboard.createTicket, { preloadedState: supportState() });
    await fillIn(user);
    const input = screen.getByLabelText('Add files');
    fireEvent.change(input, {
      target: {
        files: [
          file('passport.png', 'image/png'),
          file('notes.docx', 'application/msword'),
          file('huge.pdf', 'application/pdf', 6 * 1024 * 1024),
        ],
      },
    });
    const files = screen.getByRole('list', { name: 'Files to send' });
    expect(within(files).getAllByRole('listitem')).toHaveLength(1);
    expect(within(files).getByText('passport.png')).toBeInTheDocument();
    expect(screen.getByText('notes.docx: Upload a PDF, PNG or JPEG file')).toBeInTheDocument();
    expect(screen.getByText(/huge\.pdf: The file is larger than/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Add files'), {
      target: { files: [file('receipt.pdf', 'application/pdf')] },
    });
    expect(within(files).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove passport.png' }));
    expect(within(files).getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Open ticket' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.supportChat));
    expect(api.calls(ATTACH)).toHaveLength(1);
    const upload = api.calls(ATTACH)[0]!.formData!;
    expect((upload.get('file') as File).name).toBe('receipt.pdf');
    expect(upload.get('client_id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('still opens the chat when a file could not be attached, naming it', async () => {
    fakeApi({
      [BOOKINGS]: bookings,
      [CREATE]: () => ok(created, { status: 201 }),
      [ATTACH]: () => fail(422, 'Attach a PDF, PNG or JPEG file'),
      ...chatRoutes,
    });
    const { user, router } = renderApp(paths.dashboard.createTicket, { preloadedState: supportState() });
    await fillIn(user);
    fireEvent.change(screen.getByLabelText('Add files'), {
      target: { files: [file('scan.pdf', 'application/pdf')] },
    });
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));
    expect(
      await screen.findByText('scan.pdf could not be attached. Send it in the chat.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.supportChat));
  });

  it('shows the 403 screen to a role without support.use', async () => {
    fakeApi({});
    renderApp(paths.dashboard.createTicket, { preloadedState: supportState(['bookings.view']) });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
  });
});
