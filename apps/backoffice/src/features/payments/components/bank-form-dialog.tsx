import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import { BANK_NAME_MAX_LENGTH, BANK_SORT_ORDER_MAX, type OpsBank } from '@wps/shared/schemas/banks';
import { ReasonField } from '../../../components/reason-field';
import { localeTag } from '../../../lib/i18n';
import { useSaveBank } from '../api/save-bank';
import {
  BANK_CODE_TAKEN,
  BANK_FIELDS,
  bankFormSchema,
  bankFormValues,
  type BankField,
  type BankFormSchema,
  type BankFormValues,
} from '../bank-form';
import { serverFieldErrors } from '../form-fields';

type BankFormDialogProps = {
  /** The bank to rename or move; null adds one. */
  bank: OpsBank | null;
  /** The codes already listed: a new bank may not take one (the call would rename that bank). */
  takenCodes: readonly string[];
  onClose: () => void;
};

/**
 * Add a bank (its code, name and place) or edit one (name and place; a code never changes, accounts
 * are bound to it), with the reason for the audit log. Checked by the shared bank schemas; the
 * server's field errors show under their fields; the dialog closes only after the save.
 */
export function BankFormDialog({ bank, takenCodes, onClose }: BankFormDialogProps) {
  const { t, i18n } = useTranslation('payments');
  const { t: tc } = useTranslation();
  // The largest order as the operator's language writes numbers (100.000 in Portuguese).
  const max = new Intl.NumberFormat(localeTag(i18n.language)).format(BANK_SORT_ORDER_MAX);
  const save = useSaveBank((saved) => t(bank ? 'bankForm.saved' : 'bankForm.created', { name: saved.name }));
  const form = useForm<BankFormValues, unknown, z.output<BankFormSchema>>({
    resolver: zodResolver(bankFormSchema(bank ? [] : takenCodes)),
    defaultValues: bankFormValues(bank),
  });
  const { errors } = form.formState;
  const errorOf = (field: BankField) => {
    const error = errors[field];
    if (!error) return undefined;
    return field === 'bankCode' && error.message === BANK_CODE_TAKEN
      ? t('bankForm.errors.bankCodeTaken')
      : t(`bankForm.errors.${field}`, { max });
  };
  const close = () => (form.reset(), onClose());

  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
    } catch (error) {
      for (const field of serverFieldErrors(error, BANK_FIELDS)) form.setError(field, { type: 'server' });
      return;
    }
    close();
  });

  return (
    <Modal
      open
      onClose={close}
      title={bank ? t('bankForm.titleEdit', { name: bank.name }) : t('bankForm.titleNew')}
      size="md"
      closable={!save.isPending}
    >
      <form onSubmit={submit} noValidate className="payments-form">
        {bank ? (
          <p className="payments-form__fixed">
            {t('bankForm.codeFixed')} <code>{bank.code}</code>
          </p>
        ) : (
          <TextField
            label={t('bankForm.code')}
            requiredMark
            autoComplete="off"
            maxLength={16}
            spellCheck={false}
            hint={t('bankForm.codeHint')}
            data-autofocus
            {...form.register('bankCode')}
            error={errorOf('bankCode')}
          />
        )}
        <TextField
          label={t('bankForm.name')}
          requiredMark
          autoComplete="off"
          maxLength={BANK_NAME_MAX_LENGTH}
          data-autofocus={bank ? true : undefined}
          {...form.register('name')}
          error={errorOf('name')}
        />
        <TextField
          label={t('bankForm.sortOrder')}
          inputMode="numeric"
          autoComplete="off"
          hint={t(bank ? 'bankForm.sortOrderHintEdit' : 'bankForm.sortOrderHintNew', { max })}
          {...form.register('sortOrder')}
          error={errorOf('sortOrder')}
        />
        <ReasonField
          required
          label={t('bankForm.reason')}
          hint={t('bankForm.reasonHint')}
          error={errorOf('reason')}
          registration={form.register('reason')}
        />
        <FormError message={save.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={close} disabled={save.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {bank ? t('bankForm.save') : t('bankForm.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
