import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { toast } from '../../../components/ui/toast';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { clearSession, getSessionValue, setSessionValue } from '../../../lib/session-storage';
import { useMemberInfo } from '../../../lib/api/get-member-info';
import { useChangePassword } from '../api/change-password';
import { closeAllAuthModals, closeChangePassword, useAuthModal } from '../auth-modal-store';
import {
  checkConfirmation,
  createIssueDescriber,
  passwordText,
  requiredText,
} from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { useAuthSettings } from '../use-auth-settings';
import { FormError } from '@wps/ui/form-error';
import { PasswordField } from '../../../components/form/password-field';
import { NewPasswordFields } from '../../../components/form/new-password-fields';

type ChangeValues = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/**
 * Change password: opened for an expired or default password after login, or by the
 * member. On success the player stays signed in on this session (the server keeps it and ends
 * every other one): they have just typed the old and the new password, and a login form to fill
 * again, empty, only made a forced change look like a failed one. A forced change then goes on
 * as a completed login does: home.
 */
export function ChangePasswordModal() {
  const { t } = useTranslation('auth');
  const { isChangePasswordOpen } = useAuthModal();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { error: memberError } = useMemberInfo();
  // Forced: the login said the password must change (cpw), or the server refuses the session for it.
  const isForced = getSessionValue('cpw') === '1' || isApiError(memberError, 'PASSWORD_CHANGE_REQUIRED');

  function continueSession() {
    setSessionValue('cpw', null);
    // Member info was refused for the password (PASSWORD_CHANGE_REQUIRED): read it again.
    void queryClient.invalidateQueries({ queryKey: ['member'] });
    closeAllAuthModals();
    if (isForced) void navigate('/');
  }

  function endSession() {
    void apiRequest('/wps/session/logout', { method: 'DELETE' })
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        queryClient.removeQueries({ queryKey: ['member'] });
      });
  }

  function dismiss() {
    // A forced change that is dismissed leaves a token the server refuses for everything else:
    // end that session rather than leave the header waiting on it.
    if (isForced) endSession();
    closeChangePassword();
  }

  return (
    <Modal open={isChangePasswordOpen} onClose={dismiss} title={t('changePassword.title')}>
      {isChangePasswordOpen ? <ChangePasswordForm isForced={isForced} onChanged={continueSession} /> : null}
    </Modal>
  );
}

function ChangePasswordForm({ isForced, onChanged }: { isForced: boolean; onChanged: () => void }) {
  const { t } = useTranslation('auth');
  const { register: settings } = useAuthSettings();
  const changePassword = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangeValues>({
    mode: 'onTouched',
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    resolver: createFormResolver(
      z
        .object({
          oldPassword: requiredText(),
          newPassword: passwordText(settings?.validate.password),
          confirmNewPassword: z.string(),
        })
        .superRefine((values, ctx) => checkConfirmation(values, 'newPassword', 'confirmNewPassword', ctx)),
      createIssueDescriber(t, (field) => t(`fields.${field}`)),
    ),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  function onSubmit(values: ChangeValues) {
    setFormError(null);
    changePassword.mutate(
      {
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      },
      {
        onSuccess: () => {
          closeChangePassword();
          onChanged();
          toast.success(t('changePassword.success'));
        },
        onError: (error) => {
          if (isApiError(error, 'OLD_PASSWORD_INCORRECT')) setError('oldPassword', { message: translateError(error) });
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
      {isForced ? <p className="auth-hint">{t('changePassword.forcedHint')}</p> : null}
      <PasswordField
        label={t('fields.oldPassword')}
        requiredMark
        autoComplete="current-password"
        error={errors.oldPassword?.message}
        {...register('oldPassword')}
      />
      <NewPasswordFields
        form={form}
        names={{ password: 'newPassword', confirm: 'confirmNewPassword' }}
        labels={{ password: t('fields.newPassword'), confirm: t('fields.confirmNewPassword') }}
        rule={settings?.validate.password}
      />
      <FormError message={formError} />
      <Button type="submit" block size="lg" loading={changePassword.isPending}>
        {t('actions.changePassword')}
      </Button>
    </form>
  );
}
