import { useTranslation } from 'react-i18next';
import type { QueueCounts } from '@wps/shared/schemas/reporting';
import { useCan } from '../../../lib/permissions';
import { useQueueCounts } from '../api/queue-counts';

/** The sidebar's queue entries with a count, by path; withdrawals count those in dispute too. */
const COUNTS_BY_PATH: Record<string, (c: QueueCounts) => number> = {
  '/queues/deposits': (c) => c.deposits,
  '/queues/withdrawals': (c) => c.withdrawals + c.disputes,
  '/queues/vendor-transfers': (c) => c.vendorTransfers,
  '/queues/redemptions': (c) => c.redemptions,
  '/queues/held-rewards': (c) => c.heldRewards,
  // Missions, mall items and raffles waiting for a second operator share one page.
  '/queues/raffle-approvals': (c) => c.setupApprovals,
};

/** Whether a sidebar entry has a waiting count to show. */
export function hasQueueCount(path: string): boolean {
  return path in COUNTS_BY_PATH;
}

/**
 * How many wait in the queue at `path`, next to its sidebar link; nothing while the counts load,
 * when none wait, or for a role without the dashboard's permission (the counts are its figures).
 */
export function QueueCountBadge({ path }: { path: string }) {
  const { t } = useTranslation('queues');
  const canRead = useCan('dashboard.read');
  const { data } = useQueueCounts(canRead);
  const countOf = COUNTS_BY_PATH[path];
  if (!data || !countOf) return null;
  const count = countOf(data);
  if (count === 0) return null;
  return (
    <span className="sidebar__count" data-testid="queue-count">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('waitingCount', { count })}</span>
    </span>
  );
}
