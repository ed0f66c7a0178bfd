import type {
  AdminBank,
  AdminCompany,
  AdminCompanyDetails,
  AdminCredits,
  AdminDeposit,
  AdminRefund,
  AuditEntry,
} from '@skydesk/contract';
import { sampleOperator } from '../../../testing/operator-session';

export const AGENCY_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
export const TRADE_LICENCE_ID = 'd0c0d0c0-0000-4000-8000-000000000001';
export const OWNER_ID_DOCUMENT_ID = 'd0c0d0c0-0000-4000-8000-000000000002';

export const agency = (overrides: Partial<AdminCompany> = {}): AdminCompany => ({
  id: AGENCY_ID,
  name: 'Horizon Voyages',
  email: 'leila@horizon-voyages.example',
  country: 'AE',
  city: 'Dubai',
  verification_status: 'pending_review',
  rejection_reason: null,
  balance: 1250,
  currency: 'USD',
  user_count: 2,
  submitted_at: '2026-03-08T09:30:00Z',
  waiting_since: '2026-03-08T09:30:00Z',
  created_at: '2026-03-07T15:00:00Z',
  ...overrides,
});

export const agencyList = (companies: AdminCompany[], { total = companies.length, totalPages = 1 } = {}) => ({
  companies,
  total,
  totalPages,
});

export function agencyDetails(overrides: Partial<AdminCompany> = {}): AdminCompanyDetails {
  return {
    company: {
      ...agency(overrides),
      contact_name: 'Leila Haddad',
      phone: '+971 4 555 0199',
      address: '12 Sheikh Zayed Road',
      iata_number: null,
    },
    vendor_form: {
      id: 'f0f0f0f0-0000-4000-8000-000000000001',
      trade_license_number: 'TL-2026-55120',
      tax_number: '100234567800003',
      iata_number: null,
      submitted_at: '2026-03-08T09:30:00Z',
      submitted_by: { id: '3f1c8a52-7d0e-4b8a-9f1e-2c6d5a4b3e21', name: 'Leila Haddad' },
      documents: [
        {
          id: TRADE_LICENCE_ID,
          kind: 'trade_license',
          file_name: 'trade-licence.png',
          content_type: 'image/png',
          size: 68,
          url: `/api/admin/companies/${AGENCY_ID}/documents/${TRADE_LICENCE_ID}`,
          download_url: `/api/admin/companies/${AGENCY_ID}/documents/${TRADE_LICENCE_ID}?download=true`,
        },
        {
          id: OWNER_ID_DOCUMENT_ID,
          kind: 'owner_id_document',
          file_name: 'passport.pdf',
          content_type: 'application/pdf',
          size: 1234,
          url: `/api/admin/companies/${AGENCY_ID}/documents/${OWNER_ID_DOCUMENT_ID}`,
          download_url: `/api/admin/companies/${AGENCY_ID}/documents/${OWNER_ID_DOCUMENT_ID}?download=true`,
        },
      ],
    },
    submissions: 1,
    users: [
      {
        id: '3f1c8a52-7d0e-4b8a-9f1e-2c6d5a4b3e21',
        name: 'Leila Haddad',
        email: 'leila@horizon-voyages.example',
        phone: '+971 4 555 0199',
        role: { id: '9b2e4c61-1a3f-4d5e-8b7c-6a5f4e3d2c1b', name: 'Owner' },
        is_owner: true,
        is_active: true,
        email_verified: true,
        two_factor_enabled: true,
        created_at: '2026-03-07T15:00:00Z',
      },
    ],
    bookings_count: 0,
    history: [],
  };
}

export const REFUND_ID = 'e1e2e3e4-0000-4000-8000-000000000001';
export const BOOKING_ID = 'b1b2b3b4-0000-4000-8000-000000000001';

export function refundRequest(overrides: Partial<AdminRefund> = {}): AdminRefund {
  return {
    id: REFUND_ID,
    order_no: 'RF-2026-000017',
    status: 'pending',
    company: { id: AGENCY_ID, name: 'Horizon Voyages' },
    booking: {
      id: BOOKING_ID,
      pnr: 'K7Q2ZD',
      status: 'ticketed',
      trip_type: 'Return',
      total: { Amount: 1221, CurrencyCode: 'USD' },
      first_departure_at: '2026-04-02T04:15:00Z',
      void_until: null,
    },
    phase: 'refund',
    refundable: true,
    rules: ['Refund before departure: USD 150 penalty per ticket'],
    tickets: [
      {
        ticket_number: '176-2400000017',
        passenger_name: 'Leila Haddad',
        passenger_type: 'adult',
        status: 'refund_requested',
        paid: { Amount: 610.5, CurrencyCode: 'USD' },
        penalty: { Amount: 150, CurrencyCode: 'USD' },
        allowed: { Amount: 460.5, CurrencyCode: 'USD' },
        refunded: null,
      },
      {
        ticket_number: '176-2400000018',
        passenger_name: 'Sami Haddad',
        passenger_type: 'child',
        status: 'refund_requested',
        paid: { Amount: 610.5, CurrencyCode: 'USD' },
        penalty: { Amount: 150, CurrencyCode: 'USD' },
        allowed: { Amount: 460.5, CurrencyCode: 'USD' },
        refunded: null,
      },
    ],
    allowed: { Amount: 921, CurrencyCode: 'USD' },
    amount: { Amount: 921, CurrencyCode: 'USD' },
    requested_at: '2026-03-09T10:00:00Z',
    decided_at: null,
    decided_by: null,
    decision_reason: null,
    ...overrides,
  };
}

export const bank = (overrides: Partial<AdminBank> = {}): AdminBank => ({
  id: 'ba000000-0000-4000-8000-000000000001',
  bank: 'Emirates NBD',
  account_title: 'SkyDesk FZ-LLC',
  account_number: '1014 2233 4455',
  iban: 'AE070331234567890123456',
  retired_at: null,
  created_at: '2026-01-10T08:00:00Z',
  updated_at: '2026-01-10T08:00:00Z',
  ...overrides,
});

export const auditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  actor: { id: sampleOperator.id, name: sampleOperator.name, email: sampleOperator.email },
  action: 'company.reject',
  target_type: 'company',
  target_id: AGENCY_ID,
  agency: { id: AGENCY_ID, name: 'Horizon Voyages' },
  before: { verification_status: 'pending_review' },
  after: {
    verification_status: 'rejected',
    rejection_reason: 'The licence is unreadable',
    reason: 'The licence is unreadable',
  },
  ip: '127.0.0.1',
  request_id: 'req-1',
  created_at: '2026-03-09T11:00:00Z',
  ...overrides,
});

export const DEPOSIT_ID = 'de90517e-0000-4000-8000-000000000001';

export function deposit(overrides: Partial<AdminDeposit> = {}): AdminDeposit {
  const id = overrides.id ?? DEPOSIT_ID;
  return {
    id,
    status: 'pending',
    company: { id: AGENCY_ID, name: 'Horizon Voyages' },
    bank: {
      id: 'ba000000-0000-4000-8000-000000000001',
      bank: 'Emirates NBD',
      account_number: '1014 2233 4455',
    },
    amount: 5000,
    currency: 'USD',
    deposit_date: '2026-03-09',
    reference_no: 'ENBD-7781-2026',
    note: 'Top-up for the Easter groups',
    receipt: {
      file_name: 'receipt-7781.pdf',
      content_type: 'application/pdf',
      size: 48_213,
      url: `/api/admin/transactions/${id}/receipt`,
      download_url: `/api/admin/transactions/${id}/receipt?download=true`,
    },
    created_by: { id: '3f1c8a52-7d0e-4b8a-9f1e-2c6d5a4b3e21', name: 'Leila Haddad' },
    created_at: '2026-03-09T08:00:00Z',
    decided_at: null,
    decided_by: null,
    rejection_reason: null,
    company_balance: 1250,
    ...overrides,
  };
}

export const depositList = (deposits: AdminDeposit[], { total = deposits.length, totalPages = 1 } = {}) => ({
  deposits,
  total,
  totalPages,
});

export const adminCredits = (overrides: Partial<AdminCredits> = {}): AdminCredits => ({
  balance: 1250,
  credit_limit: 0,
  available: 1250,
  currency: 'USD',
  pending_deposits: 0,
  history: [],
  ...overrides,
});
