import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GAME_CATEGORIES } from '@wps/shared/catalogue-constants';
import { vendorSettingsBodySchema } from '@wps/shared/schemas/catalogue';
import { useSetVendorSettings } from '../api/set-vendor-settings';
import type { OpsVendor } from '../api/vendors-list';
import { LobbyPlacementFields } from './lobby-placement-fields';
import { SettingsDialog } from './settings-dialog';

type FormInput = z.input<typeof vendorSettingsBodySchema>;
type FormValues = z.output<typeof vendorSettingsBodySchema>;

/**
 * A vendor's place in the player lobby: its own section, its order (lower first) and the hot
 * flag, checked by the same schema the server applies, with the reason for the audit log.
 */
export function VendorSettingsDialog({ vendor, onClose }: { vendor: OpsVendor; onClose: () => void }) {
  const { t } = useTranslation('games');
  const categoryId = useId();
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
    <SettingsDialog
      title={t('settings.title', { name: vendor.name })}
      onClose={onClose}
      onSubmit={submit}
      isPending={save.isPending}
      errorMessage={save.errorMessage}
      reason={register('reason')}
      hasReasonError={errors.reason !== undefined}
    >
      <p>{t('settings.intro')}</p>
      <div className="field">
        <label className="field__label" htmlFor={categoryId}>
          {t('vendors.category')}
        </label>
        <select id={categoryId} className="field__input" data-autofocus {...register('category')}>
          {GAME_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`categories.${category}`, { defaultValue: category })}
            </option>
          ))}
        </select>
      </div>
      <LobbyPlacementFields
        order={register('sortOrder', { valueAsNumber: true })}
        hasOrderError={errors.sortOrder !== undefined}
        hot={register('isHot')}
      />
    </SettingsDialog>
  );
}
