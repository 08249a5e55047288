import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export type ReasonFieldProps = {
  label: string;
  /** What the reason is for, under the field (it goes to the audit log; some are shown to the player). */
  hint: string;
  /** The message when the form refused the reason; absent while it is fine. */
  error?: string | undefined;
  /** Mark the label with the form's required star. */
  required?: boolean;
  /** `form.register('reason')`. */
  registration: UseFormRegisterReturn;
  /** Text-area height in lines (2: a reason; more for a message the player reads). */
  rows?: number;
  maxLength?: number;
};

/**
 * The reason an operator gives for a change, in a react-hook-form form: a short text area with its
 * hint and its error tied to it (aria-describedby), as every audited back-office form asks.
 */
export function ReasonField({ label, hint, error, required, registration, rows = 2, maxLength }: ReasonFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {required && (
          <span className="field__star" aria-hidden="true">
            *
          </span>
        )}
        {label}
      </label>
      <textarea
        id={id}
        className="field__input"
        rows={rows}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        {...registration}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
