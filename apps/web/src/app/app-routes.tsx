import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { openAuthModal } from '../features/auth/auth-modal-store';
import { usePermission } from '../lib/api/get-permission';
import { useToken } from '../lib/session-storage';
import { Layout } from './layout';

const HomePage = lazy(() => import('./pages/home-page').then((module) => ({ default: module.HomePage })));
const RegisterPage = lazy(() =>
  import('../features/auth/components/register-page').then((module) => ({ default: module.RegisterPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/components/reset-password-page').then((module) => ({ default: module.ResetPasswordPage })),
);
const GamePage = lazy(() => import('../features/games/components/game-page').then((module) => ({ default: module.GamePage })));
const CategoryPage = lazy(() => import('../features/lobby/components/category-page').then((module) => ({ default: module.CategoryPage })));
const RngPage = lazy(() => import('../features/lobby/components/rng-page').then((module) => ({ default: module.RngPage })));
const InhouseLobbyPage = lazy(() => import('../features/inhouse/components/inhouse-lobby-page').then((module) => ({ default: module.InhouseLobbyPage })));
const InhouseGamePage = lazy(() => import('../features/inhouse/components/inhouse-game-page').then((module) => ({ default: module.InhouseGamePage })));
const InhousePlayPage = lazy(() => import('../features/inhouse/components/inhouse-play-page').then((module) => ({ default: module.InhousePlayPage })));

/** Spec §2 lobby category pages (the RNG page has its own grid). */
const CATEGORY_PAGE_PATHS = ['/elott', '/live', '/sports', '/fish', '/pvp', '/esports', '/cockfight'] as const;

/**
 * Spec §2 routes whose pages later issues build. They are declared so that links and
 * bookmarks resolve, but until their page exists they redirect to / (replace, so Back does
 * not bounce) and appear in no navigation. Each issue that builds one moves it out of here.
 */
const UNBUILT_PATHS = [
  'helpmc',
  'download',
  'down',
  'pointMall',
  'lottery',
  'vnlottery',
  'promotions',
  'promoDetail',
  'seamless',
  'help',
] as const;

/** Spec §2: with login-to-home on, a visitor without a token may reach only these paths. */
// /reset-password too: an e-mailed reset link is how a locked-out visitor gets back in.
const LOGIN_TO_HOME_ALLOWED = ['/login', '/register', '/register.html', '/reset-password', '/helpmc', '/download'];

/** The login-to-home guard: other paths redirect a visitor to /login. */
function LoginToHomeGuard() {
  const { pathname } = useLocation();
  const { data: permission } = usePermission();
  const token = useToken();
  const path = pathname.replace(/\/+$/, '') || '/';
  if (permission?.loginToHome && !token && !LOGIN_TO_HOME_ALLOWED.includes(path.toLowerCase())) {
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

/** Every route of spec §2 (history routing). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<LoginToHomeGuard />}>
        <Route element={<Layout hasSideMenu hasFooter />}>
          <Route index element={<HomePage />} />
          <Route path="index" element={<HomePage />} />
          <Route path="index.html" element={<HomePage />} />
          <Route path="home" element={<HomePage />} />
          <Route path="login" element={<LoginRoute />} />
          {CATEGORY_PAGE_PATHS.map((path) => (
            <Route key={path} path={path.slice(1)} element={<CategoryPage path={path} />} />
          ))}
          <Route path="rng" element={<RngPage />} />
          <Route path="inhouse" element={<InhouseLobbyPage />} />
          <Route path="inhouse/:game" element={<InhouseGamePage />} />
          {UNBUILT_PATHS.map((path) => (
            <Route key={path} path={path} element={<Navigate to="/" replace />} />
          ))}
        </Route>
        <Route element={<Layout hasSideMenu={false} hasFooter={false} />}>
          <Route path="register" element={<RegisterPage />} />
          <Route path="register.html" element={<RegisterPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="game" element={<GamePage />} />
        </Route>
        {/* The in-house game itself: framed by /game, so no site header, menu or footer. */}
        <Route
          path="inhouse/play/:game"
          element={
            <Suspense fallback={null}>
              <InhousePlayPage />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
