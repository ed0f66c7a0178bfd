import type { AdminNoticePost } from '@skydesk/contract';
import { describe, expect, it } from 'vitest';
import { instantToLocalInput } from './local-date-time';
import {
  bodyOfFields,
  emptyPostFields,
  fieldsOfPost,
  POST_FORM_MESSAGES,
  PostFields,
  patchOf,
} from './post-form';

const post = (overrides: Partial<AdminNoticePost> = {}): AdminNoticePost => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  kind: 'announcement',
  title: 'New routes to the Gulf',
  body: 'From **1 April**.',
  image_url: null,
  publish_at: '2026-03-09T08:00:27.123Z',
  expires_at: null,
  countries: ['QA', 'AE'],
  status: 'published',
  created_by: null,
  updated_by: null,
  created_at: '2026-03-08T08:00:00Z',
  updated_at: '2026-03-08T08:00:00Z',
  ...overrides,
});

const filled = (overrides: Partial<PostFields> = {}): PostFields => ({
  ...emptyPostFields(),
  title: 'Spring sale',
  body: 'Book by *31 March*.',
  ...overrides,
});

const problems = (fields: PostFields) => {
  const result = PostFields.safeParse(fields);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('the post form', () => {
  it('asks for a title and a text, as the contract does', () => {
    expect(Object.keys(problems(filled({ title: '', body: '' })))).toEqual(['title', 'body']);
    expect(problems(filled())).toEqual({});
  });

  it('asks for a date and time when publishing or expiring "at" one', () => {
    expect(problems(filled({ publish: 'at', publish_at: '' }))).toEqual({
      publish_at: POST_FORM_MESSAGES.dateTime,
    });
    expect(problems(filled({ expiry: 'at', expires_at: 'soon' }))).toEqual({
      expires_at: POST_FORM_MESSAGES.dateTime,
    });
  });

  it('expires only after it is published, and a draft not in the past', () => {
    expect(
      problems(
        filled({
          publish: 'at',
          publish_at: '2030-05-02T10:00',
          expiry: 'at',
          expires_at: '2030-05-01T10:00',
        }),
      ),
    ).toEqual({ expires_at: POST_FORM_MESSAGES.expiresAfter });
    expect(problems(filled({ publish: 'now', expiry: 'at', expires_at: '2020-01-01T10:00' }))).toEqual({
      expires_at: POST_FORM_MESSAGES.expiresAfter,
    });
    expect(problems(filled({ publish: 'draft', expiry: 'at', expires_at: '2020-01-01T10:00' }))).toEqual({
      expires_at: POST_FORM_MESSAGES.expiresInPast,
    });
    expect(problems(filled({ publish: 'draft', expiry: 'at', expires_at: '2030-01-01T10:00' }))).toEqual({});
  });

  it('asks for a country when the audience is chosen countries', () => {
    expect(problems(filled({ audience: 'countries', countries: [] }))).toEqual({
      countries: POST_FORM_MESSAGES.noCountry,
    });
  });

  it('sends a draft, now, or the local time as UTC; every agency as no countries', () => {
    const now = new Date('2026-03-10T09:00:00Z');
    expect(bodyOfFields(filled({ publish: 'draft' }), { now })).toEqual({
      title: 'Spring sale',
      body: 'Book by *31 March*.',
      publish_at: null,
      expires_at: null,
      countries: [],
    });
    expect(bodyOfFields(filled({ publish: 'now' }), { now }).publish_at).toBe('2026-03-10T09:00:00.000Z');
    const at = bodyOfFields(
      filled({ publish: 'at', publish_at: '2026-04-01T08:30', expiry: 'at', expires_at: '2026-04-30T18:00' }),
      { now },
    );
    expect(at.publish_at).toBe(new Date(2026, 3, 1, 8, 30).toISOString());
    expect(at.expires_at).toBe(new Date(2026, 3, 30, 18, 0).toISOString());
    expect(
      bodyOfFields(filled({ audience: 'countries', countries: ['QA', 'AE'] }), { now }).countries,
    ).toEqual(['AE', 'QA']);
    expect(bodyOfFields(filled({ audience: 'all', countries: ['QA'] }), { now }).countries).toEqual([]);
  });

  it('shows a saved post as it is, and sends back only what changed, its times to the second', () => {
    const saved = post();
    const fields = fieldsOfPost(saved);
    expect(fields).toMatchObject({
      publish: 'at',
      publish_at: instantToLocalInput(saved.publish_at),
      expiry: 'never',
      audience: 'countries',
      countries: ['QA', 'AE'],
    });
    expect(patchOf(saved, bodyOfFields(fields, { saved }))).toEqual({});
    expect(patchOf(saved, bodyOfFields({ ...fields, title: 'Gulf routes' }, { saved }))).toEqual({
      title: 'Gulf routes',
    });
    expect(patchOf(saved, bodyOfFields({ ...fields, audience: 'all' }, { saved }))).toEqual({
      countries: [],
    });
    expect(patchOf(saved, bodyOfFields({ ...fields, publish: 'draft' }, { saved }))).toEqual({
      publish_at: null,
    });
    expect(fieldsOfPost(post({ publish_at: null, countries: [] }))).toMatchObject({
      publish: 'draft',
      audience: 'all',
    });
  });
});
