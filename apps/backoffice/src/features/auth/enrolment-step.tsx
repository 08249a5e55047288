import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import type { z } from 'zod';
import { operatorEnrolBodySchema, type OperatorEnrolment } from '@wps/shared/schemas/operator';
import { isApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { Preferences } from '../../components/preferences';
import { useConfirmEnrolment } from './api';

const codeSchema = operatorEnrolBodySchema.pick({ code: true });
type CodeInput = z.input<typeof codeSchema>;
type CodeValues = z.output<typeof codeSchema>;

/** Groups of four characters: easier to type from the screen into an app. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * First sign-in: the QR code of the otpauth URI (drawn here, in the browser), the key as text for
 * apps that cannot scan, and the first code to confirm. The secret is shown only on this screen.
 */
export function EnrolmentStep({
  enrolment,
  onDone,
  onRestart,
}: {
  enrolment: OperatorEnrolment;
  onDone: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmEnrolment();
  const heading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CodeInput, unknown, CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });

  useEffect(() => {
    document.title = t('enrol.documentTitle');
    heading.current?.focus();
  }, [t]);

  const onSubmit = handleSubmit(({ code }) => {
    confirm.mutate({ enrolmentToken: enrolment.enrolmentToken, code }, { onSuccess: onDone });
  });
  const expired = isApiError(confirm.error, 'OPERATOR_ENROLMENT_EXPIRED');

  return (
    <div className="auth-screen">
      <Preferences />
      <main className="auth-card wide">
        <h1 ref={heading} tabIndex={-1}>
          {t('enrol.title')}
        </h1>
        <p className="muted">{t('enrol.intro')}</p>
        <ol className="steps">
          <li>{t('enrol.stepApp')}</li>
          <li>
            {t('enrol.stepScan')}
            <div className="qr">
              <QRCodeSVG
                value={enrolment.otpauthUri}
                size={184}
                marginSize={2}
                title={t('enrol.qrLabel')}
                role="img"
                aria-label={t('enrol.qrLabel')}
              />
            </div>
            <p className="muted">{t('enrol.cannotScan')}</p>
            <p className="secret">
              <span className="visually-hidden">{t('enrol.keyLabel')}: </span>
              <code data-testid="totp-secret">{grouped(enrolment.secret)}</code>
            </p>
          </li>
          <li>{t('enrol.stepCode')}</li>
        </ol>
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="enrol-code">{t('enrol.code')}</label>
            <input
              id="enrol-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? 'enrol-code-error' : undefined}
              {...register('code')}
            />
            {errors.code && (
              <p id="enrol-code-error" className="field-error">
                {t('signIn.codeFormat')}
              </p>
            )}
          </div>
          {confirm.error && (
            <p role="alert" className="form-error">
              {errorText(t, confirm.error)}
            </p>
          )}
          <div className="actions">
            {expired ? (
              <button type="button" className="button primary" onClick={onRestart}>
                {t('enrol.restart')}
              </button>
            ) : (
              <button type="submit" className="button primary" disabled={confirm.isPending}>
                {t('enrol.submit')}
              </button>
            )}
          </div>
        </form>
      </main>
    </div>
  );
}
