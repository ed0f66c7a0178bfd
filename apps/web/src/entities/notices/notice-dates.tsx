import { CalendarClock, CalendarDays } from 'lucide-react';
import { formatInstant } from '../../shared/format/date-time';

type NoticeDatesProps = {
  publishedAt: string;
  /** An announcement's expiry or an offer's "valid until"; null when it has none. */
  endsAt: string | null;
  /** How the end reads: "Until" for news, "Valid until" for an offer. */
  endLabel?: string;
};

/** When a post was published and until when it stands, in the user's own zone. */
export function NoticeDates({ publishedAt, endsAt, endLabel = 'Until' }: NoticeDatesProps) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-500 text-xs">
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-3.5" />
        Published <time dateTime={publishedAt}>{formatInstant(publishedAt)}</time>
      </span>
      {endsAt && (
        <span className="inline-flex items-center gap-1.5 font-medium text-amber-800">
          <CalendarClock aria-hidden="true" className="size-3.5" />
          {endLabel} <time dateTime={endsAt}>{formatInstant(endsAt)}</time>
        </span>
      )}
    </p>
  );
}
