import { useTranslation } from 'react-i18next';
import { GAME_CATEGORIES } from '@wps/shared/catalogue-constants';
import { getQuickRange, type DayRange, type QuickRange } from '../../account-record/date-range';
import type { VendorOption } from '../vendor-options';

const QUICK: readonly QuickRange[] = ['today', 'last7', 'last30'];

type RecordFiltersProps = {
  idPrefix: string;
  category: string;
  onCategory: (value: string) => void;
  /** Omitted: no vendor filter (the profit page sums whole categories). */
  vendors?: { value: string; options: VendorOption[]; onChange: (value: string) => void };
  range: DayRange;
  quick: QuickRange | null;
  onRange: (range: DayRange, quick: QuickRange | null) => void;
};

/** Category, vendor and date-range filters shared by the betting record and the profit page. */
export function RecordFilters({ idPrefix, category, onCategory, vendors, range, quick, onRange }: RecordFiltersProps) {
  const { t } = useTranslation('betRecord');
  return (
    <div className="ar__filters br__filters">
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-category`}>
          {t('filters.category')}
        </label>
        <div className="field__box">
          <select id={`${idPrefix}-category`} className="field__input ar__select" value={category} onChange={(e) => onCategory(e.target.value)}>
            <option value="">{t('filters.allCategories')}</option>
            {GAME_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {vendors && (
        <div className="field">
          <label className="field__label" htmlFor={`${idPrefix}-vendor`}>
            {t('filters.vendor')}
          </label>
          <div className="field__box">
            <select id={`${idPrefix}-vendor`} className="field__input ar__select" value={vendors.value} onChange={(e) => vendors.onChange(e.target.value)}>
              <option value="">{t('filters.allVendors')}</option>
              {vendors.options.map((v) => (
                <option key={v.vassalage} value={v.vassalage}>
                  {v.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <div className="ar__quick" role="group" aria-label={t('filters.quick')}>
        {QUICK.map((k) => (
          <button key={k} type="button" className={`ar__chip${quick === k ? ' is-active' : ''}`} aria-pressed={quick === k} onClick={() => onRange(getQuickRange(k), k)}>
            {t(`quick.${k}`)}
          </button>
        ))}
      </div>
      <div className="ar__dates">
        <div className="field">
          <label className="field__label" htmlFor={`${idPrefix}-from`}>
            {t('filters.from')}
          </label>
          <div className="field__box">
            <input id={`${idPrefix}-from`} type="date" className="field__input" value={range.from} max={range.to} onChange={(e) => e.target.value && onRange({ ...range, from: e.target.value }, null)} />
          </div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${idPrefix}-to`}>
            {t('filters.to')}
          </label>
          <div className="field__box">
            <input id={`${idPrefix}-to`} type="date" className="field__input" value={range.to} min={range.from} onChange={(e) => e.target.value && onRange({ ...range, to: e.target.value }, null)} />
          </div>
        </div>
      </div>
    </div>
  );
}
