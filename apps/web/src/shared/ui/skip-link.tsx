/** Lets keyboard users jump past the navigation to the screen (layouts give main the id). */
export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-indigo-700 focus:text-sm focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}
