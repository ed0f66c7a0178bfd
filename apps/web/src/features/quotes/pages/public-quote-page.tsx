import { type PublicQuote, QUOTE_MESSAGES } from '@skydesk/contract';
import { FileX2, Mail, MapPin, Phone, RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useParams } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { isApiFailure } from '../../../shared/http/api-error';
import { Button } from '../../../shared/ui/button';
import { QuoteOptionCard } from '../components/quote-option-card';
import { validUntilText } from '../quote-format';
import { quotesApi } from '../quotes-api';

const TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * /q/:token (issue 33): the quote as the client reads it, with no sign-in and none of the portal
 * around it — the agency's name, logo and contacts, for whom, the options with their flights, brand,
 * what each includes and the selling price, until when, and that prices are confirmed at booking.
 * A withdrawn or expired quote says it is no longer available (410); an unknown link, not found.
 */
export function PublicQuotePage() {
  const { token = '' } = useParams();
  const valid = TOKEN.test(token);
  const {
    data: quote,
    error,
    isLoading,
    refetch,
  } = quotesApi.usePublicQuoteQuery({ params: { token } }, { skip: !valid });
  useEffect(() => {
    document.title = quote ? `Quote ${quote.reference} · ${quote.agency.name}` : 'Quote';
  }, [quote]);

  if (!valid || (isApiFailure(error) && error.status === 404))
    return (
      <Gone title="Quote not found">
        This link does not lead to a quote. Check it against the one your travel agent sent.
      </Gone>
    );
  if (isApiFailure(error) && error.status === 410)
    return <Gone title={QUOTE_MESSAGES.gone}>Ask your travel agent for a new quote.</Gone>;
  if (error)
    return (
      <Gone title="The quote could not be loaded" retry={() => void refetch()}>
        {isApiFailure(error) && error.status === 429
          ? 'Too many requests from this connection. Wait a minute and try again.'
          : 'Check your connection and try again.'}
      </Gone>
    );
  if (isLoading || !quote)
    return (
      <div role="status" aria-label="Loading the quote" className="mx-auto max-w-3xl space-y-4 px-4 py-8">
        <div className="h-24 animate-pulse rounded-2xl bg-slate-200/70" />
        <div className="h-56 animate-pulse rounded-2xl bg-slate-200/70" />
      </div>
    );
  return <QuotePage quote={quote} />;
}

function QuotePage({ quote }: { quote: PublicQuote }) {
  const { agency } = quote;
  return (
    <div className="mx-auto max-w-3xl space-y-5 px-3 py-5 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="flex min-w-0 items-center gap-3">
          {agency.logo ? (
            <img
              src={agency.logo}
              alt={`${agency.name} logo`}
              className="h-12 w-auto max-w-36 object-contain"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-indigo-600 font-semibold text-lg text-white"
            >
              {agency.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <p className="font-semibold text-lg text-slate-900">{agency.name}</p>
        </div>
        <address className="space-y-1 text-slate-600 text-sm not-italic sm:text-right">
          <a
            href={`mailto:${agency.email}`}
            className="flex items-center gap-1.5 hover:text-indigo-700 sm:justify-end"
          >
            <Mail aria-hidden="true" className="size-4 shrink-0" /> {agency.email}
          </a>
          <a
            href={`tel:${agency.phone.replace(/\s+/g, '')}`}
            className="flex items-center gap-1.5 hover:text-indigo-700 sm:justify-end"
          >
            <Phone aria-hidden="true" className="size-4 shrink-0" /> {agency.phone}
          </a>
          <p className="flex items-start gap-1.5 sm:justify-end">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> {agency.address}
          </p>
        </address>
      </header>

      <section aria-labelledby="quote-title" className="space-y-1 px-1">
        <p className="font-medium text-indigo-700 text-sm">Travel quote {quote.reference}</p>
        <h1 id="quote-title" className="font-semibold text-2xl text-slate-900">
          For {quote.client_name}
        </h1>
        <p className="text-slate-600 text-sm">
          Prepared {formatInstant(quote.created_at)} · valid until {validUntilText(quote.valid_until)}
        </p>
        {quote.note && (
          <p className="mt-3 whitespace-pre-line rounded-xl bg-white px-4 py-3 text-slate-800 shadow-sm ring-1 ring-slate-200">
            {quote.note}
          </p>
        )}
      </section>

      <section aria-label="Options" className="space-y-4">
        {quote.options.map((option) => (
          <QuoteOptionCard key={option.id} option={option} />
        ))}
      </section>

      <footer className="space-y-1 px-1 pb-6 text-slate-600 text-sm">
        <p className="font-medium text-slate-800">{quote.disclaimer}</p>
        <p>
          To book an option, contact {agency.name} at {agency.email} or {agency.phone}, quoting{' '}
          {quote.reference}. Flight times are local to each airport.
        </p>
      </footer>
    </div>
  );
}

function Gone({ title, children, retry }: { title: string; children: ReactNode; retry?: () => void }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="flex min-h-dvh items-center justify-center px-4 py-12">
      <section
        aria-labelledby="gone-title"
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10"
      >
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
          <FileX2 aria-hidden="true" className="size-7" />
        </span>
        <h1 id="gone-title" className="mt-5 font-semibold text-slate-900 text-xl">
          {title}
        </h1>
        <p className="mt-2 text-slate-600 text-sm">{children}</p>
        {retry && (
          <Button variant="secondary" className="mt-5" onClick={retry}>
            <RotateCcw aria-hidden="true" className="size-4" /> Try again
          </Button>
        )}
      </section>
    </div>
  );
}
