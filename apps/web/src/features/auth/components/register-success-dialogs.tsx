import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { copyText } from '../../../lib/clipboard';
import { getSessionValue } from '../../../lib/session-storage';
import { acknowledgeGeneratedAccount, closeRegisterSuccess, useAuthModal } from '../auth-modal-store';
import { useRegistrationBonus } from '../use-auth-settings';

/** Copies the generated account name, the one thing the player must keep from this dialog. */
function CopyAccountButton({ account }: { account: string }) {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => void copyText(account).then((done) => setState(done ? 'copied' : 'failed'))}
      >
        {state === 'copied' ? t('success.copied') : t('success.copyAccount')}
      </Button>
      <span role="status" className={state === 'failed' ? 'auth-copy-failed' : 'visually-hidden'}>
        {state === 'failed' ? t('success.copyFailed') : state === 'copied' ? t('success.copied') : ''}
      </span>
    </>
  );
}

/** Whether the player has sign-up steps to go through after registering ('unknown' while loading). */
export type SignUpSteps = 'none' | 'unknown' | 'required';

/**
 * After a registration: a mobile registration first states the generated account,
 * then the success dialog says the player is logged in (and names the bonus when there is one).
 * Where a licence asks for sign-up steps first (limits, contact, identity), those steps are the
 * welcome: the success dialog is not shown (it covered the limits step), and while that is being
 * found out it waits.
 */
export function RegisterSuccessDialogs({ signUpSteps = 'none' }: { signUpSteps?: SignUpSteps }) {
  const { t } = useTranslation('auth');
  const { generatedAccount, isRegisterSuccessOpen } = useAuthModal();
  const bonus = useRegistrationBonus();
  useEffect(() => {
    if (isRegisterSuccessOpen && signUpSteps === 'required') closeRegisterSuccess();
  }, [isRegisterSuccessOpen, signUpSteps]);
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
          <div className="auth-account-row">
            <p className="auth-account-name">{generatedAccount}</p>
            {generatedAccount !== null && <CopyAccountButton account={generatedAccount} />}
          </div>
          <Button block onClick={acknowledgeGeneratedAccount} data-autofocus>
            {t('actions.continue')}
          </Button>
        </div>
      </Modal>
      <Modal
        open={isRegisterSuccessOpen && signUpSteps === 'none'}
        onClose={closeRegisterSuccess}
        title={t('success.title')}
        size="sm"
      >
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
