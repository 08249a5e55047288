import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contract, ContractType, ContractView } from '@wps/shared/schemas/agents';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import type { MoneyFormat } from '../../../lib/money';
import { ContractTerms } from './contract-terms';
import { useContractAction } from './use-contract-action';

type ContractAction = ReturnType<typeof useContractAction>;

/** Accept / reject style pair of buttons for one contract. */
function AnswerButtons({
  action,
  contract,
  yes,
  no,
  labels,
}: {
  action: ContractAction;
  contract: Contract;
  yes: 'accept' | 'acceptTermination';
  no: 'reject' | 'rejectTermination';
  labels: [string, string];
}) {
  return (
    <div className="ac-actions">
      <Button
        size="sm"
        loading={action.isBusy(yes, contract.id)}
        disabled={action.isPending}
        onClick={() => action.run({ action: yes, contractId: contract.id })}
      >
        {labels[0]}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        loading={action.isBusy(no, contract.id)}
        disabled={action.isPending}
        onClick={() => action.run({ action: no, contractId: contract.id })}
      >
        {labels[1]}
      </Button>
    </div>
  );
}

/** The termination state of a live contract as `side` sees it: answer the other side, wait, or ask. */
function TerminationControls({
  action,
  contract,
  side,
}: {
  action: ContractAction;
  contract: Contract;
  side: 'upline' | 'downline';
}) {
  const { t } = useTranslation('agent');
  if (contract.status === 'termination_requested') {
    if (contract.terminationRequestedBy === side)
      return <p className="ac-note">{t('contracts.terminationAwaiting')}</p>;
    return (
      <>
        <p className="ac-note ac-note--warn">
          {t('contracts.terminationRequested', {
            by: side === 'downline' ? (contract.upline ?? t('terms.house')) : contract.downline,
          })}
        </p>
        <AnswerButtons
          action={action}
          contract={contract}
          yes="acceptTermination"
          no="rejectTermination"
          labels={[t('contracts.acceptTermination'), t('contracts.rejectTermination')]}
        />
      </>
    );
  }
  // A contract with the house ends only by the operator.
  if (contract.status !== 'active' || contract.upline === null) return null;
  return (
    <div className="ac-actions">
      <Button
        size="sm"
        variant="secondary"
        loading={action.isBusy('requestTermination', contract.id)}
        disabled={action.isPending}
        onClick={() => action.run({ action: 'requestTermination', contractId: contract.id })}
      >
        {t('contracts.requestTermination')}
      </Button>
    </div>
  );
}

/** Before an acceptance that ends downlines' contracts: the spec's warning, naming them. */
function CascadeDialog({ action }: { action: ContractAction }) {
  const { t } = useTranslation('agent');
  const pending = action.pendingCascade;
  if (!pending) return null;
  return (
    <Modal open onClose={action.cancelCascade} title={t('cascade.title')} size="sm">
      <div className="ac-cascade">
        <p role="alert">{t('cascade.message')}</p>
        <ul className="ac-cascade__list">
          {pending.affected.map((a) => (
            <li key={a.contractId}>{a.downline}</li>
          ))}
        </ul>
        <div className="ac-actions">
          <Button onClick={action.confirmCascade} loading={action.isBusy('accept', pending.contractId)} data-autofocus>
            {t('cascade.confirm')}
          </Button>
          <Button variant="secondary" onClick={action.cancelCascade} disabled={action.isPending}>
            {t('cascade.cancel')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * The member's own side of one contract type: the new-request view (an offer to accept or reject),
 * the current contract and its termination-request view.
 */
export function MyContractSection({
  type,
  view,
  money,
}: {
  type: ContractType;
  view: ContractView;
  money: MoneyFormat;
}) {
  const { t } = useTranslation('agent');
  const action = useContractAction(type);
  const headingId = useId();
  const currentTitle =
    view.current?.status === 'termination_requested' ? t('contracts.terminationRequest') : t('contracts.current');
  return (
    <section className="ac-section" aria-labelledby={headingId} data-testid={`my-contract-${type}`}>
      <h3 id={headingId} className="ac-section__title">
        {t('contracts.mine')}
      </h3>
      {view.offer && (
        <article className="ac-card ac-card--offer" aria-label={t('contracts.newRequest')}>
          <h4 className="ac-card__title">{t('contracts.newRequest')}</h4>
          {view.current && <p className="ac-note">{t('contracts.replaces')}</p>}
          <ContractTerms contract={view.offer} money={money} />
          <AnswerButtons
            action={action}
            contract={view.offer}
            yes="accept"
            no="reject"
            labels={[t('contracts.accept'), t('contracts.reject')]}
          />
        </article>
      )}
      {view.current ? (
        <article className="ac-card" aria-label={currentTitle}>
          <h4 className="ac-card__title">{currentTitle}</h4>
          <ContractTerms contract={view.current} money={money} />
          <TerminationControls action={action} contract={view.current} side="downline" />
        </article>
      ) : (
        !view.offer && <p className="ac-note">{t('contracts.none')}</p>
      )}
      <CascadeDialog action={action} />
    </section>
  );
}

/** Where a new offer is made: the form below, or why there is none (no live contract of one's own, no agent downline). */
export type DownlineOffer = 'form' | 'needsOwnContract' | 'needsAgents';

const NO_DOWNLINES_NOTE = {
  form: 'contracts.noDownlines',
  needsOwnContract: 'contracts.noDownlinesNeedsContract',
  needsAgents: 'contracts.noDownlinesNeedsAgents',
} as const;

/** The member's contracts with its direct downlines: open offers and live contracts. */
export function DownlineContractsSection({
  type,
  view,
  money,
  offer,
}: {
  type: ContractType;
  view: ContractView;
  money: MoneyFormat;
  offer: DownlineOffer;
}) {
  const { t } = useTranslation('agent');
  const action = useContractAction(type);
  const headingId = useId();
  return (
    <section className="ac-section" aria-labelledby={headingId} data-testid={`downline-contracts-${type}`}>
      <h3 id={headingId} className="ac-section__title">
        {t('contracts.downlines')}
      </h3>
      {view.downlines.length === 0 && <p className="ac-note">{t(NO_DOWNLINES_NOTE[offer])}</p>}
      {view.downlines.map((contract) => (
        <article key={contract.id} className="ac-card" aria-label={contract.downline}>
          <h4 className="ac-card__title">{contract.downline}</h4>
          <ContractTerms contract={contract} money={money} />
          {contract.status === 'offered' ? (
            <p className="ac-note">{t('contracts.offerAwaiting')}</p>
          ) : (
            <TerminationControls action={action} contract={contract} side="upline" />
          )}
        </article>
      ))}
    </section>
  );
}
