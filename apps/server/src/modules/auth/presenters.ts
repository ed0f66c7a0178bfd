import {
  type CompanySummary,
  profileImageUrl,
  type SessionOperator,
  type SessionUser,
} from '@skydesk/contract';
import type { UserAccount } from './repo.js';

/** The wire shape of the signed-in user, made in one place (outline's present<Thing>()). */
export function presentSessionUser(account: UserAccount): SessionUser {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    phone: account.phone,
    image_url:
      account.image_path && account.image_version ? profileImageUrl(account.id, account.image_version) : null,
    role: { id: account.role_id, name: account.role_name },
    company_id: account.company_id,
    is_owner: account.is_owner,
  };
}

export function presentCompanySummary(account: UserAccount): CompanySummary {
  return {
    id: account.company_id,
    name: account.company_name,
    verification_status: account.verification_status,
    rejection_reason: account.rejection_reason,
    currency: account.currency,
    country: account.country,
  };
}

export function presentOperator(operator: { id: string; name: string; email: string }): SessionOperator {
  return { id: operator.id, name: operator.name, email: operator.email };
}
