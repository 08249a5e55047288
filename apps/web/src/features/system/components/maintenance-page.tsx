import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { RefreshIcon } from '../../../components/ui/icons';
import type { CustomerServiceEntry } from '../customer-service';
import { StatusPage } from './status-page';

/** A drawn wrench-and-gear illustration (no images fetched). */
function MaintenanceArt() {
  return (
    <svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true" focusable="false" className="status-art">
      <circle cx="60" cy="60" r="56" className="status-art__halo" />
      <g className="status-art__gear">
        <path d="M60 30l6 2 3 8 8 3 8-3 4 4-3 8 3 8 8 3v6l-8 3-3 8 3 8-4 4-8-3-8 3-3 8h-6l-3-8-8-3-8 3-4-4 3-8-3-8-8-3v-6l8-3 3-8-3-8 4-4 8 3 8-3 3-8z" />
        <circle cx="60" cy="64" r="12" className="status-art__hole" />
      </g>
    </svg>
  );
}

/** Status 1: title, notice, contact-us, and a refresh that re-checks the status. */
export function MaintenancePage({ customerService }: { customerService: readonly CustomerServiceEntry[] }) {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      illustration={<MaintenanceArt />}
      title={t('status.maintenanceTitle')}
      notice={<p>{t('status.maintenanceNotice')}</p>}
      customerService={customerService}
    >
      <Button icon={<RefreshIcon size={18} />} onClick={() => window.location.reload()}>
        {t('status.refresh')}
      </Button>
    </StatusPage>
  );
}
