import { createApi } from '@reduxjs/toolkit/query/react';
import { contractBaseQuery } from './contract-base-query';

/**
 * What a write can make stale on other screens (decision 010): an endpoint that reads one of
 * these provides its tag, a write that changes it invalidates the tag, and every screen showing
 * it asks again — a deposit approved refreshes the balance wherever it is shown.
 */
export const API_TAGS = [
  'Booking',
  'Bookings',
  'Credits',
  // The agency's deposits and its ledger statement (features/payments): what moves credits stales them.
  'Transactions',
  'Statement',
  'Orders',
  'SearchHistory',
  // Search results kept for going back (features/flights): an offer the supplier no longer sells stales them.
  'Searches',
  // The back office (features/admin): an agency by id and the queues and lists it shows in.
  'AdminCompany',
  'AdminCompanies',
  'AdminRefunds',
  'AdminBanks',
  'AdminAudit',
  // The deposit desk (a deposit by id and the lists), and an agency's credits, limit and statement.
  'AdminDeposits',
  'AdminCredits',
  // The agency's notifications, the bell's unread count and the user's e-mail settings, and
  // SkyDesk's announcements and offers (features/notices).
  'Notifications',
  'NotificationSummary',
  'NotificationSettings',
  'Announcements',
  'Offers',
  // The agency's support tickets and one ticket's messages (features/support).
  'Tickets',
  'TicketMessages',
  // The operators' support queue and announcements and offers (features/admin).
  'AdminTickets',
  'AdminNoticePosts',
  // The agency's roles (features/roles).
  'Roles',
  // The operators' flight suppliers and currency rates (features/admin/suppliers, issue 29).
  'AdminSuppliers',
  'AdminRates',
  // The operators' schedule changes and exchanges (features/admin/changes, issue 32).
  'AdminScheduleChanges',
  'AdminExchanges',
  // Issue 33: the agency's quotes to its clients and its client invoices (features/quotes, features/invoices).
  'Quotes',
  'Quote',
  'Invoices',
  'Invoice',
  // Issue 33: the agency's pricing rules and earnings settings, the platform's rules (entities/pricing).
  'PricingRules',
  'PricingSettings',
  'AdminPricingRules',
] as const;
export type ApiTag = (typeof API_TAGS)[number];

/**
 * The one API of the portal, in the store under `api` (never persisted: server data is fetched
 * fresh). It starts empty: each feature injects its endpoints, generated from the contract's
 * endpoint table (contract-endpoints), when its screens load.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: contractBaseQuery,
  tagTypes: API_TAGS,
  // Server data lives while a screen shows it: a screen opened again asks again, as each screen
  // did before RTK Query. An endpoint that may be kept longer says so (airports, search results).
  keepUnusedDataFor: 0,
  endpoints: () => ({}),
});
