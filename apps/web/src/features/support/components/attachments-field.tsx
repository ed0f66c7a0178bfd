import { FileText, Paperclip, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { DOCUMENT_ACCEPT, DOCUMENT_RULE, documentFileProblem } from '../../../shared/files/document-file';
import { formatFileSize } from '../../../shared/format/file-size';
import { FieldError } from '../../../shared/ui/field';
import { MAX_TICKET_ATTACHMENTS } from '../ticket-form';

type AttachmentsFieldProps = {
  files: File[];
  /** Why the last files chosen were refused, one line each. */
  problems: string[];
  onChange: (files: File[], problems: string[]) => void;
};

/**
 * Files sent with a new ticket: each checked when chosen (PDF, PNG or JPEG, up to 5 MB) — a wrong
 * one is refused there and then, by name — and listed with a way to take it off again.
 */
export function AttachmentsField({ files, problems, onChange }: AttachmentsFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const problemsId = `${id}-problems`;

  const add = (chosen: File[]) => {
    const next = [...files];
    const refused: string[] = [];
    for (const file of chosen) {
      const problem = documentFileProblem(file);
      if (problem) refused.push(`${file.name}: ${problem}`);
      else if (next.length >= MAX_TICKET_ATTACHMENTS)
        refused.push(`${file.name}: at most ${MAX_TICKET_ATTACHMENTS} files — send more in the chat`);
      else if (!next.some((held) => held.name === file.name && held.size === file.size)) next.push(file);
    }
    onChange(next, refused);
  };

  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-800 text-sm">
        Attachments <span className="font-normal text-slate-500">(optional)</span>
      </p>
      <p id={hintId} className="mt-0.5 text-slate-500 text-xs">
        Screenshots, receipts or documents: {DOCUMENT_RULE}, up to {MAX_TICKET_ATTACHMENTS} files.
      </p>
      {files.length > 0 && (
        <ul aria-label="Files to send" className="mt-2 space-y-2">
          {files.map((file) => (
            <li
              key={`${file.name}-${file.size}`}
              className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2"
            >
              <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900 text-sm">{file.name}</span>
                <span className="block text-slate-500 text-xs">{formatFileSize(file.size)}</span>
              </span>
              <button
                type="button"
                onClick={() =>
                  onChange(
                    files.filter((held) => held !== file),
                    [],
                  )
                }
                aria-label={`Remove ${file.name}`}
                className="rounded-lg p-2 text-slate-500 hover:bg-rose-50 hover:text-rose-700 focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {files.length < MAX_TICKET_ATTACHMENTS && (
        <>
          <input
            id={id}
            type="file"
            multiple
            accept={DOCUMENT_ACCEPT}
            aria-describedby={problems.length > 0 ? `${problemsId} ${hintId}` : hintId}
            aria-invalid={problems.length > 0 ? true : undefined}
            className="peer sr-only"
            onChange={(event) => {
              add([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <label
            htmlFor={id}
            className="mt-2 inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 border-dashed bg-slate-50 px-4 py-2 font-medium text-indigo-700 text-sm hover:border-indigo-400 hover:bg-indigo-50/40 peer-focus-visible:ring-3 peer-focus-visible:ring-indigo-500/30"
          >
            <Paperclip aria-hidden="true" className="size-4" /> Add files
          </label>
        </>
      )}
      {problems.length > 0 && (
        <div id={problemsId}>
          {problems.map((problem) => (
            <FieldError key={problem}>{problem}</FieldError>
          ))}
        </div>
      )}
    </div>
  );
}
