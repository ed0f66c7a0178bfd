import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { FALLBACK } from './messages.js';

/** API.md "Payments": the agency's credits (its ledger and deposits join with the payments issue). */

export const Credits = z.object({
  balance: z.number(),
  currency: z.string().length(3),
  /** Deposits sent and not yet approved (the payments issue). */
  pending_deposits: z.number(),
  /** The totals of live holds (booked, not yet ticketed): what ticketing them would take. */
  reserved: z.number(),
});
export type Credits = z.infer<typeof Credits>;

export const paymentEndpoints = {
  credits: defineEndpoint({
    method: 'GET',
    path: '/api/booking-credits',
    summary: "The agency's credits balance",
    access: 'company',
    permission: 'payments.view',
    response: Credits,
    fallbackMessage: FALLBACK.fetchCredits,
  }),
};
