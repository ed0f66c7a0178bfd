import {
  type AdminNoticePost,
  NOTICE_POST_STATUSES,
  type NoticePostKind,
  type NoticePostStatus,
} from '@skydesk/contract';
import { Globe2, Megaphone, Plus, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { listParam, useListParams } from '../../../shared/routing/use-list-params';
import { Badge } from '../../../shared/ui/badge';
import { buttonClasses } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Pager } from '../../../shared/ui/pager';
import { ListSkeleton } from '../components/list-states';
import { type StatusTab, StatusTabs } from '../components/status-tabs';
import { audienceText } from './components/audience';
import { PostThumbnail } from './components/post-thumbnail';
import { noticePostsApi } from './notice-posts-api';
import { POST_KIND, POST_STATUS, postPath } from './post-kinds';

const PAGE_SIZE = 20;

/** The status shown (none: every post) and the page, in the address. */
const POST_LIST = { status: listParam.optional(NOTICE_POST_STATUSES) };

const STATUS_TABS: StatusTab<NoticePostStatus | null>[] = [
  { value: null, label: 'All' },
  ...NOTICE_POST_STATUSES.map((value) => ({ value, label: POST_STATUS[value].label })),
];

/** /admin/announcements. */
export function AnnouncementsPage() {
  return <NoticePostsPage kind="announcement" />;
}

/** /admin/offers. */
export function OffersPage() {
  return <NoticePostsPage kind="offer" />;
}

/**
 * One kind of post, newest first, filtered by where each stands (draft, scheduled, published,
 * expired) a page at a time — the status and the page in the address — with the way to write one.
 */
function NoticePostsPage({ kind }: { kind: NoticePostKind }) {
  const names = POST_KIND[kind];
  const { filters, page, setFilters, setPage } = useListParams(POST_LIST);
  const { status } = filters;
  const { currentData, error, isFetching, refetch } = noticePostsApi.useNoticePostsQuery({
    kind,
    query: { page, limit: PAGE_SIZE, ...(status ? { status } : {}) },
  });

  const newPost = (
    <Link to={postPath(kind, 'new')} className={buttonClasses('primary', 'shrink-0')}>
      <Plus aria-hidden="true" className="size-4" />
      New {names.noun}
    </Link>
  );

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <StatusTabs
          legend="Status"
          tabs={STATUS_TABS}
          current={status}
          onChange={(next) => setFilters({ status: next })}
        />
        {newPost}
      </div>

      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : `The ${names.plural} could not be loaded`}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : !currentData ? (
        <ListSkeleton label={`Loading ${names.plural}`} />
      ) : currentData.posts.length === 0 ? (
        <EmptyState
          icon={kind === 'offer' ? Tag : Megaphone}
          title={
            status
              ? `No ${POST_STATUS[status].label.toLowerCase()} ${names.plural}`
              : `No ${names.plural} yet`
          }
          actions={
            status ? (
              <button
                type="button"
                onClick={() => setFilters({ status: null })}
                className={buttonClasses('secondary')}
              >
                Show all {names.plural}
              </button>
            ) : (
              newPost
            )
          }
        >
          {status
            ? `None of the ${names.plural} is ${POST_STATUS[status].label.toLowerCase()} now.`
            : names.seenAs}
        </EmptyState>
      ) : (
        <>
          <ul
            aria-label={names.Plural}
            className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            {currentData.posts.map((post) => (
              <PostRow key={post.id} post={post} />
            ))}
          </ul>
          <Pager
            page={page}
            totalPages={currentData.totalPages}
            total={currentData.total}
            noun={currentData.total === 1 ? names.noun : names.plural}
            onPage={setPage}
            label={`${names.Plural} pages`}
          />
        </>
      )}
    </div>
  );
}

/** When a post is shown, in a row: "Publishes …", "Published …" or "Not published (draft)". */
function publication(post: AdminNoticePost): string {
  if (!post.publish_at) return 'Not published (draft)';
  return `${post.status === 'scheduled' ? 'Publishes' : 'Published'} ${formatInstant(post.publish_at)}`;
}

function expiry(post: AdminNoticePost): string {
  if (!post.expires_at) return 'No expiry';
  return `${post.status === 'expired' ? 'Expired' : 'Expires'} ${formatInstant(post.expires_at)}`;
}

/** One post: its picture, title and status, when it is shown, and to whom. */
function PostRow({ post }: { post: AdminNoticePost }) {
  const { label, tone } = POST_STATUS[post.status];
  return (
    <li>
      <Link
        to={postPath(post.kind, post.id)}
        aria-label={`${post.title}, ${label.toLowerCase()}`}
        className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2 sm:px-5 md:grid-cols-[auto_minmax(0,1.6fr)_minmax(0,1.2fr)_minmax(0,1fr)] md:items-center"
      >
        <PostThumbnail kind={post.kind} imageUrl={post.image_url} className="h-12 w-20" />
        <span className="min-w-0">
          <span className="block break-words font-semibold text-slate-900">{post.title}</span>
          <Badge tone={tone} dot className="mt-1">
            {label}
          </Badge>
        </span>
        <span className="col-span-2 space-y-0.5 text-slate-600 text-sm md:col-span-1">
          <span className="block">{publication(post)}</span>
          <span className="block text-slate-500 text-xs">{expiry(post)}</span>
        </span>
        <span className="col-span-2 flex min-w-0 items-start gap-1.5 text-slate-600 text-sm md:col-span-1">
          <Globe2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          <span className="min-w-0 break-words">{audienceText(post.countries)}</span>
        </span>
      </Link>
    </li>
  );
}
