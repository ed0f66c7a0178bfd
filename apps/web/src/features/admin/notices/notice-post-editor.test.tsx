import type { NoticePostBody } from '@skydesk/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { adminPaths } from '../../../shared/routing/admin-paths';
import { fail, fakeApi, invalid, ok } from '../../../testing/fake-api';
import { renderConsole } from '../testing/render';
import { POST_FORM_MESSAGES } from './post-form';
import { adminPost, POST_ID, postList } from './testing/notice-posts';

configure({ asyncUtilTimeout: 10_000 });

const LIST = 'GET /api/admin/announcements';
const CREATE = 'POST /api/admin/announcements';
const ONE = `/api/admin/announcements/${POST_ID}`;
const IMAGE = `${ONE}/image`;
const NEW = `${adminPaths.announcements}/new`;

const png = (name = 'routes.png', size = 2048) => {
  const file = new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** The answer to a create: the body sent, as the server would store it. */
const created = ({ body }: { body: unknown }) => {
  const sent = body as NoticePostBody;
  return ok(
    adminPost({
      ...sent,
      countries: sent.countries ?? [],
      status:
        sent.publish_at === null
          ? 'draft'
          : Date.parse(sent.publish_at) > Date.now()
            ? 'scheduled'
            : 'published',
    }),
    { status: 201 },
  );
};

const region = (name: string) => screen.getByRole('region', { name });

async function writePost(
  user: ReturnType<typeof renderConsole>['user'],
  title = 'Spring sale',
  body = 'Book by **31 March**.',
) {
  await user.type(await screen.findByLabelText('Title'), title);
  await user.type(screen.getByLabelText('Text'), body);
}

describe('writing an announcement', { timeout: 30_000 }, () => {
  it('asks for a title and a text before sending anything', async () => {
    const api = fakeApi({ [LIST]: () => ok(postList([])) });
    const { user } = renderConsole(NEW);
    await user.click(await screen.findByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Give it a title')).toBeInTheDocument();
    expect(screen.getByText('Write the text')).toBeInTheDocument();
    expect(api.calls(CREATE)).toHaveLength(0);
  });

  it('previews the Markdown live, as agencies will read it', async () => {
    fakeApi({});
    const { user } = renderConsole(NEW);
    await writePost(user, 'Spring sale', '- **Doha**\n');
    await user.paste('- [Fares](https://skydesk.example) [bad](javascript:alert(1))');
    const preview = region('Preview');
    expect(within(preview).getByText('Spring sale')).toBeInTheDocument();
    expect(within(preview).getByText('Doha').tagName).toBe('STRONG');
    expect(within(preview).getByRole('link', { name: 'Fares' })).toHaveAttribute(
      'href',
      'https://skydesk.example',
    );
    expect(within(preview).queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
  });

  it('publishes now to every agency, then goes back to the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({ [CREATE]: created, [LIST]: () => ok(postList([adminPost()])) });
    const { user, router } = renderConsole(NEW);
    await writePost(user);
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Publish now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(adminPaths.announcements));
    const sent = api.calls(CREATE)[0]?.body as NoticePostBody;
    expect(sent).toMatchObject({
      title: 'Spring sale',
      body: 'Book by **31 March**.',
      expires_at: null,
      countries: [],
    });
    expect(Date.parse(sent.publish_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(success).toHaveBeenCalledWith('Announcement published');
  });

  it('keeps a draft', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({ [CREATE]: created, [LIST]: () => ok(postList([])) });
    const { user } = renderConsole(NEW);
    await writePost(user);
    await user.click(screen.getByRole('radio', { name: /Keep as a draft/ }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Announcement saved as a draft'));
    expect(api.calls(CREATE)[0]?.body).toMatchObject({ publish_at: null });
  });

  it('schedules at a time of the operator’s own day, sent in UTC, and expires only after it', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({ [CREATE]: created, [LIST]: () => ok(postList([])) });
    const { user } = renderConsole(NEW);
    await writePost(user);
    await user.click(screen.getByRole('radio', { name: /At a date and time/ }));
    fireEvent.change(screen.getByLabelText('Publish on'), { target: { value: '2030-05-02T09:30' } });
    await user.click(screen.getByRole('radio', { name: /Expires at a date and time/ }));
    fireEvent.change(screen.getByLabelText('Expires on'), { target: { value: '2030-05-01T18:00' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(POST_FORM_MESSAGES.expiresAfter)).toBeInTheDocument();
    expect(api.calls(CREATE)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Expires on'), { target: { value: '2030-05-31T18:00' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(api.calls(CREATE)).toHaveLength(1));
    expect(api.calls(CREATE)[0]?.body).toMatchObject({
      publish_at: new Date(2030, 4, 2, 9, 30).toISOString(),
      expires_at: new Date(2030, 4, 31, 18, 0).toISOString(),
    });
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(expect.stringMatching(/^Announcement scheduled for /)),
    );
  });

  it('sends it to chosen countries, found by searching', async () => {
    const api = fakeApi({ [CREATE]: created, [LIST]: () => ok(postList([])) });
    const { user } = renderConsole(NEW);
    await writePost(user);
    await user.click(screen.getByRole('radio', { name: /Agencies in chosen countries/ }));
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText(POST_FORM_MESSAGES.noCountry)).toBeInTheDocument();

    const audience = region('Audience');
    await user.type(within(audience).getByRole('searchbox', { name: 'Search countries' }), 'qat');
    await user.click(within(audience).getByRole('checkbox', { name: /Qatar/ }));
    await user.clear(within(audience).getByRole('searchbox', { name: 'Search countries' }));
    await user.type(within(audience).getByRole('searchbox', { name: 'Search countries' }), 'cote');
    await user.click(within(audience).getByRole('checkbox', { name: /Côte/ }));
    await user.clear(within(audience).getByRole('searchbox', { name: 'Search countries' }));
    await user.type(within(audience).getByRole('searchbox', { name: 'Search countries' }), 'ae');
    await user.click(within(audience).getByRole('checkbox', { name: /United Arab Emirates/ }));
    const chosen = within(audience).getByRole('list', { name: 'Chosen countries' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(chosen).getByRole('button', { name: /Remove Côte/ }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(api.calls(CREATE)).toHaveLength(1));
    expect(api.calls(CREATE)[0]?.body).toMatchObject({ countries: ['AE', 'QA'] });
  });

  it('checks a picture when it is chosen, previews it, and uploads it once the post is written', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      [CREATE]: created,
      [`POST ${IMAGE}`]: () => ok(adminPost({ image_url: `${IMAGE}?v=1` })),
      [LIST]: () => ok(postList([])),
    });
    const { user } = renderConsole(NEW);
    await writePost(user);
    const picture = region('Picture');
    const input = within(picture).getByLabelText('Choose a picture');
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })] } });
    expect(await within(picture).findByText('Choose a PNG, JPEG or WebP picture')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [png('big.png', 6 * 1024 * 1024)] } });
    expect(await within(picture).findByText('The picture is larger than 5 MB')).toBeInTheDocument();

    fireEvent.change(input, { target: { files: [png()] } });
    expect(
      await within(picture).findByRole('img', { name: 'The chosen picture, as it will be shown' }),
    ).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(within(picture).queryByText(/larger than/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Announcement published'));
    expect(api.calls(CREATE)).toHaveLength(1);
    const sent = api.calls(`POST ${IMAGE}`)[0]?.formData?.get('image');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('routes.png');
  });

  it('keeps a written post when its picture is refused, and says why beside the picture', async () => {
    const api = fakeApi({
      [CREATE]: created,
      [`POST ${IMAGE}`]: () => invalid({ image: ['This file is not a picture SkyDesk can read'] }),
      [`GET ${ONE}`]: () => ok(adminPost()),
    });
    const { user, router } = renderConsole(NEW);
    await writePost(user);
    fireEvent.change(within(region('Picture')).getByLabelText('Choose a picture'), {
      target: { files: [png()] },
    });
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${adminPaths.announcements}/${POST_ID}`),
    );
    // Now the saved post's editor, which says why its picture is missing.
    await screen.findByRole('button', { name: 'Delete announcement' });
    expect(
      within(region('Picture')).getByText('This file is not a picture SkyDesk can read'),
    ).toBeInTheDocument();
    expect(api.calls(CREATE)).toHaveLength(1);
  });

  it('puts the server’s field errors on their fields', async () => {
    fakeApi({ [CREATE]: () => invalid({ title: ['An announcement with this title is live already'] }) });
    const { user } = renderConsole(NEW);
    await writePost(user);
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription(/An announcement with this title is live already/);
  });
});

describe('changing an announcement', { timeout: 30_000 }, () => {
  const saved = () =>
    adminPost({ image_url: `${IMAGE}?v=4`, countries: ['QA'], expires_at: '2030-06-01T00:00:00.000Z' });
  const webp = () =>
    new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'Content-Type': 'image/webp' } });

  it('shows it as saved, and sends only what changed', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      [`GET ${ONE}`]: () => ok(saved()),
      [`GET ${IMAGE}`]: webp,
      [`PUT ${ONE}`]: ({ body }) => ok({ ...saved(), ...(body as object) }),
      [LIST]: () => ok(postList([saved()])),
    });
    const { user, router } = renderConsole(`${adminPaths.announcements}/${POST_ID}`);
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('New routes to the Gulf');
    expect(screen.getByRole('radio', { name: /At a date and time/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Agencies in chosen countries/ })).toBeChecked();
    expect(within(region('Audience')).getByRole('checkbox', { name: /Qatar/ })).toBeChecked();
    expect(
      await within(region('Picture')).findByRole('img', { name: 'The picture agencies see' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await user.clear(title);
    await user.type(title, 'Gulf routes from April');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(adminPaths.announcements));
    expect(api.calls(`PUT ${ONE}`)[0]?.body).toEqual({ title: 'Gulf routes from April' });
    expect(success).toHaveBeenCalledWith('Announcement published');
  });

  it('removes its picture', async () => {
    const api = fakeApi({
      [`GET ${ONE}`]: () => ok(saved()),
      [`GET ${IMAGE}`]: webp,
      [`DELETE ${IMAGE}`]: () => ok({ ...saved(), image_url: null }),
      [LIST]: () => ok(postList([])),
    });
    const { user, router } = renderConsole(`${adminPaths.announcements}/${POST_ID}`);
    const picture = await screen.findByRole('region', { name: 'Picture' });
    await user.click(await within(picture).findByRole('button', { name: 'Remove picture' }));
    expect(within(picture).getByText('The picture will be removed when you save')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(adminPaths.announcements));
    expect(api.calls(`DELETE ${IMAGE}`)).toHaveLength(1);
    expect(api.calls(`PUT ${ONE}`)).toHaveLength(0);
  });

  it('deletes it after a confirmation', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      [`GET ${ONE}`]: () => ok(saved()),
      [`GET ${IMAGE}`]: webp,
      [`DELETE ${ONE}`]: () => ok({ id: POST_ID }),
      [LIST]: () => ok(postList([])),
    });
    const { user, router } = renderConsole(`${adminPaths.announcements}/${POST_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this announcement?' });
    expect(api.calls(`DELETE ${ONE}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete announcement' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(adminPaths.announcements));
    expect(api.calls(`DELETE ${ONE}`)).toHaveLength(1);
    expect(success).toHaveBeenCalledWith('Announcement deleted');
  });

  it('says when it does not exist', async () => {
    fakeApi({ [`GET ${ONE}`]: () => fail(404, 'Not found') });
    renderConsole(`${adminPaths.announcements}/${POST_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'This announcement does not exist' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All announcements' })).toHaveAttribute(
      'href',
      adminPaths.announcements,
    );
  });
});
