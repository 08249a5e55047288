import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@wps/ui/button';
import { FormError } from '@wps/ui/form-error';
import { Modal } from '@wps/ui/modal';
import { GAME_CATEGORIES } from '@wps/shared/catalogue-constants';
import { vendorSettingsBodySchema } from '@wps/shared/schemas/catalogue';
import { ReasonField } from '../../../components/reason-field';
import { useSetVendorSettings } from '../api/set-vendor-settings';
import type { OpsVendor } from '../api/vendors-list';

type FormInput = z.input<typeof vendorSettingsBodySchema>;
type FormValues = z.output<typeof vendorSettingsBodySchema>;

/**
 * A vendor's place in the player lobby: its own section, its order (lower first) and the hot
 * flag, checked by the same schema the server applies, with the reason for the audit log.
 */
export function VendorSettingsDialog({ vendor, onClose }: { vendor: OpsVendor; onClose: () => void }) {
  const { t } = useTranslation('games');
  const { t: tc } = useTranslation();
  const ids = { category: useId(), sortOrder: useId() };
  const save = useSetVendorSettings(() => t('settings.saved', { name: vendor.name }));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(vendorSettingsBodySchema),
    defaultValues: { category: vendor.category, sortOrder: vendor.sortOrder, isHot: vendor.isHot, reason: '' },
  });
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync({ vassalage: vendor.vassalage, ...values }).then(onClose, () => undefined);
  });

  return (
    <Modal open onClose={onClose} title={t('settings.title', { name: vendor.name })} size="md" closable={!save.isPending}>
      <form onSubmit={submit} noValidate className="catalogue-settings-form">
        <p>{t('settings.intro')}</p>
        <div className="field">
          <label className="field__label" htmlFor={ids.category}>
            {t('vendors.category')}
          </label>
          <select id={ids.category} className="field__input" data-autofocus {...register('category')}>
            {GAME_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`categories.${category}`, { defaultValue: category })}
              </option>
            ))}
          </select>
        </div>
        <div className={`field${errors.sortOrder ? ' has-error' : ''}`}>
          <label className="field__label" htmlFor={ids.sortOrder}>
            {t('vendors.sortOrder')}
          </label>
          <input
            id={ids.sortOrder}
            className="field__input"
            type="number"
            inputMode="numeric"
            min={0}
            aria-invalid={errors.sortOrder ? true : undefined}
            aria-describedby={errors.sortOrder ? `${ids.sortOrder}-error` : undefined}
            {...register('sortOrder', { valueAsNumber: true })}
          />
          {errors.sortOrder && (
            <p id={`${ids.sortOrder}-error`} className="field__error" role="alert">
              {t('settings.sortOrderInvalid')}
            </p>
          )}
        </div>
        <label className="catalogue-settings-form__check">
          <input type="checkbox" {...register('isHot')} />
          {t('settings.hot')}
        </label>
        <ReasonField required label={t('settings.reason')} hint={t('settings.reasonHint')} error={errors.reason ? t('settings.reasonRequired') : undefined} registration={register('reason')} />
        <FormError message={save.errorMessage} />
        <div className="actions">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
