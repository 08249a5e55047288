import { useTranslation } from 'react-i18next';
import type { OpsWithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { localeTag } from '../../../lib/i18n';
import { SITE_MONEY, formatMoney } from '../../../lib/money';

/**
 * A pending order whose approval waits for a second operator (the operator money policy): who
 * asked, and which thresholds it passed. Shown in the queue's status cell and in the decision.
 */
export function SecondApprovalNote({ order }: { order: OpsWithdrawalOrder }) {
  const { t } = useTranslation('queues');
  const waiting = order.secondApproval;
  if (!waiting || order.status !== 'pending') return null;
  return (
    <span className="queue-waiting" role="note">
      <strong>{t('withdrawals.waitingSecond')}</strong>{' '}
      {t('withdrawals.askedBy', { name: waiting.askedByName ?? waiting.askedBy })}
      {waiting.waitReasons.length > 0 && (
        <span className="queue-muted">
          {' '}
          {waiting.waitReasons.map((reason) => t(`withdrawals.waitReasons.${reason}`)).join('; ')}
        </span>
      )}
    </span>
  );
}

/**
 * The order's alerts: an operator approved it for a player they had credited by hand shortly
 * before. The approval followed the policy; the alert asks the next operator to look.
 */
export function WithdrawalAlerts({ order }: { order: OpsWithdrawalOrder }) {
  const { t, i18n } = useTranslation('queues');
  if (order.alerts.length === 0) return null;
  const locale = localeTag(i18n.language);
  return (
    <span className="queue-alerts">
      {order.alerts.map((alert) => (
        <span key={alert.operatorId} className="queue-alert" role="note">
          {t('withdrawals.alertCredited', {
            name: alert.operatorName ?? alert.operatorId,
            count: alert.creditCount,
            amount: formatMoney(alert.creditedMinor, locale, { currency: order.currency, scale: SITE_MONEY.scale }),
            days: alert.days,
          })}
        </span>
      ))}
    </span>
  );
}

/**
 * A pending order past its review deadline (the setting withdrawal.reviewDeadlineHours, fixed when
 * the order was made): marked in the queue's time column so the table keeps its width.
 */
export function ReviewOverdueNote({ order }: { order: OpsWithdrawalOrder }) {
  const { t, i18n } = useTranslation('queues');
  if (!order.reviewOverdue || !order.reviewDueAt) return null;
  const due = new Date(order.reviewDueAt);
  return (
    <span className="queue-overdue" role="note" data-testid="review-overdue">
      {t('withdrawals.reviewOverdue', {
        due: new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' }).format(due),
      })}
    </span>
  );
}
