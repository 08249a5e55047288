import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { GamepadIcon, GaugeIcon, MenuIcon, MoonIcon, SearchIcon, SunIcon } from '../components/ui/icons';
import { openAuthModal } from '../features/auth/auth-modal-store';
import { useFreePlay } from '../features/auth/api/freeplay';
import { isModuleEnabled, usePermission } from '../lib/api/get-permission';
import { useMemberInfo } from '../lib/api/get-member-info';
import { preloadNamespaces } from '../lib/i18n';
import { useToken } from '../lib/session-storage';
import { toggleTheme, useTheme } from '../lib/theme';
import { useHasPainted } from '../lib/first-paint';
import { lazyOptional } from '../lib/lazy-optional';
import { Logo } from '../components/ui/logo';
import { toggleSideMenu, useIsDrawerViewport, useSideMenu } from './side-menu-store';

// The categories along the header (wide screens): their own download after the first paint (with
// the lobby's styles), keeping the home page's first script within its budget; a slot of the same
// flexible width holds their place, so the account controls do not move when they arrive.
const CategoryNav = lazyOptional(() =>
  import('../features/lobby/components/category-nav').then((module) => module.CategoryNav),
);

const SpeedTestModal = lazy(() =>
  import('../features/speed-test/components/speed-test-modal').then((m) => ({ default: m.SpeedTestModal })),
);
// A player's controls (balance, avatar menu, money buttons) are a download of their own, fetched
// while the member info loads; visitors never need them.
const HeaderMember = lazy(() => import('./header-member').then((m) => ({ default: m.HeaderMember })));
// The game search's dialog (and the lobby's list calls) load on the first open.
const GameSearchDialog = lazy(() =>
  Promise.all([import('./game-search-dialog'), preloadNamespaces(['search'])]).then(([m]) => ({
    default: m.GameSearchDialog,
  })),
);

/** Holds the space of the player's controls while they load: no flicker of buttons. */
function PendingControls() {
  return <span className="header__pending" aria-hidden="true" />;
}

/** The site header in its logged-out and logged-in states. */
export function Header({ hasSideMenu }: { hasSideMenu: boolean }) {
  const { t } = useTranslation('common');
  const { data: permission } = usePermission();
  const token = useToken();
  const { isLogin, isLoading: isMemberLoading } = useMemberInfo();
  const { isExpanded, isDrawerOpen } = useSideMenu();
  const isDrawer = useIsDrawerViewport();
  const theme = useTheme();
  const freePlay = useFreePlay();
  const hasPainted = useHasPainted();
  const brandName = permission?.brand.brandName ?? '';
  const [isSpeedTestOpen, setSpeedTestOpen] = useState(false);
  const [isSearchOpen, setSearchOpen] = useState(false);

  // A stored token: fetch the player's controls together with the member info, not after it.
  useEffect(() => {
    if (token) void import('./header-member');
  }, [token]);

  const canRegister = isModuleEnabled(permission, 'DIRECTREG3');
  const canFreePlay = isModuleEnabled(permission, 'FREEPLAY3');

  return (
    <header className="header">
      <div className="header__start">
        {hasSideMenu && (
          <button
            type="button"
            className="icon-button header__toggle"
            onClick={toggleSideMenu}
            aria-label={t('header.toggleMenu')}
            aria-controls="side-menu"
            aria-expanded={isDrawer ? isDrawerOpen : isExpanded}
          >
            <MenuIcon />
          </button>
        )}
        <Link to="/" className="header__logo" aria-label={t('header.homeLink', { brand: brandName })}>
          <Logo brandName={brandName} />
        </Link>
        {/* The spec's logo opens the speed test; the logo stays the way home, so the test has its own button (docs/decisions.md). */}
        <button
          type="button"
          className="icon-button header__speed"
          onClick={() => setSpeedTestOpen(true)}
          aria-label={t('header.speedTest')}
          title={t('header.speedTest')}
        >
          <GaugeIcon />
        </button>
        {isSpeedTestOpen && (
          <Suspense fallback={null}>
            <SpeedTestModal onClose={() => setSpeedTestOpen(false)} />
          </Suspense>
        )}
      </div>
      {hasPainted ? (
        <Suspense fallback={<span className="header__nav-slot" />}>
          <CategoryNav />
        </Suspense>
      ) : (
        <span className="header__nav-slot" />
      )}
      <div className="header__end">
        <button
          type="button"
          className="icon-button header__search"
          onClick={() => setSearchOpen(true)}
          aria-label={t('header.search')}
          title={t('header.search')}
          aria-haspopup="dialog"
        >
          <SearchIcon />
        </button>
        {isSearchOpen && (
          <Suspense fallback={null}>
            <GameSearchDialog onClose={() => setSearchOpen(false)} />
          </Suspense>
        )}
        <button
          type="button"
          className="icon-button header__theme"
          onClick={toggleTheme}
          aria-label={theme === 'dark' ? t('theme.switchToLight') : t('theme.switchToDark')}
        >
          {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
        </button>
        {isLogin ? (
          <Suspense fallback={<PendingControls />}>
            <HeaderMember />
          </Suspense>
        ) : token && isMemberLoading ? (
          // A stored token whose member info is still loading: hold the space, no flicker of buttons.
          <PendingControls />
        ) : (
          <>
            {canFreePlay && (
              <Button
                variant="ghost"
                size="sm"
                className="header__demo"
                loading={freePlay.isPending}
                icon={<GamepadIcon size={18} />}
                onClick={() => freePlay.mutate()}
              >
                <span className="header__demo-label">{t('header.freeDemo')}</span>
              </Button>
            )}
            <Button variant="secondary" size="sm" onClick={() => openAuthModal('login')}>
              {t('header.login')}
            </Button>
            {canRegister && (
              <Button variant="primary" size="sm" onClick={() => openAuthModal('register')}>
                {t('header.register')}
              </Button>
            )}
          </>
        )}
      </div>
    </header>
  );
}
