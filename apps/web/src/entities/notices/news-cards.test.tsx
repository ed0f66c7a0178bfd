import { FALLBACK } from '@skydesk/contract';
import { act, screen, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/http/api';
import { staleTagsFor } from '../../shared/live/live-tags';
import { paths } from '../../shared/routing/paths';
import { fakeApi, ok } from '../../testing/fake-api';
import { signedInState } from '../../testing/fake-session';
import { renderWithProviders } from '../../testing/render-with-providers';
import { FeaturedOfferCard } from './featured-offer-card';
import { LatestAnnouncementCard } from './latest-announcement-card';

const ANNOUNCEMENTS = 'GET /api/getAnnouncements';
const OFFERS = 'GET /api/offer';

const post = (id: number, title: string) => ({
  id: `a0000000-0000-4000-8000-00000000000${id}`,
  title,
  body: `**${title}** in short.`,
  image_url: null,
  published_at: '2026-03-09T08:00:00Z',
  expires_at: null,
  valid_until: '2026-03-31T20:00:00Z',
});

const renderCards = () =>
  renderWithProviders(
    <>
      <FeaturedOfferCard />
      <LatestAnnouncementCard />
    </>,
    { preloadedState: signedInState(), route: paths.dashboard.home },
  );

describe('the home screen’s news cards', () => {
  it('show the first offer (docs/product-spec.md §7) and the newest announcement, with the way to all of them', async () => {
    fakeApi({
      [OFFERS]: () => ok([post(1, 'Spring sale'), post(2, 'Second offer')]),
      [ANNOUNCEMENTS]: () => ok([post(3, 'New routes'), post(4, 'Older news')]),
    });
    renderCards();
    const offerCard = await screen.findByRole('region', { name: 'Featured offer' });
    const offer = await within(offerCard).findByRole('article', { name: 'Spring sale' });
    expect(within(offer).getByText('Spring sale', { selector: 'strong' })).toBeInTheDocument();
    expect(within(offer).getByText(/Valid until/)).toBeInTheDocument();
    expect(within(offerCard).queryByText('Second offer')).not.toBeInTheDocument();
    expect(within(offerCard).getByRole('link', { name: 'All offers' })).toHaveAttribute(
      'href',
      paths.dashboard.announcement,
    );

    const newsCard = screen.getByRole('region', { name: 'Latest announcement' });
    expect(await within(newsCard).findByRole('article', { name: 'New routes' })).toBeInTheDocument();
    expect(within(newsCard).queryByText('Older news')).not.toBeInTheDocument();
    expect(within(newsCard).getByRole('link', { name: 'All announcements' })).toBeInTheDocument();
  });

  it('say when there is none', async () => {
    fakeApi({ [OFFERS]: () => ok([]), [ANNOUNCEMENTS]: () => ok([]) });
    renderCards();
    expect(await screen.findByText('No offers right now')).toBeInTheDocument();
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
  });

  it('fail in their place, without a toast, and try again', async () => {
    const error = vi.spyOn(toast, 'error');
    let answer = () => new Response('', { status: 500 });
    fakeApi({ [OFFERS]: () => answer(), [ANNOUNCEMENTS]: () => answer() });
    const { user } = renderCards();
    const offerCard = await screen.findByRole('region', { name: 'Featured offer' });
    expect(await within(offerCard).findByText(FALLBACK.fetchAnnouncements)).toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
    answer = () => ok([post(1, 'Back again')]);
    await user.click(within(offerCard).getByRole('button', { name: 'Try again' }));
    expect(await within(offerCard).findByRole('article', { name: 'Back again' })).toBeInTheDocument();
  });

  it('follow a pushed offer without a reload', async () => {
    let offers = [post(1, 'Spring sale')];
    fakeApi({ [OFFERS]: () => ok(offers), [ANNOUNCEMENTS]: () => ok([]) });
    const { store } = renderCards();
    await screen.findByRole('article', { name: 'Spring sale' });
    offers = [post(5, 'Flash sale'), ...offers];
    act(() => {
      store.dispatch(api.util.invalidateTags(staleTagsFor('offer')));
    });
    expect(await screen.findByRole('article', { name: 'Flash sale' })).toBeInTheDocument();
  });
});
