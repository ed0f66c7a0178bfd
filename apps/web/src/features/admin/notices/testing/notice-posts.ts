import type { AdminNoticePost } from '@skydesk/contract';
import { sampleOperator } from '../../../../testing/operator-session';

export const POST_ID = 'a0000000-0000-4000-8000-0000000000a1';

export const adminPost = (overrides: Partial<AdminNoticePost> = {}): AdminNoticePost => ({
  id: POST_ID,
  kind: 'announcement',
  title: 'New routes to the Gulf',
  body: 'From **1 April** we sell Doha.',
  image_url: null,
  publish_at: '2026-03-09T08:00:27.000Z',
  expires_at: null,
  countries: [],
  status: 'published',
  created_by: { id: sampleOperator.id, name: sampleOperator.name },
  updated_by: { id: sampleOperator.id, name: sampleOperator.name },
  created_at: '2026-03-08T08:00:00Z',
  updated_at: '2026-03-08T09:00:00Z',
  ...overrides,
});

export const postList = (posts: AdminNoticePost[], { total = posts.length, totalPages = 1 } = {}) => ({
  posts,
  total,
  totalPages,
});
