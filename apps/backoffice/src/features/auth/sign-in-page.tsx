import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { operatorLoginBodySchema, totpCodeSchema, type OperatorEnrolment } from '@wps/shared/schemas/operator';
import { isApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useOperatorToken } from '../../lib/session';
import { Preferences } from '../../components/preferences';
import { useSignIn } from './api';
import { EnrolmentStep } from './enrolment-step';
import { showNotice } from '../../lib/notices';

/** The shared login body, with the code left empty on a first sign-in (enrolment follows). */
const signInSchema = operatorLoginBodySchema.extend({
  code: z.union([z.literal(''), totpCodeSchema]),
});
type SignInInput = z.input<typeof signInSchema>;
type SignInValues = z.output<typeof signInSchema>;

/** Username, password and authenticator code; an operator without TOTP is taken through enrolment. */
export function SignInPage() {
  const { t } = useTranslation();
  const token = useOperatorToken();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [enrolment, setEnrolment] = useState<OperatorEnrolment | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<SignInInput, unknown, SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { username: '', password: '', code: '' },
  });

  useEffect(() => {
    document.title = t('signIn.documentTitle');
  }, [t]);

  // The password was right but a code is needed: the code field is where to go next.
  useEffect(() => {
    if (isApiError(signIn.error, 'OPERATOR_TOTP_REQUIRED') || isApiError(signIn.error, 'OPERATOR_TOTP_INVALID'))
      setFocus('code');
  }, [signIn.error, setFocus]);

  if (token) return <Navigate to="/" replace />;
  if (enrolment)
    return (
      <EnrolmentStep
        enrolment={enrolment}
        onRestart={() => setEnrolment(null)}
        onDone={() => navigate('/', { replace: true })}
      />
    );

  const onSubmit = handleSubmit((values) => {
    signIn.mutate(
      { username: values.username, password: values.password, ...(values.code ? { code: values.code } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.status === 'enrolmentRequired') setEnrolment(answer);
          else {
            // Wrong codes since the last sign-in mean someone else may know the password.
            if (answer.failedCodesBefore)
              showNotice(t('signIn.failedCodesBefore', { count: answer.failedCodesBefore }));
            navigate('/', { replace: true });
          }
        },
      },
    );
  });

  return (
    <div className="auth-screen">
      <Preferences />
      <main className="auth-card">
        <h1>{t('signIn.title')}</h1>
        <p className="muted">{t('signIn.intro')}</p>
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="username">{t('signIn.username')}</label>
            <input
              id="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={errors.username ? 'username-error' : undefined}
              {...register('username')}
            />
            {errors.username && (
              <p id="username-error" className="field-error">
                {t('signIn.usernameRequired')}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="password">{t('signIn.password')}</label>
            <input
              id="password"
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'password-error' : undefined}
              {...register('password')}
            />
            {errors.password && (
              <p id="password-error" className="field-error">
                {t('signIn.passwordRequired')}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="code">{t('signIn.code')}</label>
            <input
              id="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? 'code-hint code-error' : 'code-hint'}
              {...register('code')}
            />
            <p id="code-hint" className="field-hint">
              {t('signIn.codeHint')}
            </p>
            {errors.code && (
              <p id="code-error" className="field-error">
                {t('signIn.codeFormat')}
              </p>
            )}
          </div>
          {signIn.error && (
            <p role="alert" className="form-error">
              {errorText(t, signIn.error)}
            </p>
          )}
          <button type="submit" className="button primary" disabled={signIn.isPending}>
            {signIn.isPending ? t('signIn.submitting') : t('signIn.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
