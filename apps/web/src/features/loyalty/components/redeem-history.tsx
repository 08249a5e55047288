import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@wps/ui/pager';
import { ListStates } from '../../../components/ui/list-states';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { REDEEM_PAGE_SIZE, useRedeemList } from '../api/get-redeem-list';
import { itemName } from '../loyalty-format';

/** The member's redemptions: item, points, when, status (in process, approved, rejected with the reason). */
export function RedeemHistory() {
  const { t, i18n } = useTranslation('loyalty');
  const { number, dateTime } = useFormats();
  const [page, setPage] = useState(1);
  const list = useRedeemList(page);
  return (
    <ListStates
      isLoading={list.isLoading}
      errorText={list.error ? translateError(list.error) : null}
      onRetry={() => void list.refetch()}
      value={list.data}
      isEmpty={(v) => v.list.length === 0}
      labels={{ loading: t('loading'), retry: t('retry'), empty: t('history.empty') }}
    >
      {(v) => (
        <>
          <ul className="pm-rows" aria-label={t('tabs.history')}>
            {v.list.map((r) => (
              <li key={r.id} className="pm-row" data-testid="redemption">
                <span className="pm-row__main">
                  <strong>{itemName(r, i18n.language)}</strong>
                  <span className="pm-row__when">{dateTime(r.createdAt)}</span>
                </span>
                <span className="pm-points">{t('points', { points: number(Number(r.points)) })}</span>
                <span className={`pm-status pm-status--${r.status}`}>{t(`status.${r.status}`)}</span>
                {r.status === 'rejected' && r.reason && (
                  <span className="pm-row__reason">{t('history.reason', { reason: r.reason })}</span>
                )}
              </li>
            ))}
          </ul>
          {v.total > REDEEM_PAGE_SIZE && (
            <Pager
              page={page}
              totalPages={Math.ceil(v.total / REDEEM_PAGE_SIZE)}
              onPage={setPage}
              label={t('pager.label')}
              pageLabel={t('pager.page', { page, total: Math.ceil(v.total / REDEEM_PAGE_SIZE) })}
              previousLabel={t('pager.previous')}
              nextLabel={t('pager.next')}
            />
          )}
        </>
      )}
    </ListStates>
  );
}
