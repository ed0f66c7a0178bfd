import { type Announcement, FALLBACK, type Offer } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Megaphone, Search, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NoticeDates } from '../../../entities/notices/notice-dates';
import { NoticePicture } from '../../../entities/notices/notice-picture';
import { useMayOpen } from '../../../shared/access/dashboard-access';
import { isApiFailure } from '../../../shared/http/api-error';
import { Markdown } from '../../../shared/markdown/markdown';
import { paths } from '../../../shared/routing/paths';
import { Badge } from '../../../shared/ui/badge';
import { buttonClasses } from '../../../shared/ui/button';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { noticesApi } from '../notices-api';

/**
 * /dashboard/announcement (docs/product-spec.md §2, issue 14): SkyDesk's offers open to the agency — the first one
 * featured, as the SPA shows the first (docs/product-spec.md §7) — and its announcements, newest first. Each says
 * when it was published and until when it stands; bodies are the posts' limited Markdown, pictures
 * fetched with the session's token. The server sends only what is published, unexpired and meant
 * for the agency's country.
 */
export function AnnouncementPage() {
  const offers = noticesApi.useOffersQuery();
  const announcements = noticesApi.useAnnouncementsQuery();
  const [featured, ...moreOffers] = offers.currentData ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <Section id="offers" title="Current offers">
        {offers.error ? (
          <LoadFailed
            title={failure(offers.error)}
            busy={offers.isFetching}
            onRetry={() => void offers.refetch()}
          />
        ) : !offers.currentData ? (
          <div
            role="status"
            aria-label="Loading offers"
            className="h-56 animate-pulse rounded-2xl bg-slate-200/70"
          />
        ) : featured ? (
          <FeaturedOffer offer={featured} />
        ) : (
          <NoOffers />
        )}
      </Section>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Section
          id="news"
          title="Announcements"
          className={moreOffers.length === 0 ? 'lg:col-span-2' : undefined}
        >
          {announcements.error ? (
            <LoadFailed
              title={failure(announcements.error)}
              busy={announcements.isFetching}
              onRetry={() => void announcements.refetch()}
            />
          ) : !announcements.currentData ? (
            <div role="status" aria-label="Loading announcements" className="space-y-3">
              {[0, 1].map((i) => (
                <div key={i} className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
              ))}
            </div>
          ) : announcements.currentData.length === 0 ? (
            <Quiet icon={Megaphone} title="No announcements yet">
              SkyDesk posts news about routes, fares and the portal here. The bell at the top tells you when
              there is something new.
            </Quiet>
          ) : (
            <ul aria-label="Announcements, newest first" className="space-y-4">
              {announcements.currentData.map((announcement) => (
                <li key={announcement.id}>
                  <AnnouncementArticle announcement={announcement} />
                </li>
              ))}
            </ul>
          )}
        </Section>

        {moreOffers.length > 0 && (
          <Section id="more-offers" title="More offers">
            <ul aria-label="More offers" className="space-y-4">
              {moreOffers.map((offer) => (
                <li key={offer.id}>
                  <OfferArticle offer={offer} />
                </li>
              ))}
            </ul>
          </Section>
        )}
      </div>
    </div>
  );
}

/** docs/product-spec.md §8: the server's message, else 'Failed to fetch announcements' (offers too). */
const failure = (error: unknown): string =>
  isApiFailure(error) ? error.message : FALLBACK.fetchAnnouncements;

type SectionProps = { id: string; title: string; className?: string; children: ReactNode };

function Section({ id, title, className, children }: SectionProps) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className="mb-3 font-semibold text-lg text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The first offer, large: its picture beside its text on wide screens, above it on phones. */
function FeaturedOffer({ offer }: { offer: Offer }) {
  const titleId = `offer-${offer.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={clsx(
        'overflow-hidden rounded-2xl border border-fuchsia-200 bg-white shadow-sm ring-1 ring-fuchsia-100',
        offer.image_url && 'md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]',
      )}
    >
      <NoticePicture
        url={offer.image_url}
        alt={offer.title}
        className="aspect-[16/9] md:aspect-auto md:h-full md:min-h-64"
      />
      <div className="space-y-3 p-5 sm:p-6">
        <Badge tone="violet" dot>
          Featured offer
        </Badge>
        <div className="space-y-1">
          <h3 id={titleId} className="font-semibold text-slate-900 text-xl tracking-tight">
            {offer.title}
          </h3>
          <NoticeDates publishedAt={offer.published_at} endsAt={offer.valid_until} endLabel="Valid until" />
        </div>
        <Markdown source={offer.body} headingLevel={4} className="max-w-3xl" />
      </div>
    </article>
  );
}

/** Each offer after the first, in the column beside the announcements. */
function OfferArticle({ offer }: { offer: Offer }) {
  const titleId = `offer-${offer.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <NoticePicture url={offer.image_url} alt={offer.title} className="aspect-[16/9]" />
      <div className="space-y-2 p-4">
        <h3 id={titleId} className="flex items-start gap-2 font-semibold text-slate-900">
          <Tag aria-hidden="true" className="mt-1 size-4 shrink-0 text-fuchsia-600" />
          {offer.title}
        </h3>
        <NoticeDates publishedAt={offer.published_at} endsAt={offer.valid_until} endLabel="Valid until" />
        <Markdown source={offer.body} headingLevel={4} className="text-sm" />
      </div>
    </article>
  );
}

function AnnouncementArticle({ announcement }: { announcement: Announcement }) {
  const titleId = `announcement-${announcement.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {/* Wide but not towering: across a desktop's column a 21:9 picture would be 450 px tall. */}
      <NoticePicture
        url={announcement.image_url}
        alt={announcement.title}
        className="aspect-[21/9] max-h-56 w-full"
      />
      <div className="space-y-3 p-4 sm:p-5">
        <div className="space-y-1">
          <h3 id={titleId} className="font-semibold text-lg text-slate-900">
            {announcement.title}
          </h3>
          <NoticeDates publishedAt={announcement.published_at} endsAt={announcement.expires_at} />
        </div>
        {/* Lines a reader can follow across a wide screen. */}
        <Markdown source={announcement.body} headingLevel={4} className="max-w-3xl" />
      </div>
    </article>
  );
}

/** No offer open now: says so, and where today's fares are. */
function NoOffers() {
  const maySearch = useMayOpen(paths.dashboard.searchFlights);
  return (
    <Quiet icon={Tag} title="No offers right now">
      When SkyDesk runs a fare offer for your agency it is featured here and on your home screen.
      {maySearch && (
        <>
          {' '}
          <Link to={paths.dashboard.searchFlights} className={buttonClasses('secondary', 'mt-3 flex w-fit')}>
            <Search aria-hidden="true" className="size-4" />
            Search today's fares
          </Link>
        </>
      )}
    </Quiet>
  );
}

type QuietProps = { icon: typeof Tag; title: string; children: ReactNode };

/** A section with nothing in it: what will come here, and what to do meanwhile. */
function Quiet({ icon: Icon, title, children }: QuietProps) {
  return (
    <div className="flex gap-4 rounded-2xl border border-slate-300 border-dashed bg-white p-5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">{title}</p>
        <div className="mt-1 text-slate-600 leading-relaxed">{children}</div>
      </div>
    </div>
  );
}
