import { INVITATION, INVITATION_TTL_HOURS, USER_RULES, type User } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import {
  expectNoSecrets,
  get,
  login,
  outbox,
  post,
  randomIp,
  signIn,
  type TestApp,
  userRow,
  waitForMail,
} from '../support/auth-flow.js';
import { bookingAgent, signInAgain } from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';
import {
  acceptInvitation,
  INVITEE_PASSWORD,
  invitationToken,
  invited,
  put,
  showInvitation,
  unknownToken,
  usersOf,
} from './staff-helpers.js';

const resend = (t: TestApp, token: string, id: string) =>
  post(t, `/api/user/${id}/invitation`, undefined, { token });

describe.each(storeKinds())('invitations on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('invite → accept → sign in with the e-mailed code and the authenticator enrolment', async () => {
    const owner = await bookingAgent(t);
    const user = await invited(t, owner, { name: 'Omar Khalil' });
    expect(user).toMatchObject({ status: 'invited', is_active: true, last_sign_in_at: null });
    const expiresAt = new Date(t.clock.now().getTime() + INVITATION_TTL_HOURS * 3_600_000).toISOString();
    expect(user.invitation_expires_at).toBe(expiresAt);
    const stored = await userRow(t.store.db, user.email);
    expect(stored.password_hash).toBeNull();
    expect(stored.email_verified_at).toBeNull();

    const [mail] = await outbox(t, user.email);
    expect(mail!.subject).toBe('You are invited to Blue Sky Travels on SkyDesk');
    expect(mail!.text).toContain(`http://localhost:3000/accept-invitation?token=`);
    expect(mail!.text).toContain('Amira Haddad invited you');
    expect(mail!.text).toContain(`${INVITATION_TTL_HOURS} hours`);
    const token = await invitationToken(t, user.email);

    // Until accepted, no password signs in: the same answer as a wrong password.
    const early = await login(t, user.email, INVITEE_PASSWORD);
    const wrong = await login(t, owner.email, 'Not-The-Password-123');
    expect(early.statusCode).toBe(401);
    expect(early.json().message).toBe(wrong.json().message);

    const shown = await showInvitation(t, token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toEqual({
      email: user.email,
      name: 'Omar Khalil',
      company_name: 'Blue Sky Travels',
      expires_at: expiresAt,
    });
    expectNoSecrets(shown);

    const accepted = await acceptInvitation(t, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ status: true, message: INVITATION.accepted, data: {} });
    expect((await usersOf(t, owner)).find((u) => u.id === user.id)).toMatchObject({
      status: 'active',
      invitation_expires_at: null,
      last_sign_in_at: null,
    });

    // The first sign-in asks for the e-mailed code (the address is unproved), then enrols TOTP.
    const first = await login(t, user.email, INVITEE_PASSWORD);
    expect(first.json().data.next).toBe('verify_email');
    const session = await signIn(t, { email: user.email, password: INVITEE_PASSWORD });
    expect(session.user).toMatchObject({ id: user.id, is_owner: false, role: user.role });
    const me = await get(t, '/api/me', { token: session.token });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.permissions).toContain('bookings.create');
    expect(me.json().data.permissions).not.toContain('users.manage');
    expect((await userRow(t.store.db, user.email)).email_verified_at).not.toBeNull();

    const listed = (await usersOf(t, owner)).find((u) => u.id === user.id)!;
    expect(listed.last_sign_in_at).toBe(t.clock.now().toISOString());
    // A later sign-in skips the code: the address is proved.
    expect((await login(t, user.email, INVITEE_PASSWORD)).json().data.next).toBe('verify_2fa');
  });

  it('a used link answers 410 "used" to both calls, and sets no second password', async () => {
    const owner = await bookingAgent(t);
    const user = await invited(t, owner);
    const token = await invitationToken(t, user.email);
    expect((await acceptInvitation(t, token)).statusCode).toBe(200);
    const hash = (await userRow(t.store.db, user.email)).password_hash;

    const shown = await showInvitation(t, token);
    expect(shown.statusCode).toBe(410);
    expect(shown.json()).toMatchObject({ status: false, message: INVITATION.used });
    const again = await acceptInvitation(t, token, 'Other-Password-Choice-91');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(INVITATION.used);
    expect((await userRow(t.store.db, user.email)).password_hash).toBe(hash);
  });

  it('two acceptances of one link at once set one password', async () => {
    const owner = await bookingAgent(t);
    const user = await invited(t, owner);
    const token = await invitationToken(t, user.email);
    const answers = await Promise.all([
      acceptInvitation(t, token, 'First-Racer-Password-11'),
      acceptInvitation(t, token, 'Second-Racer-Password-22'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
  });

  it('an expired link answers 410 "expired"; a re-sent one works and ends the old one', async () => {
    const owner = await bookingAgent(t);
    const user = await invited(t, owner);
    const oldToken = await invitationToken(t, user.email);
    t.clock.advance(INVITATION_TTL_HOURS * 3_600_000 + 1000);

    const shown = await showInvitation(t, oldToken);
    expect(shown.statusCode).toBe(410);
    expect(shown.json().message).toBe(INVITATION.expired);
    const accepted = await acceptInvitation(t, oldToken);
    expect(accepted.statusCode).toBe(410);
    expect(accepted.json().message).toBe(INVITATION.expired);
    expect((await userRow(t.store.db, user.email)).password_hash).toBeNull();

    const manager = await signInAgain(t, owner);
    const listed = (await usersOf(t, manager)).find((u) => u.id === user.id)!;
    expect(listed.status).toBe('invited');
    expect(new Date(listed.invitation_expires_at!).getTime()).toBeLessThan(t.clock.now().getTime());

    const resent = await resend(t, manager.token, user.id);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toBe(INVITATION.resent);
    expect((resent.json().data as User).invitation_expires_at).toBe(
      new Date(t.clock.now().getTime() + INVITATION_TTL_HOURS * 3_600_000).toISOString(),
    );
    const newToken = await invitationToken(t, user.email);
    expect(newToken).not.toBe(oldToken);
    expect((await showInvitation(t, newToken)).statusCode).toBe(200);
    expect((await acceptInvitation(t, newToken)).statusCode).toBe(200);
  });

  it('a re-send ends the earlier link at once', async () => {
    const owner = await bookingAgent(t);
    const user = await invited(t, owner);
    const first = await invitationToken(t, user.email);
    expect((await resend(t, owner.token, user.id)).statusCode).toBe(200);
    const second = await invitationToken(t, user.email);

    const old = await acceptInvitation(t, first);
    expect(old.statusCode).toBe(410);
    expect(old.json().message).toBe(INVITATION.expired);
    expect((await acceptInvitation(t, second)).statusCode).toBe(200);
  });

  it('refuses a re-send once accepted (409), to a deactivated user (409), and past 5 an hour (429)', async () => {
    const owner = await bookingAgent(t);
    const accepted = await invited(t, owner);
    expect((await acceptInvitation(t, await invitationToken(t, accepted.email))).statusCode).toBe(200);
    const late = await resend(t, owner.token, accepted.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(USER_RULES.notInvited);

    const paused = await invited(t, owner);
    const off = await put(t, `/api/user/${paused.id}`, { is_active: false }, owner.token);
    expect(off.json().data.status).toBe('deactivated');
    const refused = await resend(t, owner.token, paused.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(USER_RULES.inactive);
    // A deactivated user's link shows as unknown; reactivated, it works again.
    const token = await invitationToken(t, paused.email);
    expect((await showInvitation(t, token)).statusCode).toBe(404);
    expect((await acceptInvitation(t, token)).statusCode).toBe(404);
    await put(t, `/api/user/${paused.id}`, { is_active: true }, owner.token);
    expect((await showInvitation(t, token)).statusCode).toBe(200);

    const flooded = await invited(t, owner);
    for (let i = 0; i < 5; i++) expect((await resend(t, owner.token, flooded.id)).statusCode).toBe(200);
    expect((await resend(t, owner.token, flooded.id)).statusCode).toBe(429);
  });

  it('an unknown or deleted user’s link answers 404 "invalid"', async () => {
    const shown = await showInvitation(t, unknownToken());
    expect(shown.statusCode).toBe(404);
    expect(shown.json().message).toBe(INVITATION.invalid);
    const accepted = await acceptInvitation(t, unknownToken());
    expect(accepted.statusCode).toBe(404);
    expect(accepted.json().message).toBe(INVITATION.invalid);

    const owner = await bookingAgent(t);
    const user = await invited(t, owner);
    const token = await invitationToken(t, user.email);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${user.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await showInvitation(t, token)).statusCode).toBe(404);
    expect((await acceptInvitation(t, token)).statusCode).toBe(404);
  });

  it('checks the password and the token shape before anything (422)', async () => {
    const owner = await bookingAgent(t);
    const user = await invited(t, owner);
    const token = await invitationToken(t, user.email);
    const weak = await acceptInvitation(t, token, 'short');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().data.errors.password).toBeDefined();
    const mismatch = await post(t, '/api/accept-invitation', {
      token,
      password: INVITEE_PASSWORD,
      password_confirmation: `${INVITEE_PASSWORD}x`,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().data.errors.password_confirmation).toBeDefined();
    expect((await showInvitation(t, 'short')).statusCode).toBe(422);
    // Nothing was spent: the link still works.
    expect((await acceptInvitation(t, token)).statusCode).toBe(200);
  });

  it('limits the public calls per source address (429)', async () => {
    const ip = randomIp();
    const tries = (n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          post(
            t,
            '/api/accept-invitation',
            { token: unknownToken(), password: INVITEE_PASSWORD, password_confirmation: INVITEE_PASSWORD },
            { ip },
          ),
        ),
      );
    expect((await tries(10)).map((r) => r.statusCode)).toEqual(Array(10).fill(404));
    const limited = (await tries(1))[0]!;
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();

    const showIp = randomIp();
    for (let i = 0; i < 30; i++) {
      expect((await get(t, `/api/invitation?token=${unknownToken()}`, { ip: showIp })).statusCode).toBe(404);
    }
    expect((await get(t, `/api/invitation?token=${unknownToken()}`, { ip: showIp })).statusCode).toBe(429);
  });

  it('a password reset of an invited user sets the password: the link then says "used"', async () => {
    const owner = await bookingAgent(t);
    const user = await invited(t, owner);
    const token = await invitationToken(t, user.email);
    expect((await post(t, '/api/forgot-password', { email: user.email })).statusCode).toBe(200);
    const mail = await waitForMail(t, user.email, (m) => m.subject === 'Reset your SkyDesk password');
    const resetToken = new URL(/(http\S+\/reset-password\?token=\S+)/.exec(mail.text)![1]!).searchParams.get(
      'token',
    )!;
    const reset = await post(t, '/api/reset-password', {
      token: resetToken,
      password: INVITEE_PASSWORD,
      password_confirmation: INVITEE_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expect((await showInvitation(t, token)).json().message).toBe(INVITATION.used);
    expect((await acceptInvitation(t, token, 'Another-Choice-Password-3')).statusCode).toBe(410);
    expect((await usersOf(t, owner)).find((u) => u.id === user.id)!.status).toBe('active');
    const session = await signIn(t, { email: user.email, password: INVITEE_PASSWORD });
    expect(session.user.id).toBe(user.id);
  });
});
