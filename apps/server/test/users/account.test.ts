import { SUCCESS, USER_RULES } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { expectNoSecrets, login, randomIp, signIn, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent, signInAgain } from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';
import { fieldErrorsOf, me, refresh, updateAccount } from './account-calls.js';

const NEW_PASSWORD = 'Copper-Meadow-Lighthouse-77';

describe.each(storeKinds())('PUT /api/user/update-account on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('changes the name and phone and answers the User of the users list', async () => {
    const owner = await bookingAgent(t);
    const res = await updateAccount(t, owner.token, { name: 'Amira H. Haddad', phone: '+971 50 555 0123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SUCCESS.accountUpdated);
    expect(res.json().data).toMatchObject({
      id: owner.user.id,
      name: 'Amira H. Haddad',
      phone: '+971 50 555 0123',
      email: owner.email,
      is_owner: true,
      is_active: true,
      status: 'active',
      image_url: null,
    });
    expectNoSecrets(res);
    expect((await me(t, owner.token)).json().data.user.name).toBe('Amira H. Haddad');
  });

  it('changes the password with the current one: the other sessions end, this one goes on', async () => {
    const owner = await bookingAgent(t);
    const other = await signInAgain(t, owner);
    const res = await updateAccount(t, owner.token, {
      current_password: owner.password,
      new_password: NEW_PASSWORD,
      new_password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SUCCESS.accountUpdated);
    expectNoSecrets(res);

    expect((await me(t, owner.token)).statusCode).toBe(200);
    expect((await me(t, other.token)).statusCode).toBe(401);
    expect((await refresh(t, other.cookie)).statusCode).toBe(401);
    // This browser's refresh cookie still renews its session.
    expect((await refresh(t, owner.cookie)).statusCode).toBe(200);

    expect((await login(t, owner.email, owner.password)).statusCode).toBe(401);
    const again = await signIn(t, { ...owner, password: NEW_PASSWORD });
    expect((await me(t, again.token)).statusCode).toBe(200);
  });

  it('refuses a wrong current password on its field, and changes nothing', async () => {
    const owner = await bookingAgent(t);
    const other = await signInAgain(t, owner);
    const res = await updateAccount(t, owner.token, {
      name: 'Not Saved',
      current_password: 'not-my-password',
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(fieldErrorsOf(res)).toEqual({ current_password: [USER_RULES.wrongPassword] });
    expect((await me(t, other.token)).statusCode).toBe(200);
    expect((await me(t, owner.token)).json().data.user.name).not.toBe('Not Saved');
    expect((await login(t, owner.email, owner.password)).statusCode).toBe(200);
  });

  it('slows down guesses of the current password like sign-in guesses (429)', async () => {
    const owner: Agent = await bookingAgent(t);
    const ip = randomIp();
    const guess = (password: string) =>
      updateAccount(t, owner.token, { current_password: password, new_password: NEW_PASSWORD }, { ip });
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await guess(`wrong-${attempt}`)).statusCode).toBe(422);
    const throttled = await guess(owner.password);
    expect(throttled.statusCode, throttled.body).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(2_000);
    expect((await guess(owner.password)).statusCode).toBe(200);
  });

  it('asks for the current password and a confirmation that matches', async () => {
    const owner = await bookingAgent(t);
    const withoutCurrent = await updateAccount(t, owner.token, { new_password: NEW_PASSWORD });
    expect(withoutCurrent.statusCode).toBe(422);
    expect(Object.keys(fieldErrorsOf(withoutCurrent))).toEqual(['current_password']);
    const mismatch = await updateAccount(t, owner.token, {
      current_password: owner.password,
      new_password: NEW_PASSWORD,
      new_password_confirmation: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(fieldErrorsOf(mismatch))).toEqual(['new_password_confirmation']);
    expect((await updateAccount(t, owner.token, {})).statusCode).toBe(422);
    expect((await updateAccount(t, owner.token, { email: 'me@else.test' })).statusCode).toBe(422);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/update-account',
      payload: { name: 'Nobody' },
    });
    expect(res.statusCode).toBe(401);
  });
});
