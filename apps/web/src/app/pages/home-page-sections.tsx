import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INHOUSE_VASSALAGE } from '../../lib/inhouse-vendor';
import type { GameCategory } from '@wps/shared/schemas/catalogue';
import { useVendorLanes } from '../../features/lobby/api/get-vendor-lanes';
import { gamesQueryOptions } from '../../features/lobby/api/list-games';
import { hotGamesQueryOptions } from '../../features/lobby/api/list-hot-games';
import { useRecentGames } from '../../features/lobby/api/list-recent-games';
import { GameStrip } from '../../features/lobby/components/game-strip';
import { WinnersBoard } from '../../features/lobby/components/winners-board';
import { CATEGORY_ROUTES, vendorsForCategories, visibleCategoryPaths } from '../../features/lobby/vendor-lanes';
import { PromotionStrip } from '../../features/content/components/promotion-strip';
import { useToken } from '../../lib/session-storage';
import { useNearViewport } from '../../lib/use-near-viewport';
import { Highlights } from './home-page-highlights';
import '../../features/lobby/lobby.css';
import '../../features/lobby/lobby-games.css';
import './home-page-sections.css';

type LaneFilter = { vassalage?: string; gameType?: GameCategory };

/**
 * A lane's games: a signed-in player (trial included) gets the first page of the lobby's list,
 * a visitor (the list needs a token) the operator's hot games of the lane. Asked for only when
 * the lane comes near the viewport; until then it holds its place with skeleton tiles.
 */
function useLaneGames(filter: LaneFilter, isNear: boolean) {
  const token = useToken();
  const full = useInfiniteQuery({ ...gamesQueryOptions(token, filter), enabled: token !== null && isNear });
  const hot = useQuery({ ...hotGamesQueryOptions(filter), enabled: token === null && isNear });
  if (token !== null) return { games: full.data?.pages[0]?.games, isLoading: !isNear || full.isLoading };
  return { games: hot.data?.list, isLoading: !isNear || hot.isLoading };
}

type LaneProps = { title: string; filter: LaneFilter; testId: string; to?: string };

/** One lane of games with, when it has a page, a link to all of them. Hidden once known empty. */
function Lane({ title, filter, testId, to }: LaneProps) {
  const { t } = useTranslation('storefront');
  const { ref, isNear } = useNearViewport<HTMLDivElement>();
  const { games, isLoading } = useLaneGames(filter, isNear);
  return (
    <div ref={ref} className="home-lane">
      <GameStrip
        title={title}
        games={games}
        isLoading={isLoading}
        isWaiting={!isNear}
        testId={testId}
        action={
          to ? (
            <Link to={to} className="home-lane__all" aria-label={t('lanes.seeAllOf', { name: title })}>
              {t('lanes.seeAll')}
            </Link>
          ) : undefined
        }
      />
    </div>
  );
}

/**
 * The first lane, right under the banner (above the hero): the operator's hot games, so every
 * visitor and player has games in the first screen.
 */
export function HomeFirstLane() {
  const { t } = useTranslation('lobby');
  return <Lane title={t('strips.hot')} filter={{}} testId="home-hot" />;
}

/**
 * The home page below the hero (its own download, after the first paint): the player's recent
 * games, the promotions strip, the in-house games, the winners ticker, and a lane
 * per lobby category whose vendors are listed (the lobby lists only what can be played), then the
 * site's highlights.
 */
export function HomePageSections() {
  const { t } = useTranslation('lobby');
  const { t: tc } = useTranslation('storefront');
  const token = useToken();
  const recent = useRecentGames();
  const { lanes, mappingVendor } = useVendorLanes();
  const paths = visibleCategoryPaths(
    lanes,
    CATEGORY_ROUTES.map((route) => route.path),
  );

  return (
    <div className="home-sections">
      {token !== null && (
        <GameStrip
          title={t('strips.recent')}
          games={recent.data?.list}
          isLoading={recent.isLoading}
          testId="home-recent"
        />
      )}
      <PromotionStrip />
      {mappingVendor[INHOUSE_VASSALAGE] && (
        <Lane
          title={tc('lanes.inhouse')}
          filter={{ vassalage: INHOUSE_VASSALAGE }}
          testId="home-inhouse"
          to="/inhouse"
        />
      )}
      <div className="home-sections__winners">
        <WinnersBoard />
      </div>
      {paths.map((path) => {
        const route = CATEGORY_ROUTES.find((r) => r.path === path)!;
        // A route of two categories (ELOTT and LOTT) lists the first one that has vendors.
        const category =
          route.categories.find((c) => vendorsForCategories(lanes, [c]).length > 0) ?? route.categories[0];
        return (
          <Lane
            key={path}
            title={t(`nav.${path.slice(1)}`)}
            filter={{ gameType: category }}
            testId={`home-lane-${path.slice(1)}`}
            to={path}
          />
        );
      })}
      <Highlights />
    </div>
  );
}
