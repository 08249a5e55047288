import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPES, type ContractType } from '@wps/shared/schemas/agents';
import { ListStates } from '../../../components/ui/list-states';
import { TabPanel, Tabs } from '../../../components/ui/tabs';
import { translateError } from '../../../lib/i18n';
import type { MoneyFormat } from '../../../lib/money';
import { useDownlines } from '../api/get-downlines';
import type { ContractView } from '@wps/shared/schemas/agents';
import { useContractView } from '../api/process-contract';
import { ContractOfferForm, type DownlineOption } from './contract-offer-form';
import { DownlineContractsSection, MyContractSection, type DownlineOffer } from './contract-sections';
import { IncomePage } from './income-page';
import '../agent-centre.css';

/** One type's view through the list states (skeleton, error with retry), then `children`. */
function ContractViewStates({
  type,
  children,
}: {
  type: ContractType;
  children: (view: NonNullable<ReturnType<typeof useContractView>['data']>) => React.ReactNode;
}) {
  const { t } = useTranslation(['agent', 'common']);
  const view = useContractView(type);
  return (
    <ListStates
      isLoading={view.isPending}
      errorText={view.error ? translateError(view.error) : null}
      onRetry={() => void view.refetch()}
      value={view.data}
      isEmpty={() => false}
      labels={{ loading: t('agent:loading'), retry: t('agent:retry'), empty: '' }}
      rows={3}
    >
      {children}
    </ListStates>
  );
}

/** Whether the offer form is shown, and if not, why: the empty list's note says what to do. */
function offerState(view: ContractView, downlines: DownlineOption[] | undefined): DownlineOffer {
  if (!view.current) return 'needsOwnContract';
  if (downlines && downlines.length === 0) return 'needsAgents';
  return 'form';
}

/**
 * The contracts page: one tab per contract type, each with the member's own contract (its offer,
 * current and termination views), its contracts with its direct downlines, and the offer form
 * (only while the member holds a live contract of the type: an offer is capped by it).
 */
export function ContractsPage({ money }: { money: MoneyFormat }) {
  const { t } = useTranslation('agent');
  // The offer form's choices: the direct downlines that are agents (contracts are only with them).
  const direct = useDownlines({ level: 1, pageSize: 100 });
  const downlines: DownlineOption[] | undefined = direct.data?.list
    .filter((d) => d.isAgent && d.status === 'active')
    .map((d) => ({ id: d.memberId, account: d.account }));
  const [type, setType] = useState<ContractType>('daily_salary');
  const idBase = useId().replace(/:/g, '');
  return (
    <section className="ac-page-body" data-testid="agent-contracts">
      <Tabs
        items={CONTRACT_TYPES.map((id) => ({ id, label: t(`type.${id}`) }))}
        value={type}
        onChange={setType}
        idBase={idBase}
        ariaLabel={t('contracts.types')}
      />
      <TabPanel idBase={idBase} value={type} className="ac-tab-panel">
        <ContractViewStates key={type} type={type}>
          {(view) => (
            <>
              <MyContractSection type={type} view={view} money={money} />
              <DownlineContractsSection type={type} view={view} money={money} offer={offerState(view, downlines)} />
              {view.current && downlines && downlines.length > 0 && (
                <ContractOfferForm key={type} type={type} money={money} downlines={downlines} />
              )}
            </>
          )}
        </ContractViewStates>
      </TabPanel>
    </section>
  );
}

/** A contract type's own page (daily wages, hourly and real-time salary, bonus/dividend record): the member's contract of that type and its statements. */
export function ContractTypePage({ type, money }: { type: ContractType; money: MoneyFormat }) {
  return (
    <section className="ac-page-body" data-testid={`agent-type-${type}`}>
      <ContractViewStates type={type}>
        {(view) => <MyContractSection type={type} view={view} money={money} />}
      </ContractViewStates>
      <IncomePage type={type} money={money} />
    </section>
  );
}
