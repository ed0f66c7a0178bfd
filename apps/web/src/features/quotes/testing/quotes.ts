import type { PublicQuote, Quote, QuoteOption, QuoteSummary } from '@skydesk/contract';
import { QUOTE_MESSAGES } from '@skydesk/contract';
import { sampleUser } from '../../../testing/fake-session';

export const QUOTE_ID = '0b7e6a52-3c1d-4e8f-9a2b-5c6d7e8f9a01';
export const OPTION_ID = '1c8f7b63-4d2e-4f90-8b3c-6d7e8f9a0b12';
export const TOKEN = 'k7Jd93HsQ0pLwZx2mVb8RtYn4cEa6Gu1oF5iPq';

const usd = (Amount: number) => ({ Amount, CurrencyCode: 'USD' });

export const quoteOption = (overrides: Partial<QuoteOption> = {}): QuoteOption => ({
  id: OPTION_ID,
  position: 1,
  trip_type: 'Return',
  cabin: 'Economy',
  brand: 'Flex',
  brand_label: null,
  validating_carrier: 'BA',
  segments: [
    {
      leg: 0,
      DepartureAirport: { LocationCode: 'LHR', Terminal: '5' },
      ArrivalAirport: { LocationCode: 'JFK', Terminal: '7' },
      DepartureDateTime: '2026-12-14T08:30:00',
      ArrivalDateTime: '2026-12-14T11:35:00',
      DepartureUTCOffset: '+00:00',
      ArrivalUTCOffset: '-05:00',
      FlightNumber: '117',
      MarketingAirline: { Code: 'BA', Name: 'British Airways' },
      OperatingAirline: { Code: 'BA', Name: 'British Airways' },
      Equipment: { AirEquipType: '777' },
      ResBookDesigCode: 'Y',
      CabinClass: 'Economy',
      ElapsedTime: 485,
      StopQuantity: 0,
      SeatsRemaining: 9,
    },
    {
      leg: 1,
      DepartureAirport: { LocationCode: 'JFK', Terminal: '7' },
      ArrivalAirport: { LocationCode: 'LHR', Terminal: '5' },
      DepartureDateTime: '2026-12-21T18:30:00',
      ArrivalDateTime: '2026-12-22T06:40:00',
      DepartureUTCOffset: '-05:00',
      ArrivalUTCOffset: '+00:00',
      FlightNumber: '178',
      MarketingAirline: { Code: 'BA', Name: 'British Airways' },
      OperatingAirline: { Code: 'BA', Name: 'British Airways' },
      Equipment: { AirEquipType: '777' },
      ResBookDesigCode: 'Y',
      CabinClass: 'Economy',
      ElapsedTime: 430,
      StopQuantity: 0,
      SeatsRemaining: 9,
    },
  ],
  passengers: [{ passenger_type: 'adult', quantity: 2, selling: usd(742.2) }],
  selling: usd(1484.4),
  includes: { baggage: '1 bag of 23 kg', changes: 'Changes for USD 0', refunds: 'Refunds for USD 100' },
  net: usd(1400),
  margin: usd(84.4),
  booking_id: null,
  ...overrides,
});

export const sampleQuote = (overrides: Partial<Quote> = {}): Quote => ({
  id: QUOTE_ID,
  reference: 'Q-7K3D9A',
  client: { name: 'Sara Khan', email: 'sara@example.com' },
  status: 'sent',
  note: 'Both options keep a bag each.',
  valid_until: '2026-12-06',
  public_url: `http://localhost:3000/q/${TOKEN}`,
  created_at: '2026-11-29T10:00:00.000Z',
  created_by: { id: sampleUser.id, name: sampleUser.name },
  sent_at: '2026-11-29T10:05:00.000Z',
  viewed_at: null,
  withdrawn_at: null,
  options: [
    quoteOption(),
    quoteOption({
      id: '2d9a8c74-5e3f-4a01-9c4d-7e8f9a0b1c23',
      position: 2,
      brand: 'Basic',
      selling: usd(1210),
      net: usd(1150),
      margin: usd(60),
    }),
  ],
  ...overrides,
});

export const quoteSummary = (overrides: Partial<QuoteSummary> = {}): QuoteSummary => {
  const { options: _options, ...quote } = sampleQuote();
  return { ...quote, option_count: 2, from: usd(1210), route: 'LHR ⇄ JFK', ...overrides };
};

export const publicQuote = (): PublicQuote => {
  const { options, reference, note, valid_until, created_at } = sampleQuote();
  return {
    reference,
    agency: {
      name: 'Demo Travels',
      logo: null,
      email: 'office@demo-travels.example',
      phone: '+971 4 555 0100',
      address: 'Office 1204, Bay Square 3, Business Bay, Dubai',
    },
    client_name: 'Sara Khan',
    note,
    valid_until,
    created_at,
    options: options.map(({ net: _n, margin: _m, booking_id: _b, ...option }) => option),
    disclaimer: QUOTE_MESSAGES.disclaimer,
  };
};
