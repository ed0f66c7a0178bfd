import { paths } from '../../shared/routing/paths';

/** A quote's screen names it in the query (`?id=`), as a booking's does (shared/routing/booking-paths). */
export const quoteDetailsPath = (id: string): string =>
  `${paths.dashboard.quoteDetails}?${new URLSearchParams({ id })}`;

/** The client's page of a quote: `/q/<token>` (the token is the last part of its public_url). */
export const publicQuotePath = (token: string): string =>
  paths.publicQuote.replace(':token', encodeURIComponent(token));
