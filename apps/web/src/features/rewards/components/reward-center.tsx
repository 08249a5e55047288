import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Grant } from '@wps/shared/schemas/rewards';
import { Button } from '@wps/ui/button';
import { Pager } from '@wps/ui/pager';
import { ListStates } from '../../../components/ui/list-states';
import { toast } from '../../../components/ui/toast';
import { useBalance } from '../../../lib/api/get-balance';
import { useFormatDateTime } from '../../../lib/date-format';
import { useFormats } from '../../../lib/format';
import { getLanguageCode, translateError } from '../../../lib/i18n';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { useClaimGrant } from '../api/claim-grant';
import { useGrants } from '../api/list-grants';
import '../rewards.css';

const PAGE_SIZE = 10;

/**
 * Member-centre page rewardCenter: every reward given to the player, whoever gave it (a
 * promotion, a mission, the rebate, a referral, a VIP level, the operator), newest first. A reward
 * waiting for the player's claim has its button and its last day; a rejected one says why.
 */
export function RewardCenter() {
  const { t } = useTranslation('rewards');
  const [page, setPage] = useState(1);
  const grants = useGrants(page, PAGE_SIZE);
  const claim = useClaimGrant();
  const formatDateTime = useFormatDateTime();
  const describe = useDescribeAmount();

  const onClaim = (grant: Grant) =>
    claim.mutate(grant.id, {
      onSuccess: () => toast.success(t('claimed', { amount: describe(grant) })),
      onError: (error) => toast.error(translateError(error)),
    });

  const totalPages = grants.data ? Math.max(1, Math.ceil(grants.data.total / grants.data.pageSize)) : 1;
  return (
    <section className="reward-center" aria-labelledby="reward-center-title">
      <h2 id="reward-center-title" className="reward-center__title">
        {t('pageTitle')}
      </h2>
      {grants.data && grants.data.claimable > 0 && (
        <p className="reward-center__waiting" role="status">
          {t('waiting', { count: grants.data.claimable })}
        </p>
      )}
      <ListStates
        isLoading={grants.isPending}
        errorText={grants.isError ? translateError(grants.error) : null}
        onRetry={() => void grants.refetch()}
        value={grants.data}
        isEmpty={(v) => v.list.length === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('empty') }}
        rows={4}
      >
        {(value) => (
          <ul className="reward-list" data-testid="reward-list">
            {value.list.map((grant) => (
              <li key={grant.id} className={`reward-item reward-item--${grant.status}`} data-status={grant.status}>
                <div className="reward-item__head">
                  <span className="reward-item__title">
                    {grant.title
                      ? getLanguageCode() === 'EN'
                        ? grant.title.EN
                        : grant.title.PT
                      : t(`source.${grant.source}`, { defaultValue: t('source.other') })}
                  </span>
                  <span className={`reward-item__status reward-item__status--${grant.status}`}>
                    {t(`status.${grant.status}`)}
                  </span>
                </div>
                <div className="reward-item__amount">
                  {describe(grant)} <span className="reward-item__kind">· {t(`kind.${grant.kind}`)}</span>
                </div>
                <div className="reward-item__meta">
                  <time dateTime={grant.createdAt}>{formatDateTime(grant.createdAt)}</time>
                  {grant.status === 'issued' && grant.claimUntil && (
                    <span>{t('claimUntil', { date: formatDateTime(grant.claimUntil) })}</span>
                  )}
                  {grant.status === 'paid' && grant.paidAt && (
                    <span>{t('paidAt', { date: formatDateTime(grant.paidAt) })}</span>
                  )}
                </div>
                {grant.status === 'rejected' && grant.reason && (
                  <p className="reward-item__reason">{t('reason', { reason: grant.reason })}</p>
                )}
                {grant.status === 'issued' && (
                  <Button
                    size="sm"
                    loading={claim.isPending && claim.variables === grant.id}
                    onClick={() => onClaim(grant)}
                    aria-label={`${t('claim')}: ${describe(grant)}`}
                  >
                    {t('claim')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      {totalPages > 1 && (
        <Pager
          className="reward-center__pager"
          variant="ghost"
          page={page}
          totalPages={totalPages}
          onPage={setPage}
          pageLabel={t('pageOf', { page, total: totalPages })}
          previousLabel={t('previous')}
          nextLabel={t('next')}
        />
      )}
    </section>
  );
}

/** A reward's amount in its own unit: money in the operator's currency, points, tickets, steps. */
function useDescribeAmount(): (grant: Grant) => string {
  const { t } = useTranslation('rewards');
  const formatMoney = useFormatMoney();
  const formats = useFormats();
  const balance = useBalance().data;
  return (grant) => {
    if (grant.kind === 'cash' || grant.kind === 'bonus') {
      const scale = balance?.scale ?? 2;
      return formatMoney(minorToDecimal(grant.amount, scale), { currency: grant.currency, scale });
    }
    return t(`unit.${grant.kind}`, { count: Number(grant.amount), amount: formats.number(Number(grant.amount), 0) });
  };
}
