import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import type { OpsRaffle } from '@wps/shared/schemas/promo';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useMe } from '../../../lib/api/get-me';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useAwaitingRaffles } from '../api/awaiting-raffles';
import { useDecideRaffle } from '../api/decide-raffle';
import { MallItemApprovals, MissionApprovals } from './setup-sections';
import './setup-approvals.css';

type Deciding = { raffle: OpsRaffle; decision: 'approve' | 'reject' };

/**
 * Reward set-ups waiting for a second operator (adjustments.approve), one section per kind: they
 * passed a set-up ceiling of the operator money policy. Raffles are hidden from players, take no
 * tickets and are never drawn; missions are hidden and cannot be claimed; mall items are not
 * offered; until an operator other than the one who made or asked for them decides.
 */
export function RaffleApprovalsPage() {
  const { t } = useTranslation('setup-approvals');
  const { t: tc } = useTranslation('errors');
  const raffles = useAwaitingRaffles();
  const me = useMe();
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const decide = useDecideRaffle((r) => t(r.status === 'open' ? 'approved' : 'rejected', { title: r.title }));

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const close = () => {
    setDeciding(null);
    decide.reset();
  };

  return (
    <section className="page setup-approvals" aria-labelledby="raffle-approvals-title">
      <div className="page-header">
        <h1 id="raffle-approvals-title">{t('title')}</h1>
      </div>
      <p>{t('intro')}</p>
      <h2 id="setup-approvals-raffles">{t('rafflesTitle')}</h2>
      {raffles.isPending ? (
        <LoadingState label={t('loading')} />
      ) : raffles.isError ? (
        <ErrorState message={errorText(tc, raffles.error)} />
      ) : raffles.data.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <div className="setup-approvals__list">
          {raffles.data.map((r) => (
            <AwaitingRaffle
              key={r.id}
              raffle={r}
              own={me.data !== undefined && String(me.data.operatorId) === r.createdBy}
              onDecide={(decision) => setDeciding({ raffle: r, decision })}
            />
          ))}
        </div>
      )}
      {deciding && (
        <ConfirmDialog
          open
          onClose={close}
          title={t(deciding.decision === 'approve' ? 'approveTitle' : 'rejectTitle', { title: deciding.raffle.title })}
          description={t(deciding.decision === 'approve' ? 'approveEffect' : 'rejectEffect')}
          confirmLabel={t(deciding.decision === 'approve' ? 'approve' : 'reject')}
          danger={deciding.decision === 'approve'}
          onConfirm={(reason) =>
            decide.mutateAsync({ id: deciding.raffle.id, decision: deciding.decision, reason }).then(close)
          }
          isPending={decide.isPending}
          errorMessage={decide.errorMessage}
        />
      )}
      <MissionApprovals />
      <MallItemApprovals />
    </section>
  );
}

function AwaitingRaffle({
  raffle,
  own,
  onDecide,
}: {
  raffle: OpsRaffle;
  own: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  const { t, i18n } = useTranslation('setup-approvals');
  const formatMoney = useFormatMoney();
  const dates = new Intl.DateTimeFormat(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  const money = { currency: raffle.currency, scale: raffle.scale };
  const titleId = `awaiting-raffle-${raffle.id}`;
  return (
    <article className="setup-approvals__item" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {raffle.title} <span className="setup-approvals__muted">#{raffle.id}</span>
      </h3>
      <p className="setup-approvals__why">{raffle.ceilingReasons.map((reason) => t(`reasons.${reason}`)).join(' ')}</p>
      <dl className="setup-approvals__facts">
        <div>
          <dt>{t('drawAt')}</dt>
          <dd>{dates.format(new Date(raffle.drawAt))}</dd>
        </div>
        <div>
          <dt>{t('createdBy')}</dt>
          <dd>{raffle.createdBy === null ? '—' : t('operator', { id: raffle.createdBy })}</dd>
        </div>
      </dl>
      <ol className="setup-approvals__prizes" aria-label={t('prizes')}>
        {raffle.prizes.map((p) => (
          <li key={p.rank}>
            {p.rewardKind === 'points'
              ? t('points', { count: Number(p.amount) })
              : t(`kinds.${p.rewardKind}`, { amount: formatMoney(p.amount, money) })}
          </li>
        ))}
      </ol>
      {own ? (
        <p className="setup-approvals__muted">{t('ownSetup')}</p>
      ) : (
        <span className="setup-approvals__actions">
          <Button
            size="sm"
            variant="money"
            aria-label={t('approveFor', { title: raffle.title })}
            onClick={() => onDecide('approve')}
          >
            {t('approve')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('rejectFor', { title: raffle.title })}
            onClick={() => onDecide('reject')}
          >
            {t('reject')}
          </Button>
        </span>
      )}
    </article>
  );
}
