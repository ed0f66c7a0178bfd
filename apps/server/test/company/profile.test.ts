import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { companyBody, get, type TestApp } from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { addRole, colleague } from '../support/colleague.js';
import { storeKinds } from '../support/stores.js';
import { call, fieldErrorsOf } from '../users/account-calls.js';

describe.each(storeKinds())("the agency's profile on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const readProfile = (agent: Pick<Agent, 'token'>) => get(t, '/api/company/profile', { token: agent.token });
  const updateProfile = (agent: Pick<Agent, 'token'>, body: unknown) =>
    call(t, 'PUT', '/api/company/profile', agent.token, body);

  it('shows the agency as registered to any of its users', async () => {
    const owner = await bookingAgent(t);
    const expected = {
      id: owner.companyId,
      name: companyBody().company_name,
      contact_name: companyBody().contact_name,
      email: owner.email,
      phone: companyBody().phone,
      country: 'AE',
      city: 'Dubai',
      address: companyBody().address,
      iata_number: null,
      // Its days are counted in its country's zone (Dubai's) until the owner chooses another.
      time_zone: 'Asia/Dubai',
      time_zone_default: true,
    };
    const res = await readProfile(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(expected);
    // A colleague whose role holds no permission at all reads it too.
    const mate = await colleague(t, owner, await addRole(t, owner.companyId, []));
    expect((await readProfile(mate)).json().data).toEqual(expected);
  });

  it('lets the owner change contact, phone, city, address and IATA number; an empty IATA number clears it', async () => {
    const owner = await bookingAgent(t);
    const changes = {
      contact_name: 'Omar Khalil',
      phone: '+971 4 555 0142',
      city: 'Sharjah',
      address: '7 Al Wahda Street, Sharjah',
      iata_number: '91234567',
    };
    const res = await updateProfile(owner, changes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...changes, name: companyBody().company_name, country: 'AE' });
    expect((await readProfile(owner)).json().data).toMatchObject(changes);

    const onlyAddress = await updateProfile(owner, { address: '9 Corniche Road, Sharjah' });
    expect(onlyAddress.json().data).toMatchObject({ ...changes, address: '9 Corniche Road, Sharjah' });

    const cleared = await updateProfile(owner, { iata_number: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.iata_number).toBeNull();
  });

  it('keeps the name and country fixed, and checks every field (422)', async () => {
    const owner = await bookingAgent(t);
    const renamed = await updateProfile(owner, { name: 'Another Name', country: 'GB', city: 'Abu Dhabi' });
    expect(renamed.statusCode).toBe(422);
    expect(Object.keys(fieldErrorsOf(renamed)).sort()).toEqual(['country', 'name']);
    const invalid = await updateProfile(owner, { iata_number: '12AB', phone: 'call me', address: 'x' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(fieldErrorsOf(invalid)).sort()).toEqual(['address', 'iata_number', 'phone']);
    expect((await updateProfile(owner, {})).statusCode).toBe(422);
    expect((await readProfile(owner)).json().data).toMatchObject({
      name: companyBody().company_name,
      city: 'Dubai',
    });
  });

  it("refuses anyone but the owner (403), whatever the role's permissions", async () => {
    const owner = await bookingAgent(t);
    const manager = await colleague(
      t,
      owner,
      await addRole(t, owner.companyId, ['users.manage', 'roles.manage', 'bookings.view']),
    );
    const res = await updateProfile(manager, { city: 'Abu Dhabi' });
    expect(res.statusCode, res.body).toBe(403);
    expect((await readProfile(owner)).json().data.city).toBe('Dubai');
    expect((await get(t, '/api/company/profile')).statusCode).toBe(401);
  });
});
