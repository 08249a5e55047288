import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { usePermission } from '../lib/api/get-permission';
import { useSystemStatus } from '../features/system/api/get-status';
import { MEMBER_FRAME_NAMESPACES, preloadNamespaces, translateError } from '../lib/i18n';
import { useToken } from '../lib/session-storage';
import { AppRoutes } from './app-routes';
import { AppOverlays } from './app-overlays';
import { LogoMark } from '../components/ui/logo';

const MaintenancePage = lazy(() =>
  import('../features/system/components/maintenance-page').then((module) => ({ default: module.MaintenancePage })),
);
const RegionBlockPage = lazy(() =>
  import('../features/system/components/region-block-page').then((module) => ({ default: module.RegionBlockPage })),
);

/** Shown until the status and the operator's permission are known. */
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

/** The shell: the app when status is 0, maintenance when 1, region block when 2. */
export function AppShell() {
  const { t } = useTranslation('common');
  const status = useSystemStatus();
  const permission = usePermission();
  const brandName = permission.data?.brand.brandName;
  const token = useToken();

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
  if (status.data === undefined || !permission.data) return <BootScreen />;

  if (status.data === 1) {
    return (
      <Suspense fallback={<BootScreen />}>
        <MaintenancePage customerService={permission.data.customerService} />
      </Suspense>
    );
  }
  if (status.data === 2) {
    return (
      <Suspense fallback={<BootScreen />}>
        <RegionBlockPage location={permission.data.location} customerService={permission.data.customerService} />
      </Suspense>
    );
  }
  // A page's strings load with it; a part of the frame that asks for strings not yet in waits here.
  return (
    <>
      <Suspense fallback={<BootScreen />}>
        <AppRoutes />
      </Suspense>
      <Suspense fallback={null}>
        <AppOverlays />
      </Suspense>
    </>
  );
}
