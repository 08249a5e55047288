import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useAdjustmentSettings } from '../api/adjustments';

/**
 * When an adjustment waits: the operator money policy's amount of one request, and its 24-hour
 * totals. The thresholds are changed on the settings screen (a raise needs a second operator).
 */
export function ThresholdSetting() {
  const { t } = useTranslation('players');
  const formatMoney = useFormatMoney();
  const canReadSettings = useCan('settings.read');
  const settings = useAdjustmentSettings();
  if (!settings.data) return null;
  return (
    <div className="threshold-setting">
      {t('threshold.current', { amount: formatMoney(settings.data.approvalThresholdMinor) })}{' '}
      {canReadSettings && <Link to="/site-settings?section=money">{t('threshold.policyLink')}</Link>}
    </div>
  );
}
