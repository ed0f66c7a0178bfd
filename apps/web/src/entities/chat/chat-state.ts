import type { SupportMessage, SupportSide } from '@skydesk/contract';
import {
  addDays,
  formatDayMonth,
  formatDayWithYear,
  formatInstantDay,
  formatInstantTime,
  instantLocalDate,
} from '../../shared/format/date-time';

/*
 * One ticket's conversation as a chat holds it, whichever side shows it. Messages come from three
 * places that overlap — the first read and the catch-up reads, the answer to each message sent,
 * and the live socket's `ticket_message` frames — so every arrival is merged by the message's id
 * (ordered by its `seq`): the answer and the frame of the same message show it once, in place of
 * the draft that carried its `client_id`.
 */

/** A message of ours on its way (optimistic), or refused and waiting for a retry or a discard. */
export type ChatDraft = {
  /** The id the server echoes back on the stored message (and on a refusal frame). */
  clientId: string;
  body: string;
  /** A file sent with it (an attachment message), uploading. */
  file: File | null;
  createdAt: string;
  status: 'sending' | 'failed';
  /** Why it was refused, as the server said it. */
  problem: string | null;
};

export type ChatState = {
  /** Stored messages, by seq, each once. */
  messages: SupportMessage[];
  /** Ours not stored yet, oldest first. */
  drafts: ChatDraft[];
};

export const emptyChat: ChatState = { messages: [], drafts: [] };

export type ChatAction =
  | { type: 'received'; messages: SupportMessage[] }
  | { type: 'draftAdded'; draft: ChatDraft }
  | { type: 'draftFailed'; clientId: string; problem: string }
  | { type: 'draftRetried'; clientId: string }
  | { type: 'draftDiscarded'; clientId: string }
  /** `side` read the other side's messages up to `upToSeq` (the "Read" ticks). */
  | { type: 'read'; side: SupportSide; upToSeq: number; readAt: string };

/**
 * The messages held and the ones that arrived, each once by id, by seq. A message seen again keeps
 * what is known of it: a read time once set is not lost to an older copy without one.
 */
export function mergeMessages(held: SupportMessage[], incoming: SupportMessage[]): SupportMessage[] {
  if (incoming.length === 0) return held;
  const byId = new Map(held.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    byId.set(message.id, known ? { ...message, read_at: message.read_at ?? known.read_at } : message);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The seq of the newest message held (0 for none): a catch-up asks for what follows it. */
export const lastSeqOf = (messages: SupportMessage[]): number => messages.at(-1)?.seq ?? 0;

/** The newest message of `side` nobody of the other side has read yet, by seq (0 for none). */
export function newestUnreadOf(messages: SupportMessage[], side: SupportSide): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as SupportMessage;
    if (message.author.side === side && message.read_at === null) return message.seq;
  }
  return 0;
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'received': {
      const messages = mergeMessages(state.messages, action.messages);
      const stored = new Set(action.messages.map((message) => message.client_id).filter(Boolean));
      const drafts = state.drafts.filter((draft) => !stored.has(draft.clientId));
      return { messages, drafts: drafts.length === state.drafts.length ? state.drafts : drafts };
    }
    case 'draftAdded':
      return { ...state, drafts: [...state.drafts, action.draft] };
    case 'draftFailed':
      return {
        ...state,
        drafts: state.drafts.map((draft) =>
          draft.clientId === action.clientId
            ? { ...draft, status: 'failed', problem: action.problem }
            : draft,
        ),
      };
    case 'draftRetried':
      return {
        ...state,
        drafts: state.drafts.map((draft) =>
          draft.clientId === action.clientId ? { ...draft, status: 'sending', problem: null } : draft,
        ),
      };
    case 'draftDiscarded':
      return { ...state, drafts: state.drafts.filter((draft) => draft.clientId !== action.clientId) };
    case 'read': {
      let changed = false;
      const messages = state.messages.map((message) => {
        if (message.author.side === action.side || message.seq > action.upToSeq || message.read_at) {
          return message;
        }
        changed = true;
        return { ...message, read_at: action.readAt };
      });
      return changed ? { ...state, messages } : state;
    }
  }
}

/** Messages of one calendar day (the reader's own), for the day headings. */
export type ChatDay = { key: string; label: string; messages: SupportMessage[] };

/** The day a moment fell on in the display zone (the agency's, or an operator's browser's). */
const dayKey = (at: string | Date): string =>
  instantLocalDate(typeof at === 'string' ? at : at.toISOString());

/** "Today", "Yesterday", or "Tue 22 Dec 2026", in the display zone's calendar (docs/architecture.md §8). */
export function dayLabel(iso: string, now = new Date()): string {
  const key = dayKey(iso);
  const today = dayKey(now);
  if (key === today) return 'Today';
  if (key === addDays(today, -1)) return 'Yesterday';
  return formatInstantDay(iso);
}

/** The messages, oldest first, grouped by the day they were written. */
export function groupByDay(messages: SupportMessage[], now = new Date()): ChatDay[] {
  const days: ChatDay[] = [];
  for (const message of messages) {
    const key = dayKey(message.created_at);
    const last = days.at(-1);
    if (last?.key === key) last.messages.push(message);
    else days.push({ key, label: dayLabel(message.created_at, now), messages: [message] });
  }
  return days;
}

/** "09:35", in the display zone. */
export const timeOf = (iso: string): string => formatInstantTime(iso);

/** When, in a list: "09:35" today, "22 Dec" this year, "Mon 22 Dec 2025" before. */
export function whenShort(iso: string, now = new Date()): string {
  const day = dayKey(iso);
  const today = dayKey(now);
  if (day === today) return timeOf(iso);
  return day.slice(0, 4) === today.slice(0, 4) ? formatDayMonth(day) : formatDayWithYear(day);
}
