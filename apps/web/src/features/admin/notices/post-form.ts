import { type AdminNoticePost, NoticePostBody, type NoticePostPatch } from '@skydesk/contract';
import { z } from 'zod';
import { instantToLocalInput, localInputToInstant } from './local-date-time';

/*
 * The post editor's form: the contract's NoticePostBody as an operator fills it in — when to
 * publish as a choice (a draft, now, or at a time of their own day), the expiry likewise, the
 * audience as every agency or chosen countries — and back to the body the API takes.
 */

export const PUBLISH_CHOICES = ['draft', 'now', 'at'] as const;
export const EXPIRY_CHOICES = ['never', 'at'] as const;
export const AUDIENCE_CHOICES = ['all', 'countries'] as const;

export const POST_FORM_MESSAGES = {
  dateTime: 'Give a date and time',
  expiresAfter: 'It must expire after it is published',
  expiresInPast: 'This time has passed: it would never be shown',
  noCountry: 'Choose at least one country, or send it to every agency',
} as const;

const { title, body } = NoticePostBody.shape;

/** The form's fields; those named as the API's (title, body, publish_at, …) take its field errors. */
export const PostFields = z
  .object({
    title,
    body,
    publish: z.enum(PUBLISH_CHOICES),
    /** The publication time as a datetime-local input holds it (the operator's own zone). */
    publish_at: z.string(),
    expiry: z.enum(EXPIRY_CHOICES),
    expires_at: z.string(),
    audience: z.enum(AUDIENCE_CHOICES),
    countries: z.array(z.string()),
  })
  .superRefine((form, context) => {
    const publishAt = form.publish === 'at' ? localInputToInstant(form.publish_at) : null;
    if (form.publish === 'at' && !publishAt) {
      context.addIssue({ code: 'custom', path: ['publish_at'], message: POST_FORM_MESSAGES.dateTime });
    }
    if (form.expiry === 'at') {
      const expiresAt = localInputToInstant(form.expires_at);
      const publishedFrom = form.publish === 'now' ? new Date().toISOString() : publishAt;
      if (!expiresAt) {
        context.addIssue({ code: 'custom', path: ['expires_at'], message: POST_FORM_MESSAGES.dateTime });
      } else if (publishedFrom && Date.parse(expiresAt) <= Date.parse(publishedFrom)) {
        context.addIssue({ code: 'custom', path: ['expires_at'], message: POST_FORM_MESSAGES.expiresAfter });
      } else if (form.publish === 'draft' && Date.parse(expiresAt) <= Date.now()) {
        context.addIssue({ code: 'custom', path: ['expires_at'], message: POST_FORM_MESSAGES.expiresInPast });
      }
    }
    if (form.audience === 'countries' && form.countries.length === 0) {
      context.addIssue({ code: 'custom', path: ['countries'], message: POST_FORM_MESSAGES.noCountry });
    }
  });
export type PostFields = z.infer<typeof PostFields>;

/** The fields the API reports errors on, which the form shows on its own fields. */
export const SERVER_FIELDS = ['title', 'body', 'publish_at', 'expires_at', 'countries'] as const;

/** A new post: a draft for every agency, never expiring. */
export const emptyPostFields = (): PostFields => ({
  title: '',
  body: '',
  publish: 'now',
  publish_at: '',
  expiry: 'never',
  expires_at: '',
  audience: 'all',
  countries: [],
});

/** A saved post as the form shows it: a set publication time is "at" that time, past or not. */
export const fieldsOfPost = (post: AdminNoticePost): PostFields => ({
  title: post.title,
  body: post.body,
  publish: post.publish_at ? 'at' : 'draft',
  publish_at: instantToLocalInput(post.publish_at),
  expiry: post.expires_at ? 'at' : 'never',
  expires_at: instantToLocalInput(post.expires_at),
  audience: post.countries.length > 0 ? 'countries' : 'all',
  countries: [...post.countries],
});

type PostBody = {
  title: string;
  body: string;
  publish_at: string | null;
  expires_at: string | null;
  countries: string[];
};

/**
 * A time as the form holds it, back in UTC. The input shows minutes: a time left as the saved post
 * had it keeps the saved instant, seconds and all, so saving an edit of the text moves no time.
 */
const instantOf = (local: string, saved: string | null | undefined): string | null =>
  saved && local === instantToLocalInput(saved) ? saved : localInputToInstant(local);

/** The body the API takes (times in UTC); "now" is the moment of saving. */
export function bodyOfFields(
  fields: PostFields,
  { now = new Date(), saved }: { now?: Date; saved?: AdminNoticePost } = {},
): PostBody {
  return {
    title: fields.title.trim(),
    body: fields.body,
    publish_at:
      fields.publish === 'draft'
        ? null
        : fields.publish === 'now'
          ? now.toISOString()
          : instantOf(fields.publish_at, saved?.publish_at),
    expires_at: fields.expiry === 'never' ? null : instantOf(fields.expires_at, saved?.expires_at),
    countries: fields.audience === 'all' ? [] : [...fields.countries].sort(),
  };
}

const sameInstant = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);

/** Only what changed from the saved post (a PUT sends no more than that). */
export function patchOf(post: AdminNoticePost, body: PostBody): NoticePostPatch {
  const patch: NoticePostPatch = {};
  if (body.title !== post.title) patch.title = body.title;
  if (body.body !== post.body) patch.body = body.body;
  if (!sameInstant(body.publish_at, post.publish_at)) patch.publish_at = body.publish_at;
  if (!sameInstant(body.expires_at, post.expires_at)) patch.expires_at = body.expires_at;
  if ([...post.countries].sort().join() !== body.countries.join()) patch.countries = body.countries;
  return patch;
}
