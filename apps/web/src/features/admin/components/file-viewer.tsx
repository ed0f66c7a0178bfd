import { clsx } from 'clsx';
import { Download, ExternalLink, FileText, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveAs } from '../../../shared/files/save-file';
import { formatFileSize } from '../../../shared/format/file-size';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';

export type FileViewerProps = {
  /** What the file is ("Trade licence", "Receipt"): the caption, and the name of the picture or frame. */
  title: string;
  fileName: string;
  contentType: string;
  size: number;
  /**
   * Fetches the file with the operator's token and answers an object URL of it: shown inline,
   * or served as an attachment to save (`download`). Rejects when the file cannot be had.
   */
  fetchFile: (download: boolean) => Promise<string>;
  /** Which file this is: when it changes, the view is fetched again. */
  fileKey: string;
  /** The PDF frame's height, when the default does not suit the page. */
  frameClassName?: string;
  /** The picture's largest height, likewise. */
  imageClassName?: string;
};

/**
 * A file an operator judges, shown in the page — a picture as a picture, a PDF in the browser's
 * viewer — with a button to save it. The file needs the operator's Bearer token, which an <img>
 * or a frame cannot send: it is fetched and shown from an object URL, revoked when the page goes.
 */
export function FileViewer({
  title,
  fileName,
  contentType,
  size,
  fetchFile,
  fileKey,
  frameClassName = 'h-[28rem] sm:h-[36rem]',
  imageClassName = 'max-h-[36rem]',
}: FileViewerProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  // The latest fetcher, without asking again each time the caller renders a new function.
  const fetcher = useRef(fetchFile);
  fetcher.current = fetchFile;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `fileKey` is another file, `attempt` asks again after a failure
  useEffect(() => {
    let current = true;
    let objectUrl: string | null = null;
    setFailed(false);
    setUrl(null);
    fetcher.current(false).then(
      (answer) => {
        objectUrl = answer;
        if (current) setUrl(answer);
        else URL.revokeObjectURL(answer);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileKey, attempt]);

  const save = useCallback(async () => {
    setSaving(true);
    try {
      const file = await fetcher.current(true);
      saveAs(file, fileName);
    } catch {
      // Toasted by the client.
    } finally {
      setSaving(false);
    }
  }, [fileName]);

  const isPdf = contentType === 'application/pdf';
  return (
    <figure className="min-w-0 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 border-slate-200 border-b bg-slate-50 px-3 py-2">
        <span className="min-w-0">
          <span className="block font-medium text-slate-900 text-sm">{title}</span>
          <span className="block truncate text-slate-500 text-xs">
            {fileName} · {formatFileSize(size)}
          </span>
        </span>
        <span className="flex gap-1">
          {url && (
            <a
              href={url}
              target="_blank"
              rel="noopener"
              aria-label={`Open ${title} in a new tab`}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2.5 font-medium text-slate-700 text-sm hover:bg-slate-200/60 focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">Open</span>
            </a>
          )}
          <Button
            variant="ghost"
            className="min-h-9 px-2.5"
            busy={saving}
            onClick={save}
            aria-label={`Download ${title}`}
          >
            {!saving && <Download aria-hidden="true" className="size-4" />}
            <span className="hidden sm:inline">Download</span>
          </Button>
        </span>
      </figcaption>
      <div className="flex min-h-72 items-center justify-center bg-slate-100">
        {failed ? (
          <div className="p-6 text-center text-slate-600 text-sm">
            <FileText aria-hidden="true" className="mx-auto mb-2 size-8 text-slate-400" />
            <p>This file could not be loaded.</p>
            <Button variant="secondary" className="mt-3" onClick={() => setAttempt((n) => n + 1)}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          </div>
        ) : !url ? (
          <Spinner label={`Loading ${title}`} />
        ) : isPdf ? (
          <iframe src={url} title={title} className={clsx('w-full border-0 bg-white', frameClassName)} />
        ) : (
          <img src={url} alt={title} className={clsx('max-w-full object-contain', imageClassName)} />
        )}
      </div>
    </figure>
  );
}
