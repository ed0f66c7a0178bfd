import { SUCCESS } from '@skydesk/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/routing/paths';
import { fakeApi, invalid, ok } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-with-providers';

const valid = {
  'Company name': 'Horizon Voyages',
  City: 'Dubai',
  Address: '12 Sheikh Zayed Road',
  'Contact name': 'Leila Haddad',
  'E-mail': 'Leila@Horizon.example',
  Phone: '+971 4 555 0199',
};
const PASSWORD = 'Horizon-Voyages-2026!';

async function openForm() {
  const view = renderApp(paths.registration);
  await screen.findByRole('heading', { level: 1, name: 'Register your agency' });
  return view;
}

async function fillValidForm(user: Awaited<ReturnType<typeof openForm>>['user']) {
  for (const [label, value] of Object.entries(valid)) await user.type(screen.getByLabelText(label), value);
  await user.selectOptions(screen.getByLabelText('Country'), 'AE');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), PASSWORD);
  await user.type(screen.getByLabelText('Confirm password'), PASSWORD);
}

const submit = () => screen.getByRole('button', { name: 'Create agency account' });

describe('the registration form', () => {
  it('checks every field with the contract’s rules before sending anything', async () => {
    const api = fakeApi({});
    const { user } = await openForm();
    await user.click(submit());

    expect(await screen.findByText('Company name is too short')).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveAccessibleDescription('Choose a country');
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number with its country code')).toBeInTheDocument();
    expect(screen.getByText('Use at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('Type the password again')).toBeInTheDocument();
    // The error describes its field, and the first wrong field has the focus.
    const companyName = screen.getByLabelText('Company name');
    expect(companyName).toHaveAttribute('aria-invalid', 'true');
    expect(companyName).toHaveAccessibleDescription('Company name is too short');
    expect(companyName).toHaveFocus();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs, and an IATA number that is not 7 or 8 digits', async () => {
    fakeApi({});
    const { user } = await openForm();
    await fillValidForm(user);
    await user.type(screen.getByLabelText('IATA number (optional)'), '12AB');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), `${PASSWORD}?`);
    await user.click(submit());

    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('An IATA number has 7 or 8 digits')).toBeInTheDocument();
  });

  it('rates the password as it is typed, with the contract’s rule', async () => {
    fakeApi({});
    const { user } = await openForm();
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAccessibleDescription(/At least 10 characters/);

    await user.type(password, 'qwertyuiop');
    expect(password).toHaveAccessibleDescription(/Too weak.*This password is too common/);
    await user.clear(password);
    await user.type(password, 'horizonvoyages');
    expect(password).toHaveAccessibleDescription(/Password strength: Weak/);
    await user.clear(password);
    await user.type(password, PASSWORD);
    expect(password).toHaveAccessibleDescription(/Password strength: Strong/);
  });

  it('shows the server’s field errors (422 data.errors) on their fields', async () => {
    const taken = 'This e-mail is already registered. Sign in or reset your password.';
    fakeApi({ 'POST /api/register-company': () => invalid({ email: [taken] }) });
    const { user, router } = await openForm();
    await fillValidForm(user);
    await user.click(submit());

    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAccessibleDescription(new RegExp(taken)));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(router.state.location.pathname).toBe(paths.registration);
  });

  it('registers with the contract’s body, says so, and goes to verification with the e-mail in the URL', async () => {
    const api = fakeApi({
      'POST /api/register-company': () =>
        ok({ email: 'leila@horizon.example' }, { status: 201, message: SUCCESS.registered }),
    });
    const { user, router } = await openForm();
    await fillValidForm(user);
    await user.click(submit());

    expect(await screen.findByText(SUCCESS.registered)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.verification));
    expect(router.state.location.search).toBe('?email=leila%40horizon.example');
    expect(api.calls('POST /api/register-company')[0]?.body).toEqual({
      company_name: 'Horizon Voyages',
      contact_name: 'Leila Haddad',
      email: 'leila@horizon.example',
      phone: '+971 4 555 0199',
      country: 'AE',
      city: 'Dubai',
      address: '12 Sheikh Zayed Road',
      password: PASSWORD,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeInTheDocument();
  });
});
