import { useDeferredValue, useId, type ReactNode } from 'react';
import type { GameItem } from '@wps/shared/schemas/catalogue';
import { useGameActions } from '../use-game-actions';
import { GameTile, GameTileSkeleton } from './game-tile';

type GameStripProps = {
  title: string;
  games: GameItem[] | undefined;
  isLoading: boolean;
  /** Loading has not started: the lane waits to come near the viewport, and its placeholders stay still. */
  isWaiting?: boolean;
  testId?: string;
  /** Beside the title, e.g. a "see all" link to the lane's page. */
  action?: ReactNode;
};

/**
 * A horizontally scrolling row of games (recent, hot, favourites). Hidden when empty.
 *
 * The tiles are drawn from a deferred copy of the list. A query's answer reaches React as a store
 * update, which renders at once and whole: a home page's lanes arriving together drew some sixty
 * tiles in one task, the largest part of a phone's blocking time. Deferred, the skeletons stay for
 * that update and the tiles follow in a render that yields to the browser every few milliseconds.
 */
export function GameStrip({ title, games, isLoading, isWaiting = false, testId, action }: GameStripProps) {
  const id = useId();
  const { favouriteIds, toggleFavourite, openGame, launchingNodeId } = useGameActions();
  const shown = useDeferredValue(isLoading ? undefined : games);
  if (!isLoading && (!games || games.length === 0)) return null;
  return (
    <section className="game-strip" aria-labelledby={id} data-testid={testId}>
      <div className="game-strip__head">
        <h2 id={id} className="lobby-section-title">
          {title}
        </h2>
        {action}
      </div>
      <ul className="game-strip__list">
        {shown === undefined
          ? Array.from({ length: 6 }, (_, i) => <GameTileSkeleton key={i} still={isWaiting} />)
          : shown.map((game) => (
              <GameTile
                key={game.nodeId}
                game={game}
                isFavourite={favouriteIds.has(game.nodeId)}
                isLaunching={launchingNodeId === game.nodeId}
                onPlay={openGame}
                onToggleFavourite={toggleFavourite}
              />
            ))}
      </ul>
    </section>
  );
}
