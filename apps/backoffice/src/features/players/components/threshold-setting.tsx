import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import { parseMajor } from '@wps/shared/money';
import { opsReasonSchema } from '@wps/shared/schemas/ops-list';
import { SITE_MONEY, useFormatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { useAdjustmentSettings, useUpdateAdjustmentSettings } from '../api/adjustments';

const formSchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,8})?$/),
  reason: opsReasonSchema,
});

/** The approval threshold, and for settings.write a dialog to change it (with a reason, audited). */
export function ThresholdSetting() {
  const { t } = useTranslation('players');
  const formatMoney = useFormatMoney();
  const canChange = useCan('settings.write');
  const settings = useAdjustmentSettings();
  const [open, setOpen] = useState(false);
  const update = useUpdateAdjustmentSettings(() => t('threshold.saved'));
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { amount: '', reason: '' },
  });
  const close = () => (form.reset(), setOpen(false));
  const submit = form.handleSubmit(async ({ amount, reason }) => {
    let minor: bigint;
    try {
      minor = parseMajor(amount, SITE_MONEY.scale);
    } catch {
      form.setError('amount', { type: 'pattern' });
      return;
    }
    await update.mutateAsync({ approvalThresholdMinor: minor.toString(), reason }).then(close, () => undefined);
  });
  if (!settings.data) return null;
  return (
    <div className="threshold-setting">
      {t('threshold.current', { amount: formatMoney(settings.data.approvalThresholdMinor) })}{' '}
      {canChange && (
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          {t('threshold.change')}
        </Button>
      )}
      {open && (
        <Modal open onClose={close} title={t('threshold.change')} size="md" closable={!update.isPending}>
          <form onSubmit={submit} noValidate className="player-form">
            <TextField
              label={t('forms.amount', { currency: SITE_MONEY.currency })}
              inputMode="decimal"
              data-autofocus
              {...form.register('amount')}
              error={form.formState.errors.amount && t('forms.amountInvalid')}
            />
            <TextField
              label={t('forms.reason')}
              {...form.register('reason')}
              error={form.formState.errors.reason && t('forms.reasonRequired')}
            />
            <FormError message={update.errorMessage} />
            <div className="actions">
              <Button variant="ghost" onClick={close} disabled={update.isPending}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('actions.save')}
              </Button>
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}
