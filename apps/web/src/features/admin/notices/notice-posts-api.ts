import {
  type AdminNoticePost,
  type AdminNoticePostList,
  type AdminNoticePostListQuery,
  adminAnnouncementEndpoints,
  adminOfferEndpoints,
  type NoticePostBody,
  type NoticePostKind,
  type NoticePostPatch,
} from '@skydesk/contract';
import { api } from '../../../shared/http/api';

/** Each kind's endpoints: the same calls under `/api/admin/announcements` and `/api/admin/offers`. */
const ENDPOINTS = { announcement: adminAnnouncementEndpoints, offer: adminOfferEndpoints } as const;

type Of = { kind: NoticePostKind };
type One = Of & { id: string };

/** A kind's lists, and what agencies read of it in this browser (an operator may be signed in to both). */
const listsOf = (kind: NoticePostKind) =>
  [
    { type: 'AdminNoticePosts', id: kind },
    'AdminAudit',
    kind === 'announcement' ? 'Announcements' : 'Offers',
  ] as const;

/** The post by id, and its kind's lists: what a change to one post makes stale. */
const changed = (post: AdminNoticePost | undefined, _error: unknown, { kind, id }: One) =>
  post ? [{ type: 'AdminNoticePosts' as const, id }, ...listsOf(kind)] : [];

/**
 * Announcements and offers as operators write them (docs/api.md#back-office): one set of calls for
 * both kinds, the kind in each call's argument choosing the contract's endpoint. Writes take their
 * answer (the post) and make the kind's lists stale; the audit log records each of them.
 */
export const noticePostsApi = api.injectEndpoints({
  endpoints: (build) => ({
    noticePosts: build.query<AdminNoticePostList, Of & { query: AdminNoticePostListQuery }>({
      query: ({ kind, query }) => ({ endpoint: ENDPOINTS[kind].list, query }),
      transformResponse: (answer: unknown) => answer as AdminNoticePostList,
      providesTags: (_answer, _error, { kind }) => [{ type: 'AdminNoticePosts', id: kind }],
    }),
    noticePost: build.query<AdminNoticePost, One>({
      query: ({ kind, id }) => ({ endpoint: ENDPOINTS[kind].view, params: { id } }),
      transformResponse: (answer: unknown) => answer as AdminNoticePost,
      providesTags: (_answer, _error, { id }) => [{ type: 'AdminNoticePosts', id }],
    }),
    createNoticePost: build.mutation<AdminNoticePost, Of & { body: NoticePostBody }>({
      query: ({ kind, body }) => ({ endpoint: ENDPOINTS[kind].create, body }),
      transformResponse: (answer: unknown) => answer as AdminNoticePost,
      invalidatesTags: (post, _error, { kind }) => (post ? [...listsOf(kind)] : []),
    }),
    updateNoticePost: build.mutation<AdminNoticePost, One & { body: NoticePostPatch }>({
      query: ({ kind, id, body }) => ({ endpoint: ENDPOINTS[kind].update, params: { id }, body }),
      transformResponse: (answer: unknown) => answer as AdminNoticePost,
      invalidatesTags: changed,
    }),
    deleteNoticePost: build.mutation<{ id: string }, One>({
      query: ({ kind, id }) => ({ endpoint: ENDPOINTS[kind].remove, params: { id } }),
      transformResponse: (answer: unknown) => answer as { id: string },
      invalidatesTags: (answer, _error, { kind }) => (answer ? [...listsOf(kind)] : []),
    }),
    /** A refused picture is said beside the picker: not toasted. */
    uploadNoticeImage: build.mutation<AdminNoticePost, One & { formData: FormData }>({
      query: ({ kind, id, formData }) => ({
        endpoint: ENDPOINTS[kind].uploadImage,
        params: { id },
        formData,
        suppressErrors: true,
      }),
      transformResponse: (answer: unknown) => answer as AdminNoticePost,
      invalidatesTags: changed,
    }),
    removeNoticeImage: build.mutation<AdminNoticePost, One>({
      query: ({ kind, id }) => ({ endpoint: ENDPOINTS[kind].removeImage, params: { id } }),
      transformResponse: (answer: unknown) => answer as AdminNoticePost,
      invalidatesTags: changed,
    }),
  }),
});
