import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import { parseTypedAmount } from '@wps/shared/money';
import {
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_KINDS,
  playerMessageBodySchema,
  playerPayeeNameBodySchema,
  type Adjustment,
} from '@wps/shared/schemas/player-actions';
import { opsReasonSchema } from '@wps/shared/schemas/ops-list';
import type { PlayerProfile } from '@wps/shared/schemas/players';
import { localeTag } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/money';
import { useAdjustmentSettings, useRequestAdjustment } from '../api/adjustments';
import { useCorrectPayeeName, useSendMessage } from '../api/player-changes';

type DialogProps = { player: PlayerProfile; open: boolean; onClose: () => void };

/** Correct the payee (real) name: the new name and the reason for the audit log. */
export function PayeeNameDialog({ player, open, onClose }: DialogProps) {
  const { t } = useTranslation('players');
  const save = useCorrectPayeeName(player.memberId, () => t('actions.payeeCorrected'));
  const form = useForm<z.input<typeof playerPayeeNameBodySchema>, unknown, z.output<typeof playerPayeeNameBodySchema>>({
    resolver: zodResolver(playerPayeeNameBodySchema),
    defaultValues: { payeeName: player.payeeName ?? '', reason: '' },
  });
  const close = () => (form.reset(), onClose());
  const submit = form.handleSubmit(async (values) => {
    await save.mutateAsync(values).then(close, () => undefined);
  });
  return (
    <Modal open={open} onClose={close} title={t('actions.correctPayee')} size="md" closable={!save.isPending}>
      <form onSubmit={submit} noValidate className="player-form">
        <TextField
          label={t('columns.payeeName')}
          autoComplete="off"
          data-autofocus
          {...form.register('payeeName')}
          error={form.formState.errors.payeeName && t('forms.payeeInvalid')}
        />
        <TextField
          label={t('forms.reason')}
          {...form.register('reason')}
          error={form.formState.errors.reason && t('forms.reasonRequired')}
        />
        <FormError message={save.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={close} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Send the player a notice from the operator. */
export function MessageDialog({ player, open, onClose }: DialogProps) {
  const { t } = useTranslation('players');
  const send = useSendMessage(player.memberId, () => t('actions.messageSent'));
  const form = useForm<z.input<typeof playerMessageBodySchema>, unknown, z.output<typeof playerMessageBodySchema>>({
    resolver: zodResolver(playerMessageBodySchema),
    defaultValues: { title: '', body: '' },
  });
  const close = () => (form.reset(), onClose());
  const submit = form.handleSubmit(async (values) => {
    await send.mutateAsync(values).then(close, () => undefined);
  });
  return (
    <Modal open={open} onClose={close} title={t('actions.sendMessage')} size="md" closable={!send.isPending}>
      <form onSubmit={submit} noValidate className="player-form">
        <TextField
          label={t('forms.messageTitle')}
          maxLength={100}
          data-autofocus
          {...form.register('title')}
          error={form.formState.errors.title && t('forms.required')}
        />
        <TextField
          label={t('forms.messageBody')}
          maxLength={200}
          {...form.register('body')}
          error={form.formState.errors.body && t('forms.required')}
        />
        <FormError message={send.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={close} disabled={send.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('actions.send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

const adjustmentFormSchema = z.object({
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  kind: z.enum(ADJUSTMENT_KINDS),
  // Read in the submit with the operator's language ("1.500,00" in Portuguese), as every amount input is.
  amount: z.string().trim().min(1),
  reason: opsReasonSchema,
});

/**
 * Request a manual credit or debit. Above the operator's threshold it waits for another
 * operator's approval; the dialog says which will happen before it is sent.
 */
export function AdjustmentDialog({ player, open, onClose }: DialogProps) {
  const { t, i18n } = useTranslation('players');
  const formatMoney = useFormatMoney();
  const money = { currency: player.currency, scale: player.scale };
  const settings = useAdjustmentSettings();
  // One key per opened dialog: sending again after a lost answer finds the first adjustment.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const request = useRequestAdjustment(player.memberId, (a: Adjustment) =>
    a.status === 'pending' ? t('actions.adjustmentPending') : t('actions.adjustmentPosted'),
  );
  const form = useForm<z.input<typeof adjustmentFormSchema>, unknown, z.output<typeof adjustmentFormSchema>>({
    resolver: zodResolver(adjustmentFormSchema),
    defaultValues: { direction: 'credit', kind: 'goodwill', amount: '', reason: '' },
  });
  const close = () => (form.reset(), onClose());
  const submit = form.handleSubmit(async ({ amount, ...rest }) => {
    const minor = parseTypedAmount(amount, player.scale, localeTag(i18n.language));
    if (minor === null) return form.setError('amount', { type: 'pattern' });
    if (minor <= 0n) return form.setError('amount', { type: 'min' });
    await request.mutateAsync({ ...rest, amountMinor: minor.toString(), idempotencyKey }).then(close, () => undefined);
  });
  const threshold = settings.data?.approvalThresholdMinor;
  return (
    <Modal open={open} onClose={close} title={t('actions.adjust')} size="md" closable={!request.isPending}>
      <form onSubmit={submit} noValidate className="player-form">
        {threshold && (
          <p className="field__hint">{t('forms.thresholdHint', { amount: formatMoney(threshold, money) })}</p>
        )}
        <fieldset className="player-form__choice">
          <legend>{t('forms.direction')}</legend>
          {ADJUSTMENT_DIRECTIONS.map((d) => (
            <label key={d}>
              <input type="radio" value={d} {...form.register('direction')} /> {t(`directions.${d}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="adjustment-kind">
            {t('forms.kind')}
          </label>
          <select id="adjustment-kind" className="field__input" {...form.register('kind')}>
            {ADJUSTMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('forms.amount', { currency: player.currency })}
          inputMode="decimal"
          autoComplete="off"
          {...form.register('amount')}
          error={
            form.formState.errors.amount &&
            // A well-formed amount of zero is "above zero"; text the parser cannot read is told how to write one.
            t(form.formState.errors.amount.type === 'min' ? 'forms.amountInvalid' : 'forms.amountFormat', {
              scale: player.scale,
            })
          }
        />
        <TextField
          label={t('forms.reason')}
          {...form.register('reason')}
          error={form.formState.errors.reason && t('forms.reasonRequired')}
        />
        <FormError message={request.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={close} disabled={request.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={request.isPending}>
            {t('actions.requestAdjustment')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
