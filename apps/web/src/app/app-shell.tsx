import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Spinner } from '@wps/ui/spinner';
import { usePermission } from '../lib/api/get-permission';
import { useSystemStatus } from '../features/system/api/get-status';
import { MEMBER_FRAME_NAMESPACES, preloadNamespaces, translateError } from '../lib/i18n';
import { useToken } from '../lib/session-storage';
import { notePainted, useHasPainted } from '../lib/first-paint';
import { AppRoutes } from './app-routes';
import { LogoMark } from '../components/ui/logo';
import { openAuthModal } from '../features/auth/auth-modal-store';
import { connectLoginPrompt } from '../lib/login-prompt';

// Features that need a player ask lib/login-prompt; the auth modals (in the overlays) answer.
connectLoginPrompt(openAuthModal);

// The overlays (auth modals, member centre, toasts, warnings) mount after the first paint: their
// code (the modal, the auth forms' frame) is a download of its own, outside the first script.
const AppOverlays = lazy(() => import('./app-overlays').then((module) => ({ default: module.AppOverlays })));

const MaintenancePage = lazy(() =>
  import('../features/system/components/maintenance-page').then((module) => ({ default: module.MaintenancePage })),
);
const RegionBlockPage = lazy(() =>
  import('../features/system/components/region-block-page').then((module) => ({ default: module.RegionBlockPage })),
);

/** Shown while a status page waits for the operator's permission or its own code. */
function BootScreen() {
  const { t } = useTranslation('common');
  return (
    <div className="boot-screen" role="status" aria-live="polite">
      <LogoMark size={56} />
      <Spinner size={24} />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

/**
 * The shell: the app when status is 0, maintenance when 1, region block when 2. The app is drawn
 * at once, before the status and the operator's permission have answered: the home page (and its
 * hero, the largest paint) must not wait for two API round trips. Parts that need the permission
 * (brand name, register and demo switches, the login-to-home guard) fill in when it arrives; a
 * status of 1 or 2 then replaces the whole page, and a failed status or permission call shows the
 * boot error with a retry.
 */
export function AppShell() {
  const { t } = useTranslation('common');
  const status = useSystemStatus();
  const permission = usePermission();
  const brandName = permission.data?.brand.brandName;
  const token = useToken();
  const hasPainted = useHasPainted();

  useEffect(() => notePainted(), []);

  useEffect(() => {
    if (token) void preloadNamespaces(MEMBER_FRAME_NAMESPACES);
  }, [token]);

  useEffect(() => {
    if (brandName) document.title = brandName;
  }, [brandName]);

  const error = status.error ?? permission.error;
  if (error) {
    return (
      <main className="boot-screen">
        <LogoMark size={56} />
        <h1 className="boot-screen__title">{t('bootError')}</h1>
        <p className="boot-screen__text">{translateError(error)}</p>
        <Button
          onClick={() => {
            void status.refetch();
            void permission.refetch();
          }}
          loading={status.isFetching || permission.isFetching}
        >
          {t('retry')}
        </Button>
      </main>
    );
  }
  if (status.data === 1 || status.data === 2) {
    if (!permission.data) return <BootScreen />;
    return (
      <Suspense fallback={<BootScreen />}>
        {status.data === 1 ? (
          <MaintenancePage customerService={permission.data.customerService} />
        ) : (
          <RegionBlockPage location={permission.data.location} customerService={permission.data.customerService} />
        )}
      </Suspense>
    );
  }
  // A page's strings load with it; a part of the frame that asks for strings not yet in waits here.
  return (
    <>
      <Suspense fallback={<BootScreen />}>
        <AppRoutes />
      </Suspense>
      {hasPainted && (
        <Suspense fallback={null}>
          <AppOverlays />
        </Suspense>
      )}
    </>
  );
}
