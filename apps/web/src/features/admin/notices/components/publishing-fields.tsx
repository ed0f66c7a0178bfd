import type { AdminNoticePost, NoticePostKind } from '@skydesk/contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { formatInstant } from '../../../../shared/format/date-time';
import { FieldError, TextField } from '../../../../shared/ui/field';
import { localZoneName } from '../local-date-time';
import type { PostFields } from '../post-form';
import { Choice } from './choice';

type PublishingFieldsProps = {
  kind: NoticePostKind;
  register: UseFormRegister<PostFields>;
  publish: PostFields['publish'];
  expiry: PostFields['expiry'];
  errors: FieldErrors<PostFields>;
  saved?: AdminNoticePost | undefined;
};

/**
 * When the post is shown: kept as a draft, published now, or at a date and time of the operator's
 * own day (sent in UTC); and until when — never, or a date and time.
 */
export function PublishingFields({ kind, register, publish, expiry, errors, saved }: PublishingFieldsProps) {
  const zone = localZoneName();
  return (
    <div className="space-y-5">
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium text-slate-800 text-sm">Publish</legend>
        <Choice
          registration={register('publish')}
          value="draft"
          label="Keep as a draft"
          description="Agencies don't see it until you publish it."
        />
        <Choice
          registration={register('publish')}
          value="now"
          label="Publish now"
          description="Agencies see it as soon as you save, and their bell tells them."
        />
        <Choice
          registration={register('publish')}
          value="at"
          label="At a date and time"
          description={
            saved?.publish_at
              ? `Set to ${formatInstant(saved.publish_at)}. A time already passed publishes it at once.`
              : 'Scheduled: agencies see it from then on. A time already passed publishes it at once.'
          }
        >
          {publish === 'at' && (
            <TextField
              type="datetime-local"
              label="Publish on"
              hint={`Your time (${zone}).`}
              error={errors.publish_at?.message}
              {...register('publish_at')}
            />
          )}
        </Choice>
        {/* A server's word on the time when no time field is open (e.g. a "now" it refused). */}
        {publish !== 'at' && errors.publish_at?.message && (
          <FieldError>{errors.publish_at.message}</FieldError>
        )}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium text-slate-800 text-sm">
          {kind === 'offer' ? 'Valid until' : 'Expiry'}
        </legend>
        <Choice
          registration={register('expiry')}
          value="never"
          label="No expiry"
          description="Shown until you delete it."
        />
        <Choice
          registration={register('expiry')}
          value="at"
          label="Expires at a date and time"
          description="Agencies no longer see it after then."
        >
          {expiry === 'at' && (
            <TextField
              type="datetime-local"
              label="Expires on"
              hint={`Your time (${zone}).`}
              error={errors.expires_at?.message}
              {...register('expires_at')}
            />
          )}
        </Choice>
        {expiry !== 'at' && errors.expires_at?.message && (
          <FieldError>{errors.expires_at.message}</FieldError>
        )}
      </fieldset>
    </div>
  );
}
