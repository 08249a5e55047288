import { useId, type ReactNode } from 'react';
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

/** A horizontally scrolling row of games (recent, hot, favourites). Hidden when empty. */
export function GameStrip({ title, games, isLoading, isWaiting = false, testId, action }: GameStripProps) {
  const id = useId();
  const { favouriteIds, toggleFavourite, openGame, launchingNodeId } = useGameActions();
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
        {isLoading
          ? Array.from({ length: 6 }, (_, i) => <GameTileSkeleton key={i} still={isWaiting} />)
          : games!.map((game) => (
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
