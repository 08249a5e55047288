import { createElement, lazy, Suspense } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VendorCard } from '@wps/shared/schemas/catalogue';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { openGamePopup } from '../lobby-store';
import { CATEGORY_ROUTES, visibleCategoryPaths, type CategoryPath } from '../vendor-lanes';
import { vendorPagePath } from '../vendor-routes';
import '../lobby.css';
import '../lobby-games.css';

// Loaded after the first paint: the popup (and its game grid) is not part of the home page's first download.
const GamePopup = lazy(() => import('./game-popup').then((module) => ({ default: module.GamePopup })));

/**
 * One drawn icon per category, so the entries read apart at a glance. The icons are a download of
 * their own (the side menu is in the first paint; its icons are not needed for it): until they
 * arrive each entry keeps an empty box of the icon's size, so nothing moves.
 */
const CategoryIcon = lazy(() =>
  import('../../../components/ui/category-icons').then((icons) => {
    const byPath: Record<CategoryPath, typeof icons.SlotIcon> = {
      '/elott': icons.LotteryIcon,
      '/live': icons.LiveIcon,
      '/sports': icons.SportsIcon,
      '/fish': icons.FishIcon,
      '/rng': icons.SlotIcon,
      '/pvp': icons.CardsIcon,
      '/esports': icons.TrophyIcon,
      '/cockfight': icons.RoosterIcon,
    };
    return { default: ({ path }: { path: CategoryPath }) => createElement(byPath[path]) };
  }),
);

const ICON_BOX = <svg width={20} height={20} aria-hidden="true" focusable="false" />;

/**
 * Side-menu game entries: each category with vendors, then the hot vendors. An RNG
 * vendor goes to /rng?vassalage=…; any other opens its game popup. Hosts the game popup.
 */
export function SideMenuGames() {
  const { t } = useTranslation('lobby');
  const navigate = useNavigate();
  const { lanes, hotVendor } = useVendorLanes();
  const paths = visibleCategoryPaths(
    lanes,
    CATEGORY_ROUTES.map((r) => r.path),
  );
  const openVendor = (vendor: VendorCard) => {
    const page = vendorPagePath(vendor);
    if (page) void navigate(page);
    else openGamePopup(vendor.vassalage);
  };
  return (
    <>
      {paths.map((path) => {
        return (
          <li key={path}>
            <NavLink to={path} className="side-menu__item" title={t(`nav.${path.slice(1)}`)}>
              <Suspense fallback={ICON_BOX}>
                <CategoryIcon path={path} />
              </Suspense>
              <span className="side-menu__text">{t(`nav.${path.slice(1)}`)}</span>
            </NavLink>
          </li>
        );
      })}
      {hotVendor.map((vendor) => (
        <li key={vendor.vassalage} className="side-menu__expanded-only">
          <button
            type="button"
            className="side-menu__item side-menu__vendor"
            onClick={() => openVendor(vendor)}
            title={vendor.name}
          >
            <img src={vendor.logo} alt="" width={24} height={24} className="side-menu__vendor-logo" />
            <span className="side-menu__text">{vendor.name}</span>
          </button>
        </li>
      ))}
      {/* The popup and maintenance dialog live with the side menu, which every lobby page has. */}
      <Suspense fallback={null}>
        <GamePopup />
      </Suspense>
    </>
  );
}
