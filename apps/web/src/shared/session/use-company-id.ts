import { useAppSelector } from '../store/hooks';
import { selectSessionCompany, selectSessionUser } from './session-slice';

/** The signed-in user's agency (docs/api.md: the lists are asked for by the session's company id). */
export function useCompanyId(): string | null {
  const company = useAppSelector(selectSessionCompany);
  const user = useAppSelector(selectSessionUser);
  return company?.id ?? user?.company_id ?? null;
}
