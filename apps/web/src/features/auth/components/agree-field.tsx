import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export type AgreeFieldProps = { minimumAge: number; error?: string; registration: UseFormRegisterReturn };

/** The player confirms the minimum age and accepts the Terms and Privacy Policy. */
export function AgreeField({ minimumAge, error, registration }: AgreeFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <div className="auth-agree">
      <label className="auth-check auth-check--top">
        <input type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...registration} />
        <span>{t('register.agree', { age: minimumAge })}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
