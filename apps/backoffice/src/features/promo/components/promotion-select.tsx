import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OpsContentItem } from '@wps/shared/schemas/content';
import { promotionTitleOf } from '../../../lib/promotion-title';

/** The promotion a form is about: a labelled select of the site's promotions, titled in the interface language. */
export function PromotionSelect({
  id,
  field,
  promotions,
  invalid,
}: {
  id: string;
  field: UseFormRegisterReturn;
  promotions: readonly OpsContentItem[] | undefined;
  invalid: boolean;
}) {
  const { t, i18n } = useTranslation('promo');
  return (
    <div className={`field${invalid ? ' has-error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('columns.promotion')}
      </label>
      <select id={id} className="field__input" {...field}>
        <option value="">{t('settings.pickPromotion')}</option>
        {(promotions ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {promotionTitleOf(promotions, p.id, i18n.language)}
          </option>
        ))}
      </select>
    </div>
  );
}
