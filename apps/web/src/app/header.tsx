import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { ArrowUpCircleIcon, GamepadIcon, GaugeIcon, MenuIcon, MoonIcon, PlusCircleIcon, SunIcon } from '../components/ui/icons';
import { openAuthModal } from '../features/auth/auth-modal-store';
import { requireLogin } from '../lib/login-prompt';
import { useFreePlay } from '../features/auth/api/freeplay';
import { isModuleEnabled, usePermission } from '../lib/api/get-permission';
import { useMemberInfo } from '../lib/api/get-member-info';
import { openMemberCentre, type MemberCentrePageKey } from './member-centre/member-centre-store';
import { useToken } from '../lib/session-storage';
import { toggleTheme, useTheme } from '../lib/theme';
import { CategoryNav } from '../features/lobby/components/category-nav';
import { AvatarMenu } from './avatar-menu';
import { Balance } from './balance';
import { Logo } from '../components/ui/logo';
import { toggleSideMenu, useIsDrawerViewport, useSideMenu } from './side-menu-store';

// Only a signed-in player's header has the envelope: its code stays out of the first load.
const MailButton = lazy(() => import('../features/messages/components/mail-button').then((m) => ({ default: m.MailButton })));
const SpeedTestModal = lazy(() => import('../features/speed-test/components/speed-test-modal').then((m) => ({ default: m.SpeedTestModal })));

/** Opens a member-centre page; visitors get the login popup instead. */
function openMemberPage(page: MemberCentrePageKey): void {
  if (requireLogin()) openMemberCentre(page);
}

/** The site header in its logged-out and logged-in states. */
export function Header({ hasSideMenu }: { hasSideMenu: boolean }) {
  const { t } = useTranslation('common');
  const { data: permission } = usePermission();
  const token = useToken();
  const { isLogin, isTrial, isLoading: isMemberLoading } = useMemberInfo();
  const { isExpanded, isDrawerOpen } = useSideMenu();
  const isDrawer = useIsDrawerViewport();
  const theme = useTheme();
  const freePlay = useFreePlay();
  const brandName = permission?.brand.brandName ?? '';
  const [isSpeedTestOpen, setSpeedTestOpen] = useState(false);

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
        <button type="button" className="icon-button header__speed" onClick={() => setSpeedTestOpen(true)} aria-label={t('header.speedTest')} title={t('header.speedTest')}>
          <GaugeIcon />
        </button>
        {isSpeedTestOpen && (
          <Suspense fallback={null}>
            <SpeedTestModal onClose={() => setSpeedTestOpen(false)} />
          </Suspense>
        )}
      </div>
      <CategoryNav />
      <div className="header__end">
        <button
          type="button"
          className="icon-button header__theme"
          onClick={toggleTheme}
          aria-label={theme === 'dark' ? t('theme.switchToLight') : t('theme.switchToDark')}
        >
          {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
        </button>
        {isLogin ? (
          <>
            <Button
              variant="money"
              size="sm"
              className="header__cash"
              icon={<PlusCircleIcon size={18} />}
              onClick={() => openMemberPage('depositv2')}
            >
              <span className="header__cash-label">{t('header.deposit')}</span>
            </Button>
            <Button
              variant="secondary"
              size="sm"
              className="header__cash"
              icon={<ArrowUpCircleIcon size={18} />}
              onClick={() => openMemberPage('withdraw')}
            >
              <span className="header__cash-label">{t('header.withdraw')}</span>
            </Button>
            <Balance />
            {/* Trial accounts get no notices or messages (and no member centre). */}
            {!isTrial && (
              <Suspense fallback={<span className="icon-button header__mail" aria-hidden="true" />}>
                <MailButton onOpen={() => openMemberPage('messageV2')} />
              </Suspense>
            )}
            <AvatarMenu />
          </>
        ) : token && isMemberLoading ? (
          // A stored token whose member info is still loading: hold the space, no flicker of buttons.
          <span className="header__pending" aria-hidden="true" />
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
