import { Suspense, useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BoltIcon,
  CrownIcon,
  DownloadIcon,
  GiftIcon,
  GlobeIcon,
  HomeIcon,
  MegaphoneIcon,
  MoonIcon,
  StarIcon,
  SunIcon,
  UserIcon,
} from '../components/ui/icons';
import type { PermissionResult } from '@wps/shared/schemas/system';
import { requireLogin } from '../lib/login-prompt';
import { openMemberCentre } from './member-centre/member-centre-store';
import { useAgentCentreUrl } from './agent-centre/agent-centre-url';
import { openAnnouncements } from '../features/content/announcement-store';
import { SideMenuGames } from '../features/lobby/components/side-menu-games';
import { isModuleEnabled, isRebateEnabled, isReferralEnabled, usePermission } from '../lib/api/get-permission';
import { useMemberInfo } from '../lib/api/get-member-info';
import { CustomerServiceIcon, CustomerServiceLink } from '../features/system/components/customer-service-link';
import { useCustomerService } from '../features/system/use-customer-service';
import { useHasPainted } from '../lib/first-paint';
import { lazyOptional } from '../lib/lazy-optional';
import { toggleTheme, useTheme } from '../lib/theme';
import { closeDrawer, toggleSideMenu, useSideMenu } from './side-menu-store';
import { LanguageSelect } from './language-select';

// The first promotions under the Promotions entry: fetched and drawn after the first paint.
const SideMenuPromotions = lazyOptional(() =>
  import('../features/content/components/side-menu-promotions').then((m) => m.SideMenuPromotions),
);
// How many promotions the player can join now (the public state's availablePromoCount), after the first paint too.
const AvailablePromoBadge = lazyOptional(() =>
  import('../features/promo-activity/components/available-promo-badge').then((m) => m.AvailablePromoBadge),
);

/**
 * Side menu frame: Home, announcements, Promotions with the first three, VIP bonus (the member
 * centre's playerRank), the points mall (when the points switch is on), the game categories
 * (each with its own icon) and hot vendors, the customer-service entries the player is offered
 * (only if any exist; VIP entries first for a VIP player), App download (/down) and the language
 * selector. New features add their entries here. A column on desktop (collapsible to a rail), an
 * overlay drawer on phones.
 */
/**
 * Where an agent's "Refer and earn" leads: the register centre, as the product has it; under a
 * licence that identifies every player (a CPF), an agent opens no account for someone else, so it
 * leads to the invitation links, where a new player registers with their own CPF.
 */
export function agentReferralPage(permission: PermissionResult | undefined): 'registerCenter' | 'linkManagement' {
  return permission?.register.jurisdiction.identity === 'cpf' ? 'linkManagement' : 'registerCenter';
}

export function SideMenu() {
  const { t } = useTranslation('common');
  const { data: permission } = usePermission();
  const { isLogin, isTrial, isAgent } = useMemberInfo();
  const agentCentre = useAgentCentreUrl();
  // Member-centre pages of a signed-in member (an agent invites from the agent centre; a trial account has neither).
  const isMember = isLogin && !isTrial && !isAgent;
  const { isExpanded, isDrawerOpen } = useSideMenu();
  const location = useLocation();
  const theme = useTheme();
  const hasPainted = useHasPainted();
  const navRef = useRef<HTMLElement>(null);
  const { entries } = useCustomerService();
  const operatorLanguages = permission?.languages.listed;

  // A navigation closes the phone drawer.
  // Closed when the path changes, not when the menu mounts: it is drawn after the first paint, and
  // a drawer opened from the header before then must stay open.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    closeDrawer();
  }, [location.pathname]);

  useEffect(() => {
    if (!isDrawerOpen) return;
    navRef.current?.querySelector<HTMLElement>('a, button, select')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isDrawerOpen]);

  const className = ['side-menu', isExpanded ? 'is-expanded' : 'is-collapsed', isDrawerOpen ? 'is-drawer-open' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <>
      {isDrawerOpen && <div className="side-menu__backdrop" onClick={closeDrawer} aria-hidden="true" />}
      <aside id="side-menu" className={className} aria-label={t('sideMenu.label')}>
        <nav ref={navRef} className="side-menu__nav">
          <ul className="side-menu__list">
            <li>
              <NavLink to="/" end className="side-menu__item" title={t('sideMenu.home')}>
                <HomeIcon />
                <span className="side-menu__text">{t('sideMenu.home')}</span>
              </NavLink>
            </li>
            {isMember && isReferralEnabled(permission) && (
              <li>
                <button
                  type="button"
                  className="side-menu__item"
                  onClick={() => openMemberCentre('referral')}
                  title={t('sideMenu.referral')}
                >
                  <UserIcon />
                  <span className="side-menu__text">{t('sideMenu.referral')}</span>
                </button>
              </li>
            )}
            {isAgent && (
              <li>
                <button
                  type="button"
                  className="side-menu__item"
                  onClick={() => agentCentre.open(agentReferralPage(permission))}
                  title={t('sideMenu.referral')}
                >
                  <UserIcon />
                  <span className="side-menu__text">{t('sideMenu.referral')}</span>
                </button>
              </li>
            )}
            {isMember && isRebateEnabled(permission) && (
              <li>
                <button
                  type="button"
                  className="side-menu__item"
                  onClick={() => openMemberCentre('manualRebate')}
                  title={t('sideMenu.rebate')}
                >
                  <BoltIcon />
                  <span className="side-menu__text">{t('sideMenu.rebate')}</span>
                </button>
              </li>
            )}
            <li>
              <button
                type="button"
                className="side-menu__item"
                onClick={openAnnouncements}
                title={t('sideMenu.announcements')}
              >
                <MegaphoneIcon />
                <span className="side-menu__text">{t('sideMenu.announcements')}</span>
              </button>
            </li>
            <li>
              <NavLink to="/promotions" className="side-menu__item" title={t('sideMenu.promotions')}>
                <GiftIcon />
                <span className="side-menu__text">{t('sideMenu.promotions')}</span>
                {hasPainted && (
                  <Suspense fallback={null}>
                    <AvailablePromoBadge />
                  </Suspense>
                )}
              </NavLink>
              {hasPainted && (
                <Suspense fallback={null}>
                  <SideMenuPromotions />
                </Suspense>
              )}
            </li>
            <li>
              <button
                type="button"
                className="side-menu__item"
                onClick={() => requireLogin() && openMemberCentre('playerRank')}
                title={t('sideMenu.vip')}
              >
                <CrownIcon />
                <span className="side-menu__text">{t('sideMenu.vip')}</span>
              </button>
            </li>
            {isModuleEnabled(permission, 'PTSYS3') && (
              <li>
                <NavLink to="/pointMall" className="side-menu__item" title={t('sideMenu.pointMall')}>
                  <StarIcon />
                  <span className="side-menu__text">{t('sideMenu.pointMall')}</span>
                </NavLink>
              </li>
            )}
            <SideMenuGames />
            {entries.map((entry, index) => (
              <li key={`${entry.csType}-${index}`}>
                <CustomerServiceLink entry={entry} className="side-menu__item" title={entry.name}>
                  <CustomerServiceIcon entry={entry} />
                  <span className="side-menu__text">{entry.name}</span>
                </CustomerServiceLink>
              </li>
            ))}
            <li>
              <NavLink to="/down" className="side-menu__item" title={t('sideMenu.download')}>
                <DownloadIcon />
                <span className="side-menu__text">{t('sideMenu.download')}</span>
              </NavLink>
            </li>
          </ul>
          <div className="side-menu__settings">
            <button
              type="button"
              className="side-menu__item side-menu__rail-only"
              onClick={toggleSideMenu}
              title={t('sideMenu.language')}
              aria-label={t('sideMenu.language')}
            >
              <GlobeIcon />
            </button>
            <LanguageSelect listed={operatorLanguages} />
            <button
              type="button"
              className="side-menu__item"
              onClick={toggleTheme}
              title={theme === 'dark' ? t('theme.switchToLight') : t('theme.switchToDark')}
            >
              {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
              <span className="side-menu__text">
                {theme === 'dark' ? t('theme.switchToLight') : t('theme.switchToDark')}
              </span>
            </button>
          </div>
        </nav>
      </aside>
    </>
  );
}
