import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsolidatedFunds } from '@wps/shared/schemas/transfer';
import type { ContractType } from '@wps/shared/schemas/agents';
import { Modal } from '@wps/ui/modal';
import { ListStates } from '../../components/ui/list-states';
import { WarningDialog } from '../../components/ui/warning-dialog';
import { translateError } from '../../lib/i18n';
import { useMemberInfo } from '../../lib/api/get-member-info';
import type { MoneyFormat } from '../../lib/money';
import { useConsolidatedFunds } from '../../features/transfer-upline/api/get-consolidated-funds';
import { ContractsPage, ContractTypePage } from '../../features/agent-centre/components/contracts-page';
import { IncomePage } from '../../features/agent-centre/components/income-page';
import { AnnouncementsPage } from '../../features/agent-centre/components/announcements-page';
import { DownlinesPage } from '../../features/agent-centre/components/downlines-page';
import { LinksPage } from '../../features/agent-centre/components/links-page';
import { RegisterCenterPage } from '../../features/agent-centre/components/register-center-page';
import {
  TeamBetsPage,
  TeamPage,
  TeamTransactionsPage,
  UserLossPage,
} from '../../features/agent-centre/components/team-reports-pages';
import { TeamOverviewPage } from '../../features/agent-centre/components/team-overview-page';
import { DEFAULT_AGENT_CENTRE_PAGE, useAgentCentreUrl, type AgentCentrePageKey } from './agent-centre-url';
import './agent-centre.css';

const PANEL_NAMESPACES = ['agent', 'common', 'errors'];

type PageContext = { money: MoneyFormat; mainWallet: string };

type PageEntry = {
  key: AgentCentrePageKey;
  render: (context: PageContext) => ReactNode;
  /** Pages only some agents see (a contract type's page while that type is enabled); absent: every agent. */
  isShown?: (funds: ConsolidatedFunds) => boolean;
};

/** A contract type is enabled for the agent while it holds a live contract of it or an offer or termination request awaits it. */
const isTypeEnabled: Record<ContractType, (funds: ConsolidatedFunds) => boolean> = {
  dividend: (f) => f.hasDividendContract || f.divtypereq !== 0,
  daily_salary: (f) => f.hasDailySalaryContract || f.dailysalreqtype !== 0,
  hourly_salary: (f) => f.hasHourlySalaryContract || f.contracthoursalreqtype !== 0,
  realtime_salary: (f) => f.hasRealTimeSalaryContract || f.realtimesalreqtype !== 0,
};

function typePage(key: AgentCentrePageKey, type: ContractType): PageEntry {
  return { key, render: ({ money }) => <ContractTypePage type={type} money={money} />, isShown: isTypeEnabled[type] };
}

/** The pages that exist, in the spec's order; the menu lists only these. */
const PAGES: readonly PageEntry[] = [
  { key: 'agentAnnouncement', render: () => <AnnouncementsPage /> },
  { key: 'agentTeamOverview', render: () => <TeamOverviewPage /> },
  { key: 'registerCenter', render: () => <RegisterCenterPage /> },
  {
    key: 'downlineManagement',
    render: ({ money, mainWallet }) => <DownlinesPage money={money} mainWallet={mainWallet} />,
  },
  { key: 'teamBetting', render: () => <TeamBetsPage /> },
  { key: 'userLoss', render: () => <UserLossPage /> },
  { key: 'myIncome', render: ({ money }) => <IncomePage money={money} /> },
  { key: 'accountDetails', render: () => <TeamTransactionsPage /> },
  { key: 'teamManagement', render: () => <TeamPage /> },
  { key: 'contracts', render: ({ money }) => <ContractsPage money={money} /> },
  { key: 'linkManagement', render: () => <LinksPage /> },
  typePage('dividendRecord', 'dividend'),
  typePage('dailySalary', 'daily_salary'),
  typePage('hourlySalary', 'hourly_salary'),
  typePage('realTimeSalary', 'realtime_salary'),
];

/**
 * The agent centre: a modal with its menu on the left (a select on phones) and the selected page
 * on the right. Only agents open it (the server answers AGENT_ONLY to anyone else); another member
 * is told so instead.
 */
export function AgentCentrePanel() {
  const { t } = useTranslation(PANEL_NAMESPACES);
  const { page, close, select } = useAgentCentreUrl();
  const { info, isAgent } = useMemberInfo();
  const funds = useConsolidatedFunds();
  const selectId = useId();

  if (!info) return null;
  if (!isAgent) return <WarningDialog open onClose={close} title={t('agent:title')} message={t('agent:refused')} />;
  const visible = PAGES.filter((entry) => !entry.isShown || (funds.data !== undefined && entry.isShown(funds.data)));
  const current = visible.find((entry) => entry.key === (page ?? DEFAULT_AGENT_CENTRE_PAGE)) ?? visible[0]!;
  const money = funds.data ? { currency: funds.data.currency, scale: funds.data.scale } : null;

  return (
    <Modal open onClose={close} title={t('agent:title')} size="lg" className="ac-modal">
      <div className="ac-layout">
        <nav className="ac-menu" aria-label={t('agent:menu')}>
          <ul className="ac-menu__list">
            {visible.map((entry) => (
              <li key={entry.key}>
                <button
                  type="button"
                  className={`ac-menu__item${entry.key === current.key ? ' is-active' : ''}`}
                  aria-current={entry.key === current.key ? 'page' : undefined}
                  onClick={() => select(entry.key)}
                >
                  {t(`agent:pages.${entry.key}`)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ac-menu-select field">
          <label className="field__label" htmlFor={selectId}>
            {t('agent:menu')}
          </label>
          <div className="field__box">
            <select
              id={selectId}
              className="field__input"
              value={current.key}
              onChange={(event) => select(event.target.value as AgentCentrePageKey)}
            >
              {visible.map((entry) => (
                <option key={entry.key} value={entry.key}>
                  {t(`agent:pages.${entry.key}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="ac-page">
          <h2 className="ac-page__title">{t(`agent:pages.${current.key}`)}</h2>
          {money ? (
            current.render({ money, mainWallet: funds.data!.mainWallet })
          ) : (
            <ListStates
              isLoading={funds.isPending}
              errorText={funds.error ? translateError(funds.error) : null}
              onRetry={() => void funds.refetch()}
              value={undefined}
              isEmpty={() => true}
              labels={{ loading: t('agent:loading'), retry: t('agent:retry'), empty: '' }}
              rows={3}
            >
              {() => null}
            </ListStates>
          )}
        </div>
      </div>
    </Modal>
  );
}
