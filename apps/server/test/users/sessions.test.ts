import { USER_RULES, type UserSession } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { randomIp, settle, signIn, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { addRole, colleague } from '../support/colleague.js';
import { storeKinds } from '../support/stores.js';
import { CHROME_ON_WINDOWS, call, listSessions, me, refresh, SAFARI_ON_IPHONE } from './account-calls.js';

/** The owner signed in twice: on a Windows PC (this browser) and on an iPhone. */
async function ownerOnTwoDevices(t: TestApp) {
  const owner = await bookingAgent(t);
  const pc = {
    ...(await signIn(t, owner, { ip: '10.1.2.3', headers: { 'user-agent': CHROME_ON_WINDOWS } })),
  };
  const phone = await signIn(t, owner, { ip: '10.9.8.7', headers: { 'user-agent': SAFARI_ON_IPHONE } });
  return {
    owner,
    pc: { ...pc, companyId: owner.companyId },
    phone: { ...phone, companyId: owner.companyId },
  };
}

const sessionsOf = async (t: TestApp, agent: Pick<Agent, 'token'>): Promise<UserSession[]> => {
  const res = await listSessions(t, agent.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const currentOf = (sessions: UserSession[]) => sessions.find((session) => session.current)!;

describe.each(storeKinds())('your signed-in devices on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('lists the live sessions with device, IP, times, and marks the current one', async () => {
    const { pc, phone } = await ownerOnTwoDevices(t);
    const sessions = await sessionsOf(t, pc);
    // The first sign-in of bookingAgent, the PC and the phone.
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(currentOf(sessions)).toMatchObject({ device: 'Chrome on Windows', ip: '10.1.2.3' });
    const onPhone = currentOf(await sessionsOf(t, phone));
    expect(onPhone).toMatchObject({ device: 'Safari on iPhone', ip: '10.9.8.7' });
    expect(sessions.find((session) => session.id === onPhone.id)?.current).toBe(false);
    expect(onPhone.created_at).toBe(onPhone.last_seen_at);
  });

  it('notes when a session was last used: on refresh, and on calls at most every 5 minutes', async () => {
    const { pc, phone } = await ownerOnTwoDevices(t);
    const phoneSession = () => sessionsOf(t, phone).then(currentOf);
    const signedInAt = (await phoneSession()).last_seen_at;
    const pcId = currentOf(await sessionsOf(t, pc)).id;

    t.clock.advance(60_000);
    expect((await me(t, phone.token)).statusCode).toBe(200);
    await settle();
    expect((await phoneSession()).last_seen_at).toBe(signedInAt);

    t.clock.advance(5 * 60_000);
    const seenAt = t.clock.now().toISOString();
    expect((await me(t, phone.token)).statusCode).toBe(200);
    await settle();
    expect((await phoneSession()).last_seen_at).toBe(seenAt);
    // The PC's session was not touched by the phone's calls (read from the phone: the PC's own
    // call would touch it).
    const pcSeen = (await sessionsOf(t, phone)).find((session) => session.id === pcId)?.last_seen_at;
    expect(pcSeen).toBeDefined();
    expect(pcSeen).not.toBe(seenAt);

    t.clock.advance(60_000);
    const refreshedAt = t.clock.now().toISOString();
    expect((await refresh(t, phone.cookie)).statusCode).toBe(200);
    expect((await phoneSession()).last_seen_at).toBe(refreshedAt);
  });

  it('signs one device out: its token answers 401 at once and its refresh cookie is dead', async () => {
    const { pc, phone } = await ownerOnTwoDevices(t);
    const phoneId = currentOf(await sessionsOf(t, phone)).id;
    const res = await call(t, 'DELETE', `/api/user/sessions/${phoneId}`, pc.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: USER_RULES.sessionEnded, data: { id: phoneId } });

    expect((await me(t, phone.token)).statusCode).toBe(401);
    expect((await refresh(t, phone.cookie)).statusCode).toBe(401);
    expect((await me(t, pc.token)).statusCode).toBe(200);
    expect((await sessionsOf(t, pc)).map((session) => session.id)).not.toContain(phoneId);
    // Already ended: no such live session any more.
    expect((await call(t, 'DELETE', `/api/user/sessions/${phoneId}`, pc.token)).statusCode).toBe(404);
  });

  it("answers 404 for another user's session, a colleague's or another agency's, and ends neither", async () => {
    const { pc } = await ownerOnTwoDevices(t);
    const mate = await colleague(t, pc, await addRole(t, pc.companyId, []));
    const stranger = await bookingAgent(t);
    for (const other of [mate, stranger]) {
      const otherId = currentOf(await sessionsOf(t, other)).id;
      expect((await call(t, 'DELETE', `/api/user/sessions/${otherId}`, pc.token)).statusCode).toBe(404);
      expect((await me(t, other.token)).statusCode).toBe(200);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(t, 'DELETE', `/api/user/sessions/${unknown}`, pc.token)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', '/api/user/sessions/not-a-uuid', pc.token)).statusCode).toBe(422);
  });

  it('signs out every other device, and only the user’s own', async () => {
    const { owner, pc, phone } = await ownerOnTwoDevices(t);
    const mate = await colleague(t, pc, await addRole(t, pc.companyId, []));
    const res = await call(t, 'DELETE', '/api/user/sessions', pc.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: USER_RULES.othersEnded, data: { ended: 2 } });

    expect((await me(t, phone.token)).statusCode).toBe(401);
    expect((await me(t, owner.token)).statusCode).toBe(401);
    expect((await me(t, pc.token)).statusCode).toBe(200);
    expect((await me(t, mate.token)).statusCode).toBe(200);
    const left = await sessionsOf(t, pc);
    expect(left).toHaveLength(1);
    expect(left[0]?.current).toBe(true);
    expect((await call(t, 'DELETE', '/api/user/sessions', pc.token)).json().data).toEqual({ ended: 0 });
  });

  it('leaves expired sessions out of the list', async () => {
    const { pc, phone } = await ownerOnTwoDevices(t);
    const phoneId = currentOf(await sessionsOf(t, phone)).id;
    await t.store.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(t.clock.now().getTime() - 1000) })
      .where('id', '=', phoneId)
      .execute();
    expect((await sessionsOf(t, pc)).map((session) => session.id)).not.toContain(phoneId);
    expect((await call(t, 'DELETE', `/api/user/sessions/${phoneId}`, pc.token)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/sessions', remoteAddress: randomIp() });
    expect(res.statusCode).toBe(401);
  });
});
