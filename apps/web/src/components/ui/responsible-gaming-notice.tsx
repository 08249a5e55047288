import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../lib/api/get-permission';
import './responsible-gaming-notice.css';

/** The operator's page on responsible gambling: where to learn the risks and find help. */
const HELP_PATH = '/responsible-gaming';

/**
 * The age notice ("18+") and the responsible-gambling message with a link to the help page, where
 * the licence asks for them: the footer, registration, the deposit screen and the game screen
 * (SPA/MF Ordinance 1.231/2024; docs/compliance.md). The age is the higher of the site's setting and
 * the licence's minimum. `compact` is one line for the game screen's bar, which must leave the game its room.
 */
export function ResponsibleGamingNotice({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const { data: permission } = usePermission();
  if (!permission) return null;
  const age = Math.max(permission.register.minimumAge, permission.register.jurisdiction.minimumAge ?? 0);
  return (
    <p className={`rg-notice${compact ? ' rg-notice--compact' : ''}`} data-testid="rg-notice">
      <span className="rg-notice__badge" aria-hidden="true">
        {t('rgNotice.badge', { age })}
      </span>
      <span className={compact ? 'visually-hidden' : undefined}>{t('rgNotice.text', { age })}</span>
      <Link to={HELP_PATH} className="rg-notice__link">
        {t(compact ? 'rgNotice.shortLink' : 'rgNotice.link')}
      </Link>
    </p>
  );
}
