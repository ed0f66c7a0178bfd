import { AppError, SERVER } from '@skydesk/contract';
import type { AccessGuard } from './principal.js';

/** Admits public endpoints and refuses the rest with 401: the guard before any sign-in exists. */
export const publicOnlyGuard: AccessGuard = async (_request, endpoint) => {
  if (endpoint.access === 'public') return null;
  throw new AppError('unauthorized', SERVER.unauthorized);
};
