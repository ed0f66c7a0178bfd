import { clsx } from 'clsx';
import { FileText, RefreshCw, Trash2, Upload } from 'lucide-react';
import { type DragEvent, type Ref, useEffect, useId, useState } from 'react';
import { formatFileSize } from '../format/file-size';
import { FieldError } from '../ui/field';
import { DOCUMENT_ACCEPT, DOCUMENT_RULE } from './document-file';

/** An object URL for an image file while it is shown, revoked when it is not. */
export function useImagePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file?.type.startsWith('image/')) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

type DocumentPickerProps = {
  title: string;
  description: string;
  name: string;
  file: File | null;
  error?: string | undefined;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * One document (a vendor document, a deposit's receipt): choose or drop a file, see it (an image as a thumbnail, a PDF
 * as a card with its name and size), replace or remove it. The file input itself is visually
 * hidden but keeps the focus, the name (the title) and the description (rule and error).
 */
export function DocumentPicker({
  title,
  description,
  name,
  file,
  error,
  onChange,
  onBlur,
  inputRef,
}: DocumentPickerProps) {
  const inputId = useId();
  const titleId = `${inputId}-title`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const preview = useImagePreview(file);
  const [dragging, setDragging] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChange(dropped);
  };

  return (
    <div className="min-w-0">
      <p id={titleId} className="font-medium text-slate-800 text-sm">
        {title}
      </p>
      <p id={hintId} className="mt-0.5 text-slate-500 text-xs">
        {description} {DOCUMENT_RULE}.
      </p>
      <input
        ref={inputRef}
        id={inputId}
        name={name}
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-labelledby={titleId}
        aria-describedby={clsx(error && errorId, hintId)}
        aria-invalid={error ? true : undefined}
        className="peer sr-only"
        onBlur={onBlur}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          // The same file chosen again after a removal still counts as a change.
          event.target.value = '';
        }}
      />
      {file ? (
        <div
          className={clsx(
            'mt-2 flex items-center gap-3 rounded-xl border bg-white p-3 peer-focus-visible:ring-3 peer-focus-visible:ring-indigo-500/30',
            error ? 'border-rose-300' : 'border-slate-200',
          )}
        >
          {preview ? (
            <img
              src={preview}
              alt={`Preview of ${file.name}`}
              className="size-16 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-cover"
            />
          ) : (
            <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-rose-50 text-rose-600 ring-1 ring-rose-100">
              <FileText aria-hidden="true" className="size-7" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900 text-sm" title={file.name}>
              {file.name}
            </p>
            <p className="text-slate-500 text-xs">
              {fileKind(file)} · {formatFileSize(file.size)}
            </p>
            <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1">
              <label
                htmlFor={inputId}
                className="inline-flex cursor-pointer items-center gap-1 font-medium text-indigo-700 text-xs hover:text-indigo-600"
              >
                <RefreshCw aria-hidden="true" className="size-3.5" />
                Replace<span className="sr-only"> {title}</span>
              </label>
              <button
                type="button"
                aria-label={`Remove ${title}`}
                onClick={() => onChange(null)}
                className="inline-flex items-center gap-1 rounded font-medium text-slate-600 text-xs hover:text-rose-700 focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                <Trash2 aria-hidden="true" className="size-3.5" />
                Remove
              </button>
            </div>
          </div>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={clsx(
            'mt-2 flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
            'peer-focus-visible:ring-3 peer-focus-visible:ring-indigo-500/30',
            dragging
              ? 'border-indigo-400 bg-indigo-50'
              : error
                ? 'border-rose-300 bg-rose-50/40 hover:border-rose-400'
                : 'border-slate-300 bg-slate-50 hover:border-indigo-400 hover:bg-indigo-50/40',
          )}
        >
          <Upload aria-hidden="true" className="size-6 text-slate-400" />
          <span className="font-medium text-indigo-700 text-sm">Choose a file</span>
          <span className="text-slate-500 text-xs">or drag it here</span>
        </label>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

const fileKind = (file: File): string =>
  file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')
    ? 'PDF document'
    : file.type.startsWith('image/')
      ? `${file.type.slice(6).toUpperCase()} image`
      : file.type || 'File';
