import { useTranslation } from 'react-i18next';
import { isAgentType, isTrialType } from '@wps/shared/constants';
import { Button } from '@wps/ui/button';
import { ShieldIcon } from '../../components/ui/icons';
import { AvatarPicker } from '../../features/member/components/avatar-picker';
import { useMemberInfo } from '../../lib/api/get-member-info';
import { SecuritySettings } from '../../features/security-center/components/security-settings';
import { TrustedDevices } from '../../features/security-center/components/trusted-devices';
import { LinkedSignIns } from '../../features/security-center/components/linked-sign-ins';
import { IdentityCheck } from '../../features/kyc/components/identity-check';
import { PrivacyCard } from '../../features/privacy/components/privacy-card';

export type SecurityCenterProps = { onChangePassword: () => void };

/** Translation key of an account type. */
function getTypeKey(type: number): string {
  if (isTrialType(type)) return 'memberCentre.types.trial';
  if (isAgentType(type)) return 'memberCentre.types.agent';
  return 'memberCentre.types.member';
}

/**
 * securityCenter ("my account"): account, nickname, type and VIP label, with the member feature's
 * avatar picker, the identity check (kyc feature), the security-center feature's settings and the
 * player's rights over their data (privacy feature) side by side.
 */
export function SecurityCenter({ onChangePassword }: SecurityCenterProps) {
  const { t } = useTranslation('common');
  const { info } = useMemberInfo();
  if (!info) return null;
  const club = info.clubLabel;
  return (
    <section aria-labelledby="mc-security-title" className="security-center">
      <div className="security-center__hero">
        <AvatarPicker size={64} />
        <div className="security-center__who">
          <h3 id="mc-security-title" className="security-center__account">
            {info.account}
          </h3>
          {club ? (
            <span
              className="vip-badge"
              // The label colours are operator data, not theme colours.
              style={{ background: `linear-gradient(135deg, ${club.color}, ${club.color2})` }}
            >
              {club.labelName}
            </span>
          ) : (
            <span className="vip-badge vip-badge--none">{t('memberCentre.noVip')}</span>
          )}
        </div>
      </div>
      <dl className="security-center__list">
        <div className="security-center__row">
          <dt>{t('memberCentre.account')}</dt>
          <dd>{info.account}</dd>
        </div>
        <div className="security-center__row">
          <dt>{t('memberCentre.nickname')}</dt>
          <dd>{info.nickname || '—'}</dd>
        </div>
        <div className="security-center__row">
          <dt>{t('memberCentre.type')}</dt>
          <dd>{t(getTypeKey(info.type))}</dd>
        </div>
        <div className="security-center__row">
          <dt>{t('memberCentre.vip')}</dt>
          <dd>{club ? club.labelName : t('memberCentre.noVip')}</dd>
        </div>
        {info.memberLabel.length > 0 && (
          <div className="security-center__row">
            <dt>{t('memberCentre.labels')}</dt>
            <dd className="security-center__labels">
              {info.memberLabel.map((label) => (
                // The operator picks any colour: it marks the border and a dot, while the text keeps the theme's colour so it stays readable.
                <span key={label.labelName} className="member-label" style={{ borderColor: label.color }}>
                  <span className="member-label__dot" style={{ background: label.color }} aria-hidden="true" />
                  {label.labelName}
                </span>
              ))}
            </dd>
          </div>
        )}
      </dl>
      <div className="security-center__card">
        <span className="security-center__card-icon" aria-hidden="true">
          <ShieldIcon />
        </span>
        <div>
          <p className="security-center__card-title">{t('memberCentre.password')}</p>
          <p className="security-center__card-text">{t('memberCentre.passwordHint')}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={onChangePassword}>
          {t('memberCentre.changePassword')}
        </Button>
      </div>
      <IdentityCheck />
      <SecuritySettings />
      <TrustedDevices />
      <LinkedSignIns />
      <PrivacyCard />
    </section>
  );
}
