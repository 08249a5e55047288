import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import {
  depositChannelTypeSchema,
  depositMethodSchema,
  depositProviderSchema,
  type OpsDepositChannel,
} from '@wps/shared/schemas/deposit';
import { SelectField } from '../../../components/select-field';
import { isApiError } from '../../../lib/api-client';
import { SITE_MONEY } from '../../../lib/money';
import { useLicenceMethods } from '../api/licence-methods';
import { useSaveDepositChannel } from '../api/save-deposit-channel';
import {
  CHANNEL_FIELDS,
  channelFormSchema,
  channelFormValues,
  type ChannelField,
  type ChannelFormSchema,
  type ChannelFormValues,
} from '../channel-form';
import { serverFieldErrors } from '../form-fields';
import { localeTag } from '../../../lib/i18n';

/**
 * Create a deposit channel (`channel` null) or edit one: every field of the shared
 * depositChannelInputSchema, amounts typed in major units, and the reason for the audit log. The
 * receiving account is asked for a bank transfer, the provider for a gateway. The server's field
 * errors show under their fields; the dialog closes only after the save.
 */
export function ChannelFormDialog({ channel, onClose }: { channel: OpsDepositChannel | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('payments');
  const money = SITE_MONEY;
  const save = useSaveDepositChannel((saved) =>
    t(channel ? 'channelForm.saved' : 'channelForm.created', { name: saved.name }),
  );
  const form = useForm<ChannelFormValues, unknown, z.output<ChannelFormSchema>>({
    resolver: zodResolver(channelFormSchema(money.scale, localeTag(i18n.language))),
    defaultValues: channelFormValues(channel, money, i18n.language),
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const licence = useLicenceMethods();
  const refused = licence?.refused ?? new Set();
  const { errors } = form.formState;
  const errorOf = (field: ChannelField) =>
    errors[field] ? t(`channelForm.errors.${field}`, { currency: money.currency }) : undefined;
  const close = () => (form.reset(), onClose());

  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
    } catch (error) {
      for (const field of serverFieldErrors(error, CHANNEL_FIELDS)) form.setError(field, { type: 'server' });
      return;
    }
    close();
  });

  const formError = isApiError(save.error, 'DEPOSIT_CHANNEL_NOT_FOUND') ? t('channels.notFound') : save.errorMessage;
  return (
    <Modal
      open
      onClose={close}
      title={channel ? t('channelForm.titleEdit', { name: channel.name }) : t('channelForm.titleNew')}
      size="lg"
      closable={!save.isPending}
    >
      <form onSubmit={submit} noValidate className="payments-form">
        <TextField
          label={t('channelForm.name')}
          autoComplete="off"
          maxLength={64}
          data-autofocus
          {...form.register('name')}
          error={errorOf('name')}
        />
        <div className="payments-form__row">
          <SelectField label={t('channelForm.type')} error={errorOf('type')} {...form.register('type')}>
            {depositChannelTypeSchema.options.map((option) => (
              <option key={option} value={option}>
                {t(`types.${option}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('channelForm.method')}
            required
            error={errorOf('method')}
            hint={
              refused.size > 0
                ? t('channelForm.methodHintRefused', { profile: licence?.profile })
                : t('channelForm.methodHint')
            }
            {...form.register('method')}
          >
            <option value="">{t('channelForm.methodChoose')}</option>
            {depositMethodSchema.options.map((option) => (
              <option key={option} value={option}>
                {refused.has(option)
                  ? t('channelForm.methodRefused', { method: t(`methods.${option}`) })
                  : t(`methods.${option}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="payments-form__row">
          <TextField
            label={t('channelForm.currency')}
            autoComplete="off"
            hint={t('channelForm.currencyHint', { currency: money.currency })}
            {...form.register('currency')}
            error={errorOf('currency')}
          />
        </div>
        <div className="payments-form__row">
          <TextField
            label={t('channelForm.min', { currency: money.currency })}
            inputMode="decimal"
            autoComplete="off"
            hint={t('channelForm.amountHint')}
            {...form.register('minMinor')}
            error={errorOf('minMinor')}
          />
          <TextField
            label={t('channelForm.max', { currency: money.currency })}
            inputMode="decimal"
            autoComplete="off"
            {...form.register('maxMinor')}
            error={errorOf('maxMinor')}
          />
        </div>
        <div className="payments-form__row">
          <TextField
            label={t('channelForm.feeFixed', { currency: money.currency })}
            inputMode="decimal"
            autoComplete="off"
            {...form.register('feeFixedMinor')}
            error={errorOf('feeFixedMinor')}
          />
          <TextField
            label={t('channelForm.feePercent')}
            inputMode="decimal"
            autoComplete="off"
            hint={t('channelForm.feePercentHint')}
            {...form.register('feeBps')}
            error={errorOf('feeBps')}
          />
        </div>
        <div className="payments-form__row">
          <TextField
            label={t('channelForm.sort')}
            inputMode="numeric"
            autoComplete="off"
            hint={t('channelForm.sortHint')}
            {...form.register('sort')}
            error={errorOf('sort')}
          />
          <label className="payments-form__check">
            <input type="checkbox" {...form.register('enabled')} /> {t('channelForm.enabled')}
          </label>
        </div>
        {type === 'manual_bank' ? (
          <fieldset className="payments-form__group">
            <legend>{t('channelForm.bank')}</legend>
            <TextField
              label={t('channelForm.bankName')}
              autoComplete="off"
              maxLength={64}
              {...form.register('bankName')}
              error={errorOf('bankName')}
            />
            <TextField
              label={t('channelForm.accountNumber')}
              autoComplete="off"
              maxLength={64}
              {...form.register('accountNumber')}
              error={errorOf('accountNumber')}
            />
            <TextField
              label={t('channelForm.accountHolder')}
              autoComplete="off"
              maxLength={64}
              {...form.register('accountHolder')}
              error={errorOf('accountHolder')}
            />
          </fieldset>
        ) : (
          <SelectField label={t('channelForm.provider')} error={errorOf('provider')} {...form.register('provider')}>
            <option value="">—</option>
            {depositProviderSchema.options.map((option) => (
              <option key={option} value={option}>
                {t(`providers.${option}`)}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label={t('channelForm.reason')}
          autoComplete="off"
          maxLength={500}
          hint={t('channelForm.reasonHint')}
          {...form.register('reason')}
          error={errorOf('reason')}
        />
        <FormError message={formError} />
        <div className="actions">
          <Button variant="ghost" onClick={close} disabled={save.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {channel ? t('channelForm.save') : t('channelForm.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
