import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameItem } from '@wps/shared/schemas/catalogue';
import { useLatest } from '@wps/ui/use-latest';
import { useGameActions } from '../use-game-actions';
import { GameTile, GameTileSkeleton } from './game-tile';

/** The infinite scroll checks at most every 200 ms. */
const SCROLL_THROTTLE_MS = 200;
/** Start loading the next page this far before the end of the grid. */
const PREFETCH_MARGIN_PX = 400;
const SKELETON_COUNT = 12;

type GameGridProps = {
  games: GameItem[];
  isLoading: boolean;
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
  label: string;
  empty?: React.ReactNode;
};

/** Watch the window scroll (throttled) and ask for more when the grid's end comes near. */
function useInfiniteScroll(
  sentinel: React.RefObject<HTMLElement | null>,
  isActive: boolean,
  onLoadMore: (() => void) | undefined,
) {
  const latest = useLatest(onLoadMore);
  useEffect(() => {
    if (!isActive) return;
    let last = 0;
    let timer: number | undefined;
    const check = () => {
      last = Date.now();
      timer = undefined;
      const node = sentinel.current;
      if (node && node.getBoundingClientRect().top - window.innerHeight < PREFETCH_MARGIN_PX) latest.current?.();
    };
    const onScroll = () => {
      if (timer !== undefined) return;
      const wait = Math.max(0, SCROLL_THROTTLE_MS - (Date.now() - last));
      timer = window.setTimeout(check, wait);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    // A short first page may not fill the screen: check once without a scroll.
    onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [isActive, sentinel, latest]);
}

/** A grid of game tiles with skeletons, an empty state and infinite scroll. */
export function GameGrid({
  games,
  isLoading,
  hasMore = false,
  isLoadingMore = false,
  onLoadMore,
  label,
  empty,
}: GameGridProps) {
  const { t } = useTranslation('lobby');
  const { favouriteIds, toggleFavourite, openGame, launchingNodeId } = useGameActions();
  const sentinel = useRef<HTMLDivElement>(null);
  useInfiniteScroll(sentinel, hasMore && !isLoadingMore && !isLoading, onLoadMore);

  if (isLoading) {
    return (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t('loadingGames')}</span>
        <ul className="game-grid" aria-hidden="true">
          {Array.from({ length: SKELETON_COUNT }, (_, i) => (
            <GameTileSkeleton key={i} />
          ))}
        </ul>
      </div>
    );
  }
  if (games.length === 0) return <div className="lobby-empty">{empty ?? t('empty.games')}</div>;
  return (
    <>
      <ul className="game-grid" aria-label={label}>
        {games.map((game) => (
          <GameTile
            key={game.nodeId}
            game={game}
            isFavourite={favouriteIds.has(game.nodeId)}
            isLaunching={launchingNodeId === game.nodeId}
            onPlay={openGame}
            onToggleFavourite={toggleFavourite}
          />
        ))}
        {isLoadingMore && Array.from({ length: 6 }, (_, i) => <GameTileSkeleton key={`more-${i}`} />)}
      </ul>
      <div ref={sentinel} className="game-grid__sentinel" aria-hidden="true" />
      {isLoadingMore && (
        <p className="visually-hidden" role="status">
          {t('loadingMore')}
        </p>
      )}
    </>
  );
}
