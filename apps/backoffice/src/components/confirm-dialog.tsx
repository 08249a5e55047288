import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { OPS_REASON_MIN_LENGTH, opsReasonSchema } from '@wps/shared/schemas/ops-list';

const reasonFormSchema = z.object({ reason: opsReasonSchema });
type ReasonInput = z.input<typeof reasonFormSchema>;
type ReasonValues = z.output<typeof reasonFormSchema>;

/** One line of "what will change": the field, its value now and after. */
export type PlannedChange = { label: ReactNode; before?: ReactNode; after: ReactNode };

export type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** One sentence on the action's effect (who is affected, whether it can be undone). */
  description?: ReactNode;
  /** What will change, shown as a before → after list. */
  changes?: readonly PlannedChange[];
  confirmLabel: string;
  /** The text field's label when it is not a reason (a dispute's resolution note); default "Reason". */
  reasonLabel?: string;
  /** Who reads the text (the player sees a withdrawal's rejection reason); default: kept in the audit log. */
  reasonHint?: ReactNode;
  /** Money or irreversible actions: the confirm button is red. */
  danger?: boolean;
  /** Runs the action with the typed reason; usually `mutation.mutateAsync`. */
  onConfirm: (reason: string) => Promise<unknown>;
  /** The action's running state and translated error (`useOpsMutation`'s isPending and errorMessage). */
  isPending: boolean;
  errorMessage: string | null;
};

/**
 * Every state-changing operator action goes through this dialog: it shows what will change,
 * asks for a reason (sent with the call, kept in the audit log), and stays open with the
 * server's translated error when the call fails. It closes itself after success.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  changes,
  confirmLabel,
  reasonLabel,
  reasonHint,
  danger,
  onConfirm,
  isPending,
  errorMessage,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReasonInput, unknown, ReasonValues>({
    resolver: zodResolver(reasonFormSchema),
    defaultValues: { reason: '' },
  });

  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason);
    } catch {
      return; // The caller's mutation holds the error; the dialog stays open to show it.
    }
    reset();
    onClose();
  });

  return (
    <Modal open={open} onClose={close} title={title} size="md" closable={!isPending}>
      <form className="confirm-dialog" onSubmit={onSubmit} noValidate>
        {description && <p className="confirm-dialog__description">{description}</p>}
        {changes && changes.length > 0 && (
          <dl className="changes" aria-label={t('confirm.changes')}>
            {changes.map((change, index) => (
              <div key={index} className="changes__row">
                <dt>{change.label}</dt>
                <dd>
                  {change.before !== undefined && (
                    <>
                      <span className="changes__before">{change.before}</span>
                      <span aria-hidden="true"> → </span>
                      <span className="visually-hidden">{t('confirm.becomes')}</span>
                    </>
                  )}
                  <strong>{change.after}</strong>
                </dd>
              </div>
            ))}
          </dl>
        )}
        <div className={`field${errors.reason ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor={reasonId}>
            {reasonLabel ?? t('confirm.reason')}
          </label>
          <textarea
            id={reasonId}
            className="field__input"
            rows={3}
            data-autofocus
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`${reasonId}-hint${errors.reason ? ` ${reasonId}-error` : ''}`}
            {...register('reason')}
          />
          <p id={`${reasonId}-hint`} className="field__hint">
            {reasonHint ?? t('confirm.reasonHint')}
          </p>
          {errors.reason && (
            <p id={`${reasonId}-error`} className="field__error" role="alert">
              {t('confirm.reasonRequired', { count: OPS_REASON_MIN_LENGTH })}
            </p>
          )}
        </div>
        <FormError message={errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={close} disabled={isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={isPending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
