import { type CompanyStatus, SUCCESS, type VendorStatus, type VendorSubmission } from '@skydesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, invalid, ok } from '../../../testing/fake-api';
import { sampleCompany, signedInState } from '../../../testing/fake-session';
import { renderApp } from '../../../testing/render-with-providers';

const submission: VendorSubmission = {
  id: '0f8b2c1d-3e4a-4b5c-9d6e-7f8a9b0c1d2e',
  trade_license_number: 'TL-2026-55120',
  tax_number: '100234567800003',
  iata_number: null,
  submitted_at: '2026-03-02T09:15:00.000Z',
  documents: [
    {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      kind: 'trade_license',
      file_name: 'trade-licence.png',
      content_type: 'image/png',
      size: 48_213,
      url: '/api/vendor-form/documents/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    },
    {
      id: '6f5e4d3c-2b1a-4f0e-9d8c-7b6a5f4e3d2c',
      kind: 'owner_id_document',
      file_name: 'passport.pdf',
      content_type: 'application/pdf',
      size: 1_310_720,
      url: '/api/vendor-form/documents/6f5e4d3c-2b1a-4f0e-9d8c-7b6a5f4e3d2c',
    },
  ],
};

const vendorStatus = (status: CompanyStatus, extra: Partial<VendorStatus> = {}): VendorStatus => ({
  verification_status: status,
  rejection_reason: null,
  submission: status === 'email_verified' ? null : submission,
  ...extra,
});

/** A signed-in owner of an agency at this stage of its verification. */
const agencyAt = (status: CompanyStatus) =>
  signedInState({ company: { ...sampleCompany, verification_status: status } });

const pdf = (name = 'passport.pdf', size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const png = (name = 'trade-licence.png') => new File([new Uint8Array(300)], name, { type: 'image/png' });

const fileInput = (name: string) => screen.getByLabelText(name, { selector: 'input[type=file]' });

describe('an agency that is not approved yet', () => {
  it('sees the verification page on every dashboard route, and is told so', async () => {
    fakeApi({ 'GET /api/vendor-form': () => ok(vendorStatus('email_verified')) });
    renderApp(paths.dashboard.users, { preloadedState: agencyAt('email_verified') });

    expect(await screen.findByRole('heading', { level: 1, name: 'Agency verification' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Send your documents' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    expect(document.title).toBe('Agency verification · SkyDesk');
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByText(/every screen opens the verification page/)).toBeInTheDocument();
  });

  it('opens the dashboard once the review answers "approved"', async () => {
    fakeApi({ 'GET /api/vendor-form': () => ok(vendorStatus('approved')) });
    const { store } = renderApp(paths.dashboard.users, { preloadedState: agencyAt('pending_review') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(store.getState().session.company?.verification_status).toBe('approved');
  });
});

describe('the vendor form', () => {
  async function openForm() {
    const api = fakeApi({ 'GET /api/vendor-form': () => ok(vendorStatus('email_verified')) });
    const view = renderApp(paths.dashboard.home, { preloadedState: agencyAt('email_verified') });
    await screen.findByRole('heading', { name: 'Send your documents' });
    return { ...view, api };
  }

  it('refuses a file of another type, or over 5 MB, on its field as soon as it is chosen', async () => {
    await openForm();
    fireEvent.change(fileInput('Trade licence'), {
      target: { files: [new File(['GIF89a'], 'scan.gif', { type: 'image/gif' })] },
    });
    await waitFor(() =>
      expect(fileInput('Trade licence')).toHaveAccessibleDescription(/Upload a PDF, PNG or JPEG file/),
    );
    expect(fileInput('Trade licence')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(fileInput("Owner's ID document"), {
      target: { files: [pdf('huge.pdf', 5 * 1024 * 1024 + 1)] },
    });
    await waitFor(() =>
      expect(fileInput("Owner's ID document")).toHaveAccessibleDescription(/The file is larger than 5 MB/),
    );
  });

  it('shows an image as a thumbnail and a PDF as a card with its name and size; both can be removed', async () => {
    const { user } = await openForm();
    await user.upload(fileInput('Trade licence'), png());
    expect(await screen.findByRole('img', { name: 'Preview of trade-licence.png' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await user.upload(fileInput("Owner's ID document"), pdf('passport.pdf', 1536));
    expect(await screen.findByText('passport.pdf')).toBeInTheDocument();
    expect(screen.getByText('PDF document · 1.5 KB')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "Remove Owner's ID document" }));
    expect(screen.queryByText('passport.pdf')).not.toBeInTheDocument();
  });

  it('asks for both documents and the numbers before sending', async () => {
    const { user, api } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Enter the trade licence number')).toBeInTheDocument();
    expect(screen.getByText('Enter the tax number')).toBeInTheDocument();
    expect(screen.getAllByText('Attach this document')).toHaveLength(2);
    expect(api.calls('POST /api/vendor-form')).toHaveLength(0);
  });

  it('sends the form as multipart, says so, and shows the review under way', async () => {
    const { user, api, store } = await openForm();
    api.fetch.mockClear();
    let status = vendorStatus('email_verified');
    fakeApi({
      'GET /api/vendor-form': () => ok(status),
      'POST /api/vendor-form': () => {
        status = vendorStatus('pending_review');
        return ok({ verification_status: 'pending_review' }, { message: SUCCESS.verificationSent });
      },
    });
    const sent = vi.mocked(fetch);
    await user.type(screen.getByLabelText('Trade licence number'), 'TL-2026-55120');
    await user.type(screen.getByLabelText(/Tax number/), '100234567800003');
    const licence = png();
    const passport = pdf();
    await user.upload(fileInput('Trade licence'), licence);
    await user.upload(fileInput("Owner's ID document"), passport);
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText(SUCCESS.verificationSent)).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { name: 'Your documents are under review' });
    expect(heading).toHaveFocus();
    const post = sent.mock.calls.find(([, init]) => init?.method === 'POST');
    const form = post?.[1]?.body as FormData;
    expect(form.get('trade_license_number')).toBe('TL-2026-55120');
    expect(form.get('tax_number')).toBe('100234567800003');
    expect(form.has('iata_number')).toBe(false);
    expect((form.get('trade_license') as File).name).toBe('trade-licence.png');
    expect((form.get('owner_id_document') as File).name).toBe('passport.pdf');
    expect(store.getState().session.company?.verification_status).toBe('pending_review');
  });

  it('shows the server’s field errors on their fields', async () => {
    const { user } = await openForm();
    fakeApi({
      'GET /api/vendor-form': () => ok(vendorStatus('email_verified')),
      'POST /api/vendor-form': () => invalid({ trade_license: ['Upload a PDF, PNG or JPEG file'] }),
    });
    await user.type(screen.getByLabelText('Trade licence number'), 'TL-2026-55120');
    await user.type(screen.getByLabelText(/Tax number/), '100234567800003');
    await user.upload(fileInput('Trade licence'), png('fake.png'));
    await user.upload(fileInput("Owner's ID document"), pdf());
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() =>
      expect(fileInput('Trade licence')).toHaveAccessibleDescription(/Upload a PDF, PNG or JPEG file/),
    );
  });
});

describe('the status views', () => {
  it('under review: when, the numbers and the documents, each opened with the session’s token', async () => {
    const api = fakeApi({
      'GET /api/vendor-form': () => ok(vendorStatus('pending_review')),
      [`GET /api/vendor-form/documents/${submission.documents[1]!.id}`]: () =>
        new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user, store } = renderApp(paths.dashboard.home, { preloadedState: agencyAt('pending_review') });

    expect(
      await screen.findByRole('heading', { name: 'Your documents are under review' }),
    ).toBeInTheDocument();
    expect(screen.getByText('TL-2026-55120')).toBeInTheDocument();
    expect(screen.getByText('100234567800003')).toBeInTheDocument();
    expect(screen.getByText('Not given')).toBeInTheDocument();
    expect(screen.getByText(/trade-licence\.png/)).toBeInTheDocument();
    expect(screen.getByText('passport.pdf · 1.3 MB')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "Open Owner's ID document" }));
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:/));
    expect(open).toHaveBeenCalledWith('', '_blank');
    const [download] = api.calls(`GET /api/vendor-form/documents/${submission.documents[1]!.id}`);
    expect(download?.headers.get('Authorization')).toBe(`Bearer ${store.getState().session.token}`);
  });

  it('rejected: the reason first, then the form again with the numbers sent before', async () => {
    const reason = 'The trade licence has expired. Upload the renewed licence.';
    fakeApi({ 'GET /api/vendor-form': () => ok(vendorStatus('rejected', { rejection_reason: reason })) });
    renderApp(paths.dashboard.home, { preloadedState: agencyAt('rejected') });

    expect(await screen.findByText('Your documents were not approved')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Send your documents again' })).toBeInTheDocument();
    expect(screen.getByLabelText('Trade licence number')).toHaveValue('TL-2026-55120');
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeInTheDocument();
  });

  it('offers to try again when the status cannot be read', async () => {
    let answer = () => invalid({});
    fakeApi({ 'GET /api/vendor-form': () => answer() });
    const { user } = renderApp(paths.dashboard.home, { preloadedState: agencyAt('email_verified') });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    answer = () => ok(vendorStatus('email_verified'));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Send your documents' })).toBeInTheDocument();
  });
});
