import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { toast } from '../../../components/ui/toast';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { useGrantDevicePass } from '../api/grant-device-pass';
import type { TransferTarget } from './transfer-dialog';

/**
 * Let a direct downline's next login from a new device through (docs/decisions.md, "Login from a
 * new device"): while the operator asks for a code at such logins, an account with no mobile and
 * no e-mail (as the register centre makes them) receives none, so its agent lets one login in.
 */
export function DevicePassDialog({ target, onClose }: { target: TransferTarget; onClose: () => void }) {
  const { t } = useTranslation('agent');
  const formats = useFormats();
  const grant = useGrantDevicePass();
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    setError(null);
    grant.mutate(target.memberId, {
      onSuccess: (pass) => {
        toast.success(t('devicePass.done', { account: pass.account, until: formats.dateTime(pass.expiresAt) }));
        onClose();
      },
      onError: (e) => setError(translateError(e)),
    });
  };

  return (
    <Modal open onClose={onClose} title={t('devicePass.title', { account: target.account })} size="sm">
      <p className="ac-note">{t('devicePass.explain')}</p>
      {error && (
        <p className="ac-note ac-note--error" role="alert">
          {error}
        </p>
      )}
      <Button block onClick={confirm} loading={grant.isPending}>
        {t('devicePass.confirm')}
      </Button>
    </Modal>
  );
}
