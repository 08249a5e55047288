import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@wps/ui/text-field';
import './form.css';

/** A password input with a show/hide toggle (the confirm-password toggle). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation('auth');
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      autoComplete="current-password"
      {...props}
      type={isVisible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="form-icon-button"
          aria-label={isVisible ? t('actions.hidePassword') : t('actions.showPassword')}
          aria-pressed={isVisible}
          onClick={() => setIsVisible((v) => !v)}
        >
          <EyeIcon isOpen={isVisible} />
        </button>
      }
    />
  );
}

function EyeIcon({ isOpen }: { isOpen: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {isOpen ? null : <path d="M4 4l16 16" />}
    </svg>
  );
}
