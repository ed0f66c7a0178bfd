import { z } from 'zod';
import { CompanyStatus, Permission } from './enums.js';

/** API.md: the signed-in user as every session answer carries it. */
export const SessionUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.email(),
  phone: z.string().nullable(),
  image_url: z.string().nullable(),
  role: z.object({ id: z.uuid(), name: z.string() }),
  company_id: z.uuid(),
  is_owner: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** API.md: `{ token, user }` — spec §3 "userData with token and user". */
export const Session = z.object({ token: z.string(), user: SessionUser });
export type Session = z.infer<typeof Session>;

/** API.md: the company as `GET /api/me` describes it. */
export const CompanySummary = z.object({
  id: z.uuid(),
  name: z.string(),
  verification_status: CompanyStatus,
  rejection_reason: z.string().nullable(),
  currency: z.string().length(3),
  country: z.string().length(2),
});
export type CompanySummary = z.infer<typeof CompanySummary>;

export const Me = z.object({ user: SessionUser, company: CompanySummary, permissions: z.array(Permission) });
export type Me = z.infer<typeof Me>;
