import { noticeEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractQuery } from '../../shared/http/contract-endpoints';

/**
 * What the dashboard's home shows of SkyDesk's news: the latest announcement and the offer the
 * SPA features — the first of `GET /api/offer` (docs/product-spec.md §7: 'first item used'). Quiet on failure: a
 * side card of the home screen says so in its place, with a way to ask again, rather than greeting
 * every sign-in with a toast. Pushed announcements and offers refresh them ('Announcements',
 * 'Offers', shared/live).
 */
export const newsCardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    latestAnnouncement: contractQuery(build, noticeEndpoints.announcements, {
      providesTags: ['Announcements'],
      suppressErrors: true,
      transformResponse: (announcements) => announcements[0] ?? null,
    }),
    featuredOffer: contractQuery(build, noticeEndpoints.offers, {
      providesTags: ['Offers'],
      suppressErrors: true,
      transformResponse: (offers) => offers[0] ?? null,
    }),
  }),
});
