import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { RegisterSettings } from '@wps/shared/schemas/system';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { createIssueDescriber } from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { toast } from '../../../components/ui/toast';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { clearSession } from '../../../lib/session-storage';
import { useSupplyIdentity } from '../api/supply-identity';
import { closeIdentityRequired } from '../auth-modal-store';
import { describeIdentityIssue, EMPTY_IDENTITY, identityBody, identityShape, type IdentityValues } from '../identity';
import { useAuthSettings } from '../use-auth-settings';
import { IdentityFields } from './identity-fields';

/**
 * The licence identifies players (BR: a CPF and a date of birth) and this account was made before
 * it did: the server refuses everything else (IDENTITY_REQUIRED) until they are given. Opened at
 * login (identityRequired) or when a stored session is refused for it, like the forced password
 * change. The server checks them as at registration (check digits, one account per CPF, the
 * minimum age, the barred-persons list); dismissing the dialog ends the session, which can do
 * nothing else.
 */
export function IdentityRequiredModal() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const { register: settings } = useAuthSettings();

  function endSession() {
    void apiRequest('/wps/session/logout', { method: 'DELETE' })
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        queryClient.removeQueries({ queryKey: ['member'] });
      });
  }

  function dismiss() {
    endSession();
    closeIdentityRequired();
  }

  return (
    <Modal open onClose={dismiss} title={t('identityRequired.title')}>
      {settings ? <IdentityRequiredForm settings={settings} /> : null}
    </Modal>
  );
}

function IdentityRequiredForm({ settings }: { settings: RegisterSettings }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const supply = useSupplyIdentity();
  const [formError, setFormError] = useState<string | null>(null);
  // Asked whatever the cached settings say: the server asked for them, under its licence.
  const asked = useMemo<RegisterSettings>(
    () => ({ ...settings, jurisdiction: { ...settings.jurisdiction, identity: 'cpf' } }),
    [settings],
  );
  const form = useForm<IdentityValues>({
    mode: 'onTouched',
    defaultValues: EMPTY_IDENTITY,
    resolver: createFormResolver(
      z.object(identityShape(asked)),
      createIssueDescriber(t, (field) => t(`fields.${field}`), describeIdentityIssue(t)),
    ),
  });

  function onSubmit(values: IdentityValues) {
    setFormError(null);
    const body = identityBody(asked, values);
    supply.mutate(
      { cpf: body.cpf ?? '', birthDate: body.birthDate ?? '' },
      {
        onSuccess: () => {
          closeIdentityRequired();
          toast.success(t('identityRequired.success'));
        },
        onError: (error) => {
          if (isApiError(error, 'CPF_TAKEN')) form.setError('cpf', { message: translateError(error) });
          else if (isApiError(error, 'UNDER_MINIMUM_AGE'))
            form.setError('birthDate', { message: translateError(error) });
          else if (isApiError(error, 'ACCOUNT_RESTRICTED')) {
            // The list refused the CPF: the server ended the session.
            clearSession();
            queryClient.removeQueries({ queryKey: ['member'] });
            closeIdentityRequired();
            toast.error(translateError(error));
          } else setFormError(translateError(error));
        },
      },
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <p className="auth-hint">{t('identityRequired.hint')}</p>
      <IdentityFields form={form} label={(name) => t(`fields.${name}`)} />
      <FormError message={formError} />
      <Button type="submit" block size="lg" loading={supply.isPending}>
        {t('identityRequired.submit')}
      </Button>
    </form>
  );
}
