import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';
import { WarningIcon } from './icons';
import './ui.css';

export type WarningDialogProps = {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
};

/** The dialog for warnings the spec names (e.g. in_need_true_account): message and a confirm button. */
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

type WarningState = { message: string; title?: string } | null;
let current: WarningState = null;
const listeners = new Set<() => void>();

function setCurrent(next: WarningState): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Show a warning dialog from anywhere (e.g. after a failed call). */
export function showWarning(message: string, title?: string): void {
  setCurrent({ message, title });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hosts the dialog opened by showWarning(); mounted once by the layout. */
export function WarningDialogHost() {
  const state = useSyncExternalStore(subscribe, () => current, () => current);
  return <WarningDialog open={state !== null} onClose={() => setCurrent(null)} title={state?.title} message={state?.message ?? ''} />;
}
