/**
 * How browsers and bundlers report a script chunk that no longer exists, which is what a screen
 * loaded on demand runs into after a new version was deployed (docs/product-spec.md §2).
 */
const CHUNK_ERROR_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /Importing a module script failed/i, // Safari
  /error loading dynamically imported module/i, // Firefox
  /Unable to preload CSS/i, // Vite's preload helper (vite:preloadError)
  /Loading (CSS )?chunk [\w-]+ failed/i, // webpack-style ChunkLoadError
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_MESSAGES.some((pattern) => pattern.test(error.message));
}
