import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { OPS_ROLES } from '@wps/shared/ops-permissions';
import { operatorRoleBodySchema, type OperatorListItem } from '@wps/shared/schemas/operator';
import { useChangeOperatorRole } from '../api/change-operator-role';
import { ReasonField } from '../../../components/reason-field';

type FormInput = z.input<typeof operatorRoleBodySchema>;
type FormValues = z.output<typeof operatorRoleBodySchema>;

/** A new role for an operator, with the reason; the change shows as current → new before it is sent. */
export function ChangeRoleDialog({ operator, onClose }: { operator: OperatorListItem; onClose: () => void }) {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation();
  const roleId = useId();
  const change = useChangeOperatorRole((result) =>
    t('changeRole.done', { username: result.username, role: tc(`roles.${result.role}`) }),
  );
  const schema = operatorRoleBodySchema.refine((v) => v.role !== operator.role, {
    path: ['role'],
    message: 'same role',
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { role: OPS_ROLES.find((r) => r !== operator.role) ?? 'support', reason: '' },
  });
  const chosen = useWatch({ control, name: 'role' });

  const onSubmit = handleSubmit(async ({ role, reason }) => {
    try {
      await change.mutateAsync({ username: operator.username, role, reason });
    } catch {
      return;
    }
    onClose();
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={t('changeRole.title', { username: operator.username })}
      size="md"
      closable={!change.isPending}
    >
      <form className="operator-form" onSubmit={onSubmit} noValidate>
        <p>{t('changeRole.body')}</p>
        <div className={`field${errors.role ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor={roleId}>
            {t('changeRole.newRole')}
          </label>
          <select
            id={roleId}
            data-autofocus
            aria-describedby={errors.role ? `${roleId}-error` : undefined}
            {...register('role')}
          >
            {OPS_ROLES.map((role) => (
              <option key={role} value={role}>
                {tc(`roles.${role}`)}
              </option>
            ))}
          </select>
          {errors.role && (
            <p id={`${roleId}-error`} className="field__error" role="alert">
              {t('changeRole.sameRole')}
            </p>
          )}
        </div>
        <dl className="changes" aria-label={tc('confirm.changes')}>
          <div className="changes__row">
            <dt>{t('change.role')}</dt>
            <dd>
              <span className="changes__before">{tc(`roles.${operator.role}`)}</span>
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden">{tc('confirm.becomes')}</span>
              <strong>{tc(`roles.${chosen}`)}</strong>
            </dd>
          </div>
        </dl>
        <ReasonField
          label={tc('confirm.reason')}
          hint={tc('confirm.reasonHint')}
          error={errors.reason ? t('create.reasonRequired') : undefined}
          registration={register('reason')}
        />
        <FormError message={change.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={change.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('changeRole.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
