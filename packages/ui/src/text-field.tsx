import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  /** The first error for this field, shown under it. */
  error?: string;
  hint?: ReactNode;
  /** Content inside the input box on the right, e.g. a show-password toggle. */
  trailing?: ReactNode;
  /** Content inside the input box on the left, e.g. a country-code picker. */
  leading?: ReactNode;
  /** Marks the label with a star (required fields get a star). */
  requiredMark?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** Labelled input with its first error under it; works with react-hook-form's register(). */
export function TextField({
  label,
  error,
  hint,
  trailing,
  leading,
  requiredMark,
  id,
  className,
  ref,
  ...inputProps
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {requiredMark && (
          <span className="field__star" aria-hidden="true">
            *
          </span>
        )}
        {label}
      </label>
      <div className="field__box">
        {leading}
        <input
          ref={ref}
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
        {trailing}
      </div>
      {hint && !error && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
