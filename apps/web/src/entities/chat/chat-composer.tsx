import { SupportMessageText } from '@skydesk/contract';
import { Paperclip, SendHorizontal, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { DOCUMENT_ACCEPT, DOCUMENT_RULE, documentFileProblem } from '../../shared/files/document-file';
import { formatFileSize } from '../../shared/format/file-size';
import { FieldError } from '../../shared/ui/field';

type ChatComposerProps = {
  onSend: (message: { body: string; file: File | null }) => void;
  /** Called on each keystroke: the hook tells the other side, throttled. */
  onTyping: () => void;
  placeholder?: string;
};

/**
 * Where a message is written: Enter sends, Shift+Enter starts a new line; a file (PDF, PNG or
 * JPEG up to 5 MB, checked when chosen) goes with the text as one message.
 */
export function ChatComposer({ onSend, onTyping, placeholder = 'Write a message…' }: ChatComposerProps) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const problemId = `${id}-problem`;
  const hintId = `${id}-hint`;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!file && text.trim() === '') return;
    const checked =
      file && text.trim() === '' ? { success: true as const, data: '' } : SupportMessageText.safeParse(text);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Check the message');
      return;
    }
    onSend({ body: checked.data, file });
    setText('');
    setFile(null);
    setProblem(null);
    textArea.current?.focus();
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method composing a word uses Enter to pick it, not to send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const wrong = documentFileProblem(chosen);
    setProblem(wrong ? `${chosen.name}: ${wrong}` : null);
    if (!wrong) setFile(chosen);
    textArea.current?.focus();
  };

  return (
    <form onSubmit={send} noValidate className="border-slate-200 border-t bg-white p-2 sm:p-3">
      {file && (
        <div className="mb-2 flex min-w-0 items-center gap-2 rounded-lg bg-slate-50 px-2 py-1.5 text-sm ring-1 ring-slate-200">
          <Paperclip aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <span className="min-w-0 flex-1 truncate text-slate-800">{file.name}</span>
          <span className="shrink-0 text-slate-500 text-xs">{formatFileSize(file.size)}</span>
          <button
            type="button"
            onClick={() => setFile(null)}
            aria-label={`Remove ${file.name}`}
            className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      <div className="flex items-end gap-1.5 sm:gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={DOCUMENT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            choose(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          aria-label="Attach a file"
          title={`Attach a file (${DOCUMENT_RULE})`}
          className="flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <Paperclip aria-hidden="true" className="size-5" />
        </button>
        <textarea
          ref={textArea}
          value={text}
          rows={1}
          aria-label="Message"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
          placeholder={placeholder}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={keyDown}
          className="field-sizing-content block max-h-40 min-h-11 min-w-0 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 hover:border-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-3 focus:ring-indigo-500/20 sm:text-sm"
        />
        <button
          type="submit"
          aria-label="Send"
          className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2"
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </div>
      {problem && <FieldError id={problemId}>{problem}</FieldError>}
      <p id={hintId} className="mt-1 hidden px-1 text-slate-500 text-xs sm:block">
        Enter sends · Shift+Enter for a new line · {DOCUMENT_RULE}
      </p>
    </form>
  );
}
