import { describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../shared/format/display-zone';
import {
  type ChatDraft,
  chatReducer,
  emptyChat,
  groupByDay,
  mergeMessages,
  newestUnreadOf,
} from './chat-state';
import { chatMessage } from './testing/chat-fixtures';

const draft = (clientId: string, body = 'Hi'): ChatDraft => ({
  clientId,
  body,
  file: null,
  createdAt: '2026-03-10T09:00:00Z',
  status: 'sending',
  problem: null,
});
const CLIENT = 'c11e4700-0000-4000-8000-000000000001';

describe('the chat’s conversation', () => {
  it('holds each message once, by seq, whichever way it came and in whatever order', () => {
    const merged = mergeMessages([chatMessage(3), chatMessage(1)], [chatMessage(2), chatMessage(3)]);
    expect(merged.map((message) => message.seq)).toEqual([1, 2, 3]);
    expect(mergeMessages(merged, [])).toBe(merged);
  });

  it('keeps a read time an older copy of the message lacks', () => {
    const read = chatMessage(1, { read_at: '2026-03-10T10:00:00Z' });
    expect(mergeMessages([read], [chatMessage(1)])[0]?.read_at).toBe('2026-03-10T10:00:00Z');
  });

  it('replaces a draft by the stored message carrying its client id', () => {
    let state = chatReducer(emptyChat, { type: 'draftAdded', draft: draft(CLIENT) });
    state = chatReducer(state, { type: 'draftAdded', draft: draft('c11e4700-0000-4000-8000-000000000002') });
    state = chatReducer(state, { type: 'received', messages: [chatMessage(1, { client_id: CLIENT })] });
    expect(state.messages).toHaveLength(1);
    expect(state.drafts.map((held) => held.clientId)).toEqual(['c11e4700-0000-4000-8000-000000000002']);
  });

  it('marks a failed draft, and sends it again as it was', () => {
    let state = chatReducer(emptyChat, { type: 'draftAdded', draft: draft(CLIENT) });
    state = chatReducer(state, { type: 'draftFailed', clientId: CLIENT, problem: 'Busy' });
    expect(state.drafts[0]).toMatchObject({ status: 'failed', problem: 'Busy' });
    state = chatReducer(state, { type: 'draftRetried', clientId: CLIENT });
    expect(state.drafts[0]).toMatchObject({ status: 'sending', problem: null });
    expect(chatReducer(state, { type: 'draftDiscarded', clientId: CLIENT }).drafts).toEqual([]);
  });

  it('marks the other side’s messages read up to a seq, never the reader’s own', () => {
    const state = chatReducer(
      { messages: [chatMessage(1), chatMessage(2, { side: 'operator' }), chatMessage(3)], drafts: [] },
      { type: 'read', side: 'operator', upToSeq: 2, readAt: '2026-03-10T10:00:00Z' },
    );
    expect(state.messages.map((message) => message.read_at)).toEqual(['2026-03-10T10:00:00Z', null, null]);
    expect(newestUnreadOf(state.messages, 'agency')).toBe(3);
    expect(newestUnreadOf(state.messages, 'operator')).toBe(2);
  });

  it('groups messages by the day of the display zone (the agency’s), naming today and yesterday', () => {
    // Los Angeles is UTC−8 in March before the 8th… and UTC−7 after: days end at 07:00 UTC here.
    setDisplayTimeZone('America/Los_Angeles');
    const now = new Date('2026-03-12T22:00:00Z');
    const days = groupByDay(
      [
        chatMessage(1, { created_at: '2026-03-10T16:00:00Z' }),
        chatMessage(2, { created_at: '2026-03-12T06:59:00Z' }),
        chatMessage(3, { created_at: '2026-03-12T07:01:00Z' }),
        chatMessage(4, { created_at: '2026-03-12T15:00:00Z' }),
      ],
      now,
    );
    setDisplayTimeZone(null);
    expect(days.map((day) => [day.label, day.messages.length])).toEqual([
      ['Tue 10 Mar 2026', 1],
      ['Yesterday', 1],
      ['Today', 2],
    ]);
  });
});
