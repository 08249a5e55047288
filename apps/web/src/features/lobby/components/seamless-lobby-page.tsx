import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { openLoginPrompt } from '../../../lib/login-prompt';
import { useToken } from '../../../lib/session-storage';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { useGames } from '../api/list-games';
import { useHotGames } from '../api/list-hot-games';
import { GameGrid } from './game-grid';
import { LazyImage } from './lazy-image';
import { MaintenanceNotice } from './maintenance-notice';
import '../lobby.css';
import '../lobby-games.css';

/** The chosen vendor's games (a token call), 42 at a time. */
function SeamlessVendorGames({ vassalage, vendorName }: { vassalage: string; vendorName: string }) {
  const { t } = useTranslation('lobby');
  const games = useGames({ vassalage });
  return (
    <section className="rng-games" aria-label={t('rng.gamesOf', { name: vendorName })}>
      <GameGrid
        games={games.data?.pages.flatMap((p) => p.games) ?? []}
        isLoading={games.isLoading}
        hasMore={games.hasNextPage}
        isLoadingMore={games.isFetchingNextPage}
        onLoadMore={() => void games.fetchNextPage()}
        label={t('rng.gamesOf', { name: vendorName })}
        empty={t('empty.games')}
      />
    </section>
  );
}

/** A visitor sees the vendor's popular games; the whole list needs login. */
function SeamlessVisitorGames({ vassalage }: { vassalage: string }) {
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
 * /seamless: the lobby of the seamless-wallet vendors (docs/decisions.md "The /seamless page"):
 * games that stake straight from the main balance, with no transfer in or out. Vendor tabs
 * (query vassalage) from the catalogue's lanes, then the chosen vendor's games. A game page in the
 * product's sense: no side menu. The operator decides which vendors show by their status
 * (back office, Games).
 */
export function SeamlessLobbyPage() {
  const { t } = useTranslation('lobby');
  const titleId = useId();
  const token = useToken();
  const [params] = useSearchParams();
  const { sortingVendor, isLoading } = useVendorLanes();
  const vendors = sortingVendor.filter((v) => v.walletModel === 'seamless');
  const wanted = params.get('vassalage');
  const vendor = vendors.find((v) => v.vassalage === wanted) ?? vendors[0];

  return (
    <div className="lobby-page" aria-labelledby={titleId} data-testid="seamless-lobby">
      <header className="lobby-page__header">
        <h1 id={titleId} className="lobby-page__title">
          {t('seamless.title')}
        </h1>
        <p className="lobby-page__subtitle">{t('seamless.subtitle')}</p>
      </header>
      {isLoading && vendors.length === 0 ? (
        <div className="skeleton rng-vendors__skeleton" aria-hidden="true" />
      ) : (
        <nav className="rng-vendors" aria-label={t('seamless.vendorsLabel')}>
          <ul className="rng-vendors__list">
            {vendors.map((v) => (
              <li key={v.vassalage}>
                <Link
                  to={`/seamless?vassalage=${encodeURIComponent(v.vassalage)}`}
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
      {!vendor ? (
        !isLoading && <p className="lobby-empty">{t('empty.vendors')}</p>
      ) : vendor.status === 'maintenance' ? (
        <MaintenanceNotice subject="vendor" name={vendor.name} />
      ) : token ? (
        <SeamlessVendorGames key={vendor.vassalage} vassalage={vendor.vassalage} vendorName={vendor.name} />
      ) : (
        <SeamlessVisitorGames vassalage={vendor.vassalage} />
      )}
    </div>
  );
}
