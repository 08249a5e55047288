import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@wps/shared/error-codes';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { TextField } from '@wps/ui/text-field';
import { createIssueDescriber, requiredText } from '../../../components/form/field-rules';
import { createFormResolver } from '../../../components/form/form-resolver';
import { PasswordField } from '../../../components/form/password-field';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useOidcPending } from '../api/get-oidc-pending';
import { useLinkOidcPending } from '../api/link-oidc-pending';
import { registerOidcPending } from '../api/register-oidc-pending';
import { useAuthSettings } from '../use-auth-settings';
import { useCompleteLogin } from '../use-complete-login';
import '../auth.css';
import { RegisterForm } from './register-form';

type Choice = 'link' | 'register';

/**
 * /sign-in/provider: where the identity provider's sign-in comes back. With `?error=` it says
 * why it failed; with `?pending=1` the player links the identity to an account (its password)
 * or creates one under the site's registration rules. A linked identity never lands here: its
 * login arrives as a login link (`/?token=`).
 */
export function OidcContinuePage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const error = params.get('error');
  const pending = useOidcPending(error === null);
  return (
    <section className="auth-page" aria-labelledby="oidc-title">
      <div className="auth-page__card">
        <header className="auth-page__head">
          <h1 id="oidc-title" className="auth-page__title">
            {t('oidc.title')}
          </h1>
          {pending.data ? (
            <p className="auth-page__subtitle" data-testid="oidc-identity">
              {t('oidc.identity', {
                provider: pending.data.providerName,
                who: pending.data.email ?? pending.data.displayName ?? '',
              })}
            </p>
          ) : null}
        </header>
        {error !== null || pending.isError ? (
          <p className="auth-notice" role="alert">
            {translateError(error !== null ? new ApiError(error as ErrorCode, '', 400) : pending.error)}
          </p>
        ) : pending.data ? (
          <Choices />
        ) : (
          <div className="auth-loading" aria-busy="true" />
        )}
        <Link to="/" className="auth-page__back">
          {t('page.backHome')}
        </Link>
      </div>
    </section>
  );
}

function Choices() {
  const { t } = useTranslation('auth');
  const idBase = useId();
  const { switches } = useAuthSettings();
  const [choice, setChoice] = useState<Choice>('link');
  const canRegister = switches.canRegister && switches.canRegisterByUsername;
  const active = canRegister ? choice : 'link';
  return (
    <div className="auth-stack">
      <p className="auth-oidc__hint">{t('oidc.choose')}</p>
      {canRegister ? (
        <Tabs
          idBase={idBase}
          ariaLabel={t('oidc.choiceLabel')}
          className="auth-subtabs"
          value={active}
          onChange={setChoice}
          items={[
            { id: 'link', label: t('oidc.linkTab') },
            { id: 'register', label: t('oidc.registerTab') },
          ]}
        />
      ) : null}
      {canRegister ? (
        <TabPanel idBase={idBase} value={active}>
          {active === 'link' ? <LinkForm /> : <RegisterForm variant="page" submit={registerOidcPending} />}
        </TabPanel>
      ) : (
        <LinkForm />
      )}
    </div>
  );
}

type LinkValues = { username: string; password: string };

/** Link to an existing account: its username and password prove it is the player's. */
function LinkForm() {
  const { t } = useTranslation('auth');
  const link = useLinkOidcPending();
  const completeLogin = useCompleteLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LinkValues>({
    resolver: createFormResolver(
      z.object({ username: requiredText(), password: requiredText() }),
      createIssueDescriber(t, (field) => t(`fields.${field}`)),
    ),
    defaultValues: { username: '', password: '' },
  });
  function onSubmit(values: LinkValues) {
    setFormError(null);
    link.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: (result) => completeLogin(result, 'username'),
        onError: (error) => setFormError(translateError(error)),
      },
    );
  }
  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('oidc.linkTab')}>
      <p className="auth-oidc__hint">{t('oidc.linkHint')}</p>
      <TextField
        label={t('fields.username')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <PasswordField
        label={t('fields.password')}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <FormError message={formError} />
      <Button type="submit" disabled={link.isPending}>
        {t('oidc.linkSubmit')}
      </Button>
    </form>
  );
}

export default OidcContinuePage;
