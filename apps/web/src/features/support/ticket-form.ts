import { CreateTicketBody, SUPPORT_CATEGORIES } from '@skydesk/contract';
import { z } from 'zod';

/** At most this many files go with a new ticket (each its own message); more can follow in the chat. */
export const MAX_TICKET_ATTACHMENTS = 5;

export const CATEGORY_MISSING = 'Choose what the ticket is about';

/**
 * The new-ticket form: the contract's body, with the category asked for (no default) and the
 * booking reference optional — left empty, the ticket is about no booking.
 */
export const TicketForm = CreateTicketBody.extend({
  category: z.enum(SUPPORT_CATEGORIES, CATEGORY_MISSING),
  pnr: z
    .string()
    .trim()
    .transform((pnr) => pnr || undefined)
    .pipe(CreateTicketBody.shape.pnr),
});
export type TicketFormInput = z.input<typeof TicketForm>;
export type TicketFormOutput = z.output<typeof TicketForm>;

/** The fields a server's field error may name, in the order they are shown. */
export const TICKET_FORM_FIELDS = [
  'subject',
  'category',
  'priority',
  'pnr',
  'message',
] as const satisfies readonly (keyof TicketFormInput)[];
