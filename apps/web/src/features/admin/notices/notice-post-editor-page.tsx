import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminNoticePost, NOTICE_IMAGE_FIELD, type NoticePostKind } from '@skydesk/contract';
import { clsx } from 'clsx';
import { ArrowLeft, FileQuestion, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { Badge } from '../../../shared/ui/badge';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { TextField } from '../../../shared/ui/field';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { BodyField } from './components/body-field';
import { Choice } from './components/choice';
import { CountryPicker } from './components/country-picker';
import { type PictureChoice, PictureField } from './components/picture-field';
import { PublishingFields } from './components/publishing-fields';
import { localInputToInstant } from './local-date-time';
import { noticePostsApi } from './notice-posts-api';
import { bodyOfFields, emptyPostFields, fieldsOfPost, PostFields, patchOf, SERVER_FIELDS } from './post-form';
import { POST_KIND, POST_STATUS, postPath } from './post-kinds';

/** /admin/announcements/new and /admin/announcements/:id. */
export function AnnouncementEditorPage() {
  return <NoticePostEditorPage kind="announcement" />;
}

/** /admin/offers/new and /admin/offers/:id. */
export function OfferEditorPage() {
  return <NoticePostEditorPage kind="offer" />;
}

/** Carried to a new post's editor when its picture could not be saved with it. */
type EditorLocationState = { pictureProblem: string } | null;

function NoticePostEditorPage({ kind }: { kind: NoticePostKind }) {
  const { id = 'new' } = useParams();
  return id === 'new' ? <PostEditor kind={kind} /> : <SavedPostEditor kind={kind} id={id} />;
}

/** An existing post: loaded first; one that does not exist (or was deleted) says so. */
function SavedPostEditor({ kind, id }: { kind: NoticePostKind; id: string }) {
  const names = POST_KIND[kind];
  const { currentData: post, error, isFetching, refetch } = noticePostsApi.useNoticePostQuery({ kind, id });
  if (error && isApiFailure(error) && (error.status === 404 || error.status === 422)) {
    return (
      <EmptyState
        icon={FileQuestion}
        title={`This ${names.noun} does not exist`}
        actions={
          <Link to={names.list} className={buttonClasses('secondary')}>
            All {names.plural}
          </Link>
        }
      >
        It may have been deleted by another operator.
      </EmptyState>
    );
  }
  if (error) {
    return (
      <LoadFailed
        className="mx-auto w-full max-w-3xl"
        title={isApiFailure(error) ? error.message : `The ${names.noun} could not be loaded`}
        busy={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  if (!post) {
    return (
      <div
        role="status"
        aria-label={`Loading the ${names.noun}`}
        className="mx-auto w-full max-w-6xl space-y-4"
      >
        <div className="h-96 animate-pulse rounded-2xl bg-slate-200/70" />
        <div className="h-64 animate-pulse rounded-2xl bg-slate-200/70" />
      </div>
    );
  }
  return <PostEditor key={post.id} kind={kind} post={post} />;
}

/** What the toast says once a post is saved, from where it now stands. */
function savedMessage(noun: string, post: AdminNoticePost): string {
  switch (post.status) {
    case 'draft':
      return `${noun} saved as a draft`;
    case 'scheduled':
      return `${noun} scheduled for ${formatInstant(post.publish_at ?? post.updated_at)}`;
    case 'published':
      return `${noun} published`;
    case 'expired':
      return `${noun} saved; it has already expired`;
  }
}

/** What Save says it will do. */
function saveLabel(fields: Pick<PostFields, 'publish' | 'publish_at'>, editing: boolean): string {
  if (editing) return 'Save changes';
  if (fields.publish === 'draft') return 'Save draft';
  if (fields.publish === 'now') return 'Publish now';
  const at = localInputToInstant(fields.publish_at);
  return at && Date.parse(at) > Date.now() ? 'Schedule' : 'Publish';
}

type PostEditorProps = { kind: NoticePostKind; post?: AdminNoticePost };

/**
 * Writes a new post or changes one: title and Markdown text with a live preview, when it is
 * published and expires, its audience and its picture — all saved by one Save (a new post is
 * written, then its picture sent; a change sends only what changed).
 */
function PostEditor({ kind, post }: PostEditorProps) {
  const names = POST_KIND[kind];
  const navigate = useNavigate();
  const location = useLocation();
  const carried = location.state as EditorLocationState;
  const [create] = noticePostsApi.useCreateNoticePostMutation();
  const [update] = noticePostsApi.useUpdateNoticePostMutation();
  const [upload] = noticePostsApi.useUploadNoticeImageMutation();
  const [removeImage] = noticePostsApi.useRemoveNoticeImageMutation();
  const [picture, setPicture] = useState<PictureChoice>({ file: null, remove: false });
  const [pictureProblem, setPictureProblem] = useState<string | null>(carried?.pictureProblem ?? null);
  const [deleting, setDeleting] = useState(false);
  const {
    register,
    control,
    watch,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PostFields>({
    resolver: zodResolver(PostFields),
    defaultValues: post ? fieldsOfPost(post) : emptyPostFields(),
  });
  const [title, body, publish, publishAt, expiry, audience] = watch([
    'title',
    'body',
    'publish',
    'publish_at',
    'expiry',
    'audience',
  ]);
  const pictureChanged = picture.file !== null || picture.remove;

  /** The picture chosen, sent once the post itself is saved; the saved post, or null when refused. */
  const savePicture = async (saved: AdminNoticePost): Promise<AdminNoticePost | null> => {
    try {
      if (picture.file) {
        const formData = new FormData();
        formData.append(NOTICE_IMAGE_FIELD, picture.file, picture.file.name);
        return await upload({ kind, id: saved.id, formData }).unwrap();
      }
      if (picture.remove && saved.image_url) return await removeImage({ kind, id: saved.id }).unwrap();
      return saved;
    } catch (error) {
      const problem = isApiFailure(error)
        ? (error.fieldErrors[NOTICE_IMAGE_FIELD]?.[0] ?? error.message)
        : 'The picture could not be saved';
      setPictureProblem(problem);
      // The post itself is saved: from now on this is its editor, so trying again changes it
      // rather than writing it a second time.
      if (!post) {
        navigate(postPath(kind, saved.id), {
          replace: true,
          state: { pictureProblem: problem } satisfies EditorLocationState,
        });
      }
      return null;
    }
  };

  const submit = handleSubmit(async (fields) => {
    const sent = bodyOfFields(fields, post ? { saved: post } : {});
    let saved: AdminNoticePost;
    try {
      if (post) {
        const patch = patchOf(post, sent);
        saved =
          Object.keys(patch).length > 0 ? await update({ kind, id: post.id, body: patch }).unwrap() : post;
      } else {
        saved = await create({ kind, body: sent }).unwrap();
      }
    } catch (error) {
      // Toasted by the client; a field's problem is also shown on its field.
      showServerFieldErrors(error, setError, SERVER_FIELDS);
      return;
    }
    const withPicture = await savePicture(saved);
    if (!withPicture) return;
    toast.success(savedMessage(names.Noun, withPicture));
    navigate(names.list);
  });

  return (
    <form noValidate onSubmit={submit} className="mx-auto w-full max-w-6xl space-y-5 pb-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to={names.list}
          className="inline-flex items-center gap-1.5 rounded font-medium text-slate-600 text-sm hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All {names.plural}
        </Link>
        {post && <SavedState post={post} />}
      </div>

      <Card title="Title and text">
        <div className="space-y-4">
          <TextField label="Title" autoComplete="off" error={errors.title?.message} {...register('title')} />
          <BodyField registration={register('body')} title={title} body={body} error={errors.body?.message} />
        </div>
      </Card>

      <div className="grid items-start gap-5 lg:grid-cols-2">
        <div className="space-y-5">
          <Card title="Publishing">
            <PublishingFields
              kind={kind}
              register={register}
              publish={publish}
              expiry={expiry}
              errors={errors}
              saved={post}
            />
          </Card>
          <Card title="Picture">
            <PictureField
              currentUrl={post?.image_url ?? null}
              choice={picture}
              onChange={setPicture}
              problem={pictureProblem}
              onProblem={setPictureProblem}
            />
          </Card>
        </div>
        <Card title="Audience">
          <fieldset className="space-y-2">
            <legend className="sr-only">Who sees it</legend>
            <Choice
              registration={register('audience')}
              value="all"
              label="All agencies"
              description="Every agency on SkyDesk, wherever it is."
            />
            <Choice
              registration={register('audience')}
              value="countries"
              label="Agencies in chosen countries"
              description="Only agencies registered in the countries you choose."
            >
              {audience === 'countries' && (
                <Controller
                  control={control}
                  name="countries"
                  render={({ field, fieldState }) => (
                    <CountryPicker
                      value={field.value}
                      onChange={field.onChange}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              )}
            </Choice>
          </fieldset>
        </Card>
      </div>

      {/* One row on a phone too: the bar stays at the bottom of a small screen, so it stays low. */}
      <div className="sticky bottom-0 z-10 -mx-4 flex items-center gap-2 border-slate-200 border-t bg-slate-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:bg-white/95 sm:shadow-sm">
        {post && (
          <Button
            variant="ghost"
            className="px-2 text-rose-700 hover:bg-rose-50 sm:mr-auto sm:px-4"
            onClick={() => setDeleting(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete <span className="max-sm:sr-only">{names.noun}</span>
          </Button>
        )}
        <Link
          to={names.list}
          className={buttonClasses('secondary', clsx('whitespace-nowrap', !post && 'ml-auto'))}
        >
          Cancel
        </Link>
        <Button
          type="submit"
          className="flex-1 whitespace-nowrap sm:flex-none"
          busy={isSubmitting}
          disabled={Boolean(post) && !isDirty && !pictureChanged}
        >
          {saveLabel({ publish, publish_at: publishAt }, Boolean(post))}
        </Button>
      </div>

      {post && <DeleteDialog kind={kind} post={post} open={deleting} onClose={() => setDeleting(false)} />}
    </form>
  );
}

/** Where a saved post stands, and who last changed it. */
function SavedState({ post }: { post: AdminNoticePost }) {
  const { label, tone } = POST_STATUS[post.status];
  const by = post.updated_by ?? post.created_by;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-500 text-xs">
      <Badge tone={tone} dot>
        {label}
      </Badge>
      <span>
        Last changed {formatInstant(post.updated_at)}
        {by ? ` by ${by.name}` : ''}
      </span>
    </p>
  );
}

type DeleteDialogProps = { kind: NoticePostKind; post: AdminNoticePost; open: boolean; onClose: () => void };

function DeleteDialog({ kind, post, open, onClose }: DeleteDialogProps) {
  const names = POST_KIND[kind];
  const navigate = useNavigate();
  const [remove, { isLoading }] = noticePostsApi.useDeleteNoticePostMutation();
  const confirm = async () => {
    try {
      await remove({ kind, id: post.id }).unwrap();
      toast.success(`${names.Noun} deleted`);
      navigate(names.list);
    } catch {
      // Toasted by the client.
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={`Delete this ${names.noun}?`}
      confirmLabel={`Delete ${names.noun}`}
      busy={isLoading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      “{post.title}” is deleted for good: agencies no longer see it, and it cannot be brought back.
    </ConfirmDialog>
  );
}
