import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { TextField } from '@wps/ui/text-field';
import { OPS_ROLES } from '@wps/shared/ops-permissions';
import { operatorCreateBodySchema, type OperatorCreated } from '@wps/shared/schemas/operator';
import { useCreateOperator } from '../api/create-operator';
import { ReasonField } from '../../../components/reason-field';

/** The shared body, with an empty password field meaning "generate one". */
const formSchema = operatorCreateBodySchema.extend({
  password: z.union([z.literal(''), operatorCreateBodySchema.shape.password.unwrap()]),
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

/** A new operator: username, role, an optional first password, and why. */
export function CreateOperatorDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: OperatorCreated) => void;
}) {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation();
  const roleId = useId();
  const create = useCreateOperator();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { username: '', role: 'support', password: '', reason: '' },
  });

  const close = () => {
    reset();
    create.reset();
    onClose();
  };
  const onSubmit = handleSubmit(async ({ password, ...rest }) => {
    let created: OperatorCreated;
    try {
      created = await create.mutateAsync(password ? { ...rest, password } : rest);
    } catch {
      return; // The error stays on the form.
    }
    reset();
    onCreated(created);
  });

  return (
    <Modal open={open} onClose={close} title={t('create.title')} size="md" closable={!create.isPending}>
      <form className="operator-form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('create.username')}
          hint={t('create.usernameHint')}
          autoComplete="off"
          data-autofocus
          requiredMark
          error={errors.username ? t('create.invalidUsername') : undefined}
          {...register('username')}
        />
        <div className="field">
          <label className="field__label" htmlFor={roleId}>
            {t('create.role')}
          </label>
          <select id={roleId} {...register('role')}>
            {OPS_ROLES.map((role) => (
              <option key={role} value={role}>
                {tc(`roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('create.password')}
          hint={t('create.passwordHint')}
          type="password"
          autoComplete="new-password"
          error={errors.password ? t('create.invalidPassword') : undefined}
          {...register('password')}
        />
        <ReasonField
          required
          label={t('create.reason')}
          hint={t('create.reasonHint')}
          error={errors.reason ? t('create.reasonRequired') : undefined}
          registration={register('reason')}
        />
        <FormError message={create.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={close} disabled={create.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
