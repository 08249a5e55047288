import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { operatorTotpResetBodySchema } from '@wps/shared/schemas/operator';
import { errorText } from '../../lib/error-text';
import { useResetTotp } from './api';

type ReasonInput = z.input<typeof operatorTotpResetBodySchema>;
type ReasonValues = z.output<typeof operatorTotpResetBodySchema>;

/** A modal dialog asking why, then resetting the operator's two-factor login. */
export function ResetTotpDialog({ username, onClose, onDone }: { username: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const reset = useResetTotp();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReasonInput, unknown, ReasonValues>({ resolver: zodResolver(operatorTotpResetBodySchema), defaultValues: { reason: '' } });

  // showModal gives focus trapping, Escape and the inert background for free. Unmounting removes
  // the element, which closes it; closing here would fire onClose during React's re-mounts.
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  const onSubmit = handleSubmit(({ reason }) => {
    reset.mutate({ username, reason }, { onSuccess: onDone });
  });

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="reset-title" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <h2 id="reset-title">{t('operators.reset.title', { username })}</h2>
        <p>{t('operators.reset.body')}</p>
        <div className="field">
          <label htmlFor="reset-reason">{t('operators.reset.reason')}</label>
          <textarea
            id="reset-reason"
            rows={3}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'reset-reason-error' : undefined}
            {...register('reason')}
          />
          {errors.reason && <p id="reset-reason-error" className="field-error">{t('operators.reset.reasonRequired')}</p>}
        </div>
        {reset.error && (
          <p role="alert" className="form-error">
            {errorText(t, reset.error)}
          </p>
        )}
        <div className="actions">
          <button type="button" className="button ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button danger" disabled={reset.isPending}>
            {t('operators.reset.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
