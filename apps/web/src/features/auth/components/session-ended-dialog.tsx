import { useTranslation } from 'react-i18next';
import type { SessionEndReason } from '@wps/shared/error-codes';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { dismissSessionEnded } from '../../../lib/session-end';
import { openAuthModal } from '../auth-modal-store';

/** "Your session ended because …", with the way back in: shown once when a call finds the session over. */
export function SessionEndedDialog({ reason }: { reason: SessionEndReason }) {
  const { t } = useTranslation('auth');
  return (
    <Modal open onClose={dismissSessionEnded} title={t('sessionEnded.title')} size="sm">
      <div className="warning-dialog" data-testid="session-ended">
        <p className="warning-dialog__message">{t(`sessionEnded.${reason}`)}</p>
        <Button
          block
          data-autofocus
          onClick={() => {
            dismissSessionEnded();
            openAuthModal('login');
          }}
        >
          {t('sessionEnded.login')}
        </Button>
        <Button block variant="ghost" onClick={dismissSessionEnded}>
          {t('sessionEnded.close')}
        </Button>
      </div>
    </Modal>
  );
}
