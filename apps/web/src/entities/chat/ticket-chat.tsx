import type { SupportMessage, SupportSide } from '@skydesk/contract';
import { clsx } from 'clsx';
import { MessagesSquare } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { LoadFailed } from '../../shared/ui/load-failed';
import { ChatComposer } from './chat-composer';
import { type Author, ChatMessage, DraftMessage } from './chat-message';
import { groupByDay } from './chat-state';
import { type ChatTransport, useTicketChat } from './use-ticket-chat';

export type TicketChatProps = {
  ticketId: string;
  /** Whose chat this is: that side's messages are on the right, with their Sent/Read state. */
  side: SupportSide;
  /** The reader's own user id: their messages are signed "You". */
  selfId: string | null;
  transport: ChatTransport;
  /** A closed ticket shows `closedNotice` where the composer was. */
  closed: boolean;
  closedNotice: ReactNode;
  /** The other side's typing, in words ("SkyDesk support is typing…"). */
  typingLabel: (name: string) => string;
  /** How the other side's authors are named beside their own names ("SkyDesk support"). */
  otherSideLabel?: string;
  className?: string;
};

/** How far from the bottom the reader may be and still follow new messages down. */
const FOLLOW_WITHIN_PX = 96;

/**
 * A support ticket's conversation (issue 14), the same for an agency and for an operator: the
 * messages oldest first under their day, the reader's side on the right with its Sent/Read state,
 * files as chips, "… is typing", and the composer — or, closed, what to do instead. Messages,
 * drafts and live frames are kept by useTicketChat, one per ticket.
 */
export function TicketChat(props: TicketChatProps) {
  // Another ticket is another conversation: nothing of this one is carried over.
  return <Conversation key={props.ticketId} {...props} />;
}

function Conversation({
  ticketId,
  side,
  selfId,
  transport,
  closed,
  closedNotice,
  typingLabel,
  otherSideLabel,
  className,
}: TicketChatProps) {
  const chat = useTicketChat({ ticketId, side, transport });
  const log = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  const authorOf = (message: SupportMessage): Author => {
    const own = message.author.side === side;
    if (own && message.author.id === selfId) return { name: 'You', own };
    if (!own && otherSideLabel) return { name: `${message.author.name} · ${otherSideLabel}`, own };
    return { name: message.author.name, own };
  };

  // New messages bring the reader down with them unless they scrolled up to read older ones; a
  // message of theirs always does.
  const newest = chat.drafts.length + chat.messages.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled when something is added or the typing line shows
  useLayoutEffect(() => {
    const element = log.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [newest, chat.typing, chat.load]);

  // A picture's preview arriving, or the window changing size, moves the end of the log: a reader
  // following it stays at the end.
  useEffect(() => {
    const element = log.current;
    const content = element?.firstElementChild;
    if (!element || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  const days = groupByDay(chat.messages);
  const lastAuthor = chat.messages.at(-1)?.author;
  const draftsFollowOwn = lastAuthor?.side === side && lastAuthor.id === selfId;

  return (
    <div className={clsx('flex min-h-0 flex-col overflow-hidden bg-slate-50', className)}>
      <div
        ref={log}
        role="log"
        aria-label="Messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is scrolled by keyboard only once it can take the focus (WCAG 2.1.1)
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current =
            element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_WITHIN_PX;
        }}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2 sm:px-5"
      >
        <div className="min-h-full">
          {chat.load === 'loading' ? (
            <ChatSkeleton />
          ) : chat.load === 'failed' ? (
            <LoadFailed title="The messages could not be loaded" onRetry={chat.reload} />
          ) : chat.messages.length === 0 && chat.drafts.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-slate-500 text-sm">
              <MessagesSquare aria-hidden="true" className="size-8 text-slate-400" />
              <p>No messages yet.</p>
            </div>
          ) : (
            <>
              {days.map((day) => (
                <section key={day.key} aria-label={day.label}>
                  <h3 className="my-2 flex justify-center">
                    <span className="rounded-full bg-slate-200/90 px-3 py-0.5 font-medium text-slate-700 text-xs">
                      {day.label}
                    </span>
                  </h3>
                  <ol>
                    {day.messages.map((message, index) => {
                      const before = day.messages[index - 1];
                      const first =
                        !before ||
                        before.author.id !== message.author.id ||
                        before.author.side !== message.author.side;
                      return (
                        <ChatMessage
                          key={message.id}
                          message={message}
                          author={authorOf(message)}
                          first={first}
                          fetchAttachment={transport.fetchAttachment}
                        />
                      );
                    })}
                  </ol>
                </section>
              ))}
              {chat.drafts.length > 0 && (
                <ol aria-label="Being sent">
                  {chat.drafts.map((draft, index) => (
                    <DraftMessage
                      key={draft.clientId}
                      draft={draft}
                      authorName="You"
                      first={index === 0 && !draftsFollowOwn}
                      onRetry={() => chat.retry(draft)}
                      onDiscard={() => chat.discard(draft)}
                    />
                  ))}
                </ol>
              )}
            </>
          )}
        </div>
      </div>
      <div aria-live="polite" className="px-4 sm:px-5">
        {chat.typing && (
          <p className="flex items-center gap-2 py-1 text-slate-600 text-xs">
            <TypingDots />
            {typingLabel(chat.typing)}
          </p>
        )}
      </div>
      {chat.catchUpFailed && (
        <p className="flex flex-wrap items-center gap-x-2 border-amber-200 border-t bg-amber-50 px-4 py-2 text-amber-900 text-xs sm:px-5">
          The connection came back, but the messages sent meanwhile could not be loaded.
          <button
            type="button"
            onClick={() => void chat.catchUp()}
            className="font-medium underline focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            Load them
          </button>
        </p>
      )}
      {closed ? (
        <div className="border-slate-200 border-t bg-white px-4 py-3 sm:px-5">{closedNotice}</div>
      ) : (
        <ChatComposer
          onSend={(message) => {
            following.current = true;
            chat.send(message);
          }}
          onTyping={chat.notifyTyping}
        />
      )}
    </div>
  );
}

function TypingDots() {
  return (
    <span aria-hidden="true" className="inline-flex gap-0.5">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 animate-bounce rounded-full bg-slate-400"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}

function ChatSkeleton() {
  return (
    <div role="status" aria-label="Loading the messages" className="space-y-4">
      {['w-2/3', 'ml-auto w-1/2', 'w-3/5', 'ml-auto w-2/5'].map((width) => (
        <div key={width} className={clsx('h-14 animate-pulse rounded-2xl bg-slate-200/80', width)} />
      ))}
    </div>
  );
}
