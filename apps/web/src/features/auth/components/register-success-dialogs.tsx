import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { getSessionValue } from '../../../lib/session-storage';
import { acknowledgeGeneratedAccount, closeRegisterSuccess, useAuthModal } from '../auth-modal-store';
import { useRegistrationBonus } from '../use-auth-settings';

/**
 * After a registration: a mobile registration first states the generated account,
 * then the success dialog says the player is logged in (and names the bonus when there is one).
 */
export function RegisterSuccessDialogs() {
  const { t } = useTranslation('auth');
  const { generatedAccount, isRegisterSuccessOpen } = useAuthModal();
  const bonus = useRegistrationBonus();
  return (
    <>
      <Modal
        open={generatedAccount !== null}
        onClose={acknowledgeGeneratedAccount}
        title={t('success.accountTitle')}
        size="sm"
      >
        <div className="auth-confirmation">
          <p>{t('success.accountText')}</p>
          <p className="auth-account-name">{generatedAccount}</p>
          <Button block onClick={acknowledgeGeneratedAccount} data-autofocus>
            {t('actions.continue')}
          </Button>
        </div>
      </Modal>
      <Modal open={isRegisterSuccessOpen} onClose={closeRegisterSuccess} title={t('success.title')} size="sm">
        <div className="auth-confirmation">
          <p>{t('success.text', { account: getSessionValue('account') ?? '' })}</p>
          {bonus ? <p className="auth-bonus">{t('success.bonus', { amount: bonus })}</p> : null}
          <Button block onClick={closeRegisterSuccess} data-autofocus>
            {t('actions.startPlaying')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
