import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { ErrorState, LoadingState } from '@wps/ui/states';
import { TextField } from '@wps/ui/text-field';
import type { WithdrawalSettings } from '@wps/shared/schemas/withdrawal';
import { errorText } from '../../../lib/error-text';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useUpdateWithdrawalSettings } from '../api/update-withdrawal-settings';
import { useWithdrawalSettings } from '../api/withdrawal-settings';
import { serverFieldErrors } from '../form-fields';
import {
  WITHDRAWAL_FIELDS,
  withdrawalFormSchema,
  withdrawalFormValues,
  type WithdrawalField,
  type WithdrawalFormSchema,
  type WithdrawalFormValues,
} from '../withdrawal-form';
import { localeTag } from '../../../lib/i18n';

/**
 * The withdrawal rules (read with money.read) and, for payments.write, a dialog to change them
 * with a reason; the server merges, checks and audits the change, and new requests follow it.
 */
export function WithdrawalRules({ canWrite, headingId }: { canWrite: boolean; headingId: string }) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const formatMoney = useFormatMoney();
  const canRead = useCan('money.read');
  const settings = useWithdrawalSettings(canRead);
  const [editing, setEditing] = useState(false);

  if (!canRead) return <p>{t('withdrawal.notAllowed')}</p>;
  if (settings.isPending) return <LoadingState label={t('loading')} />;
  if (settings.isError) {
    return (
      <ErrorState
        message={errorText(tc, settings.error)}
        action={
          <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const rules = settings.data;
  return (
    <>
      <dl className="payments-rules" aria-labelledby={headingId}>
        <div>
          <dt>{t('withdrawal.min')}</dt>
          <dd>{formatMoney(rules.minAmountMinor)}</dd>
        </div>
        <div>
          <dt>{t('withdrawal.max')}</dt>
          <dd>{formatMoney(rules.maxAmountMinor)}</dd>
        </div>
        <div>
          <dt>{t('withdrawal.dailyCount')}</dt>
          <dd>
            {rules.dailyCountLimit}
            <span className="payments-rules__hint">{t('withdrawal.dailyCountHint')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('withdrawal.autoReceipt')}</dt>
          <dd>{t('withdrawal.autoReceiptValue', { count: rules.autoReceiptMinutes })}</dd>
        </div>
        <div>
          <dt>{t('withdrawal.reviewDeadline')}</dt>
          <dd>{t('withdrawal.reviewDeadlineValue', { count: rules.reviewDeadlineHours })}</dd>
        </div>
      </dl>
      {canWrite && (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t('withdrawal.change')}
        </Button>
      )}
      {editing && <WithdrawalRulesDialog rules={rules} onClose={() => setEditing(false)} />}
    </>
  );
}

/** The rules form: amounts in major units, whole counts, min ≤ max checked before sending, and the reason. */
function WithdrawalRulesDialog({ rules, onClose }: { rules: WithdrawalSettings; onClose: () => void }) {
  const { t, i18n } = useTranslation('payments');
  const money = SITE_MONEY;
  const update = useUpdateWithdrawalSettings(() => t('withdrawal.saved'));
  const form = useForm<WithdrawalFormValues, unknown, z.output<WithdrawalFormSchema>>({
    resolver: zodResolver(withdrawalFormSchema(money.scale, localeTag(i18n.language))),
    defaultValues: withdrawalFormValues(rules, money.scale, i18n.language),
  });
  const { errors } = form.formState;
  const errorOf = (field: WithdrawalField) => (errors[field] ? t(`withdrawal.errors.${field}`) : undefined);
  const close = () => (form.reset(), onClose());
  const submit = form.handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
    } catch (error) {
      for (const field of serverFieldErrors(error, WITHDRAWAL_FIELDS)) form.setError(field, { type: 'server' });
      return;
    }
    close();
  });
  return (
    <Modal open onClose={close} title={t('withdrawal.formTitle')} size="md" closable={!update.isPending}>
      <form onSubmit={submit} noValidate className="payments-form">
        <div className="payments-form__row">
          <TextField
            label={t('withdrawal.minField', { currency: money.currency })}
            inputMode="decimal"
            autoComplete="off"
            data-autofocus
            {...form.register('minAmountMinor')}
            error={errorOf('minAmountMinor')}
          />
          <TextField
            label={t('withdrawal.maxField', { currency: money.currency })}
            inputMode="decimal"
            autoComplete="off"
            {...form.register('maxAmountMinor')}
            error={errorOf('maxAmountMinor')}
          />
        </div>
        <div className="payments-form__row">
          <TextField
            label={t('withdrawal.dailyCountField')}
            inputMode="numeric"
            autoComplete="off"
            hint={t('withdrawal.dailyCountHint')}
            {...form.register('dailyCountLimit')}
            error={errorOf('dailyCountLimit')}
          />
          <TextField
            label={t('withdrawal.autoReceiptField')}
            inputMode="numeric"
            autoComplete="off"
            hint={t('withdrawal.autoReceiptHint')}
            {...form.register('autoReceiptMinutes')}
            error={errorOf('autoReceiptMinutes')}
          />
        </div>
        <TextField
          label={t('withdrawal.reviewDeadlineField')}
          inputMode="numeric"
          autoComplete="off"
          hint={t('withdrawal.reviewDeadlineHint')}
          {...form.register('reviewDeadlineHours')}
          error={errorOf('reviewDeadlineHours')}
        />
        <TextField
          label={t('channelForm.reason')}
          autoComplete="off"
          maxLength={500}
          hint={t('channelForm.reasonHint')}
          {...form.register('reason')}
          error={errorOf('reason')}
        />
        <FormError message={update.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={close} disabled={update.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('withdrawal.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
