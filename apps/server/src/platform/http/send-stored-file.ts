import type { FastifyReply } from 'fastify';

export type StoredFile = { contentType: string; fileName: string; content: Buffer };

/** The extensions each verified type goes by; the first is the one a name without any gets. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/webp': ['webp'],
};

/**
 * The name with the extension of what the file is (issue 27): a PNG uploaded as `x.html`
 * downloads as `x.png`, so the saved file opens as a picture, never as a page; a name already
 * right (`photo.JPG` for a JPEG) stays as it is.
 */
export function nameForType(name: string, contentType: string): string {
  const extensions = EXTENSIONS[contentType];
  if (!extensions) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (extensions.includes(extension)) return name;
  return `${dot > 0 ? name.slice(0, dot) : name}.${extensions[0]}`;
}

/** A file name safe inside a quoted Content-Disposition value: letters, digits, '.', '-', '_'. */
export const headerFileName = (name: string): string => name.replace(/[^\w.-]/g, '_');

/**
 * Sends a file an agency uploaded (a vendor document, a deposit receipt) as the type it was
 * verified to be when it arrived, under its name with that type's extension: never sniffed by the
 * browser (an HTML "receipt" stays inert), never cached; shown in the page, or saved when
 * `download` asks.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: StoredFile,
  options: {
    download?: boolean;
    /** Instead of `private, no-store`: a file whose URL changes with its content (a profile picture). */
    cacheControl?: string;
  } = {},
) {
  const name = headerFileName(nameForType(file.fileName, file.contentType));
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${options.download ? 'attachment' : 'inline'}; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', options.cacheControl ?? 'private, no-store')
    .send(file.content);
}
