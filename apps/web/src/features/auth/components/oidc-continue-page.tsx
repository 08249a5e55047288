import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@wps/shared/error-codes';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@wps/ui/button';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { ApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useToken } from '../../../lib/session-storage';
import { useOidcPending } from '../api/get-oidc-pending';
import { registerOidcPending } from '../api/register-oidc-pending';
import { openAuthModal } from '../auth-modal-store';
import { useAuthSettings } from '../use-auth-settings';
import '../auth.css';
import { RegisterForm } from './register-form';

type Choice = 'link' | 'register';

/**
 * /sign-in/provider: where the identity provider's sign-in comes back. With `?error=` it says
 * why it failed; with `?pending=1` the player links the identity to an account (signed in, from
 * the security centre, which `onOpenAccount` opens) or creates one under the site's registration
 * rules. A linked identity never lands here: its login arrives as a login link (`/?token=`).
 */
export function OidcContinuePage({ onOpenAccount }: { onOpenAccount: () => void }) {
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
          <Choices provider={pending.data.providerName} onOpenAccount={onOpenAccount} />
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

function Choices({ provider, onOpenAccount }: { provider: string; onOpenAccount: () => void }) {
  const { t } = useTranslation('auth');
  const idBase = useId();
  const { switches } = useAuthSettings();
  const [choice, setChoice] = useState<Choice>('link');
  const canRegister = switches.canRegister && switches.canRegisterByUsername;
  const active = canRegister ? choice : 'link';
  const linkPanel = <LinkPanel provider={provider} onOpenAccount={onOpenAccount} />;
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
          {active === 'link' ? linkPanel : <RegisterForm variant="page" submit={registerOidcPending} />}
        </TabPanel>
      ) : (
        linkPanel
      )}
    </div>
  );
}

/**
 * Link to an existing account: never with a password typed here. The player signs in through the
 * login (with its new-device code), then links the waiting identity in the security centre
 * (docs/decisions.md, "Linking a provider's sign-in").
 */
function LinkPanel({ provider, onOpenAccount }: { provider: string; onOpenAccount: () => void }) {
  const { t } = useTranslation('auth');
  const signedIn = useToken() !== null;
  return (
    <div className="auth-form" role="group" aria-label={t('oidc.linkTab')}>
      <p className="auth-oidc__hint">{t(signedIn ? 'oidc.linkSignedInHint' : 'oidc.linkHint', { provider })}</p>
      {signedIn ? (
        <Button onClick={onOpenAccount}>{t('oidc.linkOpenAccount')}</Button>
      ) : (
        <Button onClick={() => openAuthModal('login')}>{t('oidc.linkSignIn')}</Button>
      )}
    </div>
  );
}

export default OidcContinuePage;
