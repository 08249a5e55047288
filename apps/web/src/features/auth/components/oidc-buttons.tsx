import { useTranslation } from 'react-i18next';
import { oidcStartUrl, useOidcProviders } from '../api/list-oidc-providers';

/** "Sign in with …" for each identity provider the operator switched on; nothing when none is. */
export function OidcButtons() {
  const { t } = useTranslation('auth');
  const providers = useOidcProviders();
  const list = providers.data ?? [];
  if (list.length === 0) return null;
  return (
    <div className="auth-oidc" role="group" aria-label={t('oidc.groupLabel')}>
      <p className="auth-oidc__or">{t('oidc.or')}</p>
      {list.map((provider) => (
        // A navigation: the server answers with the provider's page, so no script runs the flow.
        <a key={provider.id} className="auth-oidc__button" href={oidcStartUrl(provider.id)}>
          {t('oidc.signInWith', { name: provider.name })}
        </a>
      ))}
    </div>
  );
}
