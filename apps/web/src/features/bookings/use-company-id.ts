import { selectSessionCompany, selectSessionUser } from '../../shared/session/session-slice';
import { useAppSelector } from '../../shared/store/hooks';

/** The signed-in user's agency (API.md: the lists are asked for by the session's company id). */
export function useCompanyId(): string | null {
  const company = useAppSelector(selectSessionCompany);
  const user = useAppSelector(selectSessionUser);
  return company?.id ?? user?.company_id ?? null;
}
