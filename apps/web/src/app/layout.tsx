import { Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bannersQueryOptions } from '../features/content/api/list-banners';
import { useAnalyticsTag } from '../lib/analytics-tag';
import { usePermission } from '../lib/api/get-permission';
import { useHasPainted } from '../lib/first-paint';
import { preloadNamespaces } from '../lib/i18n';
import { lazyOptional } from '../lib/lazy-optional';
import { getServedBanner } from '../lib/served-banner';
import { findBannerGroup, isHomeBannerGroup } from './banner-groups';
import { Header } from './header';
import { ScrollManager } from './scroll-manager';
import { useIsDrawerViewport, useSideMenu } from './side-menu-store';
import { useNearViewport } from '../lib/use-near-viewport';

export type LayoutProps = { hasSideMenu: boolean; hasFooter: boolean };

/** Skeleton shown while a lazy section loads. */
function ContentSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="content-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('loading')}</span>
      <div className="skeleton skeleton--hero" />
      <div className="content-skeleton__row">
        <div className="skeleton skeleton--card" />
        <div className="skeleton skeleton--card" />
        <div className="skeleton skeleton--card" />
      </div>
    </div>
  );
}

// The strip's code (and its CSS) is its own download, outside the home page's first script; its
// banners are fetched meanwhile. A failed download shows no strip rather than breaking the frame.
const BannerStrip = lazyOptional(() =>
  import('../features/content/components/banner-strip').then((module) => module.BannerStrip),
);

// The footer is below the fold on every page that has one: its code (the provider row, the
// operator's blocks) downloads after the first paint, keeping the home page's first script small.
const Footer = lazyOptional(() =>
  Promise.all([import('./footer'), preloadNamespaces(['storefront'])]).then(([module]) => module.Footer),
);
// The side menu (a fixed column on desktops, a drawer on phones) and the right bar: their own
// download after the first paint, like the tab bar, keeping the home page's first script within
// its budget. The frame keeps their room (layout.css pads the body by the menu's width), so the
// page does not move when they arrive.
const SideMenu = lazyOptional(() => import('./side-menu').then((module) => module.SideMenu));
const RightBar = lazyOptional(() => import('./right-bar').then((module) => module.RightBar));
const TabBar = lazyOptional(() =>
  Promise.all([import('./layout-tab-bar'), preloadNamespaces(['storefront'])]).then(([module]) => module.TabBar),
);

/**
 * The current route's banner strip, above its page. It lives in the frame, beside the page's
 * Suspense: the page is drawn without waiting for the banners, and it keeps its carousel while
 * only the query or hash changes. The banners are asked for once the operator's permission has
 * answered: that call decides what the page around them shows (brand, register and demo buttons),
 * so on a busy server it must not queue behind the banners' query.
 */
function RouteBanners({ pathname }: { pathname: string }) {
  const { data: permission } = usePermission();
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const group = permission ? findBannerGroup(pathname) : null;
  useEffect(() => {
    if (group) void queryClient.prefetchQuery(bannersQueryOptions(group, i18n.language));
  }, [group, i18n.language, queryClient]);
  // On the home page, the banner the server wrote into the page holds the strip's place (same box)
  // until the strip has its permission, data and code.
  const served = findBannerGroup(pathname) === 'w_home' ? <ServedBanner /> : null;
  if (!group) return served;
  return (
    <Suspense fallback={served}>
      <BannerStrip
        key={group}
        group={group}
        variant={isHomeBannerGroup(group) ? 'slider' : 'single'}
        pending={served}
      />
    </Suspense>
  );
}

/** The served first banner (lib/served-banner.ts) in the slider's first slide's box, or nothing. */
function ServedBanner() {
  const banner = getServedBanner();
  if (!banner) return null;
  return (
    <div className="first-screen__banner">
      <img src={banner.src} alt={banner.alt} width={banner.width} height={banner.height} fetchPriority="high" />
    </div>
  );
}

/**
 * Page frame: header, optional side menu (with the right bar beside it), main content and optional footer. The main content
 * is re-created whenever the full path changes, the footer whenever the path changes.
 */
/**
 * Where the side menu will be, until it has loaded (after the first paint): the header's menu
 * button names it (aria-controls), and a reference to no element is an accessibility error.
 */
function SideMenuPending() {
  return <div id="side-menu" hidden />;
}

/**
 * Whether the side menu is drawn: after the first paint where it is a column (tablets in landscape
 * and up), and on phones only once the player first opens the drawer. A closed drawer is off
 * screen, and drawing it at start (its 130-odd elements, its lanes and its code) was the largest
 * task of a phone's first seconds. Once drawn it stays, so a drawer that closes slides away.
 */
function useSideMenuDrawn(hasPainted: boolean): boolean {
  const { isDrawerOpen } = useSideMenu();
  const isDrawer = useIsDrawerViewport();
  const wanted = hasPainted && (!isDrawer || isDrawerOpen);
  const [drawn, setDrawn] = useState(wanted);
  if (wanted && !drawn) setDrawn(true);
  // Its code is fetched when the browser is idle, so the first tap opens the drawer at once.
  useEffect(() => {
    if (!hasPainted || !isDrawer || drawn) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2_000));
    idle(() => void import('./side-menu'), { timeout: 5_000 });
  }, [hasPainted, isDrawer, drawn]);
  return drawn || wanted;
}

/**
 * The footer, drawn when the player scrolls near it: it is below the fold on every page that has
 * one, and its code and its 80-odd elements need not compete with what is in view. On a short page
 * it is near at once. The sentinel keeps the footer's place in the landmarks' order.
 */
function FooterWhenNear({ path }: { path: string }) {
  const { ref, isNear } = useNearViewport<HTMLDivElement>('600px');
  if (!isNear) return <div ref={ref} className="layout__footer-sentinel" aria-hidden="true" />;
  return (
    <Suspense fallback={null}>
      <Footer key={path} />
    </Suspense>
  );
}

export function Layout({ hasSideMenu, hasFooter }: LayoutProps) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const { isExpanded } = useSideMenu();
  const hasPainted = useHasPainted();
  const isSideMenuDrawn = useSideMenuDrawn(hasPainted);
  useAnalyticsTag(hasPainted);
  // The phones' tab bar goes with the side menu: pages without it (the game, registration) keep the whole screen.
  const className = [
    'layout',
    hasSideMenu ? 'layout--with-menu layout--with-tabs' : '',
    hasSideMenu && !isExpanded ? 'layout--menu-collapsed' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <a href="#main-content" className="skip-link">
        {t('skipToContent')}
      </a>
      <ScrollManager />
      <Header hasSideMenu={hasSideMenu} />
      {/* The right bar comes with the menu (one reveal, as the column's parts arrive together), or
          on its own where the menu waits for the drawer to open (tablets show the bar). */}
      {hasSideMenu &&
        (isSideMenuDrawn ? (
          <Suspense fallback={<SideMenuPending />}>
            <SideMenu />
            <RightBar />
          </Suspense>
        ) : (
          <>
            <SideMenuPending />
            {hasPainted && (
              <Suspense fallback={null}>
                <RightBar />
              </Suspense>
            )}
          </>
        ))}
      <div className="layout__body">
        <main id="main-content" className="layout__main" tabIndex={-1}>
          <RouteBanners pathname={location.pathname} />
          {/* The key sits on the Suspense, not on <main>: a keyed <main> was left in the page on
              client-side navigation (old and new pages stacked up); a keyed boundary re-creates
              the content just the same. */}
          <Suspense key={location.pathname + location.search + location.hash} fallback={<ContentSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
        {hasFooter && hasPainted && <FooterWhenNear key={location.pathname} path={location.pathname} />}
      </div>
      {hasSideMenu && hasPainted && (
        <Suspense fallback={null}>
          <TabBar />
        </Suspense>
      )}
    </div>
  );
}
