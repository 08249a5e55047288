import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { WarningIcon } from './icons';
import { closeWarning, useWarning } from './warning-store';
import './ui.css';

export type WarningDialogProps = {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
};

/** The dialog for the product's named warnings (e.g. in_need_true_account): message and a confirm button. */
export function WarningDialog({ open, onClose, title, message, confirmLabel }: WarningDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal open={open} onClose={onClose} title={title ?? t('warning')} size="sm">
      <div className="warning-dialog">
        <span className="warning-dialog__icon" aria-hidden="true">
          <WarningIcon />
        </span>
        <p className="warning-dialog__message">{message}</p>
        <Button block onClick={onClose} data-autofocus>
          {confirmLabel ?? t('confirm')}
        </Button>
      </div>
    </Modal>
  );
}

/** Hosts the dialog opened by showWarning(); mounted once by the layout. */
export function WarningDialogHost() {
  const state = useWarning();
  return (
    <WarningDialog open={state !== null} onClose={closeWarning} title={state?.title} message={state?.message ?? ''} />
  );
}
