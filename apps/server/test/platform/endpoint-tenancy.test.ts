import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Endpoint,
  type PricedItinerary,
  SUPPORT_ATTACHMENT_FIELD,
  SupportAttachmentFields,
  TransactionFormFields,
  toRoutePattern,
  VendorFormFields,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { insertNotification } from '../../src/modules/notices/repo.js';
import { createTestApp } from '../support/app.js';
import {
  type FilePart,
  formData,
  get,
  makeApprovedCompany,
  post,
  postForm,
  randomIp,
  sampleFiles,
  setCompanyStatus,
  type TestApp,
} from '../support/auth-flow.js';
import { type Agent, bookingAgent, bookingBody, bookOk, issueOk, searchOffer } from '../support/bookings.js';
import { addRole } from '../support/colleague.js';
import {
  contractEndpoints,
  endpointLabel,
  type FieldPath,
  idFieldsOf,
  minimalValid,
  pathParamsOf,
  setField,
  urlOf,
} from '../support/contract-endpoints.js';
import { pendingDeposit, testBank } from '../support/deposit-desk.js';
import { publishedPost } from '../support/notice-posts.js';
import { staffMember, staffSession } from '../support/staff.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 13 and docs/architecture.md §6: another agency's ids answer 404, exactly like missing ones. Generated
 * from the contract: every company endpoint taking an id — in its path, or in a body or query field
 * naming an object (`id`, `pnr`, `…_id`, `…_ids`) — is called by agency A with the id of a real
 * object of agency B, everything else in the request valid (A's own objects in the other id
 * fields), and must answer 404: not 403, not 422, and certainly not 2xx.
 *
 * What an id names is read from its name by one rule (`resourceKind`): a path's `{id}` is the kind
 * the segment before it names (`/api/role/{id}` a role), a field `role_id` a role, `pnr` a PNR. The
 * KINDS table makes a real object of each kind for an agency. An id whose kind the table doesn't
 * know fails the test naming the endpoint and the field, so a new endpoint can't slip through.
 */

// ── what an id names ────────────────────────────────────────────────────────────────────────────

const singular = (word: string) => (word.endsWith('s') ? word.slice(0, -1) : word);

/** The kind of object an id names, from its name (and, for a bare `id`, the path around it). */
export function resourceKind(endpoint: Endpoint, name: string): string {
  if (name === 'pnr') return 'pnr';
  // Issue 33: a quote's option (beside its quote, or `quote_option_id` on a booking).
  if (name === 'option_id' && endpoint.path.startsWith('/api/quotes/')) return 'quote_option';
  const named = /^(\w+)_ids?$/.exec(name);
  if (named) return named[1]!;
  // `{id}`, or a body's `id`: the collection the path names just before it (or last).
  const segments = endpoint.path.split('/').filter((segment) => segment !== '' && segment !== 'api');
  const at = segments.indexOf(`{${name}}`);
  const before = (at === -1 ? segments : segments.slice(0, at)).filter((segment) => !segment.startsWith('{'));
  return singular(before[before.length - 1] ?? '');
}

/** Multipart endpoints read a form the endpoint doesn't declare: its fields, by endpoint. */
const MULTIPART_FORMS: Record<string, z.ZodType | null> = {
  'POST /api/vendor-form': VendorFormFields,
  'POST /api/company/create-transaction': TransactionFormFields,
  'POST /api/user/image': null,
  'POST /api/ticket/{id}/attachments': SupportAttachmentFields,
};

/**
 * The files of the multipart forms whose requests this test sends whole (those naming an agency's
 * object in their path), by endpoint: the rest of the form is drawn from its fields' schema.
 */
const MULTIPART_FILES: Record<string, () => FilePart[]> = {
  'POST /api/ticket/{id}/attachments': () => [
    {
      name: SUPPORT_ATTACHMENT_FIELD,
      content: sampleFiles.pdf(),
      filename: 'note.pdf',
      type: 'application/pdf',
    },
  ],
};

/** One id of a request: in the path, or a field of the body or query. */
type IdLocation = { part: 'params' | 'body' | 'query' | 'form'; path: FieldPath; required: boolean };

const locationLabel = (location: IdLocation) =>
  location.part === 'params' ? `{${location.path[0]}}` : `${location.part} ${location.path.join('.')}`;

function idLocationsOf(endpoint: Endpoint): IdLocation[] | string {
  const label = endpointLabel(endpoint);
  const form = endpoint.multipart ? MULTIPART_FORMS[label] : null;
  if (form === undefined) return `${label} is multipart: name its form's fields in MULTIPART_FORMS`;
  return [
    ...pathParamsOf(endpoint).map((name) => ({ part: 'params' as const, path: [name], required: true })),
    ...idFieldsOf(endpoint.query).map((field) => ({ part: 'query' as const, ...field })),
    ...idFieldsOf(endpoint.body).map((field) => ({ part: 'body' as const, ...field })),
    ...idFieldsOf(form ?? undefined).map((field) => ({ part: 'form' as const, ...field })),
  ];
}

const lastName = (path: FieldPath) => String(path.filter((step) => step !== '*').at(-1));

// ── real objects of each kind ───────────────────────────────────────────────────────────────────

type World = {
  t: TestApp;
  /** An offer quoted by the supplier: not an agency's (any agency may book it). */
  offer: PricedItinerary;
  /** The shared objects, made once. */
  shared: Made;
};

/** Objects made on demand, each once, by key. */
type Made = { made: Map<string, Promise<unknown>> };

/** An agency and what it owns. */
type Agency = Made & { owner: Agent };

type Kind =
  | { owned: true; make: (world: World, agency: Agency) => Promise<string> }
  | { owned: false; why: string; make: (world: World) => Promise<string> };

/** An issued booking of the agency, from a saved traveller (one per agency). */
const issuedBooking = (world: World, agency: Agency) =>
  once(agency, 'issued booking', async () => {
    const { t } = world;
    const offer = await searchOffer(t, agency.owner);
    const held = await bookOk(t, agency.owner, bookingBody(offer, undefined, { save_travellers: true }));
    return issueOk(t, agency.owner, held.pnr);
  });

/** A quote of the agency (one per agency). */
const agencyQuote = (world: World, agency: Agency) =>
  once(agency, 'quote', async () => {
    const offer = await searchOffer(world.t, agency.owner);
    const res = await post(
      world.t,
      '/api/quotes',
      { client: { name: 'Tenancy check' }, offer_ids: [offer.offer_id] },
      { token: agency.owner.token },
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; options: { id: string }[] };
  });

/** A staff member of the agency (not its owner), signed in once. */
const staff = (world: World, agency: Agency) =>
  once(agency, 'staff', async () => {
    const member = await staffMember(world.t, agency.owner.companyId, ['bookings.view']);
    const session = await staffSession(world.t, member);
    return { id: member.id, sessionId: session.sessionId };
  });

/**
 * Every kind of object an id may name. Owned kinds belong to one agency and must answer 404 to
 * any other; shared ones (the supplier's offers, SkyDesk's bank accounts, announcements) every
 * agency may name.
 */
const KINDS: Record<string, Kind> = {
  company: { owned: true, make: async (_, agency) => agency.owner.companyId },
  booking: { owned: true, make: async (world, agency) => (await issuedBooking(world, agency)).id },
  pnr: { owned: true, make: async (world, agency) => (await issuedBooking(world, agency)).pnr },
  traveller: {
    owned: true,
    make: async (world, agency) => {
      await issuedBooking(world, agency);
      const row = await world.t.store.db
        .selectFrom('travellers')
        .select('id')
        .where('company_id', '=', agency.owner.companyId)
        .executeTakeFirstOrThrow();
      return row.id;
    },
  },
  transaction: {
    owned: true,
    make: async (world, agency) =>
      (await pendingDeposit(world.t, agency.owner.companyId, { amountMinor: 10_000 })).id,
  },
  notification: {
    owned: true,
    make: (world, agency) =>
      insertNotification(world.t.store.db, {
        companyId: agency.owner.companyId,
        userId: null,
        kind: 'company_approved',
        title: 'Approved',
        body: 'Your agency is approved.',
        link: null,
        at: world.t.clock.now(),
      }),
  },
  role: { owned: true, make: (world, agency) => addRole(world.t, agency.owner.companyId, ['bookings.view']) },
  user: { owned: true, make: async (world, agency) => (await staff(world, agency)).id },
  session: { owned: true, make: async (world, agency) => (await staff(world, agency)).sessionId },
  document: {
    owned: true,
    make: async (world, agency) => {
      const { t } = world;
      const { companyId } = agency.owner;
      // The vendor form is taken before approval only: the agency goes back a step for it.
      await setCompanyStatus(t.store.db, companyId, 'email_verified');
      const form = formData({ trade_license_number: 'TL-2026-00931', tax_number: '100234567800003' }, [
        {
          name: 'trade_license',
          content: sampleFiles.pdf(),
          filename: 'licence.pdf',
          type: 'application/pdf',
        },
        { name: 'owner_id_document', content: sampleFiles.jpeg(), filename: 'id.jpg', type: 'image/jpeg' },
      ]);
      const res = await postForm(t, '/api/vendor-form', form, { token: agency.owner.token });
      expect(res.statusCode, res.body).toBe(200);
      await makeApprovedCompany(t.store.db, companyId);
      const row = await t.store.db
        .selectFrom('company_documents')
        .select('id')
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      return row.id;
    },
  },
  ticket: {
    owned: true,
    make: async (world, agency) => {
      const res = await world.t.app.inject({
        method: 'POST',
        url: '/api/ticket',
        headers: { authorization: `Bearer ${agency.owner.token}` },
        payload: { subject: 'Tenancy check', category: 'other', message: 'Whose ticket is this?' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id;
    },
  },
  /** A file sent on one of the agency's tickets: its id is its message's. */
  attachment: {
    owned: true,
    make: async (world, agency) => {
      const ticketId = await objectOf(world, 'ticket', agency);
      const form = formData({}, MULTIPART_FILES['POST /api/ticket/{id}/attachments']!());
      const res = await postForm(world.t, `/api/ticket/${ticketId}/attachments`, form, {
        token: agency.owner.token,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.attachment.id;
    },
  },
  /** Issue 32: a change offer of one of the agency's bookings (a Standard fare's outbound, three days later). */
  change_offer: {
    owned: true,
    make: async (world, agency) => {
      const { t } = world;
      const itinerary = await searchOffer(t, agency.owner);
      const standard =
        itinerary.AirItineraryPricingInfo.FareInfos[0]?.BrandName === 'Standard'
          ? itinerary.offer_id
          : itinerary.FareFamilies.find((family) => family.BrandName === 'Standard' && !family.SoldOut)
              ?.offer_id;
      if (!standard) throw new Error('no Standard fare to change');
      const held = await bookOk(t, agency.owner, bookingBody(itinerary, undefined, { offer_id: standard }));
      const booking = await issueOk(t, agency.owner, held.pnr);
      const departure = Date.parse(`${booking.segments[0]!.DepartureDateTime.slice(0, 10)}T00:00:00Z`);
      const later = new Date(departure + 3 * 86_400_000).toISOString().slice(0, 10);
      const res = await post(
        t,
        `/api/booking/${booking.id}/change-offers`,
        { legs: [{ leg_index: 0, departure_date: later }] },
        { token: agency.owner.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data[0].id;
    },
  },
  /** Issue 33: a client quote of the agency, from one offer, and its option. */
  quote: { owned: true, make: async (world, agency) => (await agencyQuote(world, agency)).id },
  quote_option: {
    owned: true,
    make: async (world, agency) => (await agencyQuote(world, agency)).options[0]!.id,
  },
  /** Issue 33: the client invoice of one of the agency's bookings, issued with its tickets. */
  invoice: {
    owned: true,
    make: async (world, agency) => {
      const { t } = world;
      const held = await bookOk(t, agency.owner, bookingBody(await searchOffer(t, agency.owner)));
      await issueOk(t, agency.owner, held.pnr);
      const res = await get(t, `/api/invoices?q=${held.pnr}`, { token: agency.owner.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items[0].id;
    },
  },
  /** Issue 33: one of the agency's pricing rules. */
  rule: {
    owned: true,
    make: async (world, agency) => {
      const res = await post(
        world.t,
        '/api/pricing/rules',
        { name: 'Tenancy check', value: { percent: 1 } },
        { token: agency.owner.token },
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id;
    },
  },
  tax: {
    owned: false,
    why: "the client's tax registration number printed on its invoice (the issue's client.tax_id): it names nothing of an agency",
    make: async () => 'GB123456789',
  },
  client: {
    owned: false,
    why: "the sender's own id of its message (a retry's key), made up by the client: it names nothing",
    make: async () => randomUUID(),
  },
  offer: {
    owned: false,
    why: "a supplier's signed quote, bookable by any agency",
    make: async (world) => world.offer.offer_id,
  },
  option: {
    owned: false,
    why: "a flight option of a grouped answer, signed for the search it came from: the supplier's, any agency may price it",
    make: async () => {
      throw new Error('no owned id sits beside an option id: a case never asks for one');
    },
  },
  bank: {
    owned: false,
    why: "SkyDesk's bank accounts, listed to every agency",
    make: (world) => testBank(world.t.store.db),
  },
  announcement: {
    owned: false,
    why: "SkyDesk's announcements and offers, shown to every agency of their audience",
    make: async (world) => (await publishedPost(world.t)).id,
  },
};

/** An id of the same shape as `id` that names nothing. */
const unknownLike = (id: string) =>
  UUID.test(id) ? randomUUID() : randomBytes(id.length).toString('hex').slice(0, id.length).toUpperCase();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function once<T>(holder: Made, key: string, make: () => Promise<T>): Promise<T> {
  if (!holder.made.has(key)) holder.made.set(key, make());
  return holder.made.get(key) as Promise<T>;
}

function objectOf(world: World, kind: string, agency: Agency): Promise<string> {
  const entry = KINDS[kind];
  if (!entry) throw new Error(`no kind ${kind}`);
  if (!entry.owned) return once(world.shared, `kind ${kind}`, () => entry.make(world));
  return once(agency, `kind ${kind}`, () => entry.make(world, agency));
}

// ── the cases, from the contract ────────────────────────────────────────────────────────────────

type Case = { endpoint: Endpoint; tested: IdLocation; kind: string; locations: IdLocation[] };

const companyEndpoints = contractEndpoints.filter((endpoint) => endpoint.access === 'company');
/** Ids the rule can't resolve (or forms it can't read): each fails, named. */
const unresolved: string[] = [];
const cases: Case[] = [];
for (const endpoint of companyEndpoints) {
  const locations = idLocationsOf(endpoint);
  if (typeof locations === 'string') {
    unresolved.push(locations);
    continue;
  }
  for (const location of locations) {
    const kind = resourceKind(endpoint, lastName(location.path));
    const entry = KINDS[kind];
    const where = `${endpointLabel(endpoint)} ${locationLabel(location)}`;
    if (!entry) unresolved.push(`${where}: no kind "${kind}" in KINDS`);
    else if (entry.owned && location.part === 'form') {
      unresolved.push(`${where}: names an agency's ${kind} in a multipart form; build that request here`);
    } else if (entry.owned) cases.push({ endpoint, tested: location, kind, locations });
  }
}

/** Bodies the schemas can't describe whole (a booking's passengers must fit the offer). */
const examples = (world: World): Record<string, () => unknown> => ({
  'POST /api/booking': () => bookingBody(world.offer),
  'POST /api/booking/{id}/ticket-email': () => ({ recipients: ['traveller@example.com'] }),
});

describe.each(storeKinds())("another agency's ids on %s", (storeKind) => {
  let world: World;
  /** A calls with B's ids. */
  let a: Agency;
  let b: Agency;

  beforeAll(async () => {
    const t = await createTestApp(storeKind);
    const ownerA = await bookingAgent(t, { creditsMinor: 50_000_000 });
    const ownerB = await bookingAgent(t, { creditsMinor: 50_000_000 });
    world = { t, offer: await searchOffer(t, ownerA), shared: { made: new Map() } };
    a = { owner: ownerA, made: new Map() };
    b = { owner: ownerB, made: new Map() };
    // B's objects, made once before the calls (A's own are made as the requests need them).
    for (const { kind } of cases) await objectOf(world, kind, b);
  }, 120_000);
  afterAll(async () => world?.t.close());

  it('finds every id the company endpoints take, and knows what each names', () => {
    expect(cases.length).toBeGreaterThan(10);
    expect(unresolved, 'ids whose kind the rule or KINDS does not know').toEqual([]);
  });

  /** The request: `testedId` where tested; A's own (or a shared) objects in the other required ids. */
  async function requestOf({ endpoint, tested, locations }: Case, testedId: Promise<string>) {
    const { t } = world;
    const value = async (location: IdLocation) => {
      if (location === tested) return testedId;
      return objectOf(world, resourceKind(endpoint, lastName(location.path)), a);
    };
    const wrap = (location: IdLocation, id: string) => (/_ids$/.test(lastName(location.path)) ? [id] : id);
    const example = examples(world)[endpointLabel(endpoint)];
    let query = endpoint.query ? minimalValid(endpoint.query, t.clock.now()) : undefined;
    let body = example ? example() : endpoint.body ? minimalValid(endpoint.body, t.clock.now()) : undefined;
    const formFields = endpoint.multipart ? MULTIPART_FORMS[endpointLabel(endpoint)] : undefined;
    let form = formFields ? minimalValid(formFields, t.clock.now()) : undefined;
    const params: Record<string, string> = {};
    for (const location of locations) {
      const needed = location === tested || location.required;
      const id = needed ? wrap(location, await value(location)) : undefined;
      if (location.part === 'params') params[location.path[0]!] = id as string;
      if (location.part === 'query') query = setField(query, location.path, id);
      if (location.part === 'body') body = setField(body, location.path, id);
      if (location.part === 'form') form = setField(form, location.path, id);
    }
    for (const [part, schema, input] of [
      ['query', endpoint.query, query],
      ['body', endpoint.body, body],
    ] as const) {
      const parsed = schema?.safeParse(input);
      expect(
        parsed === undefined || parsed.success,
        `${endpointLabel(endpoint)}: no valid ${part} (${JSON.stringify(input)}): give an example: ${parsed?.error?.message}`,
      ).toBe(true);
    }
    const files = MULTIPART_FILES[endpointLabel(endpoint)];
    const multipart = files
      ? formData(
          Object.fromEntries(
            Object.entries((form ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          ),
          files(),
        )
      : undefined;
    return {
      url: urlOf(endpoint, { params, query: query as Record<string, unknown> | undefined }),
      body: multipart ?? body,
    };
  }

  it.each(unresolved.map((problem) => [problem]))('%s', (problem) => {
    expect.fail(problem);
  });

  it.each(
    cases.map((c) => [`${endpointLabel(c.endpoint)} ${locationLabel(c.tested)} (${c.kind})`, c] as const),
  )("%s: 404 with another agency's", async (label, c) => {
    const { t } = world;
    const served = t.app.hasRoute({ method: c.endpoint.method, url: toRoutePattern(c.endpoint.path) });
    expect(served, `${label}: not registered (endpoint-registration.test.ts)`).toBe(true);
    const call = async (testedId: Promise<string>) => {
      const request = await requestOf(c, testedId);
      const { token } = await staffSession(t, a.owner.user);
      return t.app.inject({
        method: c.endpoint.method,
        url: request.url,
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: randomIp(),
        ...(request.body === undefined ? {} : { payload: request.body as Record<string, unknown> }),
      });
    };
    const theirs = objectOf(world, c.kind, b);
    const res = await call(theirs);
    expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBe(404);
    // docs/architecture.md §6: exactly as an id of the same shape that names nothing.
    const missing = await call(theirs.then(unknownLike));
    expect(res.json(), `${label}: another agency's id and a missing one answer alike`).toEqual(
      missing.json(),
    );
  });
});
