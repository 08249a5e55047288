import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import {
  confirmDepositBodySchema,
  type ConfirmDepositBody,
  type ConfirmDepositValues,
  type OpsDepositOrder,
} from '@wps/shared/schemas/deposit';
import { localeTag } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';

type DepositConfirmDialogProps = {
  order: OpsDepositOrder;
  onClose: () => void;
  /** Runs the confirmation with the typed reason and payer; usually the mutation's mutateAsync. */
  onConfirm: (body: ConfirmDepositValues) => Promise<unknown>;
  isPending: boolean;
  errorMessage: string | null;
};

/**
 * Confirm a manual bank transfer (docs/compliance.md, "Manual bank transfers"): what the player
 * receives, and the payer as the bank statement shows it (the holder's name, their CPF, the
 * statement line's reference) with the reason for the audit log, validated with the shared
 * confirmDepositBodySchema. Under BR the server credits only the player's own CPF and otherwise
 * refuses with DEPOSIT_PAYER_NOT_OWNER, shown here: the operator then rejects the order and
 * returns the money. Stays open on an error; closes after the confirmation.
 */
export function DepositConfirmDialog({
  order,
  onClose,
  onConfirm,
  isPending,
  errorMessage,
}: DepositConfirmDialogProps) {
  const { t, i18n } = useTranslation('queues');
  const money = (minor: string) =>
    formatMoney(minor, localeTag(i18n.language), { currency: order.currency, scale: order.scale });
  const reasonId = useId();
  const form = useForm<ConfirmDepositBody, unknown, ConfirmDepositValues>({
    resolver: zodResolver(confirmDepositBodySchema),
    defaultValues: { reason: '', payerName: '', payerCpf: '', bankReference: '' },
  });
  const { errors } = form.formState;
  const close = () => (form.reset(), onClose());
  const submit = form.handleSubmit(async (body) => {
    try {
      await onConfirm(body);
    } catch {
      return; // The caller's mutation holds the error; the dialog stays open to show it.
    }
    close();
  });

  return (
    <Modal
      open
      onClose={close}
      title={t('deposits.confirmTitle', { id: order.id, account: order.account })}
      size="md"
      closable={!isPending}
    >
      <form className="confirm-dialog" onSubmit={submit} noValidate>
        <p className="confirm-dialog__description">
          {t('deposits.confirmEffect', { credit: money(order.creditMinor), reference: order.referenceCode })}
        </p>
        <dl className="changes" aria-label={t('deposits.confirmSummary')}>
          <div className="changes__row">
            <dt>{t('columns.amount')}</dt>
            <dd>
              <strong>{money(order.amountMinor)}</strong>
            </dd>
          </div>
          <div className="changes__row">
            <dt>{t('deposits.credit')}</dt>
            <dd>
              <strong>{money(order.creditMinor)}</strong>
            </dd>
          </div>
          <div className="changes__row">
            <dt>{t('columns.reference')}</dt>
            <dd>
              <code>{order.referenceCode}</code>
            </dd>
          </div>
        </dl>
        <fieldset className="confirm-dialog__payer">
          <legend>{t('deposits.payer.legend')}</legend>
          <p className="field__hint">{t('deposits.payer.intro')}</p>
          <TextField
            label={t('deposits.payer.name')}
            autoComplete="off"
            maxLength={128}
            data-autofocus
            {...form.register('payerName')}
            error={errors.payerName ? t('deposits.payer.nameError') : undefined}
          />
          <TextField
            label={t('deposits.payer.cpf')}
            autoComplete="off"
            inputMode="numeric"
            maxLength={20}
            hint={t('deposits.payer.cpfHint')}
            {...form.register('payerCpf')}
            error={errors.payerCpf ? t('deposits.payer.cpfError') : undefined}
          />
          <TextField
            label={t('deposits.payer.bankReference')}
            autoComplete="off"
            maxLength={64}
            hint={t('deposits.payer.bankReferenceHint')}
            {...form.register('bankReference')}
            error={errors.bankReference ? t('deposits.payer.bankReferenceError') : undefined}
          />
        </fieldset>
        <div className={`field${errors.reason ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor={reasonId}>
            {t('confirm.reason', { ns: 'common' })}
          </label>
          <textarea
            id={reasonId}
            className="field__input"
            rows={3}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`${reasonId}-hint${errors.reason ? ` ${reasonId}-error` : ''}`}
            {...form.register('reason')}
          />
          <p id={`${reasonId}-hint`} className="field__hint">
            {t('confirm.reasonHint', { ns: 'common' })}
          </p>
          {errors.reason && (
            <p id={`${reasonId}-error`} className="field__error" role="alert">
              {t('deposits.payer.reasonRequired')}
            </p>
          )}
        </div>
        <FormError message={errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={close} disabled={isPending}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" variant="danger" loading={isPending}>
            {t('deposits.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
