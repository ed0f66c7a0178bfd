import { randomBytes, randomUUID } from 'node:crypto';
import {
  AppError,
  GroupedSearchResult,
  PERMISSIONS,
  type Permission,
  type PricedItinerary,
  PricedItinerary as PricedItinerarySchema,
  PublicQuote,
  QUOTE_MESSAGES,
  Quote,
  QuotePage,
  RuleMatch,
} from '@skydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markQuoteOptionBooked } from '../../src/modules/quotes/repo.js';
import { QUOTE_RULES } from '../../src/modules/quotes/service.js';
import { createTestApp } from '../support/app.js';
import { get, outbox, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  agentWithPermissions,
  bookingAgent,
  bookingBody,
  bookOk,
  FAMILY,
  flightOf,
  searchBody,
  searchOffers,
  segmentsOf,
  setSeatsSold,
  signInAgain,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 33: client quotes — made from offers (flat results, fare families, POST /api/search/price)
 * at the agency's selling prices, listed, read with net and margin, sent, withdrawn, re-priced for
 * booking, and shown on a public read-only link that never shows a net price.
 */

const DAY_MS = 86_400_000;
const minor = (amount: number) => Math.round(amount * 100);
const tokenOf = (quote: Quote) => quote.public_url.split('/q/')[1]!;
const flightsKey = (itinerary: PricedItinerary) =>
  segmentsOf(itinerary)
    .map((segment) => `${segment.MarketingAirline.Code}${segment.FlightNumber}@${segment.DepartureDateTime}`)
    .join(',');

/** Every number in a JSON value, wherever it sits. */
function numbersIn(value: unknown, found: number[] = []): number[] {
  if (typeof value === 'number') found.push(value);
  else if (Array.isArray(value)) for (const entry of value) numbersIn(entry, found);
  else if (value && typeof value === 'object')
    for (const entry of Object.values(value)) numbersIn(entry, found);
  return found;
}
function keysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const entry of value) keysIn(entry, found);
  else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      found.add(key);
      keysIn(entry, found);
    }
  }
  return found;
}

describe.each(storeKinds())('client quotes on %s (issue 33)', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let stranger: Agent;
  let theirs: Quote;

  /** A 6 % markup for the whole agency: selling is never the net, so a leak would show. */
  const markup = (companyId: string) =>
    t.store.db
      .insertInto('pricing_rules')
      .values({
        company_id: companyId,
        kind: 'markup',
        name: 'Six percent',
        position: 0,
        match: JSON.stringify(RuleMatch.parse({})),
        percent_bps: 600,
      } as never)
      .execute();

  const create = (who: Agent, body: Record<string, unknown>) =>
    post(t, '/api/quotes', body, { token: who.token });
  const createOk = async (who: Agent, offerIds: string[], extra: Record<string, unknown> = {}) => {
    const res = await create(who, {
      client: { name: 'Dana Client', email: 'dana@client.test' },
      offer_ids: offerIds,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return Quote.parse(res.json().data);
  };
  const offers = (who: Agent, date = '2026-12-20') =>
    searchOffers(t, who, { date, mix: FAMILY, maxStops: 1 });

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await bookingAgent(t, { creditsMinor: 50_000_000 });
    stranger = await bookingAgent(t);
    await markup(agent.companyId);
    theirs = await createOk(stranger, [(await offers(stranger))[0]!.offer_id]);
  });
  afterAll(async () => t?.close());

  it('makes a quote from a flat result, a fare family and a grouped pick, at selling prices with net and margin', async () => {
    const found = await offers(agent);
    const flat = found[0]!;
    const family = found.find((itinerary) =>
      itinerary.FareFamilies.some((entry) => entry.offer_id && !entry.SoldOut),
    )!;
    const familyOffer = family.FareFamilies.find((entry) => entry.offer_id && !entry.SoldOut)!;
    const groupedBody = {
      ...searchBody({ date: '2026-12-21', mix: FAMILY, maxStops: 1 }),
      view: 'itineraries',
    };
    const grouped = GroupedSearchResult.parse(
      (await post(t, '/api/search', groupedBody, { token: agent.token })).json().data,
    );
    const picked = await post(
      t,
      '/api/search/price',
      { search: groupedBody, option_ids: [grouped.legs[0]!.options[0]!.id], brand: 'Flex' },
      { token: agent.token },
    );
    expect(picked.statusCode, picked.body).toBe(200);
    const pick = PricedItinerarySchema.parse(picked.json().data);

    const quote = await createOk(agent, [flat.offer_id, familyOffer.offer_id!, pick.offer_id], {
      note: 'Morning flights as you asked.',
    });
    expect(quote).toMatchObject({
      status: 'created',
      client: { name: 'Dana Client', email: 'dana@client.test' },
      note: 'Morning flights as you asked.',
      sent_at: null,
      viewed_at: null,
      withdrawn_at: null,
      created_by: { id: agent.user.id },
    });
    expect(quote.reference).toMatch(/^Q-[2-9A-HJ-NP-Z]{6}$/);
    expect(tokenOf(quote)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Validity: the agency's default of 7 days from now.
    expect(Date.parse(quote.valid_until) - t.clock.now().getTime()).toBe(7 * DAY_MS);
    expect(quote.options.map((option) => option.position)).toEqual([1, 2, 3]);
    expect(quote.options.map((option) => option.brand)).toEqual([
      flat.AirItineraryPricingInfo.FareInfos[0]!.BrandName,
      familyOffer.BrandName,
      'Flex',
    ]);
    const [first] = quote.options;
    expect(minor(first!.net.Amount)).toBe(minor(flat.AirItineraryPricingInfo.ItinTotalFare.TotalFare.Amount));
    // 6 % on each passenger's fare, rounded per passenger.
    expect(minor(first!.selling.Amount)).toBe(
      first!.passengers.reduce((sum, entry) => sum + entry.quantity * minor(entry.selling.Amount), 0),
    );
    expect(Math.abs(minor(first!.selling.Amount) - minor(first!.net.Amount) * 1.06)).toBeLessThanOrEqual(4);
    expect(minor(first!.margin.Amount)).toBe(minor(first!.selling.Amount) - minor(first!.net.Amount));
    expect(first!.passengers.map((entry) => [entry.passenger_type, entry.quantity])).toEqual([
      ['adult', 2],
      ['child', 1],
      ['infant', 1],
    ]);
    expect(first!.segments.map((segment) => segment.FlightNumber)).toEqual(
      segmentsOf(flat).map((segment) => segment.FlightNumber),
    );
    expect(first!.includes.baggage).toMatch(/bag/);
    expect(quote.options[2]!.includes.changes).not.toBe('No changes');

    const again = await get(t, `/api/quotes/${quote.id}`, { token: agent.token });
    expect(again.statusCode, again.body).toBe(200);
    expect(Quote.parse(again.json().data)).toEqual(quote);
  });

  it('makes one quote of a request sent twice with one Idempotency-Key', async () => {
    const body = { client: { name: 'Retry Client' }, offer_ids: [(await offers(agent))[0]!.offer_id] };
    const headers = { 'idempotency-key': randomUUID() };
    const first = await post(t, '/api/quotes', body, { token: agent.token, headers });
    const second = await post(t, '/api/quotes', body, { token: agent.token, headers });
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    const made = await t.store.db
      .selectFrom('quotes')
      .select('id')
      .where('company_id', '=', agent.companyId)
      .where('client_name', '=', 'Retry Client')
      .execute();
    expect(made).toHaveLength(1);
  });

  it('takes the validity asked for', async () => {
    const quote = await createOk(agent, [(await offers(agent))[0]!.offer_id], { validity_days: 2 });
    expect(Date.parse(quote.valid_until) - t.clock.now().getTime()).toBe(2 * DAY_MS);
  });

  it('takes its validity, logo and contacts from the agency’s settings and profile', async () => {
    const own = await bookingAgent(t);
    // A 1×1 PNG, as the earnings settings keep a logo (a data URL).
    const logo =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    await t.store.db
      .insertInto('pricing_settings')
      .values({ company_id: own.companyId, quote_validity_days: 3, logo } as never)
      .execute();
    const quote = await createOk(own, [(await offers(own))[0]!.offer_id]);
    expect(Date.parse(quote.valid_until) - t.clock.now().getTime()).toBe(3 * DAY_MS);
    const page = PublicQuote.parse((await get(t, `/api/public/quotes/${tokenOf(quote)}`)).json().data);
    const profile = await t.store.db
      .selectFrom('companies')
      .select(['name', 'email', 'phone'])
      .where('id', '=', own.companyId)
      .executeTakeFirstOrThrow();
    expect(page.agency).toMatchObject({ ...profile, logo });
    const pdf = await get(t, `/api/quotes/${quote.id}.pdf`, { token: own.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
  });

  it('refuses an offer that is not ours or has expired on its own field', async () => {
    const [offer] = await offers(agent);
    const forged = `${offer!.offer_id.slice(0, -3)}AAA`;
    const res = await create(agent, {
      client: { name: 'Dana Client' },
      offer_ids: [offer!.offer_id, forged],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().data.errors)).toEqual(['offer_ids.1']);
    expect((await create(agent, { client: { name: 'Dana Client' }, offer_ids: [] })).statusCode).toBe(422);
    const six = Array.from({ length: 6 }, () => offer!.offer_id);
    expect((await create(agent, { client: { name: 'Dana Client' }, offer_ids: six })).statusCode).toBe(422);
  });

  it('lists the agency’s quotes only, newest first, by status and by client or reference', async () => {
    t.clock.advance(1000);
    const quote = await createOk(agent, [(await offers(agent))[0]!.offer_id], {
      client: { name: 'Zoltan Unique', email: null },
    });
    const list = async (query: string) => {
      const res = await get(t, `/api/quotes${query}`, { token: agent.token });
      expect(res.statusCode, res.body).toBe(200);
      return QuotePage.parse(res.json().data);
    };
    const all = await list('');
    expect(all.items[0]!.id).toBe(quote.id);
    expect(all.items.some((item) => item.id === theirs.id)).toBe(false);
    expect(all.items[0]).toMatchObject({ option_count: 1, status: 'created' });
    expect(all.items[0]!.route).toMatch(/^LHR-JFK$/);
    expect((await list('?q=zoltan')).items.map((item) => item.id)).toEqual([quote.id]);
    expect((await list(`?q=${quote.reference.toLowerCase()}`)).items.map((item) => item.id)).toEqual([
      quote.id,
    ]);
    expect((await list('?status=created')).items.some((item) => item.id === quote.id)).toBe(true);
    expect((await list('?status=sent')).items.some((item) => item.id === quote.id)).toBe(false);
    const paged = await list('?limit=1&page=1');
    expect(paged.items).toHaveLength(1);
    expect(paged.totalPages).toBe(all.total);
  });

  it('shows the client’s public link without a session: selling prices only, marked viewed once', async () => {
    const quote = await createOk(agent, [
      (await offers(agent))[0]!.offer_id,
      (await offers(agent))[1]!.offer_id,
    ]);
    const res = await get(t, `/api/public/quotes/${tokenOf(quote)}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = PublicQuote.parse(res.json().data);
    expect(page).toMatchObject({
      reference: quote.reference,
      client_name: 'Dana Client',
      disclaimer: QUOTE_MESSAGES.disclaimer,
      agency: { logo: null },
    });
    expect(page.options.map((option) => option.selling)).toEqual(
      quote.options.map((option) => option.selling),
    );
    // Nothing of the net: no such keys, no amount equal to a net (whole or per passenger).
    const keys = keysIn(res.json());
    for (const key of ['net', 'margin', 'net_minor', 'booking_id', 'token_hash', 'company_id']) {
      expect(keys.has(key)).toBe(false);
    }
    const numbers = numbersIn(res.json());
    for (const option of quote.options) expect(numbers).not.toContain(option.net.Amount);

    const read = Quote.parse((await get(t, `/api/quotes/${quote.id}`, { token: agent.token })).json().data);
    expect(read.status).toBe('viewed');
    expect(read.viewed_at).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    await get(t, `/api/public/quotes/${tokenOf(quote)}`);
    const later = Quote.parse((await get(t, `/api/quotes/${quote.id}`, { token: agent.token })).json().data);
    expect(later.viewed_at).toBe(read.viewed_at);
  });

  it('answers 404 for a token of no quote', async () => {
    const res = await get(t, `/api/public/quotes/${randomBytes(32).toString('base64url')}`);
    expect(res.statusCode).toBe(404);
    expect((await get(t, '/api/public/quotes/short')).statusCode).toBe(422);
  });

  it('limits the public link per address', async () => {
    const ip = '10.99.1.1';
    const token = tokenOf(theirs);
    for (let hit = 0; hit < QUOTE_RULES.publicPerIp.limit; hit++) {
      expect((await get(t, `/api/public/quotes/${token}`, { ip })).statusCode).toBe(200);
    }
    const limited = await get(t, `/api/public/quotes/${token}`, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Unknown tokens count too: an address cannot walk tokens past the limit.
    expect(
      (await get(t, `/api/public/quotes/${randomBytes(32).toString('base64url')}`, { ip })).statusCode,
    ).toBe(429);
    expect((await get(t, `/api/public/quotes/${token}`, { ip: '10.99.1.2' })).statusCode).toBe(200);
  });

  it('sends the quote with its PDF and link, and says so in its status', async () => {
    const quote = await createOk(agent, [(await offers(agent))[0]!.offer_id], {
      client: { name: 'Mail Client', email: 'mail.client@client.test' },
    });
    const res = await post(
      t,
      `/api/quotes/${quote.id}/send`,
      { message: 'As discussed.' },
      { token: agent.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const sent = Quote.parse(res.json().data);
    expect(sent.status).toBe('sent');
    expect(sent.sent_at).toBe(t.clock.now().toISOString());
    const [mail] = await outbox(t, 'mail.client@client.test');
    expect(mail!.subject).toContain(quote.reference);
    expect(mail!.text).toContain(quote.public_url);
    expect(mail!.text).toContain('As discussed.');
    expect(mail!.text).toContain(QUOTE_MESSAGES.disclaimer);
    expect(mail!.attachments).toEqual([
      expect.objectContaining({ filename: `quote-${quote.reference}.pdf`, content_type: 'application/pdf' }),
    ]);
    const pdf = Buffer.from(mail!.attachments[0]!.content_base64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const noAddress = await createOk(agent, [(await offers(agent))[0]!.offer_id], {
      client: { name: 'No Mail', email: null },
    });
    const refused = await post(t, `/api/quotes/${noAddress.id}/send`, {}, { token: agent.token });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().data.errors)).toEqual(['to']);
  });

  it('answers the PDF', async () => {
    const quote = await createOk(agent, [(await offers(agent))[0]!.offer_id], { note: 'Window seats.' });
    const res = await get(t, `/api/quotes/${quote.id}.pdf`, { token: agent.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`quote-${quote.reference}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stops the link at once when withdrawn (410), and refuses to send or book it', async () => {
    const quote = await createOk(agent, [(await offers(agent))[0]!.offer_id]);
    const res = await post(t, `/api/quotes/${quote.id}/withdraw`, undefined, { token: agent.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(Quote.parse(res.json().data)).toMatchObject({
      status: 'withdrawn',
      withdrawn_at: t.clock.now().toISOString(),
    });
    const gone = await get(t, `/api/public/quotes/${tokenOf(quote)}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(QUOTE_MESSAGES.gone);
    expect((await post(t, `/api/quotes/${quote.id}/send`, {}, { token: agent.token })).statusCode).toBe(409);
    expect(
      (
        await post(t, `/api/quotes/${quote.id}/options/${quote.options[0]!.id}/offer`, undefined, {
          token: agent.token,
        })
      ).statusCode,
    ).toBe(409);
    const marked = t.store.db.transaction().execute((trx) =>
      markQuoteOptionBooked(trx, {
        companyId: agent.companyId,
        optionId: quote.options[0]!.id,
        bookingId: randomUUID(),
        at: t.clock.now(),
      }),
    );
    await expect(marked).rejects.toMatchObject({ code: 'conflict' });
  });

  it('re-prices an option in its brand on the same flights, and says when they are sold out', async () => {
    const found = await offers(agent, '2026-12-23');
    const flex = found.flatMap((itinerary) =>
      itinerary.FareFamilies.filter((entry) => entry.BrandName === 'Flex' && entry.offer_id).map(
        () => itinerary,
      ),
    )[0]!;
    const offerId = flex.FareFamilies.find((entry) => entry.BrandName === 'Flex')!.offer_id!;
    const quote = await createOk(agent, [offerId]);
    const option = quote.options[0]!;
    // A minute later: a fresh offer, quoted now.
    t.clock.advance(60_000);
    const res = await post(t, `/api/quotes/${quote.id}/options/${option.id}/offer`, undefined, {
      token: agent.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const offer = PricedItinerarySchema.parse(res.json().data);
    expect(offer.AirItineraryPricingInfo.FareInfos[0]!.BrandName).toBe('Flex');
    expect(flightsKey(offer)).toBe(flightsKey(flex));
    expect(offer.offer_id).not.toBe(offerId);
    expect(minor(offer.net!.Amount)).toBe(minor(option.net.Amount));
    expect(minor(offer.selling!.Amount)).toBe(minor(option.selling.Amount));
    expect(offer.markup_rule).toMatchObject({ name: 'Six percent' });

    // Every seat of its first flight sold: 409.
    const key = flightOf(flex);
    await setSeatsSold(t.store.db, key, 10_000);
    const soldOut = await post(t, `/api/quotes/${quote.id}/options/${option.id}/offer`, undefined, {
      token: agent.token,
    });
    expect(soldOut.statusCode, soldOut.body).toBe(409);
  });

  it('books an option in one step: its fresh offer booked with quote_option_id, the quote then booked', async () => {
    const quote = await createOk(agent, [(await offers(agent, '2026-12-24'))[0]!.offer_id]);
    const option = quote.options[0]!;
    const priced = await post(t, `/api/quotes/${quote.id}/options/${option.id}/offer`, undefined, {
      token: agent.token,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const offer = PricedItinerarySchema.parse(priced.json().data);
    const booking = await bookOk(t, agent, { ...bookingBody(offer, FAMILY), quote_option_id: option.id });
    const read = Quote.parse((await get(t, `/api/quotes/${quote.id}`, { token: agent.token })).json().data);
    expect(read.status).toBe('booked');
    expect(read.options[0]!.booking_id).toBe(booking.id);

    // A withdrawn quote's option books nothing: 409, and no booking is left behind.
    const withdrawn = await createOk(agent, [(await offers(agent, '2026-12-24'))[0]!.offer_id]);
    const again = PricedItinerarySchema.parse(
      (
        await post(t, `/api/quotes/${withdrawn.id}/options/${withdrawn.options[0]!.id}/offer`, undefined, {
          token: agent.token,
        })
      ).json().data,
    );
    await post(t, `/api/quotes/${withdrawn.id}/withdraw`, undefined, { token: agent.token });
    const before = await t.store.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('company_id', '=', agent.companyId)
      .executeTakeFirstOrThrow();
    const refused = await post(
      t,
      '/api/booking',
      { ...bookingBody(again, FAMILY), quote_option_id: withdrawn.options[0]!.id },
      { token: agent.token },
    );
    expect(refused.statusCode, refused.body).toBe(409);
    const after = await t.store.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('company_id', '=', agent.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });

  it('marks an option booked for its own agency only', async () => {
    const quote = await createOk(agent, [(await offers(agent))[0]!.offer_id]);
    const mark = (companyId: string, optionId: string) =>
      t.store.db
        .transaction()
        .execute((trx) =>
          markQuoteOptionBooked(trx, { companyId, optionId, bookingId: randomUUID(), at: t.clock.now() }),
        );
    for (const [companyId, optionId] of [
      [stranger.companyId, quote.options[0]!.id],
      [agent.companyId, randomUUID()],
    ] as const) {
      const error = await mark(companyId, optionId).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'not_found', message: 'Quote option not found' });
    }
    // Its own agency's: the option names the booking and the quote reads booked.
    const booking = await bookOk(t, agent, bookingBody((await searchOffers(t, agent))[0]!));
    await t.store.db.transaction().execute((trx) =>
      markQuoteOptionBooked(trx, {
        companyId: agent.companyId,
        optionId: quote.options[0]!.id,
        bookingId: booking.id,
        at: t.clock.now(),
      }),
    );
    const read = Quote.parse((await get(t, `/api/quotes/${quote.id}`, { token: agent.token })).json().data);
    expect(read.status).toBe('booked');
    expect(read.options[0]!.booking_id).toBe(booking.id);
  });

  it('expires after its validity: the link is gone and the list says expired (no sleeping: the clock moves)', async () => {
    const quote = await createOk(agent, [(await offers(agent))[0]!.offer_id], { validity_days: 1 });
    t.clock.advance(DAY_MS + 1000);
    agent = await signInAgain(t, agent);
    stranger = await signInAgain(t, stranger);
    const gone = await get(t, `/api/public/quotes/${tokenOf(quote)}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(QUOTE_MESSAGES.gone);
    const read = Quote.parse((await get(t, `/api/quotes/${quote.id}`, { token: agent.token })).json().data);
    expect(read.status).toBe('expired');
    const expired = QuotePage.parse(
      (await get(t, '/api/quotes?status=expired', { token: agent.token })).json().data,
    );
    expect(expired.items.some((item) => item.id === quote.id)).toBe(true);
    expect(
      (
        await post(t, `/api/quotes/${quote.id}/options/${quote.options[0]!.id}/offer`, undefined, {
          token: agent.token,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('answers 404 for another agency’s quote and option, exactly as for a missing one', async () => {
    const option = theirs.options[0]!.id;
    for (const id of [theirs.id, randomUUID()]) {
      for (const res of [
        await get(t, `/api/quotes/${id}`, { token: agent.token }),
        await get(t, `/api/quotes/${id}.pdf`, { token: agent.token }),
        await post(t, `/api/quotes/${id}/send`, { to: 'x@client.test' }, { token: agent.token }),
        await post(t, `/api/quotes/${id}/withdraw`, undefined, { token: agent.token }),
        await post(t, `/api/quotes/${id}/options/${option}/offer`, undefined, { token: agent.token }),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ status: false, message: 'Quote not found' });
      }
    }
    const still = Quote.parse(
      (await get(t, `/api/quotes/${theirs.id}`, { token: stranger.token })).json().data,
    );
    expect(still.withdrawn_at).toBeNull();
  });

  const calls: [string, (who: Agent) => ReturnType<typeof get>][] = [
    ['POST /api/quotes', (who) => create(who, { client: { name: 'Dana Client' }, offer_ids: ['x'] })],
    ['GET /api/quotes', (who) => get(t, '/api/quotes', { token: who.token })],
    ['GET /api/quotes/{id}', (who) => get(t, `/api/quotes/${theirs.id}`, { token: who.token })],
    ['GET /api/quotes/{id}.pdf', (who) => get(t, `/api/quotes/${theirs.id}.pdf`, { token: who.token })],
    [
      'POST /api/quotes/{id}/send',
      (who) => post(t, `/api/quotes/${theirs.id}/send`, {}, { token: who.token }),
    ],
    [
      'POST /api/quotes/{id}/withdraw',
      (who) => post(t, `/api/quotes/${theirs.id}/withdraw`, undefined, { token: who.token }),
    ],
    [
      'POST /api/quotes/{id}/options/{option_id}/offer',
      (who) =>
        post(t, `/api/quotes/${theirs.id}/options/${theirs.options[0]!.id}/offer`, undefined, {
          token: who.token,
        }),
    ],
  ];
  it.each(calls)('%s needs bookings.create', async (_call, call) => {
    const permission: Permission = 'bookings.create';
    const limited = await agentWithPermissions(
      t,
      PERMISSIONS.filter((p) => p !== permission),
    );
    const res = await call(limited);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toContain(permission);
  });
});
