import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard, Queue } from '@wps/shared/schemas/reporting';

const QUEUES: { key: keyof Dashboard['queues']; to: string }[] = [
  { key: 'deposits', to: '/queues/deposits' },
  { key: 'withdrawals', to: '/queues/withdrawals' },
  { key: 'disputes', to: '/queues/withdrawals?status=disputed' },
  { key: 'vendorTransfers', to: '/queues/vendor-transfers' },
];

function age(queue: Queue, now: number): { unit: 'minutes' | 'hours' | 'days'; value: number } | null {
  if (!queue.oldestAt) return null;
  const minutes = Math.max(0, Math.floor((now - Date.parse(queue.oldestAt)) / 60_000));
  if (minutes < 120) return { unit: 'minutes', value: minutes };
  if (minutes < 48 * 60) return { unit: 'hours', value: Math.floor(minutes / 60) };
  return { unit: 'days', value: Math.floor(minutes / 1440) };
}

/** What waits for an operator: how many and how long the oldest has waited, each linking to its queue. */
export function QueuesPanel({ queues, now }: { queues: Dashboard['queues']; now: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="dash-queues" aria-labelledby="dash-queues-title">
      <h2 id="dash-queues-title">{t('queues.title')}</h2>
      <ul>
        {QUEUES.map(({ key, to }) => {
          const q = queues[key];
          const oldest = age(q, now);
          return (
            <li key={key} data-queue={key}>
              <Link to={to}>{t(`queues.${key}`)}</Link>
              <span className="dash-queue-count">{t('queues.waiting', { count: q.count })}</span>
              <span className="dash-queue-age">
                {oldest ? t(`queues.oldest.${oldest.unit}`, { count: oldest.value }) : t('queues.empty')}
              </span>
              {/* Withdrawals past their review deadline (the setting withdrawal.reviewDeadlineHours). */}
              {q.overdue ? (
                <span className="dash-queue-overdue" data-testid="queue-overdue">
                  {t('queues.overdue', { count: q.overdue })}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
