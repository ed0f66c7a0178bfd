/**
 * What the HTTP client needs from the application, handed over once at start (app/providers)
 * so shared/ never imports the store, the router or a feature.
 */
export type HttpConfig = {
  /** The access token held in memory (DESIGN.md §6), or null when signed out. */
  getToken: () => string | null;
  /** spec §4: the logout callback a 401 answer triggers. */
  onUnauthorized?: () => void;
  /** spec §4: after a 401 'the product … goes to the login page'. */
  goToLogin?: () => void;
};

const signedOut: HttpConfig = { getToken: () => null };

let current: HttpConfig = signedOut;

export function configureHttp(config: HttpConfig): void {
  current = config;
}

export function httpConfig(): HttpConfig {
  return current;
}

/** Back to the unconfigured client (tests). */
export function resetHttpConfig(): void {
  current = signedOut;
}
