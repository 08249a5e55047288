import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { openAuthModal } from '../features/auth/auth-modal-store';
import { usePermission } from '../lib/api/get-permission';
import { isReloadPending } from '../lib/error-reporting';
import { preloadNamespaces } from '../lib/i18n';
import { useToken } from '../lib/session-storage';
import { Layout } from './layout';
import { openMemberCentre } from './member-centre/member-centre-store';
import { isOpenWithLoginToHome } from './login-to-home';
// The home page is in the first download: it is what most visits open, and its hero must not wait
// for another script. Every other page loads on first visit, with its translations (lazyPage).
import { HomePage } from './pages/home-page';
import { getRetryEpoch, RouteErrorBoundary } from './pages/route-error-page';

/**
 * A page loaded on first visit, its code and its translation namespaces downloaded together.
 * A failed download reaches the route's error boundary; its retry makes a fresh import (a failed
 * one is not reused). While the page reloads for a new deploy (see installStaleChunkReload) it
 * keeps showing the skeleton.
 */
function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly string[] = [],
): ComponentType<P> {
  const importPage = (attempt: { failed: boolean }) =>
    Promise.all([load(), preloadNamespaces(namespaces)]).then(
      ([component]) => {
        if (!component && isReloadPending()) return new Promise<never>(() => undefined);
        return { default: component };
      },
      (error: unknown) => {
        attempt.failed = true;
        if (isReloadPending()) return new Promise<never>(() => undefined);
        throw error;
      },
    );
  const start = () => {
    const attempt = { failed: false, epoch: getRetryEpoch(), Component: null as unknown as ComponentType<P> };
    attempt.Component = lazy(() => importPage(attempt));
    return attempt;
  };
  let attempt = start();
  /** The current import, or a fresh one once a retry was pressed after it failed. */
  const currentAttempt = () => {
    if (attempt.failed && attempt.epoch !== getRetryEpoch()) attempt = start();
    return attempt;
  };
  function LazyPage(props: P) {
    const { Component } = currentAttempt();
    return <Component {...props} />;
  }
  return LazyPage;
}

const RegisterPage = lazyPage(() => import('./pages/register-route').then((m) => m.RegisterRoute), ['auth', 'content']);
const OidcContinuePage = lazyPage(
  () => import('../features/auth/components/oidc-continue-page').then((m) => m.OidcContinuePage),
  ['auth'],
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
  ['auth'],
);
const GamePage = lazyPage(() => import('../features/games/components/game-page').then((m) => m.GamePage), ['games']);
const CategoryPage = lazyPage(() => import('../features/lobby/components/category-page').then((m) => m.CategoryPage));
const PvpRoute = lazyPage(() => import('./pages/pvp-route').then((m) => m.PvpRoute), ['pvp']);
const SeamlessLobbyPage = lazyPage(() =>
  import('../features/lobby/components/seamless-lobby-page').then((m) => m.SeamlessLobbyPage),
);
const RngPage = lazyPage(() => import('../features/lobby/components/rng-page').then((m) => m.RngPage));
const InhouseLobbyPage = lazyPage(
  () => import('../features/inhouse/components/inhouse-lobby-page').then((m) => m.InhouseLobbyPage),
  ['inhouse'],
);
const InhouseGamePage = lazyPage(
  () => import('../features/inhouse/components/inhouse-game-page').then((m) => m.InhouseGamePage),
  ['inhouse'],
);
const NotFoundPage = lazyPage(() => import('./pages/not-found-page').then((m) => m.NotFoundPage));
const LegalPageRoute = lazyPage(() => import('./pages/legal-page-route').then((m) => m.LegalPageRoute), ['content']);
const HelpPage = lazyPage(() => import('./pages/help-page').then((m) => m.HelpPage), ['content']);
const StandaloneHelpPage = lazyPage(() => import('./pages/help-page').then((m) => m.StandaloneHelpPage), ['content']);
const DownloadPage = lazyPage(
  () => import('../features/download/components/download-page').then((m) => m.DownloadPage),
  ['download'],
);
const PromotionsRoute = lazyPage(
  () => import('./pages/promotions-route').then((m) => m.PromotionsRoute),
  ['content', 'promo'],
);
const PromoDetailRoute = lazyPage(
  () => import('./pages/promo-detail-route').then((m) => m.PromoDetailRoute),
  ['content', 'promo'],
);
const PointMallPage = lazyPage(
  () => import('../features/loyalty/components/point-mall-page').then((m) => m.PointMallPage),
  ['loyalty'],
);
const LotteryPage = lazyPage(
  () => import('../features/lottery/components/lottery-page').then((m) => m.LotteryPage),
  ['lottery'],
);
const ResponsibleGamingPage = lazyPage(
  () =>
    import('../features/responsible-gaming/components/responsible-gaming-page').then((m) => m.ResponsibleGamingPage),
  ['responsibleGaming'],
);
// The sign-up steps a licence asks for (limits, a confirmed contact, then the identity check) and the face check a login found due.
const SignUpLimitsPage = lazyPage(
  () => import('../features/responsible-gaming/components/sign-up-limits').then((m) => m.SignUpLimitsPage),
  ['responsibleGaming'],
);
const SignUpContactStep = lazyPage(
  () => import('../features/security-center/components/sign-up-contact-step').then((m) => m.SignUpContactStep),
  ['security', 'auth'],
);
const SignUpIdentityStep = lazyPage(
  () => import('../features/kyc/components/sign-up-identity-step').then((m) => m.SignUpIdentityStep),
  ['kyc'],
);
const ReverificationPage = lazyPage(
  () => import('../features/kyc/components/reverification').then((m) => m.ReverificationPage),
  ['kyc'],
);
const InhousePlayPage = lazyPage(
  () => import('../features/inhouse/components/inhouse-play-page').then((m) => m.InhousePlayPage),
  ['inhouse'],
);

/** A route's page inside its own error boundary. */
function page(element: ReactNode) {
  return <RouteErrorBoundary>{element}</RouteErrorBoundary>;
}

/** Lobby category pages (the RNG page has its own grid; /elott is the lottery's quick-draw lobby). */
const CATEGORY_PAGE_PATHS = ['/live', '/sports', '/fish', '/esports', '/cockfight'] as const;

/** The login-to-home guard: other paths redirect a visitor to /login. */
function LoginToHomeGuard() {
  const { pathname } = useLocation();
  const { data: permission } = usePermission();
  const token = useToken();
  if (permission?.loginToHome && !token && !isOpenWithLoginToHome(pathname)) {
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}

/** /login: home with the login modal open over it; a logged-in player goes to /. */
function LoginRoute() {
  const token = useToken();
  useEffect(() => {
    if (!token) openAuthModal('login');
  }, [token]);
  if (token) return <Navigate to="/" replace />;
  return <HomePage />;
}

/**
 * Every route of the site (history routing). A path with no page here shows the 404 page in the
 * site's frame.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<LoginToHomeGuard />}>
        <Route element={<Layout hasSideMenu hasFooter />}>
          <Route index element={page(<HomePage />)} />
          <Route path="index" element={page(<HomePage />)} />
          <Route path="index.html" element={page(<HomePage />)} />
          <Route path="home" element={page(<HomePage />)} />
          <Route path="login" element={page(<LoginRoute />)} />
          {CATEGORY_PAGE_PATHS.map((path) => (
            <Route key={path} path={path.slice(1)} element={page(<CategoryPage path={path} />)} />
          ))}
          <Route path="pvp" element={page(<PvpRoute />)} />
          <Route path="rng" element={page(<RngPage />)} />
          <Route path="elott" element={page(<LotteryPage kind="quick" path="/elott" />)} />
          <Route path="inhouse" element={page(<InhouseLobbyPage />)} />
          <Route path="inhouse/:game" element={page(<InhouseGamePage />)} />
          <Route path="terms" element={page(<LegalPageRoute page="terms" />)} />
          <Route path="privacy" element={page(<LegalPageRoute page="privacy" />)} />
          <Route path="responsible-gaming" element={page(<LegalPageRoute page="responsible_gaming" />)} />
          <Route path="help" element={page(<HelpPage />)} />
          <Route path="account/responsible-gaming" element={page(<ResponsibleGamingPage />)} />
          <Route path="welcome/limits" element={page(<SignUpLimitsPage next="/welcome/contact" />)} />
          <Route path="welcome/contact" element={page(<SignUpContactStep next="/welcome/identity" />)} />
          <Route path="welcome/identity" element={page(<SignUpIdentityStep />)} />
          <Route path="kyc/reverify" element={page(<ReverificationPage />)} />
          <Route path="promotions" element={page(<PromotionsRoute />)} />
          <Route path="promoDetail" element={page(<PromoDetailRoute />)} />
          <Route path="pointMall" element={page(<PointMallPage onLogin={() => openAuthModal('login')} />)} />
          <Route path="*" element={page(<NotFoundPage />)} />
        </Route>
        <Route element={<Layout hasSideMenu={false} hasFooter={false} />}>
          <Route path="register" element={page(<RegisterPage />)} />
          <Route
            path="sign-in/provider"
            element={page(<OidcContinuePage onOpenAccount={() => openMemberCentre('securityCenter')} />)}
          />
          <Route path="register.html" element={page(<RegisterPage />)} />
          <Route path="reset-password" element={page(<ResetPasswordPage />)} />
          <Route path="game" element={page(<GamePage />)} />
        </Route>
        {/* App download: a game page in the product's sense, so header and banner but no side menu. */}
        <Route element={<Layout hasSideMenu={false} hasFooter={false} />}>
          <Route path="down" element={page(<DownloadPage />)} />
          {/* The lotteries' own pages are game pages too: the header only, as the product gives them (/elott, a navigation target, keeps the frame). */}
          <Route path="lottery" element={page(<LotteryPage kind="quick" path="/lottery" />)} />
          <Route path="vnlottery" element={page(<LotteryPage kind="vn" path="/vnlottery" />)} />
          <Route path="seaLottery" element={page(<LotteryPage kind="sea" path="/seaLottery" />)} />
          {/* The seamless-wallet vendors' lobby: a game page too (header and side menu in the product's list, the menu hidden on game pages). */}
          <Route path="seamless" element={page(<SeamlessLobbyPage />)} />
        </Route>
        {/* The product's list of open paths names /download: the same page. */}
        <Route path="download" element={<Navigate to="/down" replace />} />
        {/* The standalone help centre: no site frame at all. */}
        <Route path="helpmc" element={<Suspense fallback={null}>{page(<StandaloneHelpPage />)}</Suspense>} />
        {/* The in-house game itself: framed by /game, so no site header, menu or footer. */}
        <Route path="inhouse/play/:game" element={<Suspense fallback={null}>{page(<InhousePlayPage />)}</Suspense>} />
      </Route>
    </Routes>
  );
}
