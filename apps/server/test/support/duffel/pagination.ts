import { duffelError } from './errors.js';

/**
 * Cursor pagination as the reference describes it (Overview › Pagination): `limit` from 1 to 200,
 * 50 by default; `meta: { after, before, limit }`; `after` is null on the last page and `before`
 * on the first. Cursors are opaque: here the base64url of an item's id.
 */
export type Page<T> = { data: T[]; meta: { limit: number; after: string | null; before: string | null } };

const encode = (id: string) => Buffer.from(id).toString('base64url');
const decode = (cursor: string) => Buffer.from(cursor, 'base64url').toString();

export function paginate<T extends { id: string }>(items: T[], query: URLSearchParams): Page<T> {
  const limitText = query.get('limit');
  const limit = limitText === null ? 50 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    throw duffelError.invalidFields([{ field: 'limit', message: 'must be an integer between 1 and 200' }]);
  }
  const indexOf = (cursor: string) => {
    const index = items.findIndex((entry) => entry.id === decode(cursor));
    if (index < 0) throw duffelError.badRequest('bad_request', 'The pagination cursor is not valid.');
    return index;
  };
  const after = query.get('after');
  const before = query.get('before');
  let start = 0;
  let end = items.length;
  if (after) start = indexOf(after) + 1;
  if (before) {
    end = indexOf(before);
    if (!after) start = Math.max(0, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  const last = start + data.length;
  return {
    data,
    meta: {
      limit,
      after: data.length > 0 && last < items.length ? encode(data[data.length - 1]!.id) : null,
      before: data.length > 0 && start > 0 ? encode(data[0]!.id) : null,
    },
  };
}
