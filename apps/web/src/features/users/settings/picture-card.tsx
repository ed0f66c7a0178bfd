import { type SessionUser, SUCCESS } from '@skydesk/contract';
import { ImageUp, X } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import { useAuthenticatedImage } from '../../../shared/files/authenticated-image';
import { useImagePreview } from '../../../shared/files/document-picker';
import { formatFileSize } from '../../../shared/format/file-size';
import { isApiFailure } from '../../../shared/http/api-error';
import { Avatar } from '../../../shared/ui/avatar';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { FieldError } from '../../../shared/ui/field';
import { accountApi } from '../account-api';
import { PROFILE_IMAGE_ACCEPT, PROFILE_IMAGE_RULE, profileImageProblem } from './profile-image-file';

/** The multipart field the server reads the picture from (docs/api.md). */
const IMAGE_FIELD = 'image';

/**
 * Section 2: the user's picture, shown in the header and to their colleagues. A chosen file is
 * checked and previewed before it is sent; the server makes it a square, so the preview is one too.
 */
export function PictureCard({ user }: { user: SessionUser }) {
  const [uploadImage, { isLoading: uploading }] = accountApi.useUploadImageMutation();
  const current = useAuthenticatedImage(user.image_url);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useImagePreview(file);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const chooseLabel = user.image_url ? 'Choose a new picture' : 'Choose a picture';

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const wrong = profileImageProblem(chosen);
    setProblem(wrong);
    setFile(wrong ? null : chosen);
  };

  const upload = async () => {
    if (!file) return;
    const formData = new FormData();
    formData.append(IMAGE_FIELD, file, file.name);
    try {
      await uploadImage({ formData }).unwrap();
      setFile(null);
      toast.success(SUCCESS.imageUploaded);
    } catch (error) {
      if (!isApiFailure(error)) return;
      setProblem(error.fieldErrors[IMAGE_FIELD]?.[0] ?? error.message);
    }
  };

  return (
    <Card title="Profile picture">
      <div className="flex flex-col items-center gap-4 text-center">
        {preview ? (
          <img
            src={preview}
            alt={`${user.name}, as it will be shown`}
            className="size-28 rounded-full object-cover ring-4 ring-indigo-100"
          />
        ) : current ? (
          <img
            src={current}
            alt={user.name}
            className="size-28 rounded-full object-cover ring-4 ring-slate-100"
          />
        ) : (
          <Avatar name={user.name} className="size-28 text-3xl ring-4 ring-slate-100" />
        )}
        {file ? (
          <p className="max-w-full truncate text-slate-600 text-xs" title={file.name}>
            {file.name} · {formatFileSize(file.size)}
          </p>
        ) : (
          <p className="text-slate-600 text-sm">
            {user.image_url
              ? 'Shown in the header and to your colleagues.'
              : 'No picture yet: your initials are shown.'}
          </p>
        )}
        <input
          id={inputId}
          type="file"
          aria-label={chooseLabel}
          name={IMAGE_FIELD}
          accept={PROFILE_IMAGE_ACCEPT}
          aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
          aria-invalid={problem ? true : undefined}
          className="peer sr-only"
          onChange={(event) => {
            choose(event.target.files?.[0] ?? null);
            // The same file chosen again after a cancel still counts as a change.
            event.target.value = '';
          }}
        />
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          {file ? (
            <>
              <Button busy={uploading} onClick={() => void upload()}>
                {!uploading && <ImageUp aria-hidden="true" className="size-4" />}
                Upload picture
              </Button>
              <Button variant="ghost" disabled={uploading} onClick={() => setFile(null)}>
                <X aria-hidden="true" className="size-4" /> Cancel
              </Button>
            </>
          ) : (
            <label
              htmlFor={inputId}
              className="inline-flex min-h-10 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 text-sm shadow-sm transition-colors hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-indigo-500 peer-focus-visible:outline-offset-2"
            >
              <ImageUp aria-hidden="true" className="size-4 text-slate-500" />
              {chooseLabel}
            </label>
          )}
        </div>
        {problem && (
          <div className="self-stretch text-left">
            <FieldError id={errorId}>{problem}</FieldError>
          </div>
        )}
        <p id={hintId} className="text-slate-500 text-xs">
          {PROFILE_IMAGE_RULE}. It is cropped to a square.
        </p>
      </div>
    </Card>
  );
}
