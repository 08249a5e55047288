import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { ReasonField } from '../../../components/reason-field';

type SettingsDialogProps = {
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** While saving, the dialog stays open and its buttons wait. */
  isPending: boolean;
  /** The server's refusal, translated; null while there is none. */
  errorMessage: string | null;
  /** `register('reason')`: every change of this screen is audited with the reason. */
  reason: UseFormRegisterReturn;
  hasReasonError: boolean;
  /** The dialog's own fields, above the reason. */
  children: ReactNode;
};

/**
 * The frame every settings form of the Games screen shares: the dialog, the form, the fields it
 * is given, then the audited reason, the server's refusal and the cancel and save buttons.
 */
export function SettingsDialog({
  title,
  onClose,
  onSubmit,
  isPending,
  errorMessage,
  reason,
  hasReasonError,
  children,
}: SettingsDialogProps) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  return (
    <Modal open onClose={onClose} title={title} size="md" closable={!isPending}>
      <form onSubmit={onSubmit} noValidate className="catalogue-settings-form">
        {children}
        <ReasonField
          required
          label={t('settings.reason')}
          hint={t('settings.reasonHint')}
          error={hasReasonError ? t('settings.reasonRequired') : undefined}
          registration={reason}
        />
        <FormError message={errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
