import { skipToken } from '@reduxjs/toolkit/query';
import { selectSessionToken } from '../session/session-slice';
import { useAppSelector } from '../store/hooks';
import { picturesApi } from './pictures-api';

/** Whether the picture is the back office's (its screens show only to a signed-in operator). */
const isOperatorPicture = (url: string): boolean => url.startsWith('/api/admin/');

/** An API URL is fetched with the token; an object or data URL is already the picture itself. */
const needsToken = (url: string): boolean => url.startsWith('/');

/**
 * The picture at an API URL as something an <img> can show (pictures-api), or null while it loads,
 * when it could not be fetched, or when there is none (the caller then shows initials, say).
 * Silent on failure. An agency's picture waits for the session's token (a reload, until the
 * refresh cookie answers); the console shows its screens only once its operator has one.
 */
export function useAuthenticatedImage(url: string | null | undefined): string | null {
  const agencySignedIn = useAppSelector(selectSessionToken) !== null;
  const fetched = Boolean(url && needsToken(url) && (isOperatorPicture(url) || agencySignedIn));
  const { currentData } = picturesApi.usePictureQuery(fetched && url ? url : skipToken);

  if (!url) return null;
  if (!needsToken(url)) return url;
  return fetched ? (currentData ?? null) : null;
}
