import { vi } from 'vitest';

/**
 * What an action handed the browser as a download (shared/files saveAs of an object URL): the
 * file's name and its text, without the byte-order mark a CSV starts with.
 */
export async function exportedFile(action: () => Promise<void>): Promise<{ name: string; text: string }> {
  const createObjectURL = vi.spyOn(URL, 'createObjectURL');
  const anchorClick = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  await action();
  const blob = createObjectURL.mock.calls.at(-1)?.[0];
  const anchor = anchorClick.mock.contexts.at(-1);
  if (!(blob instanceof Blob) || !(anchor instanceof HTMLAnchorElement))
    throw new Error('Nothing was downloaded');
  return { name: anchor.download, text: (await blob.text()).replace(/^\uFEFF/, '') };
}
