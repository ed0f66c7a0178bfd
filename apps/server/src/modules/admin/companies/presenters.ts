import {
  type AdminCompany,
  type AdminCompanyDetails,
  type AdminCompanyUser,
  type AdminDocument,
  type CompanyDecision,
  minorToAmount,
  type VendorDocument,
} from '@skydesk/contract';
import type * as repo from './repo.js';

/** The wire shapes of the agency review (contract admin.ts), made in one place. */

const iso = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at).toISOString();

export function presentCompany(row: repo.CompanyRow): AdminCompany {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    country: row.country,
    city: row.city,
    verification_status: row.verification_status,
    rejection_reason: row.rejection_reason,
    balance: minorToAmount(Number(row.balance_minor)),
    currency: row.currency,
    user_count: Number(row.user_count ?? 0),
    submitted_at: row.submitted_at ? iso(row.submitted_at) : null,
    waiting_since: iso(row.waiting_since),
    created_at: iso(row.created_at),
  };
}

export const documentUrl = (companyId: string, documentId: string) =>
  `/api/admin/companies/${companyId}/documents/${documentId}`;

function presentDocument(
  companyId: string,
  document: Awaited<ReturnType<typeof repo.documentsOf>>[number],
): AdminDocument {
  const url = documentUrl(companyId, document.id);
  return {
    id: document.id,
    kind: document.kind,
    file_name: document.file_name,
    content_type: document.content_type as VendorDocument['content_type'],
    size: document.size_bytes,
    url,
    download_url: `${url}?download=true`,
  };
}

function presentUser(user: Awaited<ReturnType<typeof repo.usersOf>>[number]): AdminCompanyUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: { id: user.role_id, name: user.role_name },
    is_owner: user.is_owner,
    is_active: user.is_active,
    email_verified: user.email_verified_at !== null,
    two_factor_enabled: user.totp_enabled_at !== null,
    created_at: user.created_at.toISOString(),
  };
}

function presentDecision(decision: Awaited<ReturnType<typeof repo.decisionsOf>>[number]): CompanyDecision {
  return {
    id: decision.id,
    action: decision.action,
    from_status: decision.from_status,
    to_status: decision.to_status,
    reason: decision.reason,
    operator: { id: decision.operator_id, name: decision.operator_name },
    created_at: decision.created_at.toISOString(),
  };
}

export function presentCompanyDetails(parts: {
  company: repo.CompanyDetailsRow;
  submission: Awaited<ReturnType<typeof repo.latestSubmission>>;
  documents: Awaited<ReturnType<typeof repo.documentsOf>>;
  users: Awaited<ReturnType<typeof repo.usersOf>>;
  bookingsCount: number;
  decisions: Awaited<ReturnType<typeof repo.decisionsOf>>;
}): AdminCompanyDetails {
  const { company, submission } = parts;
  const latest = submission.latest;
  return {
    company: {
      ...presentCompany(company),
      contact_name: company.contact_name,
      phone: company.phone,
      address: company.address,
      iata_number: company.iata_number,
    },
    vendor_form: latest
      ? {
          id: latest.id,
          trade_license_number: latest.trade_license_number,
          tax_number: latest.tax_number,
          iata_number: latest.iata_number,
          submitted_at: latest.created_at.toISOString(),
          submitted_by:
            latest.submitter_id && latest.submitter_name
              ? { id: latest.submitter_id, name: latest.submitter_name }
              : null,
          documents: parts.documents.map((document) => presentDocument(company.id, document)),
        }
      : null,
    submissions: submission.count,
    users: parts.users.map(presentUser),
    bookings_count: parts.bookingsCount,
    history: parts.decisions.map(presentDecision),
  };
}
