import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { MallItem } from '@wps/shared/schemas/points';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import { createFormResolver } from '../../../components/form/form-resolver';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useFormats } from '../../../lib/format';
import { translateError } from '../../../lib/i18n';
import { redeemPointRewardBodySchema, useRedeemPointReward } from '../api/redeem-point-reward';
import { itemName, newRequestKey } from '../loyalty-format';

const formSchema = redeemPointRewardBodySchema.pick({ paymentPassword: true });

/** Redeem one item: its price, then the payment password (the server checks it, with its try limit). */
export function RedeemDialog({ item, onClose }: { item: MallItem; onClose: () => void }) {
  const { t, i18n } = useTranslation('loyalty');
  const { number } = useFormats();
  const mutation = useRedeemPointReward();
  const keyRef = useRef(newRequestKey());
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = createFormResolver(
    formSchema as z.ZodType<{ paymentPassword: string }, { paymentPassword: string }>,
    () => t('redeem.passwordRequired'),
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ mode: 'onTouched', defaultValues: { paymentPassword: '' }, resolver });

  function onSubmit(values: { paymentPassword: string }) {
    setFormError(null);
    mutation.mutate(
      { itemId: item.id, paymentPassword: values.paymentPassword, idempotencyKey: keyRef.current },
      {
        onSuccess: (result) => {
          toast.success(result.redemption.status === 'approved' ? t('redeem.doneApproved') : t('redeem.doneInProcess'));
          onClose();
        },
        onError: (error) => {
          // The server answered: the next try is a new redeem. Only a lost answer reuses the key.
          if (isApiError(error) && error.status >= 400 && error.status < 500) keyRef.current = newRequestKey();
          if (
            isApiError(error, 'PAYMENT_PASSWORD_INVALID') ||
            isApiError(error, 'PAYMENT_PASSWORD_LOCKED') ||
            isApiError(error, 'PAYMENT_PASSWORD_NOT_SET')
          ) {
            setError('paymentPassword', { message: translateError(error) });
          } else {
            setFormError(translateError(error));
          }
        },
      },
    );
  }

  return (
    <Modal open onClose={onClose} title={t('redeem.title')}>
      <form className="pm-redeem" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <p className="pm-redeem__item">
          <strong>{itemName(item, i18n.language)}</strong>
          <span className="pm-points">{t('points', { points: number(Number(item.points)) })}</span>
        </p>
        <TextField
          label={t('redeem.paymentPassword')}
          requiredMark
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={64}
          error={errors.paymentPassword?.message}
          {...register('paymentPassword')}
        />
        {formError && (
          <p className="pm-error" role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" block loading={mutation.isPending}>
          {t('redeem.submit')}
        </Button>
      </form>
    </Modal>
  );
}
