import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@wps/ui/text-field';
import { Spinner } from '@wps/ui/spinner';
import type { CaptchaState } from '../api/captcha';

export type CaptchaFieldProps = Omit<TextFieldProps, 'trailing'> & { captcha: CaptchaState };

/** The captcha input with its server-drawn image; a click draws a new one (at most once per 1000 ms). */
export function CaptchaField({ captcha, ...fieldProps }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={16}
      {...fieldProps}
      trailing={
        <button
          type="button"
          className="auth-captcha"
          onClick={captcha.refresh}
          aria-label={t('actions.refreshCaptcha')}
          title={t('actions.refreshCaptcha')}
        >
          {captcha.image ? (
            <img src={captcha.image} alt={t('fields.captchaImage')} width={96} height={36} />
          ) : captcha.isError ? (
            <span className="auth-captcha__error">{t('actions.retry')}</span>
          ) : (
            <Spinner size={16} />
          )}
        </button>
      }
    />
  );
}
