import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

/** A labelled select with its hint or error under it, styled like the text fields. */
export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: string | undefined; hint?: ReactNode }) {
  const id = useId();
  const shownHint = hint && !error ? hint : null;
  const describedBy = error ? `${id}-error` : shownHint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {children}
      </select>
      {shownHint && (
        <p id={`${id}-hint`} className="field__hint">
          {shownHint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
