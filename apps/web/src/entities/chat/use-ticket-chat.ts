import {
  LIVE_TYPING_EVERY_MS,
  LIVE_TYPING_SHOWN_MS,
  type SupportAttachment,
  type SupportMessage,
  type SupportSide,
} from '@skydesk/contract';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { isApiFailure } from '../../shared/http/api-error';
import { newIdempotencyKey } from '../../shared/http/idempotency-key';
import { sendLiveFrame, subscribeLiveEvents } from '../../shared/live/live-events';
import { type ChatDraft, chatReducer, emptyChat, newestUnreadOf } from './chat-state';

/**
 * How a chat reaches its ticket: the agency's endpoints or the operators' (each feature's own
 * RTK Query calls, unwrapped). Every call rejects with the client's ApiFailure.
 */
export type ChatTransport = {
  /** The messages after the `afterSeq`th, oldest first (0: all of them). */
  fetchMessages: (afterSeq: number) => Promise<SupportMessage[]>;
  sendMessage: (draft: { body: string; clientId: string }) => Promise<SupportMessage>;
  sendAttachment: (draft: { file: File; body: string; clientId: string }) => Promise<SupportMessage>;
  /** Marks the other side's messages read up to `upToSeq`. */
  markRead: (upToSeq: number) => Promise<{ read_at: string }>;
  /** An attachment's file as an object URL (the caller revokes it). */
  fetchAttachment: (attachment: SupportAttachment) => Promise<string>;
};

export type ChatLoad = 'loading' | 'failed' | 'ready';

/** How long after the other side's message a typing frame of theirs is taken as that message's. */
const STALE_TYPING_MS = 1_000;

const otherSide = (side: SupportSide): SupportSide => (side === 'agency' ? 'operator' : 'agency');

/** The highest n such that messages 1…n are all held: what a catch-up asks to follow. */
const heldThrough = (seqs: Set<number>): number => {
  let n = 0;
  while (seqs.has(n + 1)) n++;
  return n;
};

/** Whether the reader can see the page: a message in a background tab is not "read". */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const changed = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, []);
  return visible;
}

/**
 * One ticket's conversation, live (issue 14), for the side whose chat it is. It reads the
 * messages, then merges in the answer to each message sent and the socket's frames (by id, so
 * none shows twice); after the socket was down — or a frame skips a seq — it asks for what follows
 * the last message it holds. It marks the other side's messages read while the page is visible,
 * shows "… is typing" for LIVE_TYPING_SHOWN_MS after each typing frame, and sends a typing frame
 * at most every LIVE_TYPING_EVERY_MS. Mount it once per ticket (keyed by the ticket's id).
 */
export function useTicketChat({
  ticketId,
  side,
  transport,
}: {
  ticketId: string;
  side: SupportSide;
  transport: ChatTransport;
}) {
  const [state, dispatch] = useReducer(chatReducer, emptyChat);
  const [load, setLoad] = useState<ChatLoad>('loading');
  const [attempt, setAttempt] = useState(0);
  const [catchUpFailed, setCatchUpFailed] = useState(false);
  const [typing, setTyping] = useState<string | null>(null);
  const visible = usePageVisible();

  // The latest transport, without reading again each time the caller renders a new one.
  const calls = useRef(transport);
  calls.current = transport;
  const loaded = useRef(false);
  const seqs = useRef(new Set<number>());
  const catchingUp = useRef(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typingSentAt = useRef(Number.NEGATIVE_INFINITY);
  const askedRead = useRef(0);
  const theirLastMessageAt = useRef(Number.NEGATIVE_INFINITY);

  const receive = useCallback((messages: SupportMessage[]) => {
    for (const message of messages) seqs.current.add(message.seq);
    dispatch({ type: 'received', messages });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reads again after a failure
  useEffect(() => {
    let current = true;
    setLoad('loading');
    calls.current.fetchMessages(0).then(
      (messages) => {
        if (!current) return;
        receive(messages);
        loaded.current = true;
        setLoad('ready');
      },
      () => {
        if (current) setLoad('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, receive]);

  const catchUp = useCallback(async () => {
    if (!loaded.current || catchingUp.current) return;
    catchingUp.current = true;
    try {
      receive(await calls.current.fetchMessages(heldThrough(seqs.current)));
      setCatchUpFailed(false);
    } catch {
      setCatchUpFailed(true);
    } finally {
      catchingUp.current = false;
    }
  }, [receive]);

  const hideTyping = useCallback(() => {
    clearTimeout(typingTimer.current);
    setTyping(null);
  }, []);

  useEffect(() => {
    const unsubscribe = subscribeLiveEvents((event) => {
      switch (event.type) {
        case 'reconnected':
          // What the socket would have pushed meanwhile was missed.
          void catchUp();
          return;
        case 'ticket_message': {
          if (event.ticket_id !== ticketId) return;
          const newest = Math.max(0, ...seqs.current);
          receive([event.message]);
          // Their message is the end of their typing.
          if (event.message.author.side !== side) {
            hideTyping();
            theirLastMessageAt.current = Date.now();
          }
          // A frame was missed between the last one held and this one.
          if (event.message.seq > newest + 1) void catchUp();
          return;
        }
        case 'ticket_read':
          if (event.ticket_id !== ticketId) return;
          dispatch({ type: 'read', side: event.side, upToSeq: event.up_to_seq, readAt: event.read_at });
          return;
        case 'ticket_typing':
          if (event.ticket_id !== ticketId || event.side === side) return;
          // Typing is announced on its own path and may trail the message it was typed for:
          // just after their message, it is that message's, not a new one's.
          if (Date.now() - theirLastMessageAt.current < STALE_TYPING_MS) return;
          setTyping(event.name);
          clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(() => setTyping(null), LIVE_TYPING_SHOWN_MS);
          return;
        case 'error':
          // A refused message names its client id (sent over the socket by another tab, say);
          // one that names none (a message sent too fast, issue 27) is said on its own.
          if (event.client_id)
            dispatch({ type: 'draftFailed', clientId: event.client_id, problem: event.message });
          else toast.error(event.message);
          return;
        default:
          return;
      }
    });
    return () => {
      unsubscribe();
      clearTimeout(typingTimer.current);
    };
  }, [ticketId, side, receive, catchUp, hideTyping]);

  // The other side's messages are read once they are on a visible page.
  const unread = newestUnreadOf(state.messages, otherSide(side));
  useEffect(() => {
    if (load !== 'ready' || !visible || unread <= askedRead.current) return;
    const before = askedRead.current;
    askedRead.current = unread;
    calls.current.markRead(unread).then(
      (answer) => dispatch({ type: 'read', side, upToSeq: unread, readAt: answer.read_at }),
      () => {
        // Asked again with the next message that arrives.
        if (askedRead.current === unread) askedRead.current = before;
      },
    );
  }, [load, visible, unread, side]);

  const deliver = useCallback(
    async (draft: ChatDraft) => {
      try {
        const message = draft.file
          ? await calls.current.sendAttachment({
              file: draft.file,
              body: draft.body,
              clientId: draft.clientId,
            })
          : await calls.current.sendMessage({ body: draft.body, clientId: draft.clientId });
        receive([message]);
      } catch (error) {
        dispatch({
          type: 'draftFailed',
          clientId: draft.clientId,
          problem: isApiFailure(error) ? error.message : 'The message could not be sent',
        });
      }
    },
    [receive],
  );

  /** Shows the message at once (optimistic) and sends it; the stored one takes its place. */
  const send = useCallback(
    ({ body, file = null }: { body: string; file?: File | null }) => {
      const draft: ChatDraft = {
        clientId: newIdempotencyKey(),
        body,
        file,
        createdAt: new Date().toISOString(),
        status: 'sending',
        problem: null,
      };
      dispatch({ type: 'draftAdded', draft });
      // The message ends the typing: the next keystroke may say so again at once.
      typingSentAt.current = Number.NEGATIVE_INFINITY;
      void deliver(draft);
    },
    [deliver],
  );

  /** Sends a refused message again under the same client id: the server stores it at most once. */
  const retry = useCallback(
    (draft: ChatDraft) => {
      dispatch({ type: 'draftRetried', clientId: draft.clientId });
      void deliver(draft);
    },
    [deliver],
  );

  const discard = useCallback((draft: ChatDraft) => {
    dispatch({ type: 'draftDiscarded', clientId: draft.clientId });
  }, []);

  /** The user is writing: the other side is told, at most every LIVE_TYPING_EVERY_MS. */
  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (now - typingSentAt.current < LIVE_TYPING_EVERY_MS) return;
    if (sendLiveFrame({ type: 'typing', ticket_id: ticketId })) typingSentAt.current = now;
  }, [ticketId]);

  return {
    load,
    reload: () => setAttempt((n) => n + 1),
    messages: state.messages,
    drafts: state.drafts,
    typing,
    catchUpFailed,
    catchUp,
    send,
    retry,
    discard,
    notifyTyping,
  };
}

export type TicketChatState = ReturnType<typeof useTicketChat>;
