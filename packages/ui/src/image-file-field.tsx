import { useId, type ChangeEvent, type ReactNode } from 'react';

export type ImageFileFieldProps = {
  label: ReactNode;
  /** The types the app takes (its own check runs again on what is picked: a picker's filter is a hint). */
  accept: readonly string[];
  /** The files just picked; the input is emptied after, so the same file can be picked again. */
  onPick: (files: File[]) => void;
  /** What may be sent (types, size, how many); it stays beside an error, which it explains. */
  hint?: ReactNode;
  error?: string | null | undefined;
  multiple?: boolean;
  disabled?: boolean;
  /** The class of the input (each app's own look of a file input). */
  inputClassName?: string;
  /** What was chosen, under the field: previews, a file list, the uploaded picture. */
  children?: ReactNode;
};

/**
 * An image attachment: a labelled file input, the rules under it and the first error (announced),
 * then what was chosen. The checks and what becomes of the files (kept to send with the form, read
 * and uploaded at once) are the app's.
 */
export function ImageFileField({
  label,
  accept,
  onPick,
  hint,
  error,
  multiple = false,
  disabled,
  inputClassName = 'field__input',
  children,
}: ImageFileFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    onPick(files);
  }

  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={inputClassName}
        type="file"
        accept={accept.join(',')}
        multiple={multiple}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={pick}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}
