import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';

type SwitchAccountModalProps = {
  /** The account logged in on this tab now; empty when its name is not known. */
  current: string;
  /** The account the login link opened a session for. */
  next: string;
  onKeep: () => void;
  onSwitch: () => void;
};

/**
 * A login link for another account never silently replaces the live session. The
 * player keeps the current login (also Escape or a click outside) or switches.
 */
export function SwitchAccountModal({ current, next, onKeep, onSwitch }: SwitchAccountModalProps) {
  const { t } = useTranslation('auth');
  return (
    <Modal open onClose={onKeep} title={t('switchAccount.title')} size="sm">
      <div className="auth-confirmation">
        <p>{current ? t('switchAccount.text', { current, next }) : t('switchAccount.textUnknownCurrent', { next })}</p>
        <div className="auth-choice">
          <Button variant="secondary" block onClick={onKeep} data-autofocus>
            {current ? t('switchAccount.keep', { account: current }) : t('switchAccount.keepUnknown')}
          </Button>
          <Button block onClick={onSwitch}>
            {t('switchAccount.switch', { account: next })}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
