import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi } from '../../testing/fake-api';
import { signedInState } from '../../testing/fake-session';
import { renderWithProviders } from '../../testing/render-with-providers';
import { configureOperatorHttp } from '../http/http-config';
import { useAuthenticatedImage } from './authenticated-image';

/** A picture's URL; each test its own version, as each picture is fetched once while shown. */
const pictureUrl = (version: number) => `/api/user/3f1c8a52-7d0e-4b8a-9f1e-2c6d5a4b3e21/image?v=${version}`;
const ROUTE = 'GET /api/user/3f1c8a52-7d0e-4b8a-9f1e-2c6d5a4b3e21/image';

function Picture({ url, label }: { url: string | null; label: string }) {
  const src = useAuthenticatedImage(url);
  return src ? <img src={src} alt={label} /> : <span>{`${label}: none`}</span>;
}

const webp = () =>
  new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'Content-Type': 'image/webp' } });

describe('useAuthenticatedImage', () => {
  it("fetches an API picture once with the session's token, for every place showing it", async () => {
    const api = fakeApi({ [ROUTE]: webp });
    const { store } = renderWithProviders(
      <>
        <Picture url={pictureUrl(1)} label="Header" />
        <Picture url={pictureUrl(1)} label="Card" />
      </>,
      { preloadedState: signedInState() },
    );
    const header = await screen.findByRole('img', { name: 'Header' });
    const card = await screen.findByRole('img', { name: 'Card' });
    expect(header.getAttribute('src')).toMatch(/^blob:/);
    expect(card.getAttribute('src')).toBe(header.getAttribute('src'));
    expect(api.calls(ROUTE)).toHaveLength(1);
    expect(api.calls(ROUTE)[0]?.headers.get('Authorization')).toBe(
      `Bearer ${store.getState().session.token}`,
    );
  });

  it('shows nothing, and says nothing, when the picture cannot be had or there is none', async () => {
    const api = fakeApi({ [ROUTE]: () => fail(404, 'Not found') });
    renderWithProviders(
      <>
        <Picture url={pictureUrl(2)} label="Missing" />
        <Picture url={null} label="None" />
      </>,
      { preloadedState: signedInState() },
    );
    await waitFor(() => expect(api.calls(ROUTE)).toHaveLength(1));
    expect(await screen.findByText('Missing: none')).toBeInTheDocument();
    expect(screen.getByText('None: none')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('waits for a token before asking (a reload, until the refresh cookie answers)', async () => {
    const api = fakeApi({ [ROUTE]: webp });
    renderWithProviders(<Picture url={pictureUrl(3)} label="Header" />, {
      preloadedState: signedInState({ token: null }),
    });
    expect(await screen.findByText('Header: none')).toBeInTheDocument();
    expect(api.calls(ROUTE)).toHaveLength(0);
  });

  it("fetches a back-office picture with the operator's token, never the agency's", async () => {
    const route = 'GET /api/admin/announcements/a0000000-0000-4000-8000-000000000001/image';
    const api = fakeApi({ [route]: webp });
    configureOperatorHttp({ getToken: () => 'operator-token' });
    const { store } = renderWithProviders(
      <Picture url="/api/admin/announcements/a0000000-0000-4000-8000-000000000001/image?v=1" label="Post" />,
      { preloadedState: signedInState() },
    );
    const image = await screen.findByRole('img', { name: 'Post' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(api.calls(route)[0]?.headers.get('Authorization')).toBe('Bearer operator-token');
    expect(store.getState().session.token).not.toBe('operator-token');
  });
});
