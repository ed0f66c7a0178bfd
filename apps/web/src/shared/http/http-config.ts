import type { Endpoint } from '@skydesk/contract';

/**
 * What the HTTP client needs from the application for one kind of principal, handed over once
 * (app/providers for agencies, the operator console when it loads) so shared/ never imports the
 * store, the router or a feature.
 */
export type HttpConfig = {
  /** The access token held in memory (docs/architecture.md §6), or null when signed out. */
  getToken: () => string | null;
  /** docs/product-spec.md §4: the logout callback a 401 answer triggers. */
  onUnauthorized?: () => void;
  /** docs/product-spec.md §4: after a 401 'the product … goes to the login page'. */
  goToLogin?: () => void;
};

const signedOut: HttpConfig = { getToken: () => null };

let agency: HttpConfig = signedOut;
let operator: HttpConfig = signedOut;

/** The agency session's wiring (every call outside the back office). */
export function configureHttp(config: HttpConfig): void {
  agency = config;
}

/** The operator session's wiring: the back office's calls only (`/api/admin/…`). */
export function configureOperatorHttp(config: HttpConfig): void {
  operator = config;
}

/**
 * Whether a call is the back office's: operator calls and the operator's own sign-in, refresh and
 * logout, all under `/api/admin/`. They get the operator's token and nothing else does, so an
 * agency token never reaches the back office and an operator token never reaches an agency call.
 */
export const isOperatorCall = (endpoint: Pick<Endpoint, 'access' | 'path'>): boolean =>
  endpoint.access === 'operator' || endpoint.path.startsWith('/api/admin/');

/** The wiring of the principal an endpoint belongs to. */
export function httpConfigFor(endpoint: Pick<Endpoint, 'access' | 'path'>): HttpConfig {
  return isOperatorCall(endpoint) ? operator : agency;
}

/** The agency session's wiring. */
export function httpConfig(): HttpConfig {
  return agency;
}

/** Back to the unconfigured client (tests). */
export function resetHttpConfig(): void {
  agency = signedOut;
  operator = signedOut;
}
