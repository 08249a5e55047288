import { useTranslation } from 'react-i18next';
import type { GameCategory } from '@wps/shared/schemas/catalogue';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { openLoginPrompt } from '../../../lib/login-prompt';
import { useToken } from '../../../lib/session-storage';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { useGames } from '../api/list-games';
import { useHotGames } from '../api/list-hot-games';
import { closeLobbyOverlay, useLobbyOverlay } from '../lobby-store';
import { GameGrid } from './game-grid';
import { MaintenanceNotice } from './maintenance-notice';

/** Whose games a popup lists: the vendor's, in one category when it was opened from another category's page. */
type GamesProps = { vassalage: string; gameType?: GameCategory | undefined; label: string };

/** The vendor's games for a player; paged with a button because the dialog scrolls, not the page. */
function VendorGames({ vassalage, gameType, label }: GamesProps) {
  const { t } = useTranslation('lobby');
  const games = useGames({ vassalage, gameType });
  const list = games.data?.pages.flatMap((p) => p.games) ?? [];
  return (
    <>
      <GameGrid games={list} isLoading={games.isLoading} label={label} />
      {games.hasNextPage && (
        <div className="lobby-more">
          <Button variant="secondary" loading={games.isFetchingNextPage} onClick={() => void games.fetchNextPage()}>
            {t('popup.more')}
          </Button>
        </div>
      )}
    </>
  );
}

/** A visitor sees the vendor's popular games and is asked to log in for the rest. */
function VisitorGames({ vassalage, gameType, label }: GamesProps) {
  const { t } = useTranslation('lobby');
  const hot = useHotGames({ vassalage, gameType });
  return (
    <>
      <GameGrid games={hot.data?.list ?? []} isLoading={hot.isLoading} label={label} empty={t('popup.visitorEmpty')} />
      <div className="lobby-login-cta">
        <p>{t('popup.loginToSeeAll')}</p>
        <Button onClick={() => openLoginPrompt('login')}>{t('loginButton')}</Button>
      </div>
    </>
  );
}

/** Game popup: the list of a vendor's games. */
export function GamePopup() {
  const { t } = useTranslation('lobby');
  const overlay = useLobbyOverlay();
  const token = useToken();
  const { mappingVendor } = useVendorLanes();
  if (overlay.kind === 'maintenance') {
    return (
      <Modal open onClose={closeLobbyOverlay} title={t('maintenance.dialogTitle')} size="lg" className="lobby-dialog">
        <MaintenanceNotice subject={overlay.subject} name={overlay.name} />
      </Modal>
    );
  }
  if (overlay.kind !== 'popup') return null;
  const vendor = mappingVendor[overlay.vassalage];
  const name = vendor?.name ?? overlay.vassalage;
  const label = t('popup.gamesOf', { name });
  return (
    <Modal open onClose={closeLobbyOverlay} title={name} size="lg" className="lobby-dialog game-popup">
      {vendor?.status === 'maintenance' ? (
        <MaintenanceNotice subject="vendor" name={name} />
      ) : token ? (
        <VendorGames vassalage={overlay.vassalage} gameType={overlay.gameType} label={label} />
      ) : (
        <VisitorGames vassalage={overlay.vassalage} gameType={overlay.gameType} label={label} />
      )}
    </Modal>
  );
}
