import { FALLBACK } from '@skydesk/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, ok } from '../../../testing/fake-api';
import { signedInState } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';
import { ANNOUNCEMENT_ID, announcement, OFFER_ID, offer } from '../testing/notices';

configure({ asyncUtilTimeout: 10_000 });

const ANNOUNCEMENTS = 'GET /api/getAnnouncements';
const OFFERS = 'GET /api/offer';
const quietBell = { 'GET /api/notification/summary': () => ok({ unread: 0 }) };

const render = () => renderApp(paths.dashboard.announcement, { preloadedState: signedInState() });

const webp = () =>
  new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'Content-Type': 'image/webp' } });

describe('the announcement screen', { timeout: 30_000 }, () => {
  it('features the first offer, lists the other offers, and the announcements newest first', async () => {
    fakeApi({
      ...quietBell,
      [OFFERS]: () =>
        ok([
          offer(),
          offer({
            id: 'f0000000-0000-4000-8000-000000000002',
            title: 'Business class upgrade week',
            valid_until: null,
          }),
        ]),
      [ANNOUNCEMENTS]: () =>
        ok([
          announcement(),
          announcement({
            id: 'a0000000-0000-4000-8000-000000000002',
            title: 'Portal maintenance on Sunday',
            body: 'Expect a short break.',
            published_at: '2026-03-01T08:00:00Z',
            expires_at: '2026-03-20T00:00:00Z',
          }),
        ]),
    });
    render();

    const offers = await screen.findByRole('region', { name: 'Current offers' });
    const featured = await within(offers).findByRole('article', { name: 'Spring sale: 15% off to Europe' });
    expect(within(featured).getByText('Featured offer')).toBeInTheDocument();
    expect(within(featured).getByText('31 March').tagName).toBe('EM');
    expect(within(featured).getByText(/Valid until/)).toBeInTheDocument();

    const more = screen.getByRole('region', { name: 'More offers' });
    expect(within(more).getByRole('article', { name: 'Business class upgrade week' })).toBeInTheDocument();
    expect(within(more).queryByText(/Valid until/)).not.toBeInTheDocument();

    const news = screen.getByRole('region', { name: 'Announcements' });
    const articles = within(news).getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-labelledby'))).toEqual([
      `announcement-${ANNOUNCEMENT_ID}`,
      'announcement-a0000000-0000-4000-8000-000000000002',
    ]);
    const first = within(news).getByRole('article', { name: 'New routes to the Gulf' });
    expect(within(first).getByText('1 April').tagName).toBe('STRONG');
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dubai', 'Doha']);
    expect(within(first).getByRole('link', { name: 'See the fares' })).toHaveAttribute(
      'href',
      paths.dashboard.searchFlights,
    );
    expect(within(first).queryByText(/^Until/)).not.toBeInTheDocument();
    const second = within(news).getByRole('article', { name: 'Portal maintenance on Sunday' });
    expect(within(second).getByText(/Until/)).toBeInTheDocument();
  });

  it("shows a post's picture, fetched with the session's token", async () => {
    const picture = `/api/announcement/${OFFER_ID}/image?v=3`;
    const api = fakeApi({
      ...quietBell,
      [OFFERS]: () => ok([offer({ image_url: picture })]),
      [ANNOUNCEMENTS]: () => ok([]),
      [`GET /api/announcement/${OFFER_ID}/image`]: webp,
    });
    const { store } = render();
    const image = await screen.findByRole('img', { name: 'Spring sale: 15% off to Europe' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    const [call] = api.calls(`GET /api/announcement/${OFFER_ID}/image`);
    expect(call?.query.get('v')).toBe('3');
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${store.getState().session.token}`);
  });

  it('says when there is no offer and no announcement, and where the fares are', async () => {
    fakeApi({ ...quietBell, [OFFERS]: () => ok([]), [ANNOUNCEMENTS]: () => ok([]) });
    render();
    expect(await screen.findByText('No offers right now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Search today's fares" })).toHaveAttribute(
      'href',
      paths.dashboard.searchFlights,
    );
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'More offers' })).not.toBeInTheDocument();
  });

  it("fails with 'Failed to fetch announcements' (offers too) when the server says nothing, and tries again", async () => {
    const error = vi.spyOn(toast, 'error');
    let answer = () => new Response('', { status: 500 });
    fakeApi({ ...quietBell, [OFFERS]: () => answer(), [ANNOUNCEMENTS]: () => answer() });
    const { user } = render();
    const news = await screen.findByRole('region', { name: 'Announcements' });
    const retry = await within(news).findByRole('button', { name: 'Try again' });
    expect(within(news).getByText(FALLBACK.fetchAnnouncements)).toBeInTheDocument();
    const offers = screen.getByRole('region', { name: 'Current offers' });
    expect(await within(offers).findByText(FALLBACK.fetchAnnouncements)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(FALLBACK.fetchAnnouncements);

    answer = () => ok([]);
    await user.click(retry);
    expect(await within(news).findByText('No announcements yet')).toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    const never = () => new Promise<Response>(() => {});
    fakeApi({ ...quietBell, [OFFERS]: never, [ANNOUNCEMENTS]: never });
    render();
    expect(await screen.findByRole('status', { name: 'Loading offers' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading announcements' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Announcements · SkyDesk'));
  });
});
