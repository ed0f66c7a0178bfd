import { SupportSide } from '@skydesk/contract';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../platform/db/schema.js';
import { announce } from './repo.js';

/**
 * What support announces on its store channel for every server's live push (live.ts). Stored
 * things travel as ids and are read back after the commit (a NOTIFY payload is small, and a
 * rolled-back message is never announced); a deleted ticket's agency and what nothing stores
 * (typing, read marks) travel whole.
 */
export const SupportEvent = z.discriminatedUnion('event', [
  z.object({ event: z.literal('message'), id: z.uuid() }),
  z.object({
    event: z.literal('read'),
    ticket_id: z.uuid(),
    company_id: z.uuid(),
    side: SupportSide,
    up_to_seq: z.number().int(),
    read_at: z.string(),
  }),
  z.object({
    event: z.literal('typing'),
    ticket_id: z.uuid(),
    company_id: z.uuid(),
    side: SupportSide,
    name: z.string(),
  }),
  z.object({ event: z.literal('changed'), ticket_id: z.uuid(), company_id: z.uuid() }),
]);
export type SupportEvent = z.infer<typeof SupportEvent>;

/** Announces the event: with the transaction's commit when given one, at once otherwise. */
export const announceSupportEvent = (db: Kysely<Database> | Transaction<Database>, event: SupportEvent) =>
  announce(db, JSON.stringify(event));
