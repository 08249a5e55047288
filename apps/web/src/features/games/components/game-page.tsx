import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@wps/ui/button';
import { BALANCE_QUERY_KEY } from '../../../lib/api/get-balance';
import { INHOUSE_VASSALAGE } from '../../../lib/inhouse-vendor';
import { readGameUrl, readLaunchedGame } from '../../../lib/game-url';
import { TransferGate } from './transfer-gate';
import { ResponsibleGamingNotice } from '../../../components/ui/responsible-gaming-notice';
import '../games.css';

const BALANCE_REFRESH_MS = 5000;

/**
 * /game: header only, the launched game in a full-width iframe, and a back button. The
 * URL comes from session storage (set by useLaunchGame), so a reload keeps the game open. A
 * transfer-wallet vendor's game with nothing in that wallet first offers the transfer in place
 * (TransferGate), then starts.
 */
export function GamePage() {
  const { t } = useTranslation('games');
  const navigate = useNavigate();
  const [url, setUrl] = useState(readGameUrl);
  const [game] = useState(readLaunchedGame);
  const queryClient = useQueryClient();

  // The framed game moves money without telling this page: keep the header balance fresh while
  // it is open, and once more on leaving.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
    const timer = window.setInterval(refresh, BALANCE_REFRESH_MS);
    // Our own in-house games (same origin) say when a round settled, so the header follows at once.
    const onMessage = (event: MessageEvent) => {
      if (
        event.origin === window.location.origin &&
        (event.data as { type?: unknown } | null)?.type === 'wps:balance-changed'
      )
        refresh();
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('message', onMessage);
      refresh();
    };
  }, [queryClient]);

  const goBack = () => {
    // Opened from the lobby: go back there; opened directly (e.g. after a reload in a new tab): home.
    if (window.history.state && (window.history.state as { idx?: number }).idx) void navigate(-1);
    else void navigate('/');
  };

  return (
    <section className="game-page" aria-label={t('game.title')}>
      <div className="game-page__bar">
        <Button variant="ghost" size="sm" onClick={goBack} data-testid="game-back">
          {t('game.back')}
        </Button>
        <ResponsibleGamingNotice compact />
      </div>
      {url ? (
        <MaybeGate game={game} onLaunched={setUrl}>
          <iframe
            key={url}
            className="game-page__frame"
            src={url}
            title={t('game.frameTitle')}
            allow="autoplay; fullscreen"
            referrerPolicy="no-referrer"
            data-testid="game-frame"
          />
        </MaybeGate>
      ) : (
        <div className="game-page__empty" role="status">
          <p>{t('game.none')}</p>
          <Link to="/rng">{t('game.browse')}</Link>
        </div>
      )}
    </section>
  );
}

/**
 * The transfer offer only for a game whose vendor is known (launched from this site) and not ours:
 * our own games play from the main wallet, and free-play accounts play only them.
 */
function MaybeGate({
  game,
  onLaunched,
  children,
}: {
  game: ReturnType<typeof readLaunchedGame>;
  onLaunched: (url: string) => void;
  children: ReactNode;
}) {
  if (!game || game.vassalage === INHOUSE_VASSALAGE) return children;
  return (
    <TransferGate game={game} onLaunched={onLaunched}>
      {children}
    </TransferGate>
  );
}
