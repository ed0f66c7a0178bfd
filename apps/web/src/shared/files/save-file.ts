/** How long a downloaded file's object URL lives: revoking at once can cancel it in some browsers. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Hands a fetched file (its object URL) to the browser as a download named `name`. */
export function saveAs(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
