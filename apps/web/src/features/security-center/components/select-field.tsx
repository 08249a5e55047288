import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  /** The first error for this field, shown under it. */
  error?: string;
  requiredMark?: boolean;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled native select styled like TextField, with its first error under it. */
export function SelectField({ label, error, requiredMark, id, children, ref, ...selectProps }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field__label" htmlFor={selectId}>
        {requiredMark && (
          <span className="field__star" aria-hidden="true">
            *
          </span>
        )}
        {label}
      </label>
      <div className="field__box">
        <select
          ref={ref}
          id={selectId}
          className="field__input sec-select"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...selectProps}
        >
          {children}
        </select>
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
