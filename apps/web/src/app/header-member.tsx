import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { ArrowUpCircleIcon, PlusCircleIcon } from '../components/ui/icons';
import { useMemberInfo } from '../lib/api/get-member-info';
import { requireLogin } from '../lib/login-prompt';
import { MailButton } from '../features/messages/components/mail-button';
import { HeaderPoints } from '../features/loyalty/components/header-points';
import { isModuleEnabled, usePermission } from '../lib/api/get-permission';
import { useNavigate } from 'react-router';
import { AvatarMenu } from './avatar-menu';
import { Balance } from './balance';
import { openMemberCentre, type MemberCentrePageKey } from './member-centre/member-centre-store';

/** Opens a member-centre page; visitors get the login popup instead. */
function openMemberPage(page: MemberCentrePageKey): void {
  if (requireLogin()) openMemberCentre(page);
}

/**
 * The signed-in end of the header: deposit and withdraw, the balance, the points (when the
 * operator's points switch is on and the member has some), the messages button and the avatar menu. A trial
 * (free-play) player plays with demo money: a DEMO label beside the balance says so, and there is
 * no deposit or withdraw button (demo money is neither added nor taken out). Its own download:
 * visitors, most of the home page's first visits, never need it.
 */
export function HeaderMember() {
  const { t } = useTranslation('common');
  const { isTrial } = useMemberInfo();
  const { data: permission } = usePermission();
  const navigate = useNavigate();
  return (
    <>
      {isTrial ? (
        <span className="header__demo-badge" title={t('header.demoHint')}>
          <span>{t('header.demo')}</span>
          <span className="visually-hidden">{`: ${t('header.demoHint')}`}</span>
        </span>
      ) : (
        <>
          <Button
            variant="money"
            size="sm"
            className="header__cash"
            icon={<PlusCircleIcon size={18} />}
            onClick={() => openMemberPage('depositv2')}
          >
            <span className="header__cash-label">{t('header.deposit')}</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="header__cash header__cash--withdraw"
            icon={<ArrowUpCircleIcon size={18} />}
            onClick={() => openMemberPage('withdraw')}
          >
            <span className="header__cash-label">{t('header.withdraw')}</span>
          </Button>
        </>
      )}
      <Balance />
      {!isTrial && (
        <HeaderPoints isEnabled={isModuleEnabled(permission, 'PTSYS3')} onOpen={() => void navigate('/pointMall')} />
      )}
      {/* Trial accounts get no notices or messages (and no member centre). */}
      {!isTrial && <MailButton onOpen={() => openMemberPage('messageV2')} />}
      <AvatarMenu />
    </>
  );
}
