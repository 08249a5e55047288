import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { clearSession, getToken } from '../../../lib/session-storage';
import { endSession } from '../api/end-session';
import { useResetPasswordByEmail } from '../api/reset-password-email';
import { openAuthModal, openForgotPassword } from '../auth-modal-store';
import { checkConfirmation, createIssueDescriber, passwordText } from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { forgetResetToken, takeResetToken } from '../reset-link';
import { useAuthSettings } from '../use-auth-settings';
import '../auth.css';
import { FormError } from '@wps/ui/form-error';
import { NewPasswordFields } from '../../../components/form/new-password-fields';

type ResetValues = { newPassword: string; confirmNewPassword: string };

/**
 * /reset-password#token=…: the page an e-mailed reset link opens. The token is read
 * from the fragment and the fragment leaves the address bar at once; the new password follows
 * the operator's password rule; success ends any session of this tab and opens the login.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  // Taken from the fragment, which leaves the address bar at once.
  const [token] = useState(takeResetToken);
  const [isLinkInvalid, setIsLinkInvalid] = useState(token === null);

  return (
    <section className="auth-page" aria-labelledby="reset-page-title">
      <div className="auth-page__card">
        <header className="auth-page__head">
          <h1 id="reset-page-title" className="auth-page__title">
            {t('resetPage.title')}
          </h1>
        </header>
        {isLinkInvalid || token === null ? (
          <InvalidLink />
        ) : (
          <ResetForm
            token={token}
            onInvalidLink={() => {
              forgetResetToken();
              setIsLinkInvalid(true);
            }}
          />
        )}
        <Link to="/" className="auth-page__back">
          {t('page.backHome')}
        </Link>
      </div>
    </section>
  );
}

function InvalidLink() {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-confirmation">
      <p role="alert">{t('resetPage.invalidLink')}</p>
      <Button block onClick={openForgotPassword}>
        {t('resetPage.requestNew')}
      </Button>
    </div>
  );
}

function ResetForm({ token, onInvalidLink }: { token: string; onInvalidLink: () => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register: settings } = useAuthSettings();
  const resetPassword = useResetPasswordByEmail();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetValues>({
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmNewPassword: '' },
    resolver: createFormResolver(
      z
        .object({ newPassword: passwordText(settings?.validate.password), confirmNewPassword: z.string() })
        .superRefine((values, ctx) => checkConfirmation(values, 'newPassword', 'confirmNewPassword', ctx)),
      createIssueDescriber(t, (field) => t(`fields.${field}`)),
    ),
  });
  const { handleSubmit, setError } = form;

  function onSubmit(values: ResetValues) {
    setFormError(null);
    resetPassword.mutate(
      { token, newPassword: values.newPassword, confirmNewPassword: values.confirmNewPassword },
      {
        onSuccess: () => {
          // The reset ended every session of that account; a stored one of this tab goes too.
          forgetResetToken();
          const stored = getToken();
          if (stored) void endSession(stored).catch(() => undefined);
          clearSession();
          queryClient.removeQueries({ queryKey: ['member'] });
          toast.success(t('resetPage.success'));
          void navigate('/', { replace: true });
          openAuthModal('login');
        },
        onError: (error) => {
          if (isApiError(error, 'RESET_LINK_INVALID')) onInvalidLink();
          else if (isApiError(error, 'PASSWORD_TOO_WEAK')) setError('newPassword', { message: translateError(error) });
          else if (isApiError(error, 'PASSWORD_MISMATCH'))
            setError('confirmNewPassword', { message: translateError(error) });
          else setFormError(translateError(error));
        },
      },
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <p className="auth-hint">{t('resetPage.hint')}</p>
      <NewPasswordFields
        form={form}
        names={{ password: 'newPassword', confirm: 'confirmNewPassword' }}
        labels={{ password: t('fields.newPassword'), confirm: t('fields.confirmNewPassword') }}
        rule={settings?.validate.password}
      />
      <FormError message={formError} />
      <Button type="submit" block size="lg" loading={resetPassword.isPending}>
        {t('resetPage.submit')}
      </Button>
    </form>
  );
}

export default ResetPasswordPage;
