import { useTranslation } from 'react-i18next';
import type { OpsMonitoringFlag } from '@wps/shared/schemas/monitoring';

/** A flag's state in words: open, or closed with its outcome. */
export function FlagStatus({ flag }: { flag: Pick<OpsMonitoringFlag, 'status' | 'outcome'> }) {
  const { t } = useTranslation('monitoring');
  return (
    <span className={`monitoring-status monitoring-status--${flag.status}`}>
      {flag.outcome ? t('closedAs', { outcome: t(`outcomes.${flag.outcome}`) }) : t(`statuses.${flag.status}`)}
    </span>
  );
}
