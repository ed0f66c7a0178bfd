import { z } from 'zod';
import { adminShapes } from './admin.js';
import { CountryCode } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import { PRINTABLE_TOKEN, Text } from './text.js';

/**
 * Announcements and offers as operators write them (docs/api.md#back-office:
 * `/api/admin/announcements[/{id}]`, `/api/admin/offers[/{id}]`): a title, a body in limited
 * Markdown, an optional picture re-encoded on the server, when it is published and when it
 * expires, and its audience — every agency, or the agencies of chosen countries. Agencies never
 * see one before it is published nor after it expired; when it is published they are notified.
 */

const { page, limit, pageCount, IdParams, Person } = adminShapes;

export const NOTICE_POST_KINDS = ['announcement', 'offer'] as const;
export const NoticePostKind = z.enum(NOTICE_POST_KINDS);
export type NoticePostKind = z.infer<typeof NoticePostKind>;

/** Where a post stands now: not scheduled, waiting for its time, shown, or past its expiry. */
export const NOTICE_POST_STATUSES = ['draft', 'scheduled', 'published', 'expired'] as const;
export const NoticePostStatus = z.enum(NOTICE_POST_STATUSES);
export type NoticePostStatus = z.infer<typeof NoticePostStatus>;

export const NOTICE_POST_STATUS_LABELS: Record<NoticePostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  expired: 'Expired',
};

export const NOTICE_TITLE_MAX = 120;
export const NOTICE_BODY_MAX = 10_000;
/** A post's picture: PNG, JPEG or WebP, at most 5 MB; stored re-encoded as WebP. */
export const NOTICE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const NOTICE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const NOTICE_IMAGE_FIELD = 'image';

/** The years a post's times may name: a typo (year 0, year 20260) is refused, not stored. */
const INSTANT_YEARS = { from: 2000, to: 2100 } as const;

const Instant = z.iso.datetime({ offset: true, message: 'Give a date and time' }).refine(
  (value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= INSTANT_YEARS.from && year <= INSTANT_YEARS.to;
  },
  { message: `Give a date between ${INSTANT_YEARS.from} and ${INSTANT_YEARS.to}` },
);

const NoticePostFields = {
  title: Text({
    min: 3,
    max: NOTICE_TITLE_MAX,
    tooShort: 'Give it a title',
    tooLong: 'At most 120 characters',
  }),
  body: Text({ min: 1, max: NOTICE_BODY_MAX, multiline: true, tooShort: 'Write the text' }),
  /** null: a draft, not published. A time in the past publishes at once. */
  publish_at: Instant.nullable(),
  /** null: never expires (an offer's "valid until"). */
  expires_at: Instant.nullable(),
  /** Empty: every agency; otherwise the agencies of these countries. */
  countries: z.array(CountryCode).max(250).default([]),
};

const expiresAfterPublishing = (post: { publish_at?: string | null; expires_at?: string | null }) =>
  !post.publish_at || !post.expires_at || Date.parse(post.expires_at) > Date.parse(post.publish_at);
const EXPIRY_ISSUE = { message: 'It must expire after it is published', path: ['expires_at'] };

export const NoticePostBody = z.strictObject(NoticePostFields).refine(expiresAfterPublishing, EXPIRY_ISSUE);
export type NoticePostBody = z.input<typeof NoticePostBody>;

export const NoticePostPatch = z
  .strictObject(NoticePostFields)
  .partial()
  .refine(expiresAfterPublishing, EXPIRY_ISSUE);
export type NoticePostPatch = z.input<typeof NoticePostPatch>;

export const AdminNoticePost = z.object({
  id: z.uuid(),
  kind: NoticePostKind,
  title: z.string(),
  body: z.string(),
  image_url: z.string().nullable(),
  publish_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  countries: z.array(z.string().length(2)),
  status: NoticePostStatus,
  created_by: Person.nullable(),
  updated_by: Person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminNoticePost = z.infer<typeof AdminNoticePost>;

export const AdminNoticePostListQuery = z.strictObject({
  status: NoticePostStatus.optional(),
  page,
  limit,
});
export type AdminNoticePostListQuery = z.input<typeof AdminNoticePostListQuery>;

export const AdminNoticePostList = z.object({ posts: z.array(AdminNoticePost), ...pageCount });
export type AdminNoticePostList = z.infer<typeof AdminNoticePostList>;

/** The endpoints of one kind of post, under `/api/admin/announcements` or `/api/admin/offers`. */
function postEndpoints<
  const Base extends `/api/admin/${string}`,
  const One extends `/api/admin/${string}/{id}`,
  const Image extends `/api/admin/${string}/{id}/image`,
>(paths: { base: Base; one: One; image: Image }, noun: string) {
  const { base, one, image } = paths;
  return {
    list: defineEndpoint({
      method: 'GET',
      path: base,
      summary: `${noun}s, the newest first`,
      access: 'operator',
      query: AdminNoticePostListQuery,
      response: AdminNoticePostList,
    }),
    view: defineEndpoint({
      method: 'GET',
      path: one,
      summary: `One ${noun.toLowerCase()}`,
      access: 'operator',
      params: IdParams,
      response: AdminNoticePost,
    }),
    create: defineEndpoint({
      method: 'POST',
      path: base,
      summary: `Write a ${noun.toLowerCase()} (a draft, scheduled or published at once)`,
      access: 'operator',
      body: NoticePostBody,
      successStatus: 201,
      response: AdminNoticePost,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: one,
      summary: `Change a ${noun.toLowerCase()}`,
      access: 'operator',
      params: IdParams,
      body: NoticePostPatch,
      response: AdminNoticePost,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: one,
      summary: `Delete a ${noun.toLowerCase()} (agencies no longer see it)`,
      access: 'operator',
      params: IdParams,
      response: z.object({ id: z.uuid() }),
    }),
    uploadImage: defineEndpoint({
      method: 'POST',
      path: image,
      summary: `Set the ${noun.toLowerCase()}'s picture (multipart \`image\`: PNG/JPEG/WebP ≤ 5 MB, re-encoded)`,
      access: 'operator',
      params: IdParams,
      multipart: true,
      response: AdminNoticePost,
    }),
    removeImage: defineEndpoint({
      method: 'DELETE',
      path: image,
      summary: `Remove the ${noun.toLowerCase()}'s picture`,
      access: 'operator',
      params: IdParams,
      response: AdminNoticePost,
    }),
    image: defineEndpoint({
      method: 'GET',
      path: image,
      summary: `The ${noun.toLowerCase()}'s picture (WebP)`,
      access: 'operator',
      params: IdParams,
      query: z.strictObject({ v: z.string().max(64).regex(PRINTABLE_TOKEN, 'Not a version').optional() }),
      response: z.unknown(),
    }),
  };
}

export const adminAnnouncementEndpoints = postEndpoints(
  {
    base: '/api/admin/announcements',
    one: '/api/admin/announcements/{id}',
    image: '/api/admin/announcements/{id}/image',
  },
  'Announcement',
);
export const adminOfferEndpoints = postEndpoints(
  { base: '/api/admin/offers', one: '/api/admin/offers/{id}', image: '/api/admin/offers/{id}/image' },
  'Offer',
);
