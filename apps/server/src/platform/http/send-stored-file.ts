import type { FastifyReply } from 'fastify';

export type StoredFile = { contentType: string; fileName: string; content: Buffer };

/** A file name safe inside a quoted Content-Disposition value: letters, digits, '.', '-', '_'. */
export const headerFileName = (name: string): string => name.replace(/[^\w.-]/g, '_');

/**
 * Sends a file an agency uploaded (a vendor document, a deposit receipt) as the type it was
 * verified to be when it arrived: never sniffed by the browser (an HTML "receipt" stays inert),
 * never cached; shown in the page, or saved when `download` asks.
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
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `${options.download ? 'attachment' : 'inline'}; filename="${headerFileName(file.fileName)}"`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', options.cacheControl ?? 'private, no-store')
    .send(file.content);
}
