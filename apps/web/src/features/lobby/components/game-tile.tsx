import { useTranslation } from 'react-i18next';
import type { GameItem } from '@wps/shared/schemas/catalogue';
import { Spinner } from '@wps/ui/spinner';
import { useFormats } from '../../../lib/format';
import { LazyImage } from './lazy-image';

/** The decimals an RTP needs: 9600 → "96%", 9650 → "96,5%", 9655 → "96,55%". */
function rtpDigits(bps: number): number {
  if (bps % 10 !== 0) return 2;
  return bps % 100 !== 0 ? 1 : 0;
}

type GameTileProps = {
  game: GameItem;
  isFavourite: boolean;
  isLaunching: boolean;
  onPlay: (game: GameItem) => void;
  onToggleFavourite: (game: GameItem) => void;
};

/**
 * One game: its drawn tile, name, vendor and RTP (a licensed operator shows every game's return to
 * player); the heart toggles the favourite.
 */
export function GameTile({ game, isFavourite, isLaunching, onPlay, onToggleFavourite }: GameTileProps) {
  const { t } = useTranslation('lobby');
  const formats = useFormats();
  const isMaintenance = game.status === 'maintenance';
  return (
    <li className={`game-tile${isMaintenance ? ' is-maintenance' : ''}`} data-node-id={game.nodeId}>
      <button
        type="button"
        className="game-tile__play"
        onClick={() => onPlay(game)}
        aria-label={
          isMaintenance ? t('tile.playMaintenance', { name: game.gameName }) : t('tile.play', { name: game.gameName })
        }
        aria-busy={isLaunching || undefined}
      >
        <LazyImage src={game.image} alt="" width={200} height={200} className="game-tile__image" />
        {isMaintenance && <span className="game-tile__badge">{t('tile.maintenance')}</span>}
        {game.isHot === 1 && !isMaintenance && (
          <span className="game-tile__badge game-tile__badge--hot">{t('tile.hot')}</span>
        )}
        {isLaunching && (
          <span className="game-tile__loading">
            <Spinner size={28} />
          </span>
        )}
        <span className="game-tile__name">{game.gameName}</span>
        <span className="game-tile__vendor">{game.vendorName}</span>
        {game.rtpBps !== null && (
          <span className="game-tile__rtp" data-testid="game-rtp">
            {t('tile.rtp', { value: formats.percent(game.rtpBps / 10_000, rtpDigits(game.rtpBps)) })}
          </span>
        )}
      </button>
      <button
        type="button"
        className={`game-tile__fav${isFavourite ? ' is-on' : ''}`}
        aria-pressed={isFavourite}
        aria-label={
          isFavourite ? t('tile.unfavourite', { name: game.gameName }) : t('tile.favourite', { name: game.gameName })
        }
        onClick={() => onToggleFavourite(game)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 20.5s-7.5-4.4-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.8-7.5 10.2-7.5 10.2z"
            fill={isFavourite ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </li>
  );
}

/**
 * A tile-shaped placeholder while games load. `still`: it only holds the place of games not asked
 * for yet (a lane below the fold), so it does not shimmer; a page of shimmering lanes nobody sees
 * kept a phone's CPU busy for nothing.
 */
export function GameTileSkeleton({ still = false }: { still?: boolean }) {
  const skeleton = still ? 'skeleton skeleton--still' : 'skeleton';
  return (
    <li className="game-tile game-tile--skeleton" aria-hidden="true">
      <span className={`${skeleton} game-tile__skeleton-image`} />
      <span className={`${skeleton} game-tile__skeleton-line`} />
    </li>
  );
}
