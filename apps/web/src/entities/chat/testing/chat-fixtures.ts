import type { SupportMessage, SupportSide } from '@skydesk/contract';

export const TICKET_ID = '7c1e4b2a-9d3f-4e5a-8b6c-1d2e3f4a5b6c';
export const AGENT = { id: '3f1c8a52-7d0e-4b8a-9f1e-2c6d5a4b3e21', name: 'Amina Rahman' };
export const OPERATOR = { id: '0f8e7d6c-5b4a-4392-8180-7f6e5d4c3b2a', name: 'Omar Haddad' };

const idOf = (seq: number) => `5eeded00-0000-4000-8000-${String(seq).padStart(12, '0')}`;

/** A stored message of a ticket: the agent's on odd seqs by default, the operator's when asked. */
export function chatMessage(
  seq: number,
  overrides: Partial<Omit<SupportMessage, 'author'>> & { side?: SupportSide } = {},
): SupportMessage {
  const { side = 'agency', ...rest } = overrides;
  const person = side === 'agency' ? AGENT : OPERATOR;
  return {
    id: idOf(seq),
    ticket_id: TICKET_ID,
    seq,
    author: { side, ...person },
    body: `Message ${seq}`,
    attachment: null,
    client_id: null,
    created_at: new Date(Date.UTC(2026, 2, 10, 9, seq)).toISOString(),
    read_at: null,
    ...rest,
  };
}

/** A socket frame carrying a stored message. */
export const messageFrame = (message: SupportMessage) => ({
  type: 'ticket_message' as const,
  ticket_id: message.ticket_id,
  message,
});
