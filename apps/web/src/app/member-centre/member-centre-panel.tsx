import type { ComponentType, ReactNode } from 'react';
import type { MemberInfo } from '@wps/shared/schemas/member';
import type { PermissionResult } from '@wps/shared/schemas/system';
import { useTranslation } from 'react-i18next';
import { Modal } from '@wps/ui/modal';
import { WarningDialog } from '../../components/ui/warning-dialog';
import { useMemberInfo } from '../../lib/api/get-member-info';
import {
  closeMemberCentre,
  DEFAULT_MEMBER_CENTRE_PAGE,
  selectMemberCentrePage,
  useMemberCentre,
  type MemberCentrePageKey,
} from './member-centre-store';
import { SecurityCenter } from './security-center-page';
import { WithdrawPage } from '../../features/withdraw/components/withdraw-page';
import { TransferUplinePage } from '../../features/transfer-upline/components/transfer-upline-page';
import { TransactionHistory } from '../../features/records/components/transaction-history';
import { DepositPage } from '../../features/deposit/components/deposit-page';
import { DepositCapNotice } from '../../features/kyc/components/deposit-cap-notice';
import { MessagePage } from '../../features/messages/components/message-page';
import { RewardCenter } from '../../features/rewards/components/reward-center';
import { TransferFundPage } from '../../features/games/components/transfer-fund-page';
import { BettingRecordPage } from '../../features/records/components/betting-record-page';
import { ProfitPage } from '../../features/records/components/profit-page';
import { FeedbackPage } from '../../features/feedback/components/feedback-page';
import { BonusDetailsPage } from '../../features/bonus/components/bonus-details-page';
import { VipPage } from '../../features/loyalty/components/vip-page';
import { MissionsPage, useClaimableMissionCount } from '../../features/missions/components/missions-page';
import { RebatePage } from '../../features/rebate/components/rebate-page';
import { ReferralPage } from '../../features/referral/components/referral-page';
import { isRebateEnabled, isReferralEnabled, usePermission } from '../../lib/api/get-permission';
import { useVendorLanes } from '../../features/lobby/api/get-vendor-lanes';
import './member-centre.css';

/** The menu names every page, and each page's strings load on demand: wait for them all. */
const PANEL_NAMESPACES = [
  'common',
  'errors',
  'games',
  'deposit',
  'withdraw',
  'betRecord',
  'records',
  'messages',
  'feedback',
  'rewards',
  'bonus',
  'loyalty',
  'missions',
  'rebate',
  'referral',
];

/** What the panel hands its pages: the features know nothing of each other or of this panel. */
type PageActions = { onChangePassword: () => void };

type PageEntry = {
  key: MemberCentrePageKey;
  labelKey: string;
  render: (actions: PageActions) => ReactNode;
  /** Pages only some members see (transferUpline needs toUpline, referral the programme on); absent: everyone. */
  isShown?: (info: MemberInfo, permission: PermissionResult | undefined) => boolean;
  /** Tables with many columns: the panel widens to the page's width on desktop, so none scrolls sideways. */
  isWide?: true;
  /** A count shown beside the menu entry when above 0. */
  Badge?: ComponentType;
};

/** Missions waiting for their claim, beside "mission activity". */
function MissionBadge() {
  const { t } = useTranslation('missions');
  const count = useClaimableMissionCount();
  if (count <= 0) return null;
  return (
    <span className="mc-menu__badge" aria-label={t('badge', { count })}>
      {count}
    </span>
  );
}

/** The betting record filters by the lobby's vendors. */
function BettingRecordWithVendors() {
  const { lanes } = useVendorLanes();
  return <BettingRecordPage vendorLanes={lanes} />;
}

/** The pages that exist, each from its own feature; the menu lists only these. */
const PAGES: readonly PageEntry[] = [
  {
    key: 'securityCenter',
    labelKey: 'memberCentre.pages.securityCenter',
    render: ({ onChangePassword }) => <SecurityCenter onChangePassword={onChangePassword} />,
  },
  { key: 'transferFund', labelKey: 'games:wallet.title', render: () => <TransferFundPage /> },
  {
    key: 'depositv2',
    labelKey: 'deposit:pageTitle',
    // Before the identity check, what may still be deposited (the licence's cap) and the way to the check.
    render: () => (
      <>
        <DepositCapNotice />
        <DepositPage />
      </>
    ),
  },
  // Without a payment password or a bank account, the withdraw page sends the member to "my account".
  {
    key: 'withdraw',
    labelKey: 'withdraw:pages.withdraw',
    render: () => <WithdrawPage onGoToAccount={() => selectMemberCentrePage('securityCenter')} />,
  },
  {
    key: 'transferUpline',
    labelKey: 'withdraw:pages.transferUpline',
    render: () => <TransferUplinePage />,
    isShown: (info) => info.toUpline,
  },
  {
    key: 'personalHistoryCopy',
    labelKey: 'betRecord:pages.personalHistoryCopy',
    render: () => <BettingRecordWithVendors />,
    isWide: true,
  },
  {
    key: 'transactionHistory',
    labelKey: 'records:pages.transactionHistory',
    render: () => <TransactionHistory />,
    isWide: true,
  },
  { key: 'personalProfit', labelKey: 'betRecord:pages.personalProfit', render: () => <ProfitPage />, isWide: true },
  { key: 'bonusDetails', labelKey: 'bonus:pageTitle', render: () => <BonusDetailsPage /> },
  { key: 'rewardCenter', labelKey: 'rewards:pageTitle', render: () => <RewardCenter /> },
  {
    key: 'referral',
    labelKey: 'referral:title',
    render: () => <ReferralPage />,
    isShown: (_info, permission) => isReferralEnabled(permission),
  },
  { key: 'missionLeaderboard', labelKey: 'missions:title', render: () => <MissionsPage />, Badge: MissionBadge },
  { key: 'messageV2', labelKey: 'messages:pageTitle', render: () => <MessagePage /> },
  {
    key: 'manualRebate',
    labelKey: 'rebate:title',
    render: () => <RebatePage />,
    // Off, the page would only say so: the menu leaves it out, as the side menu does.
    isShown: (_info, permission) => isRebateEnabled(permission),
  },
  // Not a menu key of the spec's list, but one of the member's screens it names ("feedback").
  { key: 'feedback', labelKey: 'feedback:title', render: () => <FeedbackPage /> },
  // The side menu's "VIP bonus": the member's level, progress to the next and each level's benefits.
  { key: 'playerRank', labelKey: 'loyalty:vip.title', render: () => <VipPage /> },
];

/** The pages the member's menu lists: a page for a feature that is off is left out, not shown empty. */
export function visibleMemberCentrePages(
  info: MemberInfo,
  permission: PermissionResult | undefined,
): readonly PageEntry[] {
  return PAGES.filter((entry) => !entry.isShown || entry.isShown(info, permission));
}

export type MemberCentrePanelProps = {
  /** Opens the change-password modal (wired by the app so features stay independent). */
  onChangePassword: () => void;
};

/**
 * The member centre: a right-hand panel with its menu and the selected page. Trial accounts
 * get the in_need_true_account warning instead; the menu renders only once the
 * member is loaded.
 */
export function MemberCentrePanel({ onChangePassword }: MemberCentrePanelProps) {
  const { t } = useTranslation(PANEL_NAMESPACES);
  const { isOpen, page } = useMemberCentre();
  const { info, isTrial } = useMemberInfo();
  const { data: permission } = usePermission();

  if (!isOpen || !info) return null;
  if (isTrial) {
    return <WarningDialog open onClose={closeMemberCentre} message={t('errors:in_need_true_account')} />;
  }
  const visiblePages = visibleMemberCentrePages(info, permission);
  const current =
    visiblePages.find((entry) => entry.key === page) ??
    visiblePages.find((entry) => entry.key === DEFAULT_MEMBER_CENTRE_PAGE);
  return (
    <Modal
      open
      onClose={closeMemberCentre}
      title={t('memberCentre.title')}
      placement="right"
      className={current?.isWide ? 'mc-panel--wide' : undefined}
    >
      <nav className="mc-menu" aria-label={t('memberCentre.menu')}>
        {visiblePages.map((entry) => (
          <button
            key={entry.key}
            type="button"
            className={`mc-menu__item${entry.key === current?.key ? ' is-active' : ''}`}
            aria-current={entry.key === current?.key ? 'page' : undefined}
            onClick={() => selectMemberCentrePage(entry.key)}
          >
            {t(entry.labelKey)}
            {entry.Badge ? <entry.Badge /> : null}
          </button>
        ))}
      </nav>
      <div className="mc-page">{current?.render({ onChangePassword })}</div>
    </Modal>
  );
}
