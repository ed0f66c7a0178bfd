import type { CompanyStatus } from '@skydesk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { OWNER_ROLE, STARTER_ROLES } from '../roles/index.js';
import * as repo from './repo.js';

export type NewAgency = {
  company: {
    name: string;
    contactName: string;
    email: string;
    phone: string;
    country: string;
    city: string;
    address: string;
    iataNumber: string | null;
    currency: string;
    status?: CompanyStatus;
  };
  owner: {
    passwordHash: string;
    emailVerifiedAt?: Date;
    totpSecretSealed?: string;
    totpEnabledAt?: Date;
  };
};

/**
 * An agency as it starts life: the company, its fixed Owner role and the starter roles, and the
 * owner (the registering contact) holding the Owner role. Registration and the demo seed both
 * make agencies this way, inside the caller's transaction.
 */
export async function createAgency(trx: Transaction<Database>, agency: NewAgency) {
  const { company, owner } = agency;
  const { id: companyId } = await repo.insertCompany(trx, {
    name: company.name,
    contact_name: company.contactName,
    email: company.email,
    phone: company.phone,
    country: company.country,
    city: company.city,
    address: company.address,
    iata_number: company.iataNumber,
    currency: company.currency,
    ...(company.status ? { verification_status: company.status } : {}),
  });
  const roles = await repo.insertRoles(trx, [
    { company_id: companyId, ...OWNER_ROLE },
    ...STARTER_ROLES.map((role) => ({ company_id: companyId, ...role })),
  ]);
  // Found by name: PostgreSQL does not promise RETURNING rows in VALUES order.
  const ownerRole = roles.find((role) => role.name === OWNER_ROLE.name);
  if (!ownerRole) throw new Error('the Owner role was not created');
  const user = await repo.insertUser(trx, {
    company_id: companyId,
    role_id: ownerRole.id,
    name: company.contactName,
    email: company.email,
    phone: company.phone,
    password_hash: owner.passwordHash,
    is_owner: true,
    email_verified_at: owner.emailVerifiedAt ?? null,
    totp_secret_enc: owner.totpSecretSealed ?? null,
    totp_enabled_at: owner.totpEnabledAt ?? null,
  });
  return { companyId, owner: user };
}
