import { api } from '../http/api';
import type { ContractCall } from '../http/contract-base-query';
import { isOperatorCall } from '../http/http-config';

/**
 * A picture the API serves only to a signed-in principal, at the URL the server handed over (a
 * user's `image_url`, `/api/user/{id}/image?v=…`; an announcement's in the console,
 * `/api/admin/…`), called as the endpoint it names: the same client, so the same token (the
 * operator's for a back-office picture, http-config), and never a toast or a logout — a picture is
 * never worth one, and a session that ended is noticed by the next call.
 */
function pictureCall(url: string): ContractCall {
  const [pathPart = '', search = ''] = url.split('?', 2);
  const path = pathPart as `/api/${string}`;
  const endpoint = {
    method: 'GET',
    path,
    access: isOperatorCall({ access: 'company', path }) ? 'operator' : 'company',
  } as const;
  return {
    endpoint,
    query: Object.fromEntries(new URLSearchParams(search)),
    file: true,
    suppressErrors: true,
    logoutOn401: false,
  };
}

/**
 * Pictures as object URLs an <img> can show (an <img> cannot send a Bearer token). Every screen
 * showing the same URL at once (the header's avatar, the settings screen, the users list) shares
 * one fetch and one object URL, revoked when the last of them stops showing it (the answer lives
 * while shown, as every answer does) or at logout. The URL carries the picture's version, so a new
 * picture is a new URL, fetched afresh.
 */
export const picturesApi = api.injectEndpoints({
  endpoints: (build) => ({
    picture: build.query<string, string>({
      query: pictureCall,
      async onCacheEntryAdded(_url, { cacheDataLoaded, cacheEntryRemoved }) {
        let objectUrl: string;
        try {
          ({ data: objectUrl } = await cacheDataLoaded);
        } catch {
          return; // Removed before it loaded, or it failed: nothing to revoke.
        }
        await cacheEntryRemoved;
        URL.revokeObjectURL(objectUrl);
      },
    }),
  }),
});
