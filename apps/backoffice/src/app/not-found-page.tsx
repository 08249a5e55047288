import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOperatorToken } from '../lib/session';

/** Any back-office path without a screen. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const token = useOperatorToken();
  useEffect(() => {
    document.title = t('notFound.documentTitle');
  }, [t]);
  return (
    <section className="page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to={token ? '/' : '/sign-in'}>{token ? t('notFound.home') : t('notFound.signIn')}</Link>
      </p>
    </section>
  );
}
