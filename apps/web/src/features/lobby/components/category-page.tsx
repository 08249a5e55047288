import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameCategory, VendorCard as VendorCardData } from '@wps/shared/schemas/catalogue';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { useHotGames } from '../api/list-hot-games';
import { openGamePopup, openMaintenance } from '../lobby-store';
import { CATEGORY_ROUTES, vendorCardsWithLane, type CategoryPath } from '../vendor-lanes';
import { vendorPagePath } from '../vendor-routes';
import { CategoryChips } from './category-chips';
import { GameStrip } from './game-strip';
import { VendorCard, VendorCardSkeletons } from './vendor-card';
import '../lobby.css';
import '../lobby-games.css';

/**
 * A category page (/live, /sports, /fish, /pvp, /esports, /cockfight, /elott): the category's
 * vendors as cards (SPORTS includes its vendor groups); a card opens the vendor's game popup.
 * `children` come between the title and the vendors.
 */
export function CategoryPage({ path, children }: { path: Exclude<CategoryPath, '/rng'>; children?: ReactNode }) {
  const { t } = useTranslation('lobby');
  const navigate = useNavigate();
  const titleId = useId();
  const route = CATEGORY_ROUTES.find((r) => r.path === path)!;
  const categories: readonly GameCategory[] = route.categories;
  const { lanes, isLoading } = useVendorLanes();
  const vendors = vendorCardsWithLane(lanes, categories);
  const hot = useHotGames({ gameType: categories[0] });

  const openVendor = (vendor: VendorCardData, lane: GameCategory) => {
    const page = vendorPagePath(vendor);
    if (vendor.status === 'maintenance') openMaintenance('vendor', vendor.name);
    // A vendor from another category (a slots vendor with live tables, on /live): its card
    // counted its games of this lane, so it opens those, not its own category's page.
    else if (vendor.category !== lane) openGamePopup(vendor.vassalage, lane);
    else if (page) void navigate(page);
    else openGamePopup(vendor.vassalage);
  };

  return (
    <div className="lobby-page" aria-labelledby={titleId}>
      <CategoryChips />
      <header className="lobby-page__header">
        <h1 id={titleId} className="lobby-page__title">
          {t(`nav.${path.slice(1)}`)}
        </h1>
        <p className="lobby-page__subtitle">{t(`pages.${path.slice(1)}`)}</p>
      </header>
      {/* What the app composes into this category's page (the PVP tables on /pvp). */}
      {children}
      {isLoading && lanes.length === 0 ? (
        <VendorCardSkeletons />
      ) : vendors.length === 0 ? (
        <p className="lobby-empty">{t('empty.vendors')}</p>
      ) : (
        <ul className="vendor-grid" aria-label={t('vendor.listLabel')}>
          {vendors.map(({ card, lane }) => (
            <VendorCard key={card.vassalage} vendor={card} onOpen={(vendor) => openVendor(vendor, lane)} />
          ))}
        </ul>
      )}
      <GameStrip title={t('strips.hot')} games={hot.data?.list} isLoading={hot.isLoading} testId="hot-strip" />
    </div>
  );
}
