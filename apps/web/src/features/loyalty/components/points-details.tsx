import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@wps/ui/pager';
import { ListStates } from '../../../components/ui/list-states';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { MOVEMENTS_PAGE_SIZE, usePointsMovements } from '../api/get-points-movements';

/** Every change of the member's points: why, how many (signed), the balance after, when. */
export function PointsDetails() {
  const { t } = useTranslation('loyalty');
  const { number, dateTime } = useFormats();
  const [page, setPage] = useState(1);
  const list = usePointsMovements(page);
  return (
    <ListStates
      isLoading={list.isLoading}
      errorText={list.error ? translateError(list.error) : null}
      onRetry={() => void list.refetch()}
      value={list.data}
      isEmpty={(v) => v.list.length === 0}
      labels={{ loading: t('loading'), retry: t('retry'), empty: t('details.empty') }}
    >
      {(v) => {
        const totalPages = Math.ceil(v.total / MOVEMENTS_PAGE_SIZE);
        return (
          <>
            <ul className="pm-rows" aria-label={t('tabs.details')}>
              {v.list.map((m) => {
                const amount = Number(m.points);
                return (
                  <li key={m.id} className="pm-row">
                    <span className="pm-row__main">
                      <strong>{t(`movements.${m.kind}`)}</strong>
                      <span className="pm-row__when">{dateTime(m.createdAt)}</span>
                    </span>
                    <span
                      className={`pm-points ${amount < 0 ? 'pm-points--out' : 'pm-points--in'}`}
                    >{`${amount > 0 ? '+' : ''}${number(amount)}`}</span>
                    <span className="pm-row__after">
                      {t('details.after', { points: number(Number(m.balanceAfter)) })}
                    </span>
                  </li>
                );
              })}
            </ul>
            {totalPages > 1 && (
              <Pager
                page={page}
                totalPages={totalPages}
                onPage={setPage}
                label={t('pager.label')}
                pageLabel={t('pager.page', { page, total: totalPages })}
                previousLabel={t('pager.previous')}
                nextLabel={t('pager.next')}
              />
            )}
          </>
        );
      }}
    </ListStates>
  );
}
