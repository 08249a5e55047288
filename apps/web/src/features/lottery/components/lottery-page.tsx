import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isLotteryFamily } from '@wps/shared/lottery/types';
import type { LotteryGameMenu, LotteryMenuGroup, LotteryPrizeMode } from '@wps/shared/schemas/lottery';
import { LoadingState } from '@wps/ui/states';
import { translateError } from '../../../lib/i18n';
import { useToken } from '../../../lib/session-storage';
import { useGameMenus } from '../api/get-game-menus';
import { usePopular } from '../api/get-popular';
import { useRecentMenus } from '../api/get-recent-menus';
import { useVnGameMenu } from '../api/get-vn-game-menu';
import { favouritesFirst } from '../favourites-store';
import { GameCard } from './game-card';
import { GamePanel } from './game-panel';
import { useFavourites } from './use-favourites';
import '../lottery.css';

/** The four lottery pages: /lottery and /elott (quick draws), /vnlottery (Vietnamese regions), /seaLottery. */
export type LotteryPageKind = 'quick' | 'vn' | 'sea';
const PRIZE_MODES: Record<LotteryPageKind, LotteryPrizeMode> = { quick: 'Elott', vn: 'Lott', sea: 'SEA' };

function GameList({
  games,
  path,
  favourites,
  onToggle,
  selected,
  testId,
}: {
  games: LotteryGameMenu[];
  path: string;
  favourites: string[];
  onToggle: (code: string) => void;
  selected: string | null;
  testId?: string;
}) {
  return (
    <ul className="lot-cards" data-testid={testId}>
      {games.map((g) => (
        <GameCard
          key={g.gameCode}
          game={g}
          path={path}
          isFavourite={favourites.includes(g.gameCode)}
          onToggleFavourite={onToggle}
          isSelected={g.gameCode === selected}
        />
      ))}
    </ul>
  );
}

/**
 * A lottery page: with `gameCode` in the address, that game (countdown, results, trend, slip,
 * tickets) above the lobby; the lobby lists the page's games by group (by region on /vnlottery),
 * favourites first, with the popular games and, for a player, the recent ones.
 */
export function LotteryPage({ kind, path }: { kind: LotteryPageKind; path: string }) {
  const { t } = useTranslation('lottery');
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  const playType = params.get('playType');
  const token = useToken();
  const prizeMode = PRIZE_MODES[kind];
  const modeMenus = useGameMenus(kind === 'vn' ? undefined : prizeMode);
  const vnMenus = useVnGameMenu(kind === 'vn');
  const allMenus = useGameMenus();
  const popular = usePopular();
  const recent = useRecentMenus();
  const { codes: favourites, toggle } = useFavourites();

  const groups: LotteryMenuGroup[] = (kind === 'vn' ? vnMenus.data : modeMenus.data) ?? [];
  const allGames = (allMenus.data ?? []).flatMap((g) => g.gameMenus);
  const families = new Map(allGames.map((g) => [g.gameCode, g.family]));
  const selected = gameCode ? allGames.find((g) => g.gameCode === gameCode) : undefined;
  const pageGames = groups.flatMap((g) => g.gameMenus);
  const favouriteGames = pageGames.filter((g) => favourites.includes(g.gameCode));
  const popularGames = (popular.data ?? []).filter((g) => g.prizeMode === prizeMode);
  const recentGames = (recent.data ?? []).filter((g) => g.prizeMode === prizeMode);
  const lobbyError = (kind === 'vn' ? vnMenus.error : modeMenus.error) ?? allMenus.error;
  const groupLabel = (g: LotteryMenuGroup) =>
    kind === 'vn'
      ? t(`regions.${g.gameGroupCode}`, { defaultValue: g.labelName })
      : t(`groups.${g.gameGroupCode}`, { defaultValue: g.labelName });

  return (
    <div className="lot-page" data-testid="lottery-page" data-kind={kind}>
      <header className="lot-hero">
        <h1>{t(`pages.${kind}.title`)}</h1>
        <p>{t(`pages.${kind}.subtitle`)}</p>
      </header>

      {gameCode && allMenus.isSuccess && !selected ? (
        <div className="lot-notice lot-notice--error" role="alert" data-testid="lottery-unknown-game">
          <p>{t('unknownGame', { gameCode })}</p>
          <Link to={path}>{t('backToLobby')}</Link>
        </div>
      ) : null}
      {selected && isLotteryFamily(selected.family) ? (
        <GamePanel
          key={selected.gameCode}
          game={selected}
          family={selected.family}
          families={families}
          playType={playType}
        />
      ) : null}

      <section className="lot-lobby" aria-labelledby="lot-lobby-title">
        <h2 id="lot-lobby-title">{t('lobby.title')}</h2>
        {lobbyError ? (
          <p role="alert" className="lot-notice lot-notice--error">
            {translateError(lobbyError)}
          </p>
        ) : null}
        {(kind === 'vn' ? vnMenus.isLoading : modeMenus.isLoading) ? <LoadingState label={t('loading')} /> : null}
        {favouriteGames.length > 0 ? (
          <section aria-labelledby="lot-fav-title">
            <h3 id="lot-fav-title">{t('lobby.favourites')}</h3>
            <GameList
              games={favouriteGames}
              path={path}
              favourites={favourites}
              onToggle={toggle}
              selected={gameCode}
              testId="lottery-favourites"
            />
          </section>
        ) : null}
        {token && recentGames.length > 0 ? (
          <section aria-labelledby="lot-recent-title">
            <h3 id="lot-recent-title">{t('lobby.recent')}</h3>
            <GameList games={recentGames} path={path} favourites={favourites} onToggle={toggle} selected={gameCode} />
          </section>
        ) : null}
        {groups.map((g) => (
          <section key={g.gameGroupCode} aria-labelledby={`lot-group-${g.gameGroupCode}`} data-testid="lottery-group">
            <h3 id={`lot-group-${g.gameGroupCode}`}>{groupLabel(g)}</h3>
            <GameList
              games={favouritesFirst(g.gameMenus, favourites)}
              path={path}
              favourites={favourites}
              onToggle={toggle}
              selected={gameCode}
            />
          </section>
        ))}
        {!lobbyError && !(kind === 'vn' ? vnMenus.isLoading : modeMenus.isLoading) && pageGames.length === 0 ? (
          <p className="lot-muted">{t('lobby.empty')}</p>
        ) : null}
        {popularGames.length > 0 ? (
          <section aria-labelledby="lot-popular-title">
            <h3 id="lot-popular-title">{t('lobby.popular')}</h3>
            <GameList
              games={favouritesFirst(popularGames, favourites)}
              path={path}
              favourites={favourites}
              onToggle={toggle}
              selected={gameCode}
              testId="lottery-popular"
            />
          </section>
        ) : null}
      </section>
    </div>
  );
}
