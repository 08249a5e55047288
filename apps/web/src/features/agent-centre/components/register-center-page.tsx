import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { CentreRegisterResult } from '@wps/shared/schemas/agent-centre';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { createFormResolver } from '../../../components/form/form-resolver';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { centreRegisterBodySchema, useRegisterDownline } from '../api/register-downline';
import '../agent-centre.css';

/** The shared body, its type read from the radio buttons' text, and the confirmation matching the password (the form's own rule). */
const registerFormSchema = centreRegisterBodySchema
  .extend({ type: z.enum(['2', '3']).transform((v) => (v === '2' ? 2 : 3)) })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], params: { reason: 'mismatch' } });

type Values = { type: '2' | '3'; username: string; password: string; confirmPassword: string };

/** Register center: create a direct downline, member or agent, with a first password it must change at its first login. */
export function RegisterCenterPage() {
  const { t } = useTranslation('agent');
  const mutation = useRegisterDownline();
  const [created, setCreated] = useState<CentreRegisterResult | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const ids = useId();
  const resolver = createFormResolver(registerFormSchema, ({ reason }) =>
    reason === 'mismatch' ? t('register.mismatch') : t('register.required'),
  );
  const form = useForm<Values, unknown, z.output<typeof registerFormSchema>>({
    mode: 'onTouched',
    defaultValues: { type: '3', username: '', password: '', confirmPassword: '' },
    resolver,
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;

  function onSubmit(body: z.output<typeof registerFormSchema>) {
    setFormError(null);
    mutation.mutate(body, {
      onSuccess: (result) => {
        setCreated(result);
        reset({ type: '3', username: '', password: '', confirmPassword: '' });
        toast.success(t('register.success', { account: result.account }));
      },
      onError: (error) => setFormError(translateError(error)),
    });
  }

  return (
    <section className="ac-page-body" data-testid="agent-register">
      <form className="ac-offer" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <fieldset className="ac-offer__tiers">
          <legend>{t('register.type')}</legend>
          <label className="ac-radio" htmlFor={`${ids}-member`}>
            <input id={`${ids}-member`} type="radio" value="3" {...register('type')} /> {t('downlines.member')}
          </label>
          <label className="ac-radio" htmlFor={`${ids}-agent`}>
            <input id={`${ids}-agent`} type="radio" value="2" {...register('type')} /> {t('downlines.agent')}
          </label>
        </fieldset>
        <TextField
          label={t('register.username')}
          requiredMark
          autoComplete="off"
          maxLength={64}
          error={errors.username?.message}
          {...register('username')}
        />
        <NewPasswordFields
          form={form}
          names={{ password: 'password', confirm: 'confirmPassword' }}
          labels={{ password: t('register.password'), confirm: t('register.confirmPassword') }}
          isRuleHinted={false}
          input={{ maxLength: 64 }}
        />
        <p className="ac-note">{t('register.mustChange')}</p>
        {formError && (
          <p className="ac-note ac-note--error" role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" loading={mutation.isPending}>
          {t('register.submit')}
        </Button>
      </form>
      {created && (
        <p className="ac-card" role="status">
          {t('register.created', {
            account: created.account,
            type: created.type === 3 ? t('downlines.member') : t('downlines.agent'),
          })}
        </p>
      )}
    </section>
  );
}
