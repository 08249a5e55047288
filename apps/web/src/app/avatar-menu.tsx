import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChevronDownIcon, LogoutIcon, MenuIcon, UserIcon } from '../components/ui/icons';
import { Spinner } from '@wps/ui/spinner';
import { useMenuButton } from '../components/ui/use-menu-button';
import { MemberAvatar } from '../features/member/components/member-avatar';
import { VipBadge } from '../features/loyalty/components/vip-badge';
import { useMemberInfo } from '../lib/api/get-member-info';
import { useLogout } from '../features/member/api/logout';
import { openMemberCentre } from './member-centre/member-centre-store';
import { useAgentCentreUrl } from './agent-centre/agent-centre-url';
import { useDepositReturn } from '../features/deposit/use-deposit-return';
import { useUnreadCount } from '../features/messages/api/get-unread-count';
import { MailIcon } from '../features/messages/components/mail-icon';
import { UnreadBadge } from '../features/messages/components/unread-badge';

type MenuItem = { id: string; label: string; icon: ReactNode; onSelect: () => void; busy?: boolean };

/**
 * The menu names pages of other features, whose strings load on demand. They load when a player's
 * header mounts, without suspending it (the header is part of the first paint); the entries that
 * need them join the menu once they are in.
 */
const MENU_NAMESPACES = ['common', 'games', 'betRecord', 'records', 'messages', 'feedback', 'rewards', 'agent'];

function showDepositPage(): void {
  openMemberCentre('depositv2');
}

/**
 * Avatar menu: my account, my wallet, betting record, account record, messages, rewards,
 * feedback, the agent centre (agents only: isAgent) and sign out.
 */
export function AvatarMenu() {
  const { t, ready: hasPageNames } = useTranslation(MENU_NAMESPACES, { useSuspense: false });
  const { info, isTrial, isAgent } = useMemberInfo();
  const agentCentre = useAgentCentreUrl();
  // Back from a payment gateway's pay page (?depositOrder=…): refresh money and show the deposit page.
  useDepositReturn(showDepositPage);
  const unread = useUnreadCount(!isTrial).data ?? 0;
  const logout = useLogout();
  const navigate = useNavigate();
  const { isOpen, setOpen, menuId, rootRef, buttonRef, onMenuKeyDown } = useMenuButton();

  const pageItems: MenuItem[] = [
    {
      id: 'wallet',
      label: t('games:wallet.title'),
      icon: <MenuIcon />,
      onSelect: () => openMemberCentre('transferFund'),
    },
    {
      id: 'bets',
      label: t('betRecord:menu.bettingRecord'),
      icon: <MenuIcon />,
      onSelect: () => openMemberCentre('personalHistoryCopy'),
    },
    {
      id: 'records',
      label: t('records:menu.accountRecord'),
      icon: <MenuIcon />,
      onSelect: () => openMemberCentre('transactionHistory'),
    },
    {
      id: 'messages',
      label: unread > 0 ? `${t('messages:menuItem')} (${unread})` : t('messages:menuItem'),
      icon: <MailIcon />,
      onSelect: () => openMemberCentre('messageV2'),
    },
    {
      id: 'rewards',
      label: t('rewards:pageTitle'),
      icon: <MenuIcon />,
      onSelect: () => openMemberCentre('rewardCenter'),
    },
    { id: 'feedback', label: t('feedback:menuItem'), icon: <MenuIcon />, onSelect: () => openMemberCentre('feedback') },
    ...(isAgent
      ? [{ id: 'agent', label: t('agent:title'), icon: <UserIcon />, onSelect: () => agentCentre.open() }]
      : []),
  ];
  const items: MenuItem[] = [
    {
      id: 'account',
      label: t('header.myAccount'),
      icon: <UserIcon />,
      onSelect: () => openMemberCentre('securityCenter'),
    },
    ...(hasPageNames ? pageItems : []),
    {
      id: 'responsible-gaming',
      label: t('header.responsibleGaming'),
      icon: <UserIcon />,
      onSelect: () => void navigate('/account/responsible-gaming'),
    },
    {
      id: 'logout',
      label: t('header.signOut'),
      icon: <LogoutIcon />,
      onSelect: () => logout.mutate(),
      busy: logout.isPending,
    },
  ];

  return (
    <div className="avatar-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="avatar-menu__button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={t('header.accountMenu', { account: info?.account ?? '' })}
        onClick={() => setOpen(!isOpen)}
      >
        <span className="unread-anchor">
          <MemberAvatar size={32} />
          <UnreadBadge isTrial={isTrial} />
        </span>
        <VipBadge clubLabel={info?.clubLabel ?? null} />
        <ChevronDownIcon size={16} className="avatar-menu__chevron" />
      </button>
      {isOpen && (
        <div id={menuId} role="menu" className="avatar-menu__list" aria-label={t('header.accountMenuLabel')}>
          <div className="avatar-menu__who" aria-hidden="true">
            <span className="avatar-menu__account">{info?.account}</span>
            {info?.nickname && <span className="avatar-menu__nickname">{info.nickname}</span>}
          </div>
          {items.map((item) => (
            <button
              key={item.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`avatar-menu__item avatar-menu__item--${item.id}`}
              disabled={item.busy}
              onKeyDown={onMenuKeyDown}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.busy ? <Spinner size={16} /> : item.icon}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
