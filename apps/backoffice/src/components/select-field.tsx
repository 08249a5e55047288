import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

/** A labelled select with its error under it, styled like the text fields. */
export function SelectField({ label, error, children, ...select }: SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: string | undefined }) {
  const id = useId();
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...select}>
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
