import { useTranslation } from 'react-i18next';
import { WarningIcon } from '../../../components/ui/icons';
import { useHotGames } from '../api/list-hot-games';
import { GameStrip } from './game-strip';

/** The "game under maintenance" notice, with other popular games suggested instead. */
export function MaintenanceNotice({ subject, name }: { subject: 'game' | 'vendor'; name: string }) {
  const { t } = useTranslation('lobby');
  const hot = useHotGames();
  return (
    <div className="maintenance-notice" data-testid="maintenance-notice">
      <div className="maintenance-notice__message" role="alert">
        <WarningIcon size={28} />
        <div>
          <p className="maintenance-notice__title">
            {subject === 'game' ? t('maintenance.gameTitle', { name }) : t('maintenance.vendorTitle', { name })}
          </p>
          <p className="maintenance-notice__text">{t('maintenance.text')}</p>
        </div>
      </div>
      <GameStrip
        title={t('maintenance.suggestions')}
        games={hot.data?.list}
        isLoading={hot.isLoading}
        testId="maintenance-suggestions"
      />
    </div>
  );
}
