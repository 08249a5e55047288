import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../lib/api/get-me';
import { useCan } from '../lib/permissions';

/** The signed-in landing: who is signed in, with which role, and where to go. */
export function HomePage() {
  const { t } = useTranslation();
  const { data: operator } = useMe();
  const canManageOperators = useCan('operators.manage');
  useEffect(() => {
    document.title = t('home.documentTitle');
  }, [t]);
  if (!operator) return null;
  return (
    <section className="page" aria-labelledby="home-title">
      <h1 id="home-title">{t('home.title', { username: operator.username })}</h1>
      <dl className="facts">
        <div>
          <dt>{t('home.username')}</dt>
          <dd>{operator.username}</dd>
        </div>
        <div>
          <dt>{t('home.role')}</dt>
          <dd>{t(`roles.${operator.role}`)}</dd>
        </div>
      </dl>
      {canManageOperators && (
        <p>
          <Link to="/operators">{t('home.manageOperators')}</Link>
        </p>
      )}
    </section>
  );
}
