import type { SupportAttachment } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Download, ExternalLink, FileText, ImageIcon, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useImagePreview } from '../../shared/files/document-picker';
import { openFetchedFile } from '../../shared/files/open-file';
import { saveAs } from '../../shared/files/save-file';
import { formatFileSize } from '../../shared/format/file-size';

const kindOf = (contentType: string): string =>
  contentType === 'application/pdf' ? 'PDF' : `${contentType.slice(6).toUpperCase()} image`;

/**
 * A picture attachment's preview: fetched with the session's token (an <img> cannot send it) and
 * shown from an object URL, revoked when the message leaves the screen. Null while it loads or
 * when it could not be had (the chip then shows an icon).
 */
function useAttachmentPreview(
  attachment: SupportAttachment,
  fetchFile: (attachment: SupportAttachment) => Promise<string>,
): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const fetcher = useRef(fetchFile);
  fetcher.current = fetchFile;
  const isImage = attachment.content_type.startsWith('image/');

  // biome-ignore lint/correctness/useExhaustiveDependencies: one fetch per attachment (its id), not per render
  useEffect(() => {
    if (!isImage) return;
    let current = true;
    let objectUrl: string | null = null;
    fetcher.current(attachment).then(
      (answer) => {
        objectUrl = answer;
        if (current) setUrl(answer);
        else URL.revokeObjectURL(answer);
      },
      () => {},
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [attachment.id, isImage]);
  return url;
}

type AttachmentChipProps = {
  attachment: SupportAttachment;
  fetchFile: (attachment: SupportAttachment) => Promise<string>;
  /** On the sender's coloured bubble. */
  own: boolean;
};

/** A file sent in the chat: a picture previewed, its name, kind and size, and Open and Save. */
export function AttachmentChip({ attachment, fetchFile, own }: AttachmentChipProps) {
  const preview = useAttachmentPreview(attachment, fetchFile);
  const [saving, setSaving] = useState(false);
  const isImage = attachment.content_type.startsWith('image/');
  const Icon = isImage ? ImageIcon : FileText;

  const open = () => void openFetchedFile(() => fetchFile(attachment));
  const save = async () => {
    setSaving(true);
    try {
      saveAs(await fetchFile(attachment), attachment.file_name);
    } catch {
      // Said on the chip by nothing more: the buttons stay to try again.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div
      className={clsx(
        'mt-1 w-full max-w-72 overflow-hidden rounded-xl border bg-white text-slate-900',
        own ? 'border-indigo-300' : 'border-slate-200',
      )}
    >
      {isImage && preview && (
        <button
          type="button"
          onClick={open}
          className="block w-full bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:-outline-offset-2"
        >
          <img src={preview} alt={attachment.file_name} className="max-h-48 w-full object-contain" />
        </button>
      )}
      <div className="flex items-center gap-2 p-2">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-sm" title={attachment.file_name}>
            {attachment.file_name}
          </span>
          <span className="block text-slate-500 text-xs">
            {kindOf(attachment.content_type)} · {formatFileSize(attachment.size)}
          </span>
        </span>
        <button
          type="button"
          onClick={open}
          aria-label={`Open ${attachment.file_name}`}
          title="Open"
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          onClick={() => void save()}
          disabled={saving}
          aria-label={`Save ${attachment.file_name}`}
          title="Save"
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60"
        >
          {saving ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Download aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
    </div>
  );
}

/** A file of ours uploading (or refused): what it is, from the file itself. */
export function LocalFileChip({ file }: { file: File }) {
  const preview = useImagePreview(file);
  return (
    <div className="mt-1 w-full max-w-72 overflow-hidden rounded-xl border border-indigo-300 bg-white text-slate-900">
      {preview && (
        <img src={preview} alt={file.name} className="max-h-48 w-full bg-slate-100 object-contain" />
      )}
      <div className="flex items-center gap-2 p-2">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          <FileText aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-sm">{file.name}</span>
          <span className="block text-slate-500 text-xs">{formatFileSize(file.size)}</span>
        </span>
      </div>
    </div>
  );
}
