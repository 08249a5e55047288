import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { memberLabelBodySchema, type MemberLabelBody } from '@wps/shared/schemas/vip';
import { useCan } from '../../../lib/permissions';
import { useCreateMemberLabel, useDeleteMemberLabel, useMemberLabels } from '../api/member-labels';

/** The operator's member labels (shown in the member's info): listed, added, removed. */
export function LabelsSection() {
  const { t } = useTranslation('loyalty');
  const id = useId();
  const canWrite = useCan('loyalty.write');
  const labels = useMemberLabels();
  const create = useCreateMemberLabel((label) => t('labels.created', { name: label.labelName }));
  const remove = useDeleteMemberLabel(t('labels.deleted'));
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<MemberLabelBody>({
    resolver: zodResolver(memberLabelBodySchema),
    defaultValues: { labelName: '', color: '#3366cc' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      reset();
    } catch {
      // The mutation holds the translated error.
    }
  });
  return (
    <div className="loyalty-section">
      {labels.data && labels.data.list.length === 0 && <p>{t('labels.empty')}</p>}
      <ul className="loyalty-labels">
        {labels.data?.list.map((label) => (
          <li key={label.id} className="loyalty-label" style={{ borderColor: label.color }}>
            <span>{label.labelName}</span>
            {canWrite && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('labels.deleteFor', { name: label.labelName })}
                onClick={() => remove.mutate(label.id)}
              >
                {t('labels.delete')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form className="loyalty-form loyalty-form--inline" onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-name`}>
              {t('labels.name')}
            </label>
            <input
              id={`${id}-name`}
              className="field__input"
              {...register('labelName')}
              aria-invalid={errors.labelName ? true : undefined}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-color`}>
              {t('labels.color')}
            </label>
            <input id={`${id}-color`} className="field__input" type="color" {...register('color')} />
          </div>
          <Button type="submit" loading={create.isPending}>
            {t('labels.add')}
          </Button>
          <FormError message={create.errorMessage ?? remove.errorMessage} />
        </form>
      )}
    </div>
  );
}
