import { FALLBACK } from '@skydesk/contract';
import { Megaphone } from 'lucide-react';
import { isApiFailure } from '../../shared/http/api-error';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { BodyPreview, NewsEmpty, NewsSkeleton, ToAnnouncements } from './news-card-parts';
import { newsCardsApi } from './news-cards-api';
import { NoticeDates } from './notice-dates';
import { NoticePicture } from './notice-picture';

/** The newest of SkyDesk's announcements, on the dashboard's home (issue 14). */
export function LatestAnnouncementCard() {
  const { currentData: announcement, error, isFetching, refetch } = newsCardsApi.useLatestAnnouncementQuery();
  return (
    <Card title="Latest announcement" aside={<ToAnnouncements>All announcements</ToAnnouncements>}>
      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : FALLBACK.fetchAnnouncements}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : announcement === undefined ? (
        <NewsSkeleton label="Loading the latest announcement" />
      ) : announcement === null ? (
        <NewsEmpty icon={Megaphone} title="No announcements yet">
          News from SkyDesk about routes, fares and the portal appears here, and the bell tells you when there
          is some.
        </NewsEmpty>
      ) : (
        <article aria-labelledby={`home-announcement-${announcement.id}`} className="space-y-3">
          <NoticePicture
            url={announcement.image_url}
            alt={announcement.title}
            className="aspect-[21/9] rounded-xl"
          />
          <div className="space-y-1">
            <h3 id={`home-announcement-${announcement.id}`} className="font-semibold text-slate-900">
              {announcement.title}
            </h3>
            <NoticeDates publishedAt={announcement.published_at} endsAt={announcement.expires_at} />
          </div>
          <BodyPreview source={announcement.body} />
        </article>
      )}
    </Card>
  );
}
