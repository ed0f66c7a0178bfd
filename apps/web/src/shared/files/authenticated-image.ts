import { useEffect, useState } from 'react';
import { apiBaseUrl } from '../http/api-request';
import { httpConfig, httpConfigFor } from '../http/http-config';
import { selectSessionToken } from '../session/session-slice';
import { useAppSelector } from '../store/hooks';

/*
 * Pictures the API serves only to a signed-in user (docs/api.md: a user's profile picture,
 * `/api/user/{id}/image?v=…`). An <img> cannot send the session's Bearer token, so the picture is
 * fetched with it and shown from an object URL. Every screen showing the same URL at once (the
 * header's avatar, the settings screen, the users list) shares one fetch and one object URL,
 * revoked when the last of them stops showing it. The URL carries the picture's version, so a new
 * picture is a new URL and is fetched afresh. A back-office picture (`/api/admin/…`: an
 * announcement's in the console) goes with the operator's token, as every back-office call does.
 */

type Entry = { users: number; objectUrl: string | null; ready: Promise<string | null> };

const entries = new Map<string, Entry>();

/** Whether the picture is the back office's, fetched with the operator's token (http-config). */
const isOperatorPicture = (url: string): boolean => url.startsWith('/api/admin/');

/** The picture, fetched once with its principal's token; null when it could not be had. */
async function fetchPicture(url: string): Promise<string | null> {
  const token = (
    isOperatorPicture(url) ? httpConfigFor({ access: 'operator', path: '/api/admin/' }) : httpConfig()
  ).getToken();
  try {
    const response = await fetch(apiBaseUrl() + url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    return URL.createObjectURL(await response.blob());
  } catch {
    return null;
  }
}

function acquire(url: string): Entry {
  const known = entries.get(url);
  if (known) {
    known.users += 1;
    return known;
  }
  const entry: Entry = { users: 1, objectUrl: null, ready: Promise.resolve(null) };
  entry.ready = fetchPicture(url).then((objectUrl) => {
    entry.objectUrl = objectUrl;
    // A failure is not kept: the next screen to show the picture asks again.
    if (objectUrl === null && entries.get(url) === entry) entries.delete(url);
    // Nobody is showing it any more (the screen left while it loaded).
    if (objectUrl && entry.users === 0) URL.revokeObjectURL(objectUrl);
    return objectUrl;
  });
  entries.set(url, entry);
  return entry;
}

function release(url: string, entry: Entry): void {
  entry.users -= 1;
  // Later, not now: a screen that re-mounts at once (React's strict mode, a re-render under a new
  // parent) takes the same picture back instead of fetching it again.
  setTimeout(() => {
    if (entry.users > 0) return;
    if (entries.get(url) === entry) entries.delete(url);
    if (entry.objectUrl) URL.revokeObjectURL(entry.objectUrl);
  }, 0);
}

/** An API URL is fetched with the token; an object or data URL is already the picture itself. */
const needsToken = (url: string): boolean => url.startsWith('/');

/**
 * The picture at an API URL as something an <img> can show, or null while it loads, when it
 * could not be fetched, or when there is none (the caller then shows initials, say). Silent on
 * failure: a picture is never worth a toast, and a session that ended is noticed by the next call.
 */
export function useAuthenticatedImage(url: string | null | undefined): string | null {
  const agencySignedIn = useAppSelector(selectSessionToken) !== null;
  const [shown, setShown] = useState<{ url: string; src: string | null } | null>(null);
  // The console shows its screens only to a signed-in operator (its layout waits for the token).
  const signedIn = url && isOperatorPicture(url) ? true : agencySignedIn;
  const fetched = Boolean(url && needsToken(url) && signedIn);

  useEffect(() => {
    if (!url || !fetched) return;
    let current = true;
    const entry = acquire(url);
    void entry.ready.then((src) => {
      if (current) setShown({ url, src });
    });
    return () => {
      current = false;
      release(url, entry);
    };
  }, [url, fetched]);

  if (!url) return null;
  if (!needsToken(url)) return url;
  return shown?.url === url ? shown.src : null;
}
