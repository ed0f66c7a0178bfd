import {
  LIVE_TYPING_EVERY_MS,
  LIVE_TYPING_SHOWN_MS,
  SUPPORT_MESSAGES,
  type SupportMessage,
} from '@skydesk/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatMessage, messageFrame, TICKET_ID } from '../../../entities/chat/testing/chat-fixtures';
import { paths } from '../../../shared/routing/paths';
import { fail, fakeApi, ok, type SentRequest } from '../../../testing/fake-api';
import { FakeWebSocket } from '../../../testing/fake-websocket';
import { renderApp } from '../../../testing/render-with-providers';
import { answeredTicket, supportState, ticket } from '../testing/support';

const TICKET = `GET /api/ticket/${TICKET_ID}`;
const MESSAGES = `GET /api/ticket/${TICKET_ID}/messages`;
const SEND = `POST /api/ticket/${TICKET_ID}/messages`;
const ATTACH = `POST /api/ticket/${TICKET_ID}/attachments`;
const READ = `PUT /api/ticket/${TICKET_ID}/read`;
const LIST = 'GET /api/ticket/company';
const CHAT = `${paths.dashboard.supportChat}?id=${TICKET_ID}`;

const current = answeredTicket({ id: TICKET_ID, number: 1042, subject: 'Name correction', unread_count: 1 });

const history = (): SupportMessage[] => [
  chatMessage(1, { body: 'The surname is misspelt on QX7P2M.', read_at: '2026-03-10T09:05:00Z' }),
  chatMessage(2, { side: 'operator', body: 'Looking at it now.' }),
];

/** The stored version of a message the page sent: its client id echoed, the next seq. */
const stored = (request: SentRequest, seq: number) =>
  chatMessage(seq, {
    body: (request.body as { body: string }).body,
    client_id: (request.body as { client_id: string }).client_id,
    created_at: new Date().toISOString(),
  });

type Routes = Parameters<typeof fakeApi>[0];

async function openChat(routes: Routes = {}, { messages = history(), ticketAnswer = current } = {}) {
  const api = fakeApi({
    [TICKET]: () => ok(ticketAnswer),
    [LIST]: () => ok([ticketAnswer, ticket({ subject: 'Another question' })]),
    [MESSAGES]: () => ok(messages),
    [READ]: ({ body }) =>
      ok({
        ticket_id: TICKET_ID,
        side: 'agency',
        up_to_seq: (body as { up_to_seq: number }).up_to_seq,
        read_at: new Date().toISOString(),
      }),
    ...routes,
  });
  const view = renderApp(CHAT, { preloadedState: supportState() });
  await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  const socket = FakeWebSocket.latest();
  act(() => {
    socket.accept();
    socket.push({ type: 'ready' });
  });
  // The chat is there and has read its messages.
  await screen.findByRole('log', { name: 'Messages' });
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the messages' })).toBeNull());
  return { ...view, api, socket };
}

const log = () => screen.getByRole('log', { name: 'Messages' });
const typingFrames = (socket: FakeWebSocket) =>
  socket.frames().filter((frame) => (frame as { type: string }).type === 'typing');

afterEach(() => {
  vi.useRealTimers();
});

describe('the support chat', () => {
  it('shows the conversation oldest first under its day, who wrote each message and when, and the read state of ours', async () => {
    const { api } = await openChat();
    expect(await screen.findByText('Looking at it now.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '#1042 Name correction' })).toBeInTheDocument();
    const day = within(log()).getByRole('region', { name: 'Tue 10 Mar 2026' });
    const items = within(day).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('You');
    expect(items[0]).toHaveTextContent('The surname is misspelt on QX7P2M.');
    expect(items[0]).toHaveTextContent('Read');
    expect(items[1]).toHaveTextContent('Omar Haddad · SkyDesk support');
    expect(items[1]).not.toHaveTextContent(/Read|Sent/);

    // The operator's message is on the screen: read, up to its seq.
    await waitFor(() => expect(api.calls(READ)).toHaveLength(1));
    expect(api.calls(READ)[0]?.body).toEqual({ up_to_seq: 2 });
    // The other open tickets beside it, this one marked.
    const conversations = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(conversations).getByRole('link', { current: 'page' })).toHaveTextContent('Name correction');
    expect(within(conversations).getByText('Another question')).toBeInTheDocument();
  });

  it('shows a message at once, then the stored one in its place — once, whether its frame or its answer comes first', async () => {
    let release: (() => void) | undefined;
    const { user, api, socket } = await openChat({
      [SEND]: async (request) => {
        // The live frame of the stored message overtakes the HTTP answer.
        socket.push(messageFrame(stored(request, 3)));
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return ok(stored(request, 3), { status: 201 });
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Any news?{Enter}');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await waitFor(() => expect(api.calls(SEND)).toHaveLength(1));
    const sent = api.calls(SEND)[0]?.body as { body: string; client_id: string };
    expect(sent.body).toBe('Any news?');
    expect(sent.client_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    await waitFor(() => expect(within(log()).getAllByText('Any news?')).toHaveLength(1));
    expect(within(log()).queryByText('Sending…')).not.toBeInTheDocument();
    act(() => release?.());
    await waitFor(() => expect(api.calls(SEND)).toHaveLength(1));
    // The answer changes nothing: still one message, now stored and sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(log()).getAllByText('Any news?')).toHaveLength(1);
    expect(within(log()).getAllByText('Sent').length).toBeGreaterThan(0);
  });

  it('keeps one message when the answer comes first and the live frame after it', async () => {
    let lastStored: SupportMessage | undefined;
    const { user, socket } = await openChat({
      [SEND]: (request) => {
        lastStored = stored(request, 3);
        return ok(lastStored, { status: 201 });
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Thanks!{Enter}');
    expect(within(log()).getByText('Thanks!')).toBeInTheDocument();
    await waitFor(() => expect(within(log()).queryByText('Sending…')).not.toBeInTheDocument());
    act(() => socket.push(messageFrame(lastStored as SupportMessage)));
    expect(within(log()).getAllByText('Thanks!')).toHaveLength(1);
  });

  it('Shift+Enter starts a new line; Enter sends', async () => {
    const { user, api } = await openChat({
      [SEND]: (request) => ok(stored(request, 3), { status: 201 }),
    });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(api.calls(SEND)).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.calls(SEND)[0]?.body).toMatchObject({ body: 'Line one\nLine two' }));
  });

  it('says a message was not sent, and sends it again under the same client id', async () => {
    let answer: (request: SentRequest) => Response = () => fail(503, 'SkyDesk is busy, try again');
    const { user, api } = await openChat({ [SEND]: (request) => answer(request) });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello?{Enter}');
    expect(await screen.findByText('Not sent: SkyDesk is busy, try again')).toBeInTheDocument();

    answer = (request) => ok(stored(request, 3), { status: 201 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(/Not sent/)).not.toBeInTheDocument());
    const [first, second] = api.calls(SEND).map((call) => (call.body as { client_id: string }).client_id);
    expect(second).toBe(first);
    expect(within(log()).getAllByText('Hello?')).toHaveLength(1);
  });

  it('says why when messages come faster than the chat takes them (429), over HTTP or the socket', async () => {
    const tooFast = SUPPORT_MESSAGES.tooFast(12);
    const { user, socket } = await openChat({
      [SEND]: () => fail(429, tooFast, { headers: { 'Retry-After': '12' } }),
    });
    // A refusal over the socket that names no message shown here is said on its own.
    act(() => socket.push({ type: 'error', client_id: null, status: 429, message: tooFast }));
    expect(await screen.findByText(tooFast)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'One more{Enter}');
    expect(await screen.findByText(`Not sent: ${tooFast}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('turns our messages to Read when SkyDesk reads them (ticket_read)', async () => {
    const { socket } = await openChat(
      {},
      { messages: [chatMessage(1), chatMessage(2, { body: 'Still there?' })] },
    );
    await screen.findByText('Still there?');
    expect(within(log()).getAllByText('Sent')).toHaveLength(2);
    act(() =>
      socket.push({
        type: 'ticket_read',
        ticket_id: TICKET_ID,
        side: 'operator',
        up_to_seq: 1,
        read_at: '2026-03-10T10:00:00Z',
      }),
    );
    expect(within(log()).getAllByText('Sent')).toHaveLength(1);
    expect(within(log()).getAllByText('Read')).toHaveLength(1);
  }, 10_000);

  it('shows "SkyDesk support is typing…" from typing frames, then hides it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { socket } = await openChat();
    const typing = { type: 'ticket_typing', ticket_id: TICKET_ID, side: 'operator', name: 'Omar Haddad' };
    act(() => socket.push(typing));
    expect(screen.getByText('SkyDesk support is typing…')).toBeInTheDocument();
    // Our own side's typing (a colleague) and another ticket's are not shown.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_TYPING_SHOWN_MS - 1_000);
    });
    act(() => socket.push(typing));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_TYPING_SHOWN_MS - 1_000);
    });
    expect(screen.getByText('SkyDesk support is typing…')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(screen.queryByText('SkyDesk support is typing…')).not.toBeInTheDocument();

    act(() => socket.push({ ...typing, side: 'agency', name: 'A colleague' }));
    act(() => socket.push({ ...typing, ticket_id: '00000000-0000-4000-8000-000000000000' }));
    expect(screen.queryByText(/is typing/)).not.toBeInTheDocument();

    // Their message ends their typing.
    act(() => socket.push(typing));
    act(() => socket.push(messageFrame(chatMessage(3, { side: 'operator', body: 'Corrected.' }))));
    expect(screen.getByText('Corrected.')).toBeInTheDocument();
    expect(screen.queryByText(/is typing/)).not.toBeInTheDocument();
    // A typing frame trailing their message belongs to it; a later one is new typing.
    act(() => socket.push(typing));
    expect(screen.queryByText(/is typing/)).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    act(() => socket.push(typing));
    expect(screen.getByText('SkyDesk support is typing…')).toBeInTheDocument();
  });

  it('tells SkyDesk the agent is typing at most every 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, socket } = await openChat();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hel');
    expect(typingFrames(socket)).toEqual([{ type: 'typing', ticket_id: TICKET_ID }]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_TYPING_EVERY_MS);
    });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'lo');
    expect(typingFrames(socket)).toHaveLength(2);
  });

  it('asks for what it missed after the socket came back, merging it in order without doubles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, socket } = await openChat({
      [MESSAGES]: ({ query }) =>
        query.get('after_seq') === '2'
          ? ok([
              chatMessage(3, { side: 'operator', body: 'Missed while away' }),
              chatMessage(4, { body: 'Mine too' }),
            ])
          : ok(history()),
    });
    act(() => socket.drop(1006));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    const again = FakeWebSocket.latest();
    act(() => {
      again.accept();
      again.push({ type: 'ready' });
    });
    expect(await screen.findByText('Missed while away')).toBeInTheDocument();
    expect(api.calls(MESSAGES).map((call) => call.query.get('after_seq'))).toEqual(['0', '2']);
    // A frame of a message already held changes nothing.
    act(() => again.push(messageFrame(chatMessage(4, { body: 'Mine too' }))));
    const texts = within(log())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts.filter((text) => text?.includes('Mine too'))).toHaveLength(1);
    expect(texts.findIndex((text) => text?.includes('Missed while away'))).toBeLessThan(
      texts.findIndex((text) => text?.includes('Mine too')),
    );
  });

  it('asks for the messages between when a frame skips some', async () => {
    const { api, socket } = await openChat({
      [MESSAGES]: ({ query }) =>
        query.get('after_seq') === '2'
          ? ok([
              chatMessage(3, { side: 'operator', body: 'The one in between' }),
              chatMessage(4, { side: 'operator', body: 'Latest' }),
            ])
          : ok(history()),
    });
    act(() => socket.push(messageFrame(chatMessage(4, { side: 'operator', body: 'Latest' }))));
    expect(await screen.findByText('The one in between')).toBeInTheDocument();
    expect(api.calls(MESSAGES).at(-1)?.query.get('after_seq')).toBe('2');
    expect(within(log()).getAllByText('Latest')).toHaveLength(1);
  });

  it('sends a file from the composer, checked when chosen, with the text as one message', async () => {
    const { user, api } = await openChat({
      [ATTACH]: (request) =>
        ok(
          chatMessage(3, {
            body: 'The receipt',
            client_id: request.formData?.get('client_id') as string,
            attachment: {
              id: 'a77ac400-0000-4000-8000-000000000001',
              file_name: 'receipt.pdf',
              content_type: 'application/pdf',
              size: 2048,
              url: `/api/ticket/${TICKET_ID}/attachments/a77ac400-0000-4000-8000-000000000001`,
            },
          }),
          { status: 201 },
        ),
    });
    const input = log().closest('section')?.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'notes.docx', { type: 'application/msword' })] },
    });
    expect(screen.getByText('notes.docx: Upload a PDF, PNG or JPEG file')).toBeInTheDocument();

    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByRole('button', { name: 'Remove receipt.pdf' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'The receipt{Enter}');

    expect(await within(log()).findByRole('button', { name: 'Save receipt.pdf' })).toBeInTheDocument();
    const form = api.calls(ATTACH)[0]!.formData!;
    expect((form.get('file') as File).name).toBe('receipt.pdf');
    expect(form.get('body')).toBe('The receipt');
    expect(within(log()).getByText('PDF · 2 KB')).toBeInTheDocument();
  });

  it('previews a picture sent in the chat, fetched with the session’s token', async () => {
    const attachmentId = 'a77ac400-0000-4000-8000-000000000002';
    const { api } = await openChat(
      {
        [`GET /api/ticket/${TICKET_ID}/attachments/${attachmentId}`]: () =>
          new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }),
      },
      {
        messages: [
          ...history(),
          chatMessage(3, {
            side: 'operator',
            body: '',
            attachment: {
              id: attachmentId,
              file_name: 'corrected.png',
              content_type: 'image/png',
              size: 4,
              url: `/api/ticket/${TICKET_ID}/attachments/${attachmentId}`,
            },
          }),
        ],
      },
    );
    expect(await within(log()).findByRole('img', { name: 'corrected.png' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(
      api.calls(`GET /api/ticket/${TICKET_ID}/attachments/${attachmentId}`)[0]?.headers.get('Authorization'),
    ).toMatch(/^Bearer /);
  });

  it('shows a closed ticket as closed, with no composer', async () => {
    await openChat({}, { ticketAnswer: { ...current, status: 'closed', closed_at: '2026-03-10T11:00:00Z' } });
    expect(screen.getByText(SUPPORT_MESSAGES.closed)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close ticket' })).not.toBeInTheDocument();
  });

  it('closes the ticket from the chat after a confirmation', async () => {
    const { user } = await openChat({
      [`POST /api/ticket/${TICKET_ID}/close`]: () => ok({ ...current, status: 'closed' }),
    });
    await user.click(screen.getByRole('button', { name: 'Close ticket' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText(SUPPORT_MESSAGES.closed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument());
  });

  it('lists the conversations to choose from when opened without a ticket', async () => {
    fakeApi({ [LIST]: () => ok([current, ticket({ subject: 'Another question', status: 'closed' })]) });
    renderApp(paths.dashboard.supportChat, { preloadedState: supportState() });
    const conversations = await screen.findByRole('navigation', { name: 'Conversations' });
    const link = await within(conversations).findByRole('link', { name: /Name correction/ });
    expect(link).toHaveAttribute('href', CHAT);
    expect(link).toHaveTextContent('1 unread');
    // Closed tickets are not conversations any more.
    expect(within(conversations).queryByText('Another question')).not.toBeInTheDocument();
  });

  it('says a ticket that is not the agency’s was not found, and a failed read with a retry', async () => {
    let messages = () => new Response('oops', { status: 500 });
    fakeApi({
      [TICKET]: () => ok(current),
      [LIST]: () => ok([current]),
      [MESSAGES]: () => messages(),
      'GET /api/ticket/00000000-0000-4000-8000-000000000000': () =>
        fail(404, SUPPORT_MESSAGES.ticketNotFound),
    });
    const { user, router } = renderApp(CHAT, { preloadedState: supportState() });
    expect(await screen.findByText('The messages could not be loaded')).toBeInTheDocument();
    messages = () => ok(history());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Looking at it now.')).toBeInTheDocument();

    await act(() =>
      router.navigate(`${paths.dashboard.supportChat}?id=00000000-0000-4000-8000-000000000000`),
    );
    expect(await screen.findByRole('heading', { name: SUPPORT_MESSAGES.ticketNotFound })).toBeInTheDocument();
  });
});
