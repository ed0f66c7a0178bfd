import { FALLBACK } from '@skydesk/contract';
import { Tag } from 'lucide-react';
import { isApiFailure } from '../../shared/http/api-error';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { BodyPreview, NewsEmpty, NewsSkeleton, ToAnnouncements } from './news-card-parts';
import { newsCardsApi } from './news-cards-api';
import { NoticeDates } from './notice-dates';
import { NoticePicture } from './notice-picture';

/** SkyDesk's featured offer — the first one open to the agency (docs/product-spec.md §7) — on the dashboard's home. */
export function FeaturedOfferCard() {
  const { currentData: offer, error, isFetching, refetch } = newsCardsApi.useFeaturedOfferQuery();
  return (
    <Card title="Featured offer" aside={<ToAnnouncements>All offers</ToAnnouncements>}>
      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : FALLBACK.fetchAnnouncements}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : offer === undefined ? (
        <NewsSkeleton label="Loading the featured offer" />
      ) : offer === null ? (
        <NewsEmpty icon={Tag} title="No offers right now">
          When SkyDesk runs a fare offer for your agency, it is shown here.
        </NewsEmpty>
      ) : (
        <article aria-labelledby={`home-offer-${offer.id}`} className="space-y-3">
          <NoticePicture url={offer.image_url} alt={offer.title} className="aspect-[21/9] rounded-xl" />
          <div className="space-y-1">
            <h3 id={`home-offer-${offer.id}`} className="flex items-start gap-2 font-semibold text-slate-900">
              <Tag aria-hidden="true" className="mt-1 size-4 shrink-0 text-fuchsia-600" />
              {offer.title}
            </h3>
            <NoticeDates publishedAt={offer.published_at} endsAt={offer.valid_until} endLabel="Valid until" />
          </div>
          <BodyPreview source={offer.body} />
        </article>
      )}
    </Card>
  );
}
