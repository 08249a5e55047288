import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageFileField } from '@wps/ui/image-file-field';
import { IMAGE_TYPES, findImageProblem } from '../../lib/image-files';
import './image-attachments.css';

/** Object URLs for the previews, revoked when the images change or the form closes. */
function usePreviews(files: readonly File[]) {
  const previews = useMemo(() => files.map((file) => ({ file, url: URL.createObjectURL(file) })), [files]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  return previews;
}

type ImageAttachmentsFieldProps = {
  label: string;
  /** The rules as the form words them (types, size, how many). */
  hint: string;
  /** The images chosen so far; the form keeps them, to send and to clear once sent. */
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** How many the form takes: the picker closes once they are there. */
  max: number;
  removeLabel: (name: string) => string;
};

/**
 * Images a player attaches to what they send (feedback, a promotion application): png or jpg of
 * 5 MB, added to those already chosen up to the limit and checked first here with the server's
 * own error codes (`findImageProblem`; the server checks the bytes again), each previewed with a
 * button that removes it.
 */
export function ImageAttachmentsField({ label, hint, files, onChange, max, removeLabel }: ImageAttachmentsFieldProps) {
  const { t } = useTranslation('errors');
  const [error, setError] = useState<string | null>(null);
  const previews = usePreviews(files);

  function pick(picked: File[]) {
    const problem = findImageProblem(files, picked);
    setError(problem ? t(problem) : null);
    if (!problem) onChange([...files, ...picked]);
  }

  return (
    <ImageFileField
      label={label}
      hint={hint}
      error={error}
      accept={IMAGE_TYPES}
      multiple
      disabled={files.length >= max}
      inputClassName="image-attachments__input"
      onPick={pick}
    >
      {previews.length > 0 && (
        <ul className="image-attachments">
          {previews.map(({ file, url }, index) => (
            <li key={url}>
              <img src={url} alt={file.name} width={72} height={72} />
              <button
                type="button"
                className="image-attachments__remove"
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                {removeLabel(file.name)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </ImageFileField>
  );
}
