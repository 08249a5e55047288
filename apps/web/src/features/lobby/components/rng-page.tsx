import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { openLoginPrompt } from '../../../lib/login-prompt';
import { useToken } from '../../../lib/session-storage';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { useFavouriteGames } from '../api/list-favourite-games';
import { useGames } from '../api/list-games';
import { useHotGames } from '../api/list-hot-games';
import { useRecentGames } from '../api/list-recent-games';
import { useVendorClassifies } from '../api/list-vendor-classifies';
import { vendorsForCategories } from '../vendor-lanes';
import { CategoryChips } from './category-chips';
import { GameGrid } from './game-grid';
import { GameStrip } from './game-strip';
import { LazyImage } from './lazy-image';
import { MaintenanceNotice } from './maintenance-notice';
import { WinnersBoard } from './winners-board';
import '../lobby.css';
import '../lobby-games.css';

const ALL = 'all';
const FAVOURITES = 'favourites';
/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** The signed-in grid: classify tabs (plus favourites), search and the infinite list. */
function VendorGames({ vassalage, vendorName }: { vassalage: string; vendorName: string }) {
  const { t } = useTranslation('lobby');
  const idBase = useId().replace(/:/g, '');
  const [classify, setClassify] = useState<string>(ALL);
  const [search, setSearch] = useState('');
  const gameName = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const classifies = useVendorClassifies(vassalage);
  const isFavourites = classify === FAVOURITES;
  const games = useGames({
    vassalage,
    gameType: 'RNG',
    gameClassify: classify === ALL || isFavourites ? undefined : classify,
    gameName: gameName || undefined,
  });
  const favourites = useFavouriteGames('RNG');
  const list = games.data?.pages.flatMap((p) => p.games) ?? [];
  const favouriteList = (favourites.data?.content ?? []).filter(
    (g) => g.vassalage === vassalage && (!gameName || g.gameName.toLowerCase().includes(gameName.toLowerCase())),
  );

  const tabs = [
    { id: ALL, label: t('classify.all') },
    ...(classifies.data?.list ?? []).map((c) => ({
      id: c.gameClassify,
      label: t(`classify.${c.gameClassify}`, { defaultValue: c.gameClassify }),
    })),
    { id: FAVOURITES, label: t('classify.favourites') },
  ];

  return (
    <section className="rng-games" aria-label={t('rng.gamesOf', { name: vendorName })}>
      <div className="rng-games__toolbar">
        <Tabs
          items={tabs}
          value={classify}
          onChange={setClassify}
          idBase={idBase}
          ariaLabel={t('classify.label')}
          className="rng-games__tabs"
        />
        <label className="rng-search">
          <span className="visually-hidden">{t('search.label')}</span>
          <input
            type="search"
            className="rng-search__input"
            placeholder={t('search.placeholder')}
            value={search}
            maxLength={64}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
      </div>
      <TabPanel idBase={idBase} value={classify}>
        {isFavourites ? (
          <GameGrid
            games={favouriteList}
            isLoading={favourites.isLoading}
            label={t('classify.favourites')}
            empty={t('empty.favourites')}
          />
        ) : (
          <GameGrid
            games={list}
            isLoading={games.isLoading}
            hasMore={games.hasNextPage}
            isLoadingMore={games.isFetchingNextPage}
            onLoadMore={() => void games.fetchNextPage()}
            label={t('rng.gamesOf', { name: vendorName })}
            empty={gameName ? t('empty.search', { query: gameName }) : t('empty.games')}
          />
        )}
      </TabPanel>
    </section>
  );
}

/** A visitor browses the popular games; the full list needs login (the game list is a token call). */
function VisitorGames({ vassalage }: { vassalage: string }) {
  const { t } = useTranslation('lobby');
  const hot = useHotGames({ vassalage });
  return (
    <section className="rng-games" aria-label={t('strips.hot')}>
      <GameGrid
        games={hot.data?.list ?? []}
        isLoading={hot.isLoading}
        label={t('strips.hot')}
        empty={t('popup.visitorEmpty')}
      />
      <div className="lobby-login-cta">
        <p>{t('popup.loginToSeeAll')}</p>
        <Button onClick={() => openLoginPrompt('login')}>{t('loginButton')}</Button>
      </div>
    </section>
  );
}

/**
 * /rng: vendor tabs (query vassalage), then the chosen vendor's games with classify tabs,
 * search, favourites and infinite scroll; recent, hot and winners beside them.
 */
export function RngPage() {
  const { t } = useTranslation('lobby');
  const titleId = useId();
  const token = useToken();
  const [params] = useSearchParams();
  const { lanes, isLoading } = useVendorLanes();
  const vendors = vendorsForCategories(lanes, ['RNG']);
  const wanted = params.get('vassalage');
  const vendor = vendors.find((v) => v.vassalage === wanted) ?? vendors[0];
  const recent = useRecentGames();
  const hot = useHotGames({ gameType: 'RNG' });

  return (
    <div className="lobby-page" aria-labelledby={titleId}>
      <CategoryChips />
      <header className="lobby-page__header">
        <h1 id={titleId} className="lobby-page__title">
          {t('nav.rng')}
        </h1>
        <p className="lobby-page__subtitle">{t('pages.rng')}</p>
      </header>
      {isLoading && vendors.length === 0 ? (
        <div className="skeleton rng-vendors__skeleton" aria-hidden="true" />
      ) : (
        <nav className="rng-vendors" aria-label={t('rng.vendorsLabel')}>
          <ul className="rng-vendors__list">
            {vendors.map((v) => (
              <li key={v.vassalage}>
                <Link
                  to={`/rng?vassalage=${encodeURIComponent(v.vassalage)}`}
                  className={`rng-vendors__tab${v.vassalage === vendor?.vassalage ? ' is-active' : ''}`}
                  aria-current={v.vassalage === vendor?.vassalage ? 'page' : undefined}
                >
                  <LazyImage src={v.logo} alt="" width={32} height={32} className="rng-vendors__logo" />
                  <span>{v.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="rng-layout">
        <div className="rng-layout__main">
          {token && (
            <GameStrip
              title={t('strips.recent')}
              games={recent.data?.list}
              isLoading={recent.isLoading}
              testId="recent-strip"
            />
          )}
          <GameStrip title={t('strips.hot')} games={hot.data?.list} isLoading={hot.isLoading} testId="hot-strip" />
          {!vendor ? (
            !isLoading && <p className="lobby-empty">{t('empty.vendors')}</p>
          ) : vendor.status === 'maintenance' ? (
            <MaintenanceNotice subject="vendor" name={vendor.name} />
          ) : token ? (
            <VendorGames key={vendor.vassalage} vassalage={vendor.vassalage} vendorName={vendor.name} />
          ) : (
            <VisitorGames vassalage={vendor.vassalage} />
          )}
        </div>
        <aside className="rng-layout__side">
          <WinnersBoard />
        </aside>
      </div>
    </div>
  );
}
