import { useAppSelector } from '../../app/hooks';
import { selectSessionCompany, selectSessionUser } from '../auth/session-slice';

/** The signed-in user's agency (API.md: the lists are asked for by the session's company id). */
export function useCompanyId(): string | null {
  const company = useAppSelector(selectSessionCompany);
  const user = useAppSelector(selectSessionUser);
  return company?.id ?? user?.company_id ?? null;
}
