import { NOTICE_IMAGE_FIELD, NOTICE_IMAGE_MAX_BYTES, NOTICE_IMAGE_TYPES } from '@skydesk/contract';
import { ImageOff, ImageUp, Trash2, Undo2 } from 'lucide-react';
import { useId } from 'react';
import { useAuthenticatedImage } from '../../../../shared/files/authenticated-image';
import { useImagePreview } from '../../../../shared/files/document-picker';
import {
  type ImageRule,
  imageAccept,
  imageFileProblem,
  imageRuleText,
} from '../../../../shared/files/image-file';
import { formatFileSize } from '../../../../shared/format/file-size';
import { Button } from '../../../../shared/ui/button';
import { FieldError } from '../../../../shared/ui/field';

/** A post's picture (the contract): PNG, JPEG or WebP of at most 5 MB, re-encoded by the server. */
const NOTICE_IMAGE: ImageRule = { types: NOTICE_IMAGE_TYPES, maxBytes: NOTICE_IMAGE_MAX_BYTES };

/** What the operator did with the picture, applied when the post is saved. */
export type PictureChoice = { file: File | null; remove: boolean };

type PictureFieldProps = {
  /** The saved post's picture (a back-office URL), or null. */
  currentUrl: string | null;
  choice: PictureChoice;
  onChange: (choice: PictureChoice) => void;
  problem: string | null;
  onProblem: (problem: string | null) => void;
};

/**
 * The post's picture: the one saved, or the one chosen (checked as soon as it is chosen, and
 * previewed), replaced or removed when the post is saved — one Save for the text and the picture.
 */
export function PictureField({ currentUrl, choice, onChange, problem, onProblem }: PictureFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const preview = useImagePreview(choice.file);
  const current = useAuthenticatedImage(currentUrl);
  const keeps = currentUrl !== null && !choice.remove && !choice.file;
  const shown = preview ?? (keeps ? current : null);

  const choose = (file: File | null) => {
    if (!file) return;
    const wrong = imageFileProblem(file, NOTICE_IMAGE);
    onProblem(wrong);
    if (!wrong) onChange({ file, remove: false });
  };

  return (
    <div className="space-y-3">
      <div className="flex aspect-[21/9] items-center justify-center overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
        {shown ? (
          <img
            src={shown}
            alt={choice.file ? 'The chosen picture, as it will be shown' : 'The picture agencies see'}
            className="size-full object-cover"
          />
        ) : (
          <p className="flex flex-col items-center gap-1 text-center text-slate-500 text-sm">
            <ImageOff aria-hidden="true" className="size-7 text-slate-400" />
            {choice.remove ? 'The picture will be removed when you save' : 'No picture'}
          </p>
        )}
      </div>
      {choice.file && (
        <p className="truncate text-slate-600 text-xs" title={choice.file.name}>
          {choice.file.name} · {formatFileSize(choice.file.size)} — uploaded when you save
        </p>
      )}
      <input
        id={inputId}
        type="file"
        name={NOTICE_IMAGE_FIELD}
        accept={imageAccept(NOTICE_IMAGE)}
        aria-label={currentUrl || choice.file ? 'Replace the picture' : 'Choose a picture'}
        aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
        aria-invalid={problem ? true : undefined}
        className="peer sr-only"
        onChange={(event) => {
          choose(event.target.files?.[0] ?? null);
          // The same file chosen again after a removal still counts as a change.
          event.target.value = '';
        }}
      />
      <div className="flex flex-wrap gap-2">
        <label
          htmlFor={inputId}
          className="inline-flex min-h-10 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 text-sm shadow-sm transition-colors hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-indigo-500 peer-focus-visible:outline-offset-2"
        >
          <ImageUp aria-hidden="true" className="size-4 text-slate-500" />
          {currentUrl || choice.file ? 'Replace picture' : 'Choose a picture'}
        </label>
        {choice.file ? (
          <Button variant="ghost" onClick={() => onChange({ file: null, remove: false })}>
            <Undo2 aria-hidden="true" className="size-4" />
            {currentUrl ? 'Keep the saved picture' : 'Leave out'}
          </Button>
        ) : choice.remove ? (
          <Button variant="ghost" onClick={() => onChange({ file: null, remove: false })}>
            <Undo2 aria-hidden="true" className="size-4" /> Keep picture
          </Button>
        ) : (
          currentUrl && (
            <Button
              variant="ghost"
              className="text-rose-700 hover:bg-rose-50"
              onClick={() => onChange({ file: null, remove: true })}
            >
              <Trash2 aria-hidden="true" className="size-4" /> Remove picture
            </Button>
          )
        )}
      </div>
      {problem && <FieldError id={errorId}>{problem}</FieldError>}
      <p id={hintId} className="text-slate-500 text-xs leading-relaxed">
        {imageRuleText(NOTICE_IMAGE)}. SkyDesk re-encodes it; agencies see it wide, about 21:9, above the
        text.
      </p>
    </div>
  );
}
