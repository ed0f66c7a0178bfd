/** Build-time settings read through import.meta.env (Vite exposes only VITE_-prefixed variables). */
interface ImportMetaEnv {
  /** Origin of the API when it is not the SPA's own origin; '' (the default) means same origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
