import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { ErrorState, LoadingState } from '@wps/ui/states';
import type { ContractTier, HouseContractChange } from '@wps/shared/schemas/agents';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useMe } from '../../../lib/api/get-me';
import { errorText } from '../../../lib/error-text';
import { useFormatMoney, SITE_MONEY } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useDecideHouseContractChange, useHouseContractChanges } from '../api/house-contract-changes';
import { useRateLabel } from './agent-labels';

type Deciding = { change: HouseContractChange; decision: 'approve' | 'reject' };

/**
 * House contracts waiting for a second operator: a new contract of a top agent with the house, or
 * terms that pay more, are not in force until an operator other than the asker who holds
 * adjustments.approve approves them (or rejects them, and the live contract keeps paying). Everyone
 * with agents.read sees what waits; only such an operator is offered the decision.
 */
export function HouseContractChanges() {
  const { t } = useTranslation('agents');
  const { t: te } = useTranslation('errors');
  const changes = useHouseContractChanges();
  const me = useMe();
  const canDecide = useCan('adjustments.approve');
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const decide = useDecideHouseContractChange((decision) =>
    t(`pending.${decision === 'approve' ? 'approved' : 'rejected'}`),
  );
  const close = () => {
    setDeciding(null);
    decide.reset();
  };

  if (changes.isPending) return <LoadingState label={t('pending.loading')} />;
  if (changes.isError) return <ErrorState message={errorText(te, changes.error)} />;
  return (
    <section className="agents-pending" aria-labelledby="house-changes-title">
      <h2 id="house-changes-title">{t('pending.title')}</h2>
      {changes.data.list.length === 0 ? (
        <p>{t('pending.none')}</p>
      ) : (
        changes.data.list.map((change) => (
          <WaitingChange
            key={change.id}
            change={change}
            own={me.data !== undefined && String(me.data.operatorId) === change.requestedBy}
            canDecide={canDecide}
            onDecide={(decision) => setDeciding({ change, decision })}
          />
        ))
      )}
      {deciding && (
        <ConfirmDialog
          open
          onClose={close}
          title={t(deciding.decision === 'approve' ? 'pending.approveTitle' : 'pending.rejectTitle', {
            account: deciding.change.account,
          })}
          description={t(deciding.decision === 'approve' ? 'pending.approveEffect' : 'pending.rejectEffect')}
          confirmLabel={t(deciding.decision === 'approve' ? 'pending.approve' : 'pending.reject')}
          danger={deciding.decision === 'approve'}
          onConfirm={(reason) =>
            decide.mutateAsync({ id: deciding.change.id, decision: deciding.decision, reason }).then(close)
          }
          isPending={decide.isPending}
          errorMessage={decide.errorMessage}
        />
      )}
    </section>
  );
}

function WaitingChange({
  change,
  own,
  canDecide,
  onDecide,
}: {
  change: HouseContractChange;
  own: boolean;
  canDecide: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  const { t } = useTranslation('agents');
  const rate = useRateLabel();
  const formatMoney = useFormatMoney();
  const tierText = (tier: ContractTier) =>
    t('pending.tier', {
      rate: rate(tier.rateBp),
      amount: formatMoney(tier.minAmountMinor, SITE_MONEY),
      players: tier.minActivePlayers,
    });
  const period = (p: string) => t(`periods.${p}`, { defaultValue: p });
  const titleId = `house-change-${change.id}`;
  return (
    <article className="agents-pending__item" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {t('pending.itemTitle', { account: change.account, type: t(`contractTypes.${change.type}`) })}
      </h3>
      <dl className="agents-pending__facts">
        <div>
          <dt>{t('pending.proposed')}</dt>
          <dd>
            <ul>
              {change.tiers.map((tier) => (
                <li key={`${tier.minAmountMinor}-${tier.minActivePlayers}`}>{tierText(tier)}</li>
              ))}
            </ul>
            {period(change.period)}
          </dd>
        </div>
        <div>
          <dt>{t('pending.current')}</dt>
          <dd>
            {change.current ? (
              <>
                <ul>
                  {change.current.tiers.map((tier) => (
                    <li key={`${tier.minAmountMinor}-${tier.minActivePlayers}`}>{tierText(tier)}</li>
                  ))}
                </ul>
                {period(change.current.period)}
              </>
            ) : (
              t('pending.noCurrent')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('pending.askedBy')}</dt>
          <dd>{t('pending.operator', { id: change.requestedBy, reason: change.reason })}</dd>
        </div>
      </dl>
      {own ? (
        <p>{t('pending.own')}</p>
      ) : canDecide ? (
        <span className="agents-pending__actions">
          <Button
            size="sm"
            variant="money"
            aria-label={t('pending.approveFor', { account: change.account })}
            onClick={() => onDecide('approve')}
          >
            {t('pending.approve')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('pending.rejectFor', { account: change.account })}
            onClick={() => onDecide('reject')}
          >
            {t('pending.reject')}
          </Button>
        </span>
      ) : null}
    </article>
  );
}
