import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../../shared/routing/admin-paths';
import { fail, fakeApi, ok } from '../../../testing/fake-api';
import { renderConsole } from '../testing/render';
import { adminPost, POST_ID, postList } from './testing/notice-posts';

configure({ asyncUtilTimeout: 10_000 });

const LIST = 'GET /api/admin/announcements';
const webp = () =>
  new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'Content-Type': 'image/webp' } });

describe('the announcements list', { timeout: 30_000 }, () => {
  it('lists each post with its status, when it is shown, to whom, and its picture', async () => {
    const picture = `/api/admin/announcements/${POST_ID}/image?v=2`;
    const api = fakeApi({
      [LIST]: () =>
        ok(
          postList([
            adminPost({
              image_url: picture,
              countries: ['QA', 'AE', 'OM', 'BH'],
              expires_at: '2026-04-01T00:00:00Z',
            }),
            adminPost({
              id: 'a0000000-0000-4000-8000-0000000000a2',
              title: 'Portal maintenance',
              status: 'scheduled',
              publish_at: '2030-01-05T06:00:00Z',
            }),
            adminPost({
              id: 'a0000000-0000-4000-8000-0000000000a3',
              title: 'Unfinished',
              status: 'draft',
              publish_at: null,
            }),
          ]),
        ),
      [`GET /api/admin/announcements/${POST_ID}/image`]: webp,
    });
    const { store } = renderConsole(adminPaths.announcements);
    const list = await screen.findByRole('list', { name: 'Announcements' });

    const published = within(list).getByRole('link', { name: 'New routes to the Gulf, published' });
    expect(published).toHaveAttribute('href', `${adminPaths.announcements}/${POST_ID}`);
    expect(within(published).getByText(/^Published /)).toBeInTheDocument();
    expect(within(published).getByText(/^Expires /)).toBeInTheDocument();
    expect(within(published).getByText('Bahrain, Oman, Qatar and 1 more')).toBeInTheDocument();
    expect(await within(published).findByTestId('post-thumbnail')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(api.calls(`GET /api/admin/announcements/${POST_ID}/image`)[0]?.headers.get('Authorization')).toBe(
      `Bearer ${store.getState().operatorSession?.token}`,
    );

    const scheduled = within(list).getByRole('link', { name: 'Portal maintenance, scheduled' });
    expect(within(scheduled).getByText(/^Publishes /)).toBeInTheDocument();
    expect(within(scheduled).getByText('All agencies')).toBeInTheDocument();
    expect(within(scheduled).getByText('No expiry')).toBeInTheDocument();
    const draft = within(list).getByRole('link', { name: 'Unfinished, draft' });
    expect(within(draft).getByText('Not published (draft)')).toBeInTheDocument();
  });

  it('filters by status and pages, both in the address', async () => {
    const api = fakeApi({ [LIST]: () => ok(postList([adminPost()], { total: 45, totalPages: 3 })) });
    const { user, router } = renderConsole(adminPaths.announcements);
    await screen.findByRole('list', { name: 'Announcements' });
    expect(api.calls(LIST)[0]?.query.has('status')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Scheduled' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=scheduled'));
    await waitFor(() => expect(api.calls(LIST).at(-1)?.query.get('status')).toBe('scheduled'));
    expect(screen.getByRole('button', { name: 'Scheduled' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=scheduled&page=1'));
    await waitFor(() => expect(api.calls(LIST).at(-1)?.query.get('page')).toBe('1'));
    expect(api.calls(LIST).at(-1)?.query.get('limit')).toBe('20');
  });

  it('says when there is none, with the way to write the first, or back to all', async () => {
    fakeApi({ [LIST]: () => ok(postList([])) });
    const { user } = renderConsole(adminPaths.announcements);
    expect(await screen.findByRole('heading', { name: 'No announcements yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New announcement' })[0]).toHaveAttribute(
      'href',
      `${adminPaths.announcements}/new`,
    );
    await user.click(screen.getByRole('button', { name: 'Expired' }));
    expect(await screen.findByRole('heading', { name: 'No expired announcements' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all announcements' }));
    expect(await screen.findByRole('heading', { name: 'No announcements yet' })).toBeInTheDocument();
  });

  it('says when the list could not be read, and tries again', async () => {
    let answer = () => fail(500, 'Server error');
    fakeApi({ [LIST]: () => answer() });
    const { user } = renderConsole(adminPaths.announcements);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    answer = () => ok(postList([adminPost()]));
    await user.click(retry);
    expect(await screen.findByRole('list', { name: 'Announcements' })).toBeInTheDocument();
  });

  it('lists offers apart, at /admin/offers, both reached from the navigation', async () => {
    const api = fakeApi({
      'GET /api/admin/offers': () => ok(postList([adminPost({ kind: 'offer', title: 'Spring sale' })])),
    });
    renderConsole(adminPaths.offers);
    const list = await screen.findByRole('list', { name: 'Offers' });
    expect(within(list).getByRole('link', { name: 'Spring sale, published' })).toHaveAttribute(
      'href',
      `${adminPaths.offers}/${POST_ID}`,
    );
    expect(api.calls(LIST)).toHaveLength(0);
    const navigation = screen
      .getAllByRole('navigation')
      .find((nav) => within(nav).queryByRole('link', { name: 'Offers' }));
    expect(within(navigation!).getByRole('link', { name: 'Announcements' })).toHaveAttribute(
      'href',
      adminPaths.announcements,
    );
    expect(document.title).toBe('Offers · Operator console · SkyDesk');
  });
});
