import type { SupportAttachment, SupportMessage } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Check, CheckCheck, CircleAlert, Clock, RotateCcw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatInstant } from '../../shared/format/date-time';
import { AttachmentChip, LocalFileChip } from './attachment-chip';
import type { ChatDraft } from './chat-state';
import { timeOf } from './chat-state';

/** Who wrote a message, as the reader names them. */
export type Author = { name: string; own: boolean };

function Bubble({ own, children }: { own: boolean; children: ReactNode }) {
  return (
    <div
      className={clsx(
        'max-w-[85%] rounded-2xl px-3 py-2 text-sm leading-relaxed sm:max-w-[75%]',
        own
          ? 'rounded-br-md bg-indigo-600 text-white'
          : 'rounded-bl-md border border-slate-200 bg-white text-slate-900 shadow-xs',
      )}
    >
      {children}
    </div>
  );
}

function Body({ text }: { text: string }) {
  if (!text) return null;
  return <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{text}</p>;
}

/** The author's name over the first message of a run; screen readers hear it on every message. */
function AuthorLine({ author, shown }: { author: Author; shown: boolean }) {
  if (!shown) return <span className="sr-only">{author.name}: </span>;
  return (
    <p className={clsx('mb-1 px-1 font-medium text-slate-600 text-xs', author.own && 'text-right')}>
      {author.name}
    </p>
  );
}

type MessageProps = {
  message: SupportMessage;
  author: Author;
  /** The first of a run by the same author: the name is shown over it. */
  first: boolean;
  fetchAttachment: (attachment: SupportAttachment) => Promise<string>;
};

/** A stored message: its text and file, when, and — ours — whether the other side has read it. */
export function ChatMessage({ message, author, first, fetchAttachment }: MessageProps) {
  const { own } = author;
  return (
    <li className={clsx('flex flex-col', own ? 'items-end' : 'items-start', first ? 'mt-3' : 'mt-1')}>
      <AuthorLine author={author} shown={first} />
      <Bubble own={own}>
        <Body text={message.body} />
        {message.attachment && (
          <AttachmentChip attachment={message.attachment} fetchFile={fetchAttachment} own={own} />
        )}
      </Bubble>
      <p className="mt-0.5 flex items-center gap-1 px-1 text-slate-500 text-xs">
        <time dateTime={message.created_at} title={formatInstant(message.created_at)}>
          {timeOf(message.created_at)}
        </time>
        {own &&
          (message.read_at ? (
            <span
              className="inline-flex items-center gap-0.5 text-indigo-700"
              title={`Read ${formatInstant(message.read_at)}`}
            >
              <CheckCheck aria-hidden="true" className="size-3.5" /> Read
            </span>
          ) : (
            <span className="inline-flex items-center gap-0.5">
              <Check aria-hidden="true" className="size-3.5" /> Sent
            </span>
          ))}
      </p>
    </li>
  );
}

type DraftProps = {
  draft: ChatDraft;
  authorName: string;
  first: boolean;
  onRetry: () => void;
  onDiscard: () => void;
};

/** A message of ours on its way, or refused: the reason, and a retry or a discard. */
export function DraftMessage({ draft, authorName, first, onRetry, onDiscard }: DraftProps) {
  const failed = draft.status === 'failed';
  return (
    <li className={clsx('flex flex-col items-end', first ? 'mt-3' : 'mt-1')}>
      <AuthorLine author={{ name: authorName, own: true }} shown={first} />
      <div className={clsx('flex max-w-full flex-col items-end', failed ? 'opacity-100' : 'opacity-70')}>
        <Bubble own>
          <Body text={draft.body} />
          {draft.file && <LocalFileChip file={draft.file} />}
        </Bubble>
      </div>
      {failed ? (
        <div className="mt-1 flex max-w-[85%] flex-col items-end gap-1 text-right text-xs sm:max-w-[75%]">
          <p className="flex items-start gap-1 text-rose-700">
            <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            <span>Not sent: {draft.problem}</span>
          </p>
          <span className="flex gap-3">
            <button
              type="button"
              onClick={onRetry}
              className="inline-flex items-center gap-1 rounded font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <RotateCcw aria-hidden="true" className="size-3.5" /> Try again
            </button>
            <button
              type="button"
              onClick={onDiscard}
              className="inline-flex items-center gap-1 rounded font-medium text-slate-600 hover:text-rose-700 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <Trash2 aria-hidden="true" className="size-3.5" /> Discard
            </button>
          </span>
        </div>
      ) : (
        <p className="mt-0.5 flex items-center gap-1 px-1 text-slate-500 text-xs">
          <Clock aria-hidden="true" className="size-3.5" /> {draft.file ? 'Uploading…' : 'Sending…'}
        </p>
      )}
    </li>
  );
}
