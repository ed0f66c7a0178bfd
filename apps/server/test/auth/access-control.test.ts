import { defineEndpoint, SERVER } from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAccessGuard } from '../../src/modules/auth/guard.js';
import { createEndpointRegistrar } from '../../src/platform/http/endpoint-route.js';
import { createTokenService } from '../../src/platform/security/tokens.js';
import { createTestApp, testSecrets } from '../support/app.js';
import {
  get,
  makeApprovedCompany,
  onboardedOwner,
  post,
  registerCompany,
  setCompanyStatus,
  signIn,
  type TestApp,
  verifyEmailFromOutbox,
} from '../support/auth-flow.js';
import { storeKinds } from '../support/stores.js';

/** A company call that is not part of onboarding: approved companies only. */
const approvedOnly = defineEndpoint({
  method: 'GET',
  path: '/api/test/approved-only',
  summary: 'test only',
  access: 'company',
  permission: 'any',
  response: z.object({ company_id: z.string() }),
});

/** A company call that needs a permission the Accountant starter role lacks. */
const needsFlightSearch = defineEndpoint({
  method: 'GET',
  path: '/api/test/needs-flight-search',
  summary: 'test only',
  access: 'company',
  permission: 'flights.search',
  response: z.object({}),
});

const NOT_APPROVED = 'Your agency is not approved yet. Complete the verification to continue.';

describe.each(storeKinds())('access control on %s', (kind) => {
  const secrets = testSecrets();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { secrets });
    // The app's real guard over the app's own key, for endpoints only this test declares.
    const tokens = createTokenService({ secret: secrets.jwtSecret, now: () => t.clock.now() });
    const guard = createAccessGuard({ store: t.store, tokens, clock: t.clock });
    const route = createEndpointRegistrar(t.app, { guard, validateResponses: true });
    route(approvedOnly, async ({ principal }) => ({
      message: 'ok',
      data: { company_id: principal.companyId },
    }));
    route(needsFlightSearch, async () => ({ message: 'ok', data: {} }));
  });
  afterAll(async () => t?.close());

  it('answers 401 on company endpoints without a token', async () => {
    const calls = [
      get(t, '/api/me'),
      post(t, '/api/logout'),
      get(t, '/api/vendor-form'),
      post(t, '/api/vendor-form'),
      get(t, '/api/vendor-form/documents/0b9f3c9e-6f43-4a5e-9a77-3c1c1d1f5e01'),
      get(t, '/api/test/approved-only'),
      get(t, '/api/test/needs-flight-search'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: false, message: SERVER.unauthorized });
    }
  });

  it('lets a company that is not approved use onboarding calls only (403 elsewhere)', async () => {
    const owner = await onboardedOwner(t);
    for (const status of ['email_verified', 'pending_review', 'rejected'] as const) {
      await setCompanyStatus(
        t.store.db,
        owner.user.company_id,
        status,
        status === 'rejected' ? 'Blurry' : undefined,
      );
      expect((await get(t, '/api/me', { token: owner.token })).statusCode).toBe(200);
      expect((await get(t, '/api/vendor-form', { token: owner.token })).statusCode).toBe(200);
      const refused = await get(t, '/api/test/approved-only', { token: owner.token });
      expect(refused.statusCode, status).toBe(403);
      expect(refused.json()).toEqual({ status: false, message: NOT_APPROVED });
    }
    // Approval takes effect at once, with the same token.
    await makeApprovedCompany(t.store.db, owner.user.company_id);
    const allowed = await get(t, '/api/test/approved-only', { token: owner.token });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data).toEqual({ company_id: owner.user.company_id });
    expect((await get(t, '/api/test/needs-flight-search', { token: owner.token })).statusCode).toBe(200);
  });

  it('answers 403 naming the permission when the role lacks it', async () => {
    const { email, password } = await registerCompany(t);
    await verifyEmailFromOutbox(t, email);
    const user = await t.store.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const accountant = await t.store.db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', user.company_id)
      .where('name', '=', 'Accountant')
      .executeTakeFirstOrThrow();
    await t.store.db.updateTable('users').set({ role_id: accountant.id }).where('id', '=', user.id).execute();
    await makeApprovedCompany(t.store.db, user.company_id);

    const session = await signIn(t, { email, password });
    const me = await get(t, '/api/me', { token: session.token });
    expect(me.json().data.permissions).not.toContain('flights.search');
    expect((await get(t, '/api/test/approved-only', { token: session.token })).statusCode).toBe(200);
    const refused = await get(t, '/api/test/needs-flight-search', { token: session.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: false,
      message: `${SERVER.forbidden}: your role lacks the flights.search permission`,
    });
  });

  it('ends the sessions of a deactivated user at once', async () => {
    const owner = await onboardedOwner(t);
    await t.store.db.updateTable('users').set({ is_active: false }).where('id', '=', owner.user.id).execute();
    expect((await get(t, '/api/me', { token: owner.token })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/refresh', undefined, { cookie: owner.cookie })).statusCode).toBe(401);
    const login = await post(t, '/api/login', { email: owner.email, password: owner.password });
    expect(login.statusCode).toBe(403);
  });
});
