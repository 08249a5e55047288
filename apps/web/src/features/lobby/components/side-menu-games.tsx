import { lazy, Suspense } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VendorCard } from '@wps/shared/schemas/catalogue';
import { CardsIcon, FishIcon, LiveIcon, LotteryIcon, RoosterIcon, SlotIcon, SportsIcon, TrophyIcon } from '../../../components/ui/icons';
import { useVendorLanes } from '../api/get-vendor-lanes';
import { openGamePopup } from '../lobby-store';
import { CATEGORY_ROUTES, visibleCategoryPaths, type CategoryPath } from '../vendor-lanes';
import '../lobby.css';
import '../lobby-games.css';

// Loaded after the first paint: the popup (and its game grid) is not part of the home page's first download.
const GamePopup = lazy(() => import('./game-popup').then((module) => ({ default: module.GamePopup })));

/** One drawn icon per category, so the entries read apart at a glance. */
const CATEGORY_ICONS: Record<CategoryPath, typeof SlotIcon> = {
  '/elott': LotteryIcon,
  '/live': LiveIcon,
  '/sports': SportsIcon,
  '/fish': FishIcon,
  '/rng': SlotIcon,
  '/pvp': CardsIcon,
  '/esports': TrophyIcon,
  '/cockfight': RoosterIcon,
};

/**
 * Side-menu game entries: each category with vendors, then the hot vendors. An RNG
 * vendor goes to /rng?vassalage=…; any other opens its game popup. Hosts the game popup.
 */
export function SideMenuGames() {
  const { t } = useTranslation('lobby');
  const navigate = useNavigate();
  const { lanes, hotVendor } = useVendorLanes();
  const paths = visibleCategoryPaths(lanes, CATEGORY_ROUTES.map((r) => r.path));
  const openVendor = (vendor: VendorCard) => {
    if (vendor.category === 'RNG') void navigate(`/rng?vassalage=${encodeURIComponent(vendor.vassalage)}`);
    else openGamePopup(vendor.vassalage);
  };
  return (
    <>
      {paths.map((path) => {
        const Icon = CATEGORY_ICONS[path];
        return (
          <li key={path}>
            <NavLink to={path} className="side-menu__item" title={t(`nav.${path.slice(1)}`)}>
              <Icon />
              <span className="side-menu__text">{t(`nav.${path.slice(1)}`)}</span>
            </NavLink>
          </li>
        );
      })}
      {hotVendor.map((vendor) => (
        <li key={vendor.vassalage} className="side-menu__expanded-only">
          <button type="button" className="side-menu__item side-menu__vendor" onClick={() => openVendor(vendor)} title={vendor.name}>
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
