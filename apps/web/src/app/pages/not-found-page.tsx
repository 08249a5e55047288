import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeIcon } from '../../components/ui/icons';
import '../../components/ui/ui.css';
import '../../components/ui/ui-fields.css';
import './status-page.css';

/**
 * Any path the app has no page for: a 404 in the site's frame with a way back home. The server answers such a path with the app's
 * HTML (it cannot know the app's routes), so the "not found" is said here.
 */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-page__code">{t('notFound.code')}</p>
      <h1 id="not-found-title" className="status-page__title">
        {t('notFound.title')}
      </h1>
      <p className="status-page__text">{t('notFound.text')}</p>
      <div className="status-page__actions">
        <Link to="/" className="btn btn--primary btn--lg status-page__link">
          <HomeIcon size={20} />
          <span className="btn__label">{t('notFound.home')}</span>
        </Link>
      </div>
    </section>
  );
}
