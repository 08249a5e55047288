import { useTranslation } from 'react-i18next';
import { GAME_CATEGORIES } from '@wps/shared/catalogue-constants';
import type { DayRange, QuickRange } from '../../../components/ui/date-range';
import { DateRangeFilter } from '../../../components/ui/date-range-filter';
import type { VendorOption } from '../vendor-options';

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
          <select
            id={`${idPrefix}-category`}
            className="field__input ar__select"
            value={category}
            onChange={(e) => onCategory(e.target.value)}
          >
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
            <select
              id={`${idPrefix}-vendor`}
              className="field__input ar__select"
              value={vendors.value}
              onChange={(e) => vendors.onChange(e.target.value)}
            >
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
      <DateRangeFilter
        idPrefix={idPrefix}
        range={range}
        quick={quick}
        onChange={onRange}
        labels={{
          quickGroup: t('filters.quick'),
          quick: { today: t('quick.today'), last7: t('quick.last7'), last30: t('quick.last30') },
          from: t('filters.from'),
          to: t('filters.to'),
        }}
      />
    </div>
  );
}
