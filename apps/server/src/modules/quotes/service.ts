import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  AppError,
  type FieldErrors,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type PricedItinerary,
  type PublicQuote,
  QUOTE_MESSAGES,
  type Quote,
  type QuotePage,
  type quoteEndpoints,
  SERVER,
} from '@skydesk/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import { commitRequestSoFar } from '../../platform/db/request-transaction.js';
import type { Database } from '../../platform/db/schema.js';
import type { CompanyPrincipal } from '../../platform/http/principal.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { SecretBox } from '../../platform/security/encryption.js';
import type { RateLimiter } from '../../platform/security/rate-limit.js';
import {
  type FlightSearchRequest,
  type FlightSupplier,
  type OfferBooking,
  SupplierRequestError,
} from '../../supplier/port.js';
import { loadPricer, loadPricingSettings } from '../pricing/index.js';
import { inclusionsOf } from './includes.js';
import { quoteMail } from './mail.js';
import { renderQuotePdf } from './pdf.js';
import { presentPublicQuote, presentQuote, presentSummary, type QuoteAgency } from './presenter.js';
import { brandLabelOf, brandOf, priceOffer, searchOf, withPrices } from './pricing.js';
import * as repo from './repo.js';
import { QUOTE_OPTION_MESSAGES } from './repo.js';
import { publicLinkLives, quoteStatus } from './status.js';

/**
 * Client quotes (issue 33): made from one to five offers at the agency's selling prices, sent as a
 * PDF by mail and shared as a public read-only link; an option re-priced as a booking is, then
 * booked with `quote_option_id` (create-booking marks it through repo.markQuoteOptionBooked).
 */

export const QUOTE_RULES = {
  /** The public link, per address: enough for a client reloading, too few to walk tokens. */
  publicPerIp: { bucket: 'quote-public:ip', limit: 30, windowSeconds: 300 },
} as const;

export const QUOTES_TEXT = {
  notFound: 'Quote not found',
  soldOut:
    'This option is sold out: its flights have no seats left in its fare. Make a new quote from a search.',
  noRecipient: 'Enter the client’s e-mail',
} as const;

const DAY_MS = 86_400_000;
/** No 0/O, 1/I/L: a reference read over the phone. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const newReference = () =>
  `Q-${Array.from({ length: 6 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;

/** The public link's token: 32 random bytes. Only its SHA-256 finds the quote. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const invalid = (fieldErrors: FieldErrors) =>
  new AppError('validation', Object.values(fieldErrors)[0]?.[0] ?? SERVER.validationFailed, { fieldErrors });
const notFound = () => new AppError('not_found', QUOTES_TEXT.notFound);

type ParsedCreate = ParsedBodyOf<typeof quoteEndpoints.create>;
type ParsedList = ParsedQueryOf<typeof quoteEndpoints.list>;
type ParsedSend = ParsedBodyOf<typeof quoteEndpoints.send>;

export type QuoteDeps = {
  db: Kysely<Database>;
  clock: Clock;
  supplier: FlightSupplier;
  secretBox: SecretBox;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  publicUrl: string;
};

export function createQuoteService(deps: QuoteDeps) {
  const { db, clock, supplier, secretBox, mailer, rateLimiter } = deps;

  const linkOf = (quote: repo.QuoteRow) => `${deps.publicUrl}/q/${secretBox.open(quote.token_sealed)}`;

  async function load(companyId: string, id: string) {
    const quote = await repo.findQuote(db, companyId, id);
    if (!quote) throw notFound();
    return quote;
  }

  async function present(quote: repo.QuoteRow): Promise<Quote> {
    const [options, creators] = await Promise.all([
      repo.quoteOptions(db, [quote.id]),
      repo.creatorsOf(db, [quote.created_by]),
    ]);
    return presentQuote(quote, options, {
      now: clock.now(),
      publicUrl: linkOf,
      creator: (quote.created_by && creators.get(quote.created_by)) || null,
    });
  }

  async function agencyOf(companyId: string): Promise<QuoteAgency> {
    const [profile, settings] = await Promise.all([
      repo.agencyProfile(db, companyId),
      loadPricingSettings(db, companyId),
    ]);
    return {
      name: profile.name,
      logo: settings.logo,
      email: profile.email,
      phone: profile.phone,
      address: [profile.address, profile.city, profile.country].filter(Boolean).join(', '),
    };
  }

  /** A withdrawn or expired quote sells nothing more (409). */
  function assertLive(quote: repo.QuoteRow) {
    if (quote.withdrawn_at) throw new AppError('conflict', QUOTE_OPTION_MESSAGES.withdrawn);
    if (!publicLinkLives(quote, clock.now())) throw new AppError('conflict', QUOTE_OPTION_MESSAGES.expired);
  }

  async function pdfOf(quote: repo.QuoteRow) {
    const [options, agency] = await Promise.all([
      repo.quoteOptions(db, [quote.id]),
      agencyOf(quote.company_id),
    ]);
    return renderQuotePdf({ quote: presentPublicQuote(quote, options, agency), generatedAt: clock.now() });
  }

  return {
    async create(principal: CompanyPrincipal, body: ParsedCreate): Promise<Quote> {
      // A remote supplier's offer is priced at the airline: what a keyed request has read so far is
      // committed first, so no transaction stays open over its call (decision 020, as create-booking).
      if (body.offer_ids.some((id) => supplier.pricesRemotely?.(id))) await commitRequestSoFar();
      const priced: { booking: OfferBooking; itinerary: PricedItinerary }[] = [];
      const errors: FieldErrors = {};
      for (const [index, offerId] of body.offer_ids.entries()) {
        const answer = await supplier.price(offerId);
        if (answer.status === 'priced') priced.push({ booking: answer.booking, itinerary: answer.itinerary });
        else errors[`offer_ids.${index}`] = [answer.message];
      }
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const currencies = new Set(priced.map((entry) => entry.booking.currency));
      if (currencies.size > 1) throw invalid({ offer_ids: ['The options must be priced in one currency'] });

      const now = clock.now();
      const [settings, pricer] = await Promise.all([
        loadPricingSettings(db, principal.companyId),
        loadPricer(db, { companyId: principal.companyId }),
      ]);
      const bookingDate = now.toISOString().slice(0, 10);
      const currency = priced[0]!.booking.currency;
      const options: repo.NewQuoteOption[] = priced.map(({ booking, itinerary }, index) => {
        const price = priceOffer(pricer, booking, itinerary, bookingDate);
        const brand = brandOf(itinerary);
        return {
          position: index + 1,
          supplier: booking.supplier ?? 'sandbox',
          trip_type: booking.tripType,
          cabin: booking.cabin,
          brand,
          brand_label: brandLabelOf(itinerary),
          validating_carrier: booking.validatingCarrier,
          segments: itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.flatMap(
            (option, leg) => option.FlightSegment.map((segment) => ({ ...segment, leg })),
          ),
          itinerary,
          search: searchOf(booking, itinerary),
          passengers: price.passengers,
          net_minor: price.netMinor,
          selling_minor: price.sellingMinor,
          currency,
          markup_rule_id: price.rule?.id ?? null,
          markup_rule_name: price.rule?.name ?? null,
          includes: inclusionsOf(itinerary, brand),
        };
      });

      const token = randomBytes(32).toString('base64url');
      const validDays = body.validity_days ?? settings.quoteValidityDays;
      const quote = await db.transaction().execute(async (trx) => {
        // A reference drawn twice in one agency (one in a billion) draws again.
        for (let attempt = 0; attempt < 5; attempt++) {
          const row = await repo.insertQuote(trx, {
            companyId: principal.companyId,
            reference: newReference(),
            clientName: body.client.name,
            clientEmail: body.client.email,
            note: body.note,
            tokenHash: tokenHash(token),
            tokenSealed: secretBox.seal(token),
            currency,
            validUntil: new Date(now.getTime() + validDays * DAY_MS),
            createdBy: principal.userId,
            at: now,
          });
          if (row) {
            await repo.insertQuoteOptions(trx, row, options);
            return row;
          }
        }
        throw new Error('no free quote reference after 5 draws');
      });
      return present(quote);
    },

    async list(principal: CompanyPrincipal, query: ParsedList): Promise<QuotePage> {
      const now = clock.now();
      const { total, rows } = await repo.listQuotes(db, principal.companyId, { ...query, now });
      const [options, creators] = await Promise.all([
        repo.quoteOptions(
          db,
          rows.map((row) => row.id),
        ),
        repo.creatorsOf(
          db,
          rows.map((row) => row.created_by),
        ),
      ]);
      const count = total;
      return {
        items: rows.map((row) =>
          presentSummary(
            row,
            options.filter((option) => option.quote_id === row.id),
            {
              now,
              publicUrl: linkOf,
              creator: (row.created_by && creators.get(row.created_by)) || null,
            },
          ),
        ),
        total: count,
        totalPages: Math.ceil(count / query.limit),
      };
    },

    async one(principal: CompanyPrincipal, id: string): Promise<Quote> {
      return present(await load(principal.companyId, id));
    },

    async pdf(principal: CompanyPrincipal, id: string): Promise<{ reference: string; pdf: Buffer }> {
      const quote = await load(principal.companyId, id);
      return { reference: quote.reference, pdf: await pdfOf(quote) };
    },

    async send(principal: CompanyPrincipal, id: string, body: ParsedSend): Promise<Quote> {
      const quote = await load(principal.companyId, id);
      assertLive(quote);
      const to = body.to ?? quote.client_email;
      if (!to) throw invalid({ to: [QUOTES_TEXT.noRecipient] });
      const [pdf, agency, sender] = await Promise.all([
        pdfOf(quote),
        agencyOf(quote.company_id),
        repo.userName(db, principal.userId),
      ]);
      await mailer.send(
        quoteMail({
          to,
          quote,
          agency,
          link: linkOf(quote),
          message: body.message ?? null,
          sender: sender ?? 'a colleague',
          pdf,
        }),
      );
      await repo.setQuoteSent(db, quote.id, to, clock.now());
      return present((await repo.findQuote(db, principal.companyId, id))!);
    },

    async withdraw(principal: CompanyPrincipal, id: string): Promise<Quote> {
      const quote = await load(principal.companyId, id);
      await repo.setQuoteWithdrawn(db, quote.id, clock.now());
      return present((await repo.findQuote(db, principal.companyId, id))!);
    },

    /**
     * A fresh offer for an option, re-priced as a booking always is: the same flights searched
     * again for the same party on the same airline, in the option's brand, then priced (the seats
     * and fare as they are now). Nothing of the quote's old price is kept: the booking pays today's.
     */
    async optionOffer(principal: CompanyPrincipal, id: string, optionId: string): Promise<PricedItinerary> {
      const quote = await load(principal.companyId, id);
      const option = await repo.findQuoteOption(db, principal.companyId, quote.id, optionId);
      if (!option) throw new AppError('not_found', QUOTE_OPTION_MESSAGES.notFound);
      assertLive(quote);

      const legs = option.itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption;
      const count = (type: string) =>
        option.search.passengers.find((entry) => entry.type === type)?.count ?? 0;
      const request: FlightSearchRequest = {
        tripType: option.trip_type,
        legs: option.search.origin_destinations.map((leg) => ({
          origin: leg.origin,
          destination: leg.destination,
          departureDate: leg.departure_date,
        })),
        passengers: { adults: count('adult'), children: count('child'), infants: count('infant') },
        cabin: option.cabin,
        maxStops: Math.min(2, Math.max(...legs.map((leg) => leg.FlightSegment.length - 1))),
        // Any airline: a preferred one filters on every flight's marketing carrier, and an option may
        // connect onto another airline's flight under the validating carrier's fare.
        preferredAirlines: [],
      };
      let found: PricedItinerary[];
      try {
        found = (await supplier.search(request)).itineraries;
      } catch (error) {
        // A date now past, a route no longer flown: nothing to sell.
        if (error instanceof SupplierRequestError) throw new AppError('conflict', QUOTES_TEXT.soldOut);
        throw error;
      }
      const wanted = flightsKey(option.itinerary);
      const match = found.find(
        (itinerary) =>
          itinerary.ValidatingCarrier === option.validating_carrier && flightsKey(itinerary) === wanted,
      );
      const offerId = match && offerInBrand(match, option.brand);
      if (!offerId) throw new AppError('conflict', QUOTES_TEXT.soldOut);
      const answer = await supplier.price(offerId);
      if (answer.status !== 'priced') throw new AppError('conflict', QUOTES_TEXT.soldOut);
      const pricer = await loadPricer(db, { companyId: principal.companyId });
      const price = priceOffer(
        pricer,
        answer.booking,
        answer.itinerary,
        clock.now().toISOString().slice(0, 10),
      );
      return withPrices(answer.itinerary, price, answer.booking.currency);
    },

    /**
     * `GET /api/public/quotes/{token}`: the client's page, without a session. Rate-limited per
     * address before anything is read, so tokens cannot be walked; 404 for a token of no quote, 410
     * once withdrawn or expired. The first opening marks the quote viewed.
     */
    async publicQuote(token: string, ip: string): Promise<PublicQuote> {
      await rateLimiter.consume(QUOTE_RULES.publicPerIp, ip);
      const quote = await repo.findQuoteByTokenHash(db, tokenHash(token));
      if (!quote) throw notFound();
      const now = clock.now();
      if (!publicLinkLives(quote, now)) throw new AppError('gone', QUOTE_MESSAGES.gone);
      await repo.markQuoteViewed(db, quote.id, now);
      const [options, agency] = await Promise.all([
        repo.quoteOptions(db, [quote.id]),
        agencyOf(quote.company_id),
      ]);
      return presentPublicQuote(quote, options, agency);
    },

    status: (quote: repo.QuoteRow) => quoteStatus(quote, clock.now()),
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;

/** The flights of an itinerary, leg by leg: 'BA117@2026-12-20,…|…'. */
function flightsKey(itinerary: PricedItinerary): string {
  return itinerary.AirItinerary.OriginDestinationOptions.OriginDestinationOption.map((leg) =>
    leg.FlightSegment.map(
      (segment) =>
        `${segment.MarketingAirline.Code}${segment.FlightNumber}@${segment.DepartureDateTime.slice(0, 10)}`,
    ).join(','),
  ).join('|');
}

/** The itinerary's offer in a brand: its own when it is in that brand, else the brand's family's. */
function offerInBrand(itinerary: PricedItinerary, brand: string): string | null {
  if (brandOf(itinerary) === brand) return itinerary.offer_id;
  const family = itinerary.FareFamilies.find((entry) => entry.BrandName === brand && !entry.SoldOut);
  return family?.offer_id ?? null;
}
